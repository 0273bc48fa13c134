// tilestep: headless sub-commands when the first argument names one, the editor otherwise.
#include "cli/cli.h"
#include "cli/view_request.h"
#include "run_editor.h"
#include "debugger/trace_viewer.h"
#ifdef _WIN32
#include "win32/process.h"
#endif

int main(int argc, char** argv) {
#ifdef _WIN32
    ts::win32::prepareProcess(&argc, &argv);
#endif
    ts::cli::setViewer(ts::runTraceViewer);
    if (argc >= 2 && ts::isCliCommand(argv[1])) return ts::runCli(argc, argv);
#ifdef _WIN32
    ts::win32::closeOwnConsole();
#endif
    return ts::runEditor(argc, argv);
}
