// Seed 001's pixel sweep: the parameter accessors and frame rules of pixel_sweep.h out of
// line (for the literal sweep and the tests), the state description and the registration.
// The step itself is in pixel_sweep_step.cpp.
#include "movers/pixel_sweep.h"

#include <string>

#include "movers/builtin_fields.h"
#include "movers/model_fields.h"
#include "movers/detail/pixel_sweep_frame.h"
#include "movers/detail/pixel_sweep_step.h"

namespace ts {
namespace pixel_sweep {

namespace {

void describe(const void*, const MoverState& s, ModelFields& out) {
    pixelSweepFields(s, out);
}

}  // namespace

Fix param(const ParamValues& p, Param i) {
    return frame::clampedParam(p, i);
}

int intParam(const ParamValues& p, Param i) {
    return frame::clampedInt(p, i);
}

Tuning tuning(const ParamValues& p) {
    return frame::tuning(p);
}

FrameStart beginFrame(const MoverState& s0, InputBits in, const ParamValues& p) {
    return frame::beginFrame(s0, in, p);
}

int cornerPreference(const MoverState& s) {
    return frame::cornerPreference(s);
}

void endFrame(MoverState& s, const FrameStart& f, bool grounded) {
    frame::endFrame(s, f.jumped, grounded);
}

}  // namespace pixel_sweep

const MoverInfo kPixelSweepMover = {"pixel_sweep",
                                    "Pixel sweep (platformer)",
                                    pixel_sweep::frame::kParams,
                                    pixel_sweep::kParamCount,
                                    false,
                                    pixel_sweep::step,
                                    pixel_sweep::describe};

}  // namespace ts
