// The pixel sweep's (seed 001) parameter table and the per-frame rules that do not touch the
// map: velocities, jump, the airborne timer. Inline, so that the fast step (every actor, every
// frame) pays no call or copy for them; pixel_sweep.h's beginFrame / tuning / endFrame are
// these same functions out of line.
#pragma once
#include <algorithm>
#include <array>

#include "base/geom.h"
#include "movers/pixel_sweep.h"

namespace ts {
namespace pixel_sweep {
namespace frame {

inline constexpr ParamSpec kParams[] = {
    {"run_speed", "px/frame", 2.0, 0.0, 64.0, false,
     "Horizontal speed the input accelerates toward"},
    {"acceleration", "px/frame^2", 0.25, 0.0, 64.0, false,
     "Change of horizontal speed per frame while left or right is held"},
    {"friction", "px/frame^2", 0.25, 0.0, 64.0, false,
     "Change of horizontal speed per frame toward 0 while neither is held"},
    {"gravity", "px/frame^2", 0.25, 0.0, 64.0, false, "Added to the falling speed every frame"},
    {"jump_speed", "px/frame", 5.0, 0.0, 64.0, false, "Upward speed given by a jump"},
    {"max_fall_speed", "px/frame", 6.0, 0.0, 64.0, false, "Falling speed cap"},
    {"step_height", "px", 1.0, 0.0, 4.0, true,
     "Highest rise climbed while walking, and deepest drop followed down a slope"},
    {"stick_to_slopes", "0/1", 1.0, 0.0, 1.0, true,
     "Follow downward slopes while grounded instead of letting gravity bounce the actor"},
    {"corner_correction", "px", 1.0, 0.0, 8.0, true,
     "How far a rising actor slides sideways around a ceiling corner"},
    {"coyote_frames", "frames", 0.0, 0.0, 30.0, true,
     "Frames after leaving the ground during which a jump still works"},
};
static_assert(sizeof(kParams) / sizeof(kParams[0]) == kParamCount, "one spec per parameter");
static_assert(kParamCount <= kMaxParams, "ParamValues holds them all");

// The ranges as fixed point, at compile time (they are whole numbers): the step runs for
// every actor every frame and should not convert doubles.
struct Range {
    Fix min, max;
};
constexpr std::array<Range, kParamCount> ranges() {
    std::array<Range, kParamCount> r{};
    for (int i = 0; i < kParamCount; ++i)
        r[size_t(i)] =
            Range{Fix::fromInt(int64_t(kParams[i].min)), Fix::fromInt(int64_t(kParams[i].max))};
    return r;
}
inline constexpr std::array<Range, kParamCount> kRanges = ranges();

inline Fix clampedParam(const ParamValues& p, Param i) {
    return fixClamp(p[size_t(i)], kRanges[size_t(i)].min, kRanges[size_t(i)].max);
}

inline int clampedInt(const ParamValues& p, Param i) {
    return int(clampedParam(p, i).floor());
}

inline Tuning tuning(const ParamValues& p) {
    Tuning t;
    t.stepHeight = clampedInt(p, kStepHeight);
    t.stickToSlopes = clampedInt(p, kStickToSlopes) != 0;
    t.cornerCorrection = clampedInt(p, kCornerCorrection);
    return t;
}

// What the frame start decided besides the state.
struct FrameFlags {
    bool jumped = false;
    bool onGround = false;  // grounded and not moving up: the X sweep may stick to slopes
    int inputDir = 0;       // -1 left, 0 none, +1 right
};

// beginFrame in place: s holds the previous frame's state and gets this frame's velocities
// and facing.
__attribute__((always_inline)) inline FrameFlags startFrame(MoverState& s, InputBits in,
                                                            const ParamValues& p) {
    FrameFlags f;
    const Fix maxSpeed = Fix::fromInt(kMaxSpeedPx);
    f.inputDir = ((in & KEY_R) ? 1 : 0) - ((in & KEY_L) ? 1 : 0);
    // The speed cap only where vx changes: a speed of 0 needs no clamping.
    if (f.inputDir != 0) {
        s.vx = fixClamp(fixApproach(s.vx, clampedParam(p, kRunSpeed) * f.inputDir,
                                    clampedParam(p, kAcceleration)),
                        -maxSpeed, maxSpeed);
        s.facing = f.inputDir > 0 ? DIR_RIGHT : DIR_LEFT;
    } else if (s.vx != Fix{}) {  // approaching 0 from 0 stays 0 whatever the friction
        s.vx = fixClamp(fixApproach(s.vx, Fix{}, clampedParam(p, kFriction)), -maxSpeed, maxSpeed);
    }

    // One branch for the jump (whether J is held and the actor can jump are data the branch
    // predictor cannot guess): 1 <= timer <= coyote frames as one unsigned compare.
    const bool coyote = uint32_t(s.timer) - 1u < uint32_t(clampedInt(p, kCoyoteFrames));
    if (((in & KEY_J) != 0) & (s.grounded | coyote)) {
        s.vy = -clampedParam(p, kJumpSpeed);
        f.jumped = true;
    } else if (s.grounded && s.vy >= Fix{}) {
        s.vy = Fix{};  // standing: gravity would only push into the floor
    } else {
        s.vy = s.vy + clampedParam(p, kGravity);
    }
    // The cap is at least 0: a speed of 0 needs no clamping.
    if (s.vy != Fix{}) s.vy = fixClamp(s.vy, -maxSpeed, clampedParam(p, kMaxFallSpeed));
    f.onGround = s.grounded && !f.jumped;
    return f;
}

inline FrameStart beginFrame(const MoverState& s0, InputBits in, const ParamValues& p) {
    FrameStart f;
    f.s = s0;
    const FrameFlags flags = startFrame(f.s, in, p);
    f.jumped = flags.jumped;
    f.onGround = flags.onGround;
    f.inputDir = flags.inputDir;
    return f;
}

inline int cornerPreference(const MoverState& s) {
    if (s.vx != Fix{}) return fixSign(s.vx);
    return s.facing == DIR_RIGHT ? 1 : (s.facing == DIR_LEFT ? -1 : 0);
}

// Bookkeeping after both sweeps: the grounded flag and the airborne timer.
inline void endFrame(MoverState& s, bool jumped, bool grounded) {
    s.grounded = grounded;
    if (grounded)
        s.timer = 0;
    else if (jumped)
        s.timer = kAirborneCap;
    else
        s.timer = s.timer >= kAirborneCap - 1 ? kAirborneCap : std::max(s.timer, 0) + 1;
}

}  // namespace frame
}  // namespace pixel_sweep
}  // namespace ts
