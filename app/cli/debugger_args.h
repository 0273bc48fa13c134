// The debugger's command-line flags, parsed inside the editor's command line:
//   tilestep MAP [--debug] [--inputs LOG [--actor NAME]] [--frame K] [--overlays LIST]
//                [--screenshot OUT.png] [--record-log OUT.log] [--trace OUT.jsonl [--probes]]
#pragma once
#include <cstdint>
#include <string>

#include "cli/args.h"
#include "draw/overlays.h"

namespace ts {

struct DebuggerArgs {
    bool debug = false;  // start in Debug mode (any other debugger flag implies it)
    std::string inputs;  // input log for `actor`
    std::string actor;   // default: the first actor
    int64_t frame = -1;  // simulate to this position and pause there
    OverlayMask overlays = kAllOverlays;
    std::string recordLog;  // on exit: the driven actor's keys as an input log
    std::string trace;      // on exit: the recording as `tilestep run` prints it
    bool probes = false;    // the trace with probe lines (as run --probes)
    bool any() const {
        return debug || !inputs.empty() || !actor.empty() || frame >= 0 || !recordLog.empty() ||
               !trace.empty();
    }
};

// Reads the debugger's flags (declared in app/cli/editor_flags.cpp) from a parsed command
// line; false with *error on a bad value ("--frame: expected a whole number ..."). The window
// applies them with app/debugger/apply_debugger_args.h.
bool readDebuggerFlags(const cli::ParsedArgs& a, DebuggerArgs* out, std::string* error);

}  // namespace ts
