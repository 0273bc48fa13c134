// The frame a Sim on this thread is stepping, so that a report from inside a mover's step
// (a plugin step that hangs, core/plugin/step_watchdog.h) names the frame, whoever drives
// the Sim (`run`, the reload check, the debugger's re-simulation).
#pragma once
#include <cstdint>

namespace ts {

// -1 when no Sim steps on this thread.
int64_t steppingFrame();

// Marks the frame for as long as it lives.
class SteppingFrame {
  public:
    explicit SteppingFrame(int64_t frame);
    ~SteppingFrame();
    SteppingFrame(const SteppingFrame&) = delete;
    SteppingFrame& operator=(const SteppingFrame&) = delete;

  private:
    int64_t outer_;
};

}  // namespace ts
