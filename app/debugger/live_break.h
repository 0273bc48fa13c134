// A breakpoint that pauses the live game itself (`view --listen`, docs/emitters.md "Control"):
// the frames that arrived since the last check are checked one by one against the enabled
// expressions of the Breakpoints panel (and `view --break EXPR`), for the watched actor, as
// play checks a recording's frames. No GL: tested without a window.
//
// The game is told to pause when tilestep sees the frame: by then it may have run on by the
// frames in flight (a few at 60 fps); the view shows the frame where the expression held.
#pragma once
#include <cstdint>
#include <string>

#include "debugger/debugger_state.h"

namespace ts {

class LiveBreak {
  public:
    // The first position in (checked, g.length()] where an enabled expression holds, or -1;
    // *why: "EXPR at frame N". Positions checked are not checked again; a new recording (its
    // length smaller than what was checked) starts over.
    int64_t check(const Debugger& g, std::string* why);
    void reset() { checked_ = 0; }

  private:
    int64_t checked_ = 0;
};

}  // namespace ts
