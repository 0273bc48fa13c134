// Seed 001: platformer pixel sweep with 1-px slopes (FlashPunk-style moveX / moveY).
// Rules, parameters and departures from the seed: docs/movers/pixel_sweep.md.
#pragma once
#include "movers/mover.h"

namespace ts {

extern const MoverInfo kPixelSweepMover;

namespace pixel_sweep {

// Parameter indices in ParamValues (the order of the ParamSpec table).
enum Param : int {
    kRunSpeed,
    kAcceleration,
    kFriction,
    kGravity,
    kJumpSpeed,
    kMaxFallSpeed,
    kStepHeight,
    kStickToSlopes,
    kCornerCorrection,
    kCoyoteFrames,
    kParamCount
};

// Speeds never exceed this many px per frame on either axis.
constexpr int64_t kMaxSpeedPx = 64;
// `timer` after a jump: counts as long airborne, so coyote frames cannot be reused.
constexpr int32_t kAirborneCap = 1 << 30;

// One parameter clamped to its range (integer parameters: whole numbers).
Fix param(const ParamValues& p, Param i);
int intParam(const ParamValues& p, Param i);

// The sweep's integer parameters, clamped to their ranges.
struct Tuning {
    int stepHeight = 1;
    bool stickToSlopes = true;
    int cornerCorrection = 1;
};
Tuning tuning(const ParamValues& p);

// What a frame decides before moving: velocities, facing, jump. The two sweeps (X then Y)
// run afterwards from `s`. Reads (and clamps) only the parameters this frame needs: a
// standing actor with no key needs none.
struct FrameStart {
    MoverState s;
    bool jumped = false;
    bool onGround = false;  // grounded and not moving up: the X sweep may stick to slopes
    int inputDir = 0;       // -1 left, 0 none, +1 right
};
FrameStart beginFrame(const MoverState& s0, InputBits in, const ParamValues& p);

// Side tried first by the upward corner correction: +1 right, -1 left, 0 no preference
// (then a tie between both sides means no correction).
int cornerPreference(const MoverState& s);

// Bookkeeping after both sweeps: `timer` (frames airborne, for coyote time) from the final
// grounded flag.
void endFrame(MoverState& s, const FrameStart& f, bool grounded);

}  // namespace pixel_sweep
}  // namespace ts
