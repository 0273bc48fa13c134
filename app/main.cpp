// tilestep: headless sub-commands when the first argument names one, the editor otherwise.
#include "cli/cli.h"
#include "editor/editor.h"

int main(int argc, char** argv) {
    if (argc >= 2 && ts::isCliCommand(argv[1])) return ts::runCli(argc, argv);
    return ts::runEditor(argc, argv);
}
