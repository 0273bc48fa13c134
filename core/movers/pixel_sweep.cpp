// Seed 001's pixel sweep. Each frame: velocities and jump (beginFrame), then the box moves
// one pixel at a time along X (climbing rises up to the step height, sticking to downward
// slopes while grounded), then along Y (sliding around ceiling corners when moving up).
// This file holds the per-pixel step, which asks one leading-edge question per pixel and
// traces each; without a trace, step (pixel_sweep_fast.cpp) asks the same questions in runs
// and gives the same results.
#include "pixel_sweep.h"

#include <algorithm>

#include "../collision.h"
#include "../text_buffer.h"
#include "../trace.h"
#include "pixel_sweep_fast.h"
#include "pixel_sweep_frame.h"
#include "pixel_sweep_run.h"

namespace ts {
namespace pixel_sweep {

namespace {

// The pixels a one-pixel step of box b in `dir` newly covers: its leading edge.
RectI leadingEdge(const RectI& b, uint8_t dir) {
    switch (dir) {
        case DIR_RIGHT:
            return RectI{b.right(), b.y, 1, b.h};
        case DIR_LEFT:
            return RectI{b.x - 1, b.y, 1, b.h};
        case DIR_DOWN:
            return RectI{b.x, b.bottom(), b.w, 1};
        default:
            return RectI{b.x, b.y - 1, b.w, 1};
    }
}

uint8_t horizontalDir(int sign) {
    return sign > 0 ? DIR_RIGHT : DIR_LEFT;
}

// The integer box while it sweeps, and the per-pixel rules.
struct Sweeper {
    const CollisionWorld& world;
    Trace* trace;
    const Tuning& t;
    int64_t w, h;
    int64_t px, py;

    RectI box(int64_t dx = 0, int64_t dy = 0) const { return RectI{px + dx, py + dy, w, h}; }

    // Would box b be blocked after one pixel in `dir`? Traced as its leading edge.
    bool blocked(const RectI& b, uint8_t dir, const char* why) const {
        const bool hit = sweepStepBlocked(world, b, dir);
        if (trace) {
            const RectI e = leadingEdge(b, dir);
            trace->rect(hit ? Verdict::Hit : Verdict::Miss, why, e.x, e.y, e.right(), e.bottom());
        }
        return hit;
    }

    // One pixel along X with the seed's slope rules. Returns false when a wall stops it.
    // onGround: grounded and not moving up (cleared when the actor walks off a ledge).
    bool pixelX(int sg, bool& onGround) {
        const uint8_t dir = horizontalDir(sg);
        if (!blocked(box(), dir, "step")) {
            px += sg;
            if (onGround && t.stickToSlopes) {
                // Follow the floor down by up to the step height; deeper is a ledge.
                int64_t drop = 0;
                while (drop <= t.stepHeight && !blocked(box(0, drop), DIR_DOWN, "descend")) ++drop;
                if (drop > t.stepHeight)
                    onGround = false;
                else
                    py += drop;
            }
            return true;
        }
        // A rise: lift by k (the head must fit) and try the side step again.
        for (int k = 1; k <= t.stepHeight; ++k) {
            if (blocked(box(0, 1 - k), DIR_UP, "climb")) break;
            if (!blocked(box(0, -k), dir, "climb")) {
                px += sg;
                py -= k;
                return true;
            }
        }
        return false;
    }

    // Moving up into something: slide sideways by up to the corner correction, pixel by
    // pixel, to a place where the up step is free. Tries `pref` first at each distance;
    // with no preference, two open sides at the same distance are a tie: no slide.
    bool corner(int pref) {
        const int sides[2] = {pref != 0 ? pref : 1, pref != 0 ? -pref : -1};
        bool open[2] = {true, true};
        for (int k = 1; k <= t.cornerCorrection && (open[0] || open[1]); ++k) {
            int found = 0, count = 0;
            for (int i = 0; i < 2; ++i) {
                if (!open[i]) continue;
                const int sd = sides[i];
                if (blocked(box(sd * (k - 1), 0), horizontalDir(sd), "corner")) {
                    open[i] = false;
                    continue;
                }
                if (!blocked(box(sd * k, 0), DIR_UP, "corner")) {
                    if (count++ == 0) found = sd;
                    if (pref != 0) break;
                }
            }
            if (count == 2 && pref == 0) return false;
            if (count > 0) {
                px += found * k;
                py -= 1;
                return true;
            }
        }
        return false;
    }
};

}  // namespace

MoverState pixelStep(const MoverState& s0, InputBits in, const ParamValues& p,
                     const CollisionWorld& world, Trace* trace) {
    FrameStart f = frame::beginFrame(s0, in, p);
    MoverState& s = f.s;
    const Tuning t = frame::tuning(p);
    Sweeper sw{world, trace, t, s.w, s.h, s.x.floor(), s.y.floor()};

    // X sweep.
    const Fix targetX = s.x + s.vx;
    const int64_t nx = targetX.floor() - sw.px;
    bool onGround = f.onGround, blockedX = false;
    const int sgx = nx > 0 ? 1 : -1;
    const int64_t py0 = sw.py;
    for (int64_t i = 0; i < nx * sgx; ++i)
        if (!sw.pixelX(sgx, onGround)) {
            blockedX = true;
            break;
        }
    if (blockedX) {
        s.x = Fix::fromInt(sw.px);
        s.vx = Fix{};
    } else {
        s.x = targetX;
    }
    s.y += Fix::fromInt(sw.py - py0);
    s.pushing = nx != 0 ? (blockedX && f.inputDir == sgx)
                        : (s0.pushing && f.inputDir != 0 && s0.facing == s.facing);

    // Y sweep.
    bool blockedY = false;
    const Fix targetY = s.y + s.vy;
    const int64_t ny = targetY.floor() - sw.py;
    const int sgy = ny > 0 ? 1 : -1;
    const uint8_t diry = sgy > 0 ? DIR_DOWN : DIR_UP;
    const int64_t px1 = sw.px;
    const int pref = frame::cornerPreference(s);
    for (int64_t i = 0; i < ny * sgy; ++i) {
        if (!sw.blocked(sw.box(), diry, "step")) {
            sw.py += sgy;
        } else if (!(sgy < 0 && t.cornerCorrection > 0 && sw.corner(pref))) {
            blockedY = true;
            break;
        }
    }
    if (blockedY) {
        s.y = Fix::fromInt(sw.py);
        s.vy = Fix{};
    } else {
        s.y = targetY;
    }
    s.x += Fix::fromInt(sw.px - px1);

    // Grounded: the box one pixel lower is blocked.
    frame::endFrame(s, f.jumped, sw.blocked(sw.box(), DIR_DOWN, "ground"));
    return s;
}

namespace {

void describe(const MoverState& s, TextBuffer& out) {
    out.intField("air_frames", s.timer);
    out.fixField("remainder_x", s.x.frac());
    out.fixField("remainder_y", s.y.frac());
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

const MoverInfo kPixelSweepMover = {MoverKind::PixelSweep,      "pixel_sweep",
                                    "Pixel sweep (platformer)", pixel_sweep::frame::kParams,
                                    pixel_sweep::kParamCount,   false,
                                    pixel_sweep::step,          pixel_sweep::describe};

}  // namespace ts
