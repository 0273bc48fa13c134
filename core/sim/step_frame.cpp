#include "sim/step_frame.h"

namespace ts {

namespace {
thread_local int64_t t_frame = -1;
}

int64_t steppingFrame() {
    return t_frame;
}

SteppingFrame::SteppingFrame(int64_t frame) : outer_(t_frame) {
    t_frame = frame;
}

SteppingFrame::~SteppingFrame() {
    t_frame = outer_;
}

}  // namespace ts
