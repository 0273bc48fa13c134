// The pixel sweep (seed 001), one step for the traced and the untraced run. Each frame:
// velocities and jump (startFrame), then the box moves one pixel at a time along X (climbing
// rises up to the step height, sticking to downward slopes while grounded), then along Y
// (sliding around ceiling corners when moving up), then the grounded test.
//
// Each one-pixel move asks one leading-edge question (CollisionWorld's stepBlocked /
// freeRun: is the step blocked?). Untraced (NoTrace), they are asked in runs: how many
// pixels along X are free (and, walking, keep a whole tile under the box), how many along
// Y; only where a run stops does the sweep go pixel by pixel (climb, descend, corner), and
// the grounded test is skipped where a run already answered it. Traced (WithTrace), every
// question is asked and recorded one pixel at a time, as its leading edge with a reason
// (step, descend, climb, corner, ground). A run gives exactly the answers its pixels would,
// so both give the same results; tests compare every frame with the literal sweep
// (oracles/pixel_sweep_literal.h).
#include "movers/detail/pixel_sweep_step.h"

#include <algorithm>
#include <type_traits>

#include "world/collision_runs.h"
#include "movers/detail/policy_step.h"
#include "movers/detail/pixel_sweep_frame.h"

namespace ts {
namespace pixel_sweep {

namespace {

using runs::Box;
using runs::SweepGrid;

// A box that is empty or not inside the map (SweepGrid's precondition does not hold): the
// collision layer's out-of-line queries, which take any box.
struct AnyBox {
    const CollisionWorld& world;
};
template <class G>
constexpr bool kAnyBox = std::is_same_v<G, AnyBox>;

constexpr uint8_t travelOf(bool kH, int kS) {
    return kH ? (kS > 0 ? DIR_RIGHT : DIR_LEFT) : (kS > 0 ? DIR_DOWN : DIR_UP);
}

// The pixels a one-pixel step of b newly covers: its leading edge, as the trace shows it.
template <bool kH, int kS, class T>
void traceEdge(T tr, const Box& b, bool hit, const char* why) {
    const int64_t x0 = kH ? (kS > 0 ? b.x + b.w : b.x - 1) : b.x;
    const int64_t y0 = kH ? b.y : (kS > 0 ? b.y + b.h : b.y - 1);
    const int64_t x1 = kH ? x0 + 1 : b.x + b.w, y1 = kH ? b.y + b.h : y0 + 1;
    tr.rect(hit ? Verdict::Hit : Verdict::Miss, why, x0, y0, x1, y1);
}

// Is the one-pixel step of b blocked? Traced as its leading edge, labelled `why`.
template <bool kH, int kS, class G, class T>
TS_SWEEP_INLINE bool blocked(G g, T tr, const Box& b, const char* why) {
    bool hit;
    if constexpr (kAnyBox<G>)
        hit = g.world.stepBlocked(RectI{b.x, b.y, b.w, b.h}, travelOf(kH, kS));
    else
        hit = runs::stepBlocked<kH, kS>(g, b);
    if constexpr (T::kOn) traceEdge<kH, kS>(tr, b, hit, why);
    return hit;
}

// Number of one-pixel steps (0..n) b can take before a step is blocked. Traced, the steps
// are asked one at a time, each probe recorded.
template <bool kH, int kS, class G, class T>
TS_SWEEP_INLINE int64_t freeRun(G g, T tr, const Box& b, int64_t n, const char* why) {
    if constexpr (T::kOn) {
        int64_t k = 0;
        while (k < n &&
               !blocked<kH, kS>(
                   g, tr, Box{b.x + (kH ? kS * k : 0), b.y + (kH ? 0 : kS * k), b.w, b.h}, why))
            ++k;
        return k;
    } else if constexpr (kAnyBox<G>) {
        return g.world.freeRun(RectI{b.x, b.y, b.w, b.h}, travelOf(kH, kS), n);
    } else {
        return runs::freeRun<kH, kS>(g, b, n);
    }
}

// Horizontal steps after which the box certainly stands on whole tiles
// (CollisionWorld::supportRun). Traced, none: every descend probe is asked.
template <class G, class T>
TS_SWEEP_INLINE int64_t supportRun(G g, T, const Box& b, int dir, int64_t n) {
    if constexpr (T::kOn || kAnyBox<G>)
        return 0;
    else
        return runs::supportRun(g, b, dir, n);
}

// True when no climb can succeed (runs::climbSurelyFails). Traced, never: every climb
// probe is asked.
template <class G, class T>
TS_SWEEP_INLINE bool climbSurelyFails(G g, T, const Box& b, int sg, int stepHeight) {
    if constexpr (T::kOn || kAnyBox<G>)
        return false;
    else
        return runs::climbSurelyFails(g, b, sg, stepHeight);
}

// A side step of b found blocked: climb a rise of up to the step height, each lift needing
// head room. True when it climbed (b moved).
template <int kS, class G, class T>
bool climb(G g, T tr, int stepHeight, Box& b) {
    if (climbSurelyFails(g, tr, b, kS, stepHeight)) return false;
    for (int k = 1; k <= stepHeight; ++k) {
        if (blocked<false, -1>(g, tr, Box{b.x, b.y + 1 - k, b.w, b.h}, "climb")) break;
        if (!blocked<true, kS>(g, tr, Box{b.x, b.y - k, b.w, b.h}, "climb")) {
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
template <int kS, class G, class T>
TS_SWEEP_INLINE bool sweepX(G g, T tr, const ParamValues& p, Box& b, int64_t n, bool& onGround,
                            bool& supportKnown) {
    const int stepHeight = frame::clampedInt(p, kStepHeight);
    const bool stick = frame::clampedInt(p, kStickToSlopes) != 0;
    for (int64_t left = n; left > 0;) {
        const bool walking = onGround && stick;
        // Traced, a walking step is followed by its descend probes before the next one.
        const int64_t free = freeRun<true, kS>(g, tr, b, T::kOn && walking ? 1 : left, "step");
        int64_t k = free;
        // Walking, a free step is followed by the descend probes unless a whole tile under
        // the box settles them: the run goes only as far as that support.
        if (walking && k > 0) k = std::min(k, supportRun(g, tr, b, kS, k));
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
            const int64_t drop = freeRun<false, 1>(g, tr, b, stepHeight + 1, "descend");
            if (drop > stepHeight) {
                onGround = false;
            } else {
                b.y += drop;
                supportKnown = true;
            }
        } else if (!climb<kS>(g, tr, stepHeight, b)) {
            return true;
        }
        --left;
    }
    return false;
}

// One sideways step of the corner correction (kS from the side's sign).
template <class G, class T>
bool sideBlocked(G g, T tr, const Box& b, int side) {
    return side > 0 ? blocked<true, 1>(g, tr, b, "corner") : blocked<true, -1>(g, tr, b, "corner");
}

// Moving up into something: slide sideways by up to the corner correction, pixel by pixel,
// to a place where the up step is free; `pref` first at each distance, and with no
// preference two open sides at the same distance are a tie: no slide. True when it slid
// (b moved up one pixel).
template <class G, class T>
bool corner(G g, T tr, int cornerCorrection, Box& b, int pref) {
    const int sides[2] = {pref != 0 ? pref : 1, pref != 0 ? -pref : -1};
    bool open[2] = {true, true};
    for (int k = 1; k <= cornerCorrection && (open[0] || open[1]); ++k) {
        int found = 0, count = 0;
        for (int i = 0; i < 2; ++i) {
            if (!open[i]) continue;
            const int sd = sides[i];
            if (sideBlocked(g, tr, Box{b.x + sd * (k - 1), b.y, b.w, b.h}, sd)) {
                open[i] = false;
                continue;
            }
            if (!blocked<false, -1>(g, tr, Box{b.x + sd * k, b.y, b.w, b.h}, "corner")) {
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

// The Y sweep of n pixels in direction kS. Untraced, a fall's run asks one pixel further:
// whether the box then stands on something is the end-of-frame grounded test
// (groundAfterFall 0 or 1; untouched when the fall was stopped earlier, and when traced: the
// grounded probe is then asked on its own). True when something stopped it.
template <int kS, class G, class T>
TS_SWEEP_INLINE bool sweepY(G g, T tr, const ParamValues& p, const MoverState& s, Box& b, int64_t n,
                            int& groundAfterFall) {
    constexpr bool kGroundInRun = kS > 0 && !T::kOn;
    for (int64_t left = n; left > 0;) {
        const int64_t run = freeRun<false, kS>(g, tr, b, kGroundInRun ? left + 1 : left, "step");
        const int64_t k = std::min(run, left);
        if (kGroundInRun && run >= left) groundAfterFall = run == left ? 1 : 0;
        b.y += kS * k;
        left -= k;
        if (left == 0) return false;
        if (kS > 0) return true;
        const int cornerCorrection = frame::clampedInt(p, kCornerCorrection);
        if (cornerCorrection <= 0 ||
            !corner(g, tr, cornerCorrection, b, frame::cornerPreference(s)))
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
    // predict): every reason to move sets some bit of one word, tested once. (Combining
    // comparisons with & lets the compiler split them into two branches again.)
    static_assert(KEY_L == 1 && KEY_R == 2, "left and right are the two lowest bits");
    const uint64_t moves = uint64_t(!s0.grounded) | uint64_t(s0.vx.raw) |
                           (uint64_t(s0.vy.raw) >> 63) | uint64_t(in & KEY_J) |
                           uint64_t((in ^ (in >> 1)) & 1);  // one side key, not both
    return moves == 0;
}

template <class G, class T>
__attribute__((noinline)) MoverState standStill(G g, T tr, const MoverState& s0) {
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
    frame::endFrame(s, false, blocked<false, 1>(g, tr, boxOf(s0), "ground"));
    return s;
}

// Every other frame: startFrame, the X sweep, the Y sweep, the grounded test. Out of line so
// that standing frames do not pay for its registers.
template <class G, class T>
__attribute__((noinline)) MoverState stepOn(G g, T tr, const MoverState& s0, InputBits in,
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
        frame::endFrame(s, f.jumped, blocked<false, 1>(g, tr, b, "ground"));
        return s;
    }

    // X sweep.
    const int64_t y0 = b.y;
    bool onGround = f.onGround, supportKnown = false, blockedX = false;
    if (nx > 0)
        blockedX = sweepX<1>(g, tr, p, b, nx, onGround, supportKnown);
    else if (nx < 0)
        blockedX = sweepX<-1>(g, tr, p, b, -nx, onGround, supportKnown);
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
        blockedY = sweepY<1>(g, tr, p, s, b, ny, groundAfterFall);
    else if (ny < 0)
        blockedY = sweepY<-1>(g, tr, p, s, b, -ny, groundAfterFall);
    if (blockedY) {
        s.y = Fix::fromInt(b.y);
        s.vy = Fix{};
    } else {
        s.y = targetY;
    }
    s.x += Fix::fromInt(b.x - x1);

    // Grounded: the box one pixel lower is blocked. Untraced, skip the probe when the sweep
    // already proved it (a fall's run, a landing, or a walk that kept its footing).
    bool grounded;
    if (groundAfterFall >= 0)
        grounded = groundAfterFall == 1;
    else if (!T::kOn && blockedY && ny > 0)
        grounded = true;
    else if (!T::kOn && ny == 0 && nx != 0 && onGround && supportKnown)
        grounded = true;
    else
        grounded = blocked<false, 1>(g, tr, b, "ground");
    frame::endFrame(s, f.jumped, grounded);
    return s;
}

// The step on a box that is empty or not inside the map (rare): out of line, so that the
// common case does not pay for its tests.
template <class T>
__attribute__((noinline)) MoverState stepAnyBox(T tr, const MoverState& s0, InputBits in,
                                                const ParamValues& p, const CollisionWorld& world) {
    const AnyBox g{world};
    return standsStill(s0, in) ? standStill(g, tr, s0) : stepOn(g, tr, s0, in, p);
}

// The step on the grid when the box is inside the map and not empty (the common case: the
// queries inline), else on any box.
template <class T>
TS_SWEEP_INLINE MoverState stepWith(T tr, const MoverState& s0, InputBits in, const ParamValues& p,
                                    const CollisionWorld& world) {
    // The callees derive the box again (two shifts) rather than take it as arguments.
    const Box b = boxOf(s0);
    if (world.gridSize().tile == 16) {
        const SweepGrid<4> g{world};
        if (g.holds(b))
            return standsStill(s0, in) ? standStill(g, tr, s0) : stepOn(g, tr, s0, in, p);
    } else {
        const SweepGrid<0> g{world};
        if (g.holds(b))
            return standsStill(s0, in) ? standStill(g, tr, s0) : stepOn(g, tr, s0, in, p);
    }
    return stepAnyBox(tr, s0, in, p, world);
}

struct StepBody {
    template <class T>
    static MoverState run(T tr, const MoverState& s, InputBits in, const ParamValues& p,
                          const CollisionWorld& world) {
        return stepWith(tr, s, in, p, world);
    }
};

}  // namespace

MoverState step(const void* ctx, const MoverState& s0, InputBits in, const ParamValues& p,
                const CollisionWorld& world, Trace* trace, const StepContext& sc) {
    return stepByPolicy<StepBody>(ctx, s0, in, p, world, trace, sc);
}

}  // namespace pixel_sweep
}  // namespace ts
