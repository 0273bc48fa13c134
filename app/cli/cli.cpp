// Dispatch and help for the headless sub-commands. Nothing here may touch GLFW or GL: these
// commands must work on a machine without a display (`view` checks its files here, then
// calls the window the executable registered: cli/view_request.h).
#include "cli.h"

#include <cctype>
#include <cstdio>
#include <cstring>
#include <exception>
#include <string>

#include "commands.h"
#include "editor_flags.h"
#include "io/map_formats.h"

namespace ts {

namespace {
constexpr const char* kVersion = "0.1.0";

void printOverview(std::FILE* out) {
    std::fprintf(out,
                 "tilestep %s: level editor and frame-by-frame debugger for 2D tile movement\n"
                 "\n"
                 "usage:\n"
                 "  tilestep [MAP] [--screenshot OUT.png] [--frames N] [--inputs LOG] ...\n"
                 "      open the editor (a window)\n"
                 "  tilestep COMMAND [ARGS]\n"
                 "      run a headless command (no window, no display needed)\n"
                 "\n"
                 "commands:\n",
                 kVersion);
    for (const cli::Command& c : cli::commands())
        std::fprintf(out, "  %-9s %s\n", c.name, c.summary);
    std::fprintf(out,
                 "\n"
                 "  tilestep COMMAND --help    details of one command\n"
                 "  tilestep --version         print the version\n"
                 "\n"
                 "exit codes: 0 success, 1 a file or its data failed, 2 bad command line,\n"
                 "            4 hunt or check found snags\n");
}

int runHelp(const cli::Args& args) {
    if (args.empty()) {
        printOverview(stdout);
        return cli::kExitOk;
    }
    const cli::Command* c = cli::findCommand(args[0]);
    if (!c) {
        std::fprintf(stderr, "tilestep: unknown command '%s' (try tilestep --help)\n",
                     args[0].c_str());
        return cli::kExitUsage;
    }
    std::fputs(c->usage, stdout);
    return cli::kExitOk;
}
}  // namespace

namespace cli {

const std::vector<Command>& commands() {
    static const std::vector<Command> table = {
        {"validate", "check a map file; exit 0 and a summary, or 1 and the error", kValidateUsage,
         &kValidateFlags, cmdValidate},
        {"info", "describe a map: size, tile kinds in use, walls, brushes, actors", kInfoUsage,
         &kInfoFlags, cmdInfo},
        {"convert", "convert a map: JSON, binary, Tiled (.tmx/.tmj), LDtk (.ldtk)", kConvertUsage,
         &kConvertFlags, cmdConvert},
        {"run", "step a map's simulation N frames, print a JSON-lines trace", kRunUsage, &kRunFlags,
         cmdRun},
        {"diff", "the first frame and field where two traces differ", kDiffUsage, &kDiffFlags,
         cmdDiff},
        {"view", "open the debugger on a recorded trace (a window; no re-simulation)", kViewUsage,
         &kViewFlags, cmdView},
        {"record", "save the trace a running game streams to a socket (headless)", kRecordUsage,
         &kRecordFlags, cmdRecord},
        {"hunt", "search a map for movement snags; shrunk cases that open at the bad frame",
         kHuntUsage, &kHuntFlags, cmdHunt},
        {"check", "the snag detectors over a recorded trace (no simulation, no shrinking)",
         kCheckUsage, &kCheckFlags, cmdCheck},
    };
    return table;
}

const Command* findCommand(const std::string& name) {
    for (const Command& c : commands())
        if (name == c.name) return &c;
    return nullptr;
}

}  // namespace cli

bool isCliCommand(const char* arg) {
    if (!arg) return false;
    std::string a = arg;
    // A map of any format the editor reads (Tiled and LDtk maps are imported on load).
    if (const MapFileFormat* f = mapFileFormatFor(a); f && f->canRead) return false;
    if (cli::isEditorFlag(a)) return false;
    // Everything else, known or not, so that a typo gets "unknown command" instead of an
    // editor window trying to open it.
    return true;
}

int runCli(int argc, char** argv) {
    if (argc < 2) {
        printOverview(stderr);
        return cli::kExitUsage;
    }
    const std::string name = argv[1];
    cli::Args args(argv + 2, argv + argc);
    try {
        if (name == "--help" || name == "-h") return runHelp({});
        if (name == "help") return runHelp(args);
        if (name == "--version") {
            std::printf("tilestep %s\n", kVersion);
            return cli::kExitOk;
        }
        const cli::Command* c = cli::findCommand(name);
        if (!c) {
            std::fprintf(stderr, "tilestep: unknown command '%s' (try tilestep --help)\n",
                         name.c_str());
            return cli::kExitUsage;
        }
        return c->run(args);
    } catch (const std::exception& e) {
        // Commands report their own errors; this is the last line of defence (out of memory).
        std::fprintf(stderr, "tilestep %s: %s\n", name.c_str(), e.what());
        return cli::kExitFailure;
    }
}

}  // namespace ts
