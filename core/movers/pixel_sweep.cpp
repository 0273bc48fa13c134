// Seed 001's pixel sweep: the parameter accessors and frame rules of pixel_sweep.h out of
// line (for the literal sweep and the tests), the state description and the registration.
// The step itself is in pixel_sweep_step.cpp.
#include "movers/pixel_sweep.h"

#include <string>

#include "movers/builtin_fields.h"
#include "movers/model_fields.h"
#include "trace/probe_vocabulary.h"
#include "movers/detail/pixel_sweep_frame.h"
#include "movers/detail/pixel_sweep_step.h"

namespace ts {
namespace pixel_sweep {

namespace {

void describe(const void*, const MoverState& s, ModelFields& out) {
    pixelSweepFields(s, out);
}

// A jump sets the airborne count to kAirborneCap (2^30, so coyote time cannot be reused): the
// trace keeps the number, the inspector says what it means.
std::string fieldText(const ModelField& f) {
    if (f.key == "air_frames" && f.type == ModelField::Type::Int && f.value == kAirborneCap)
        return "jumped (" + std::to_string(f.value) + ")";
    return "";
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

namespace {

// The snag hunt's questions (MoverRules), answered by the model's own frame start. A step is
// blocked exactly when CollisionWorld::stepBlocked says so (the default), the body is the box
// on whole pixels with no tolerance (the default).
uint8_t heldDirs(InputBits in, const MoverState&, const ParamValues& p) {
    const int dx = ((in & KEY_R) ? 1 : 0) - ((in & KEY_L) ? 1 : 0);
    if (dx == 0 || param(p, kRunSpeed) <= Fix{} || param(p, kAcceleration) <= Fix{}) return 0;
    return dx > 0 ? DIR_RIGHT : DIR_LEFT;
}

int stepHeight(const ParamValues& p) {
    return tuning(p).stepHeight;
}

int cornerRange(const MoverState& prev, InputBits in, const ParamValues& p, int* prefer) {
    const FrameStart f = frame::beginFrame(prev, in, p);
    *prefer = frame::cornerPreference(f.s);
    if (f.s.vy >= Fix{} || (f.s.y + f.s.vy).floor() >= f.s.y.floor()) return 0;
    return tuning(p).cornerCorrection;
}

const MoverRules kRules = [] {
    MoverRules r;
    r.heldDirs = heldDirs;
    r.stepHeight = stepHeight;
    r.cornerRange = cornerRange;
    r.gravity = true;
    return r;
}();

}  // namespace

}  // namespace pixel_sweep

namespace {

// Every probe is a one-pixel step's leading edge (detail/pixel_sweep_step.cpp), hit or miss.
constexpr unsigned kHitMiss = verdictBit(Verdict::Hit) | verdictBit(Verdict::Miss);
const ProbeWord kProbeWords[] = {{"step", kHitMiss},
                                 {"climb", kHitMiss},
                                 {"descend", kHitMiss},
                                 {"corner", kHitMiss},
                                 {"ground", kHitMiss}};
const ProbeVocabulary kProbes{kProbeWords, int(sizeof(kProbeWords) / sizeof(kProbeWords[0]))};

}  // namespace

const MoverInfo kPixelSweepMover = {"pixel_sweep",
                                    "Pixel sweep (platformer)",
                                    pixel_sweep::frame::kParams,
                                    pixel_sweep::kParamCount,
                                    false,
                                    pixel_sweep::step,
                                    pixel_sweep::describe,
                                    nullptr,
                                    nullptr,
                                    MoverKind{},
                                    &pixel_sweep::kRules,
                                    0xffff7eb0,  // pink
                                    pixel_sweep::fieldText,
                                    &kProbes};

}  // namespace ts
