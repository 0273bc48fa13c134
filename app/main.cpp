// tilestep: headless sub-commands when the first argument names one, the editor otherwise.
#include "cli/cli.h"
#include "cli/view_request.h"
#include "run_editor.h"
#include "debugger/trace_viewer.h"

int main(int argc, char** argv) {
    ts::cli::setViewer(ts::runTraceViewer);
    if (argc >= 2 && ts::isCliCommand(argv[1])) return ts::runCli(argc, argv);
    return ts::runEditor(argc, argv);
}
