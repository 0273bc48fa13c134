// The pixel sweep without a trace. It asks the per-pixel step's questions (pixel_sweep.cpp)
// in runs: how many pixels along X are free (and, walking, keep a whole tile under the box),
// how many along Y; only where a run stops does it go pixel by pixel (climb, descend,
// corner). Each run gives exactly the answers the pixels would, so the results are the same;
// tests compare every frame with the per-pixel step and the literal sweep.
#include "pixel_sweep_fast.h"

#include <algorithm>

#include "pixel_sweep_frame.h"
#include "pixel_sweep_grid.h"

namespace ts {
namespace pixel_sweep {

namespace {

// A side step of b found blocked: climb a rise of up to the step height, each lift needing
// head room, as the per-pixel step does. True when it climbed (b moved).
template <int kS, class G>
bool climb(G g, int stepHeight, Box& b) {
    if (grid::climbSurelyFails(g, b, kS, stepHeight)) return false;
    for (int k = 1; k <= stepHeight; ++k) {
        if (grid::stepBlocked<false, -1>(g, Box{b.x, b.y + 1 - k, b.w, b.h})) break;
        if (!grid::stepBlocked<true, kS>(g, Box{b.x, b.y - k, b.w, b.h})) {
            b.x += kS;
            b.y -= k;
            return true;
        }
    }
    return false;
}

// The X sweep of n pixels in direction kS. onGround: grounded and not moving up (cleared
// when the actor walks off a ledge); supportKnown: the last pixel proved that the box stands
// on something. True when a wall stopped it.
template <int kS, class G>
bool sweepX(G g, const ParamValues& p, Box& b, int64_t n, bool& onGround, bool& supportKnown) {
    const int stepHeight = frame::clampedInt(p, kStepHeight);
    const bool stick = frame::clampedInt(p, kStickToSlopes) != 0;
    for (int64_t left = n; left > 0;) {
        const int64_t free = grid::freeRun<true, kS>(g, b, left);
        const bool walking = onGround && stick;
        int64_t k = free;
        // Walking, a free step is followed by the descend probes unless a whole tile under
        // the box settles them: the run goes only as far as that support.
        if (walking && k > 0) k = std::min(k, grid::supportRun(g, b, kS, k));
        if (k > 0) {
            b.x += kS * k;
            left -= k;
            supportKnown = walking;
            if (left == 0) return false;
        }
        supportKnown = false;
        if (k < free) {
            // A free step past the support: follow the floor down by up to the step height;
            // nothing within step height + 1 is a ledge.
            b.x += kS;
            const int64_t drop = grid::freeRun<false, 1>(g, b, stepHeight + 1);
            if (drop > stepHeight) {
                onGround = false;
            } else {
                b.y += drop;
                supportKnown = true;
            }
        } else if (!climb<kS>(g, stepHeight, b)) {
            return true;
        }
        --left;
    }
    return false;
}

// One sideways step of the corner correction (kS from the side's sign).
template <class G>
bool sideBlocked(G g, const Box& b, int side) {
    return side > 0 ? grid::stepBlocked<true, 1>(g, b) : grid::stepBlocked<true, -1>(g, b);
}

// Moving up into something: slide sideways by up to the corner correction, pixel by pixel,
// to a place where the up step is free; `pref` first at each distance, and with no
// preference two open sides at the same distance are a tie: no slide. True when it slid
// (b moved up one pixel).
template <class G>
bool corner(G g, int cornerCorrection, Box& b, int pref) {
    const int sides[2] = {pref != 0 ? pref : 1, pref != 0 ? -pref : -1};
    bool open[2] = {true, true};
    for (int k = 1; k <= cornerCorrection && (open[0] || open[1]); ++k) {
        int found = 0, count = 0;
        for (int i = 0; i < 2; ++i) {
            if (!open[i]) continue;
            const int sd = sides[i];
            if (sideBlocked(g, Box{b.x + sd * (k - 1), b.y, b.w, b.h}, sd)) {
                open[i] = false;
                continue;
            }
            if (!grid::stepBlocked<false, -1>(g, Box{b.x + sd * k, b.y, b.w, b.h})) {
                if (count++ == 0) found = sd;
                if (pref != 0) break;
            }
        }
        if (count == 2 && pref == 0) return false;
        if (count > 0) {
            b.x += found * k;
            b.y -= 1;
            return true;
        }
    }
    return false;
}

// The Y sweep of n pixels in direction kS. Falling, each run asks one pixel further: whether
// the box then stands on something is the end-of-frame grounded test (groundAfterFall 0 or
// 1; untouched when the fall was stopped earlier). True when something stopped it.
template <int kS, class G>
bool sweepY(G g, const ParamValues& p, const MoverState& s, Box& b, int64_t n,
            int& groundAfterFall) {
    for (int64_t left = n; left > 0;) {
        const int64_t run = grid::freeRun<false, kS>(g, b, kS > 0 ? left + 1 : left);
        const int64_t k = std::min(run, left);
        if (kS > 0 && run >= left) groundAfterFall = run == left ? 1 : 0;
        b.y += kS * k;
        left -= k;
        if (left == 0) return false;
        if (kS > 0) return true;
        const int cornerCorrection = frame::clampedInt(p, kCornerCorrection);
        if (cornerCorrection <= 0 || !corner(g, cornerCorrection, b, frame::cornerPreference(s)))
            return true;
        --left;
    }
    return false;
}

Box boxOf(const MoverState& s) {
    return Box{s.x.floor(), s.y.floor(), s.w, s.h};
}

// Standing with no key that moves: startFrame would set vy = 0 and change nothing else (no
// parameter matters), so no pixel moves and only the grounded test is left. Most actors
// spend most frames like this; the test costs a few loads.
bool standsStill(const MoverState& s0, InputBits in) {
    // One branch for the caller instead of five (which side an actor is on is hard to
    // predict): & rather than &&.
    static_assert(KEY_L == 1 && KEY_R == 2, "left and right are the two lowest bits");
    const bool noSideKey = (((in >> 1) ^ in) & 1) == 0;  // both or neither
    return s0.grounded & (s0.vx == Fix{}) & (s0.vy >= Fix{}) & !(in & KEY_J) & noSideKey;
}

template <class G>
__attribute__((noinline)) MoverState standStill(G g, const MoverState& s0) {
    // Field by field: a whole-struct copy here compiles to a slow `rep movs`.
    MoverState s;
    s.x = s0.x;
    s.y = s0.y;
    s.vx = s0.vx;
    s.vy = Fix{};
    s.w = s0.w;
    s.h = s0.h;
    s.facing = s0.facing;
    s.pushing = false;
    s.timer = s0.timer;
    s.aux = s0.aux;
    frame::endFrame(s, false, grid::stepBlocked<false, 1>(g, boxOf(s0)));
    return s;
}

// Every other frame: startFrame, the X sweep, the Y sweep, the grounded test. Out of line so
// that standing frames do not pay for its registers.
template <class G>
__attribute__((noinline)) MoverState stepOn(G g, const MoverState& s0, InputBits in,
                                            const ParamValues& p) {
    Box b = boxOf(s0);
    MoverState s = s0;
    const frame::FrameFlags f = frame::startFrame(s, in, p);
    const Fix targetX = s.x + s.vx;
    const int64_t nx = targetX.floor() - b.x;
    if (nx == 0 && (s.y + s.vy).floor() == b.y) {
        // Not a pixel to move: only the grounded test is left.
        s.x = targetX;
        s.y += s.vy;
        s.pushing = s0.pushing && f.inputDir != 0 && s0.facing == s.facing;
        frame::endFrame(s, f.jumped, grid::stepBlocked<false, 1>(g, b));
        return s;
    }

    // X sweep.
    const int64_t y0 = b.y;
    bool onGround = f.onGround, supportKnown = false, blockedX = false;
    if (nx > 0)
        blockedX = sweepX<1>(g, p, b, nx, onGround, supportKnown);
    else if (nx < 0)
        blockedX = sweepX<-1>(g, p, b, -nx, onGround, supportKnown);
    if (blockedX) {
        s.x = Fix::fromInt(b.x);
        s.vx = Fix{};
    } else {
        s.x = targetX;
    }
    s.y += Fix::fromInt(b.y - y0);
    s.pushing = nx != 0 ? (blockedX && f.inputDir == (nx > 0 ? 1 : -1))
                        : (s0.pushing && f.inputDir != 0 && s0.facing == s.facing);

    // Y sweep.
    const Fix targetY = s.y + s.vy;
    const int64_t ny = targetY.floor() - b.y;
    const int64_t x1 = b.x;
    int groundAfterFall = -1;
    bool blockedY = false;
    if (ny > 0)
        blockedY = sweepY<1>(g, p, s, b, ny, groundAfterFall);
    else if (ny < 0)
        blockedY = sweepY<-1>(g, p, s, b, -ny, groundAfterFall);
    if (blockedY) {
        s.y = Fix::fromInt(b.y);
        s.vy = Fix{};
    } else {
        s.y = targetY;
    }
    s.x += Fix::fromInt(b.x - x1);

    // Grounded: the box one pixel lower is blocked. Skip the probe when the sweep already
    // proved it (a fall's run, a landing, or a walk that kept its footing).
    bool grounded;
    if (groundAfterFall >= 0)
        grounded = groundAfterFall == 1;
    else if (blockedY && ny > 0)
        grounded = true;
    else if (ny == 0 && nx != 0 && onGround && supportKnown)
        grounded = true;
    else
        grounded = grid::stepBlocked<false, 1>(g, b);
    frame::endFrame(s, f.jumped, grounded);
    return s;
}

}  // namespace

MoverState step(const MoverState& s0, InputBits in, const ParamValues& p,
                const CollisionWorld& world, Trace* trace) {
    if (trace) return pixelStep(s0, in, p, world, trace);
    // The callees derive the box again (two shifts) rather than take it as arguments.
    const Box b = boxOf(s0);
    if (world.gridSize().tile == 16) {
        const SweepGrid<4> g{world};
        if (g.holds(b)) return standsStill(s0, in) ? standStill(g, s0) : stepOn(g, s0, in, p);
    } else {
        const SweepGrid<0> g{world};
        if (g.holds(b)) return standsStill(s0, in) ? standStill(g, s0) : stepOn(g, s0, in, p);
    }
    return pixelStep(s0, in, p, world, nullptr);
}

}  // namespace pixel_sweep
}  // namespace ts
