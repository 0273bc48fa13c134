// The debugger's command-line flags (app/cli/debugger_args.h) applied to an editor window:
// after the map is open, and on exit.
#pragma once
#include <string>

#include "cli/debugger_args.h"
#include "debugger/debugger_ui.h"

namespace ts {

// After the map is open: Debug mode, the log, the frame. False with *error
// ("--actor: no actor named 'x' (actors: a, b)", "LOG: line 3: ...").
bool applyDebuggerArgs(EditorState& s, DebugSession& d, const DebuggerArgs& a, std::string* error);
// On exit: writes --record-log and --trace. False with *error on a write failure.
bool finishDebuggerArgs(const EditorState& s, DebugSession& d, const DebuggerArgs& a,
                        std::string* error);

}  // namespace ts
