// The flags of the editor's command line (`tilestep [MAP] [--screenshot OUT.png] ...`),
// declared once: app/cli/editor_args.cpp parses them with parseArgs, the usage text is
// made from them, and the dispatcher (cli.cpp) knows from them that a first argument like
// `--screenshot` opens the editor rather than naming a headless command.
#pragma once
#include <string>
#include <vector>

#include "args.h"

namespace ts::cli {

// The window's flags (--screenshot, --frames, --scale, --window, --verbose, --level,
// --plugin).
const std::vector<FlagSpec>& editorWindowFlags();
// The debugger's flags (--debug, --inputs, --actor, --frame, --overlays, --record-log,
// --trace, --probes).
const std::vector<FlagSpec>& debuggerFlags();
// Both, as the editor's command line takes them.
const std::vector<FlagSpec>& editorFlags();

// True when WORD (before any '=') is one of editorFlags().
bool isEditorFlag(const std::string& word);

// The editor's `--help` text: the synopsis, MAP, then every flag from the tables.
std::string editorUsage();

}  // namespace ts::cli
