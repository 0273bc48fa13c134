#include "movers/topdown_aabb.h"

#include <algorithm>
#include <climits>
#include <string>

#include "world/collision.h"
#include "movers/builtin_fields.h"
#include "movers/model_fields.h"
#include "trace/probe_vocabulary.h"
#include "movers/detail/policy_step.h"
#include "movers/detail/topdown_aabb_sweep.h"

namespace ts {

namespace {

// Whole pixels, as the seed ("in a world without floating points"): the 3:2 straight to
// diagonal ratio is the point, and integer positions keep the model exactly mirror-symmetric.
const ParamSpec kParams[] = {
    {"straight_speed", "px/frame", 3, 0, 64, true, "Speed with one axis pressed (seed: 3)"},
    {"diagonal_speed", "px/frame", 2, 0, 64, true,
     "Speed on each axis with both axes pressed (seed: 2, about 3/sqrt(2))"},
    {"push_speed", "px/frame", 1, 0, 64, true,
     "Speed on the frame after one that ended pushing (seed: PUSH_SPEED, value not given)"},
    {"align_grid", "px", 16, 1, 256, true,
     "Spacing of the alignment lines the box's top-left is nudged toward (1 = off)"},
    {"nudge_step", "px/frame", 1, 0, 64, true,
     "Alignment nudge per frame while walking along one axis (0 = off)"},
};
static_assert(sizeof(kParams) / sizeof(kParams[0]) == kTdParamCount, "one spec per index");

struct Params {
    int64_t straight, diagonal, push, grid, nudge;
};

// Whole pixels within the spec's range; a fractional value (a hand-edited file) rounds down.
int64_t wholeParam(const ParamValues& p, int i) {
    const ParamSpec& s = kParams[i];
    return std::clamp<int64_t>(p[size_t(i)].floor(), int64_t(s.min), int64_t(s.max));
}

// inline: called from both instantiations of the step, it would otherwise no longer be
// inlined as it was into the single step (a call per frame).
inline Params readParams(const ParamValues& p) {
    return Params{wholeParam(p, kTdStraightSpeed), wholeParam(p, kTdDiagonalSpeed),
                  wholeParam(p, kTdPushSpeed), wholeParam(p, kTdAlignGrid),
                  wholeParam(p, kTdNudgeStep)};
}

const uint8_t kSides[4] = {DIR_UP, DIR_RIGHT, DIR_DOWN, DIR_LEFT};
const char* const kProbeWhy[4] = {"probe_n", "probe_e", "probe_s", "probe_w"};

bool probeHits(const topdown::Box& b, uint8_t d, const CollisionWorld& world) {
    return world.rectBlocked(topdown::probeRect(b, d), d);
}

// The seed's movement correction: moves the box's coordinate on one axis toward the nearest
// alignment line (ties toward +, as the seed's `y % 16 < 8 ? -1 : 1`) by at most the nudge
// step, never past the line and never into anything blocked. Returns the signed px moved.
template <class T>
int64_t nudge(T tr, topdown::Box& b, bool alongX, const Params& p, const CollisionWorld& world) {
    const int64_t coord = alongX ? b.x : b.y;
    const int64_t off = floorMod(coord, p.grid);
    if (off == 0 || p.nudge == 0) return 0;
    const int64_t toLine = 2 * off < p.grid ? -off : p.grid - off;
    const uint8_t d =
        alongX ? (toLine < 0 ? DIR_LEFT : DIR_RIGHT) : (toLine < 0 ? DIR_UP : DIR_DOWN);
    const int64_t x0 = b.x, y0 = b.y;
    const int64_t moved =
        topdown::sweep(tr, b, d, std::min(p.nudge, toLine < 0 ? -toLine : toLine), world);
    // From the box's top-left to the alignment line it is heading for.
    tr.arrow(moved > 0 ? Verdict::Pass : Verdict::Block, "nudge", Fix::fromInt(x0),
             Fix::fromInt(y0), Fix::fromInt(alongX ? x0 + toLine : x0),
             Fix::fromInt(alongX ? y0 : y0 + toLine));
    return toLine < 0 ? -moved : moved;
}

// The step, one function for the traced and the untraced run (core/trace/trace_policy.h).
template <class T>
MoverState stepWith(T tr, const MoverState& s, InputBits in, const ParamValues& pv,
                    const CollisionWorld& world) {
    const Params p = readParams(pv);
    MoverState o = s;
    topdown::Box b{s.x.floor(), s.y.floor(), std::max(1, s.w), std::max(1, s.h)};
    const int64_t x0 = b.x, y0 = b.y;

    // Opposite keys cancel.
    const int h = ((in & KEY_R) ? 1 : 0) - ((in & KEY_L) ? 1 : 0);
    const int v = ((in & KEY_D) ? 1 : 0) - ((in & KEY_U) ? 1 : 0);
    const uint8_t hDir = h > 0 ? DIR_RIGHT : h < 0 ? DIR_LEFT : DIR_NONE;
    const uint8_t vDir = v > 0 ? DIR_DOWN : v < 0 ? DIR_UP : DIR_NONE;
    const int pressed = (h != 0) + (v != 0);

    // The seed's four border probes (collN/E/S/W), before moving: asked only for the trace.
    if constexpr (T::kOn)
        for (int i = 0; i < 4; ++i) {
            int64_t px = 0, py = 0;
            topdown::probePixel(b, kSides[i], &px, &py);
            tr.point(probeHits(b, kSides[i], world) ? Verdict::Hit : Verdict::Miss, kProbeWhy[i],
                     px, py);
        }

    // The seed's restriction (`if (collN && dir != NORTH) moveNorth = false`): with diagonal
    // input, a side blocked at the start of the frame that is not the facing one neither
    // turns the actor nor moves it this frame. Asked only where it decides something.
    const topdown::Box start = b;
    auto restricted = [&](uint8_t d) {
        return pressed == 2 && d != s.facing &&
               world.rectBlocked(topdown::leadingStrip(start, d), d);
    };

    // Speed from the keys and from last frame's pushing, as the seed. Each axis sweeps on its
    // own (x first), so diagonal input against a wall keeps moving along the free axis. A
    // restricted x is blocked where the walk starts, so its sweep moves 0 px. So is a
    // restricted y when x did not move; when x did, the walk may have carried the box past
    // what blocks y, and y does not sweep at all (the trace shows what blocked it at the
    // start, as a sweep from there would).
    const int64_t speed = s.pushing ? p.push : pressed == 2 ? p.diagonal : p.straight;
    int64_t movedX = 0, movedY = 0, nudged = 0;
    if (hDir) {
        movedX = topdown::sweep(tr, b, hDir, speed, world);
        if (pressed == 1) nudged = nudge(tr, b, false, p, world);
    }
    int vRestricted = -1;  // not asked yet
    if (vDir && movedX != 0 && (vRestricted = restricted(vDir))) {
        if constexpr (T::kOn) {
            topdown::Box from = start;
            topdown::sweep(tr, from, vDir, speed, world);
        }
    } else if (vDir) {
        movedY = topdown::sweep(tr, b, vDir, speed, world);
        if (pressed == 1) nudged = nudge(tr, b, true, p, world);
    }

    // Facing (seed): turn only when the facing key is no longer held; with both axes newly
    // pressed the vertical one wins. A restricted axis does not turn the actor: it faces the
    // way it slides.
    const bool holdingFacing =
        (s.facing == DIR_LEFT && (in & KEY_L)) || (s.facing == DIR_RIGHT && (in & KEY_R)) ||
        (s.facing == DIR_UP && (in & KEY_U)) || (s.facing == DIR_DOWN && (in & KEY_D));
    uint8_t facing = s.facing;
    if (!holdingFacing) {
        if (hDir && !restricted(hDir)) facing = hDir;
        if (vDir && !(vRestricted < 0 ? restricted(vDir) : vRestricted)) facing = vDir;
    }

    // Pushing: holding the facing key, blocked there in the middle of the leading side (the
    // seed's "voronoi region": clipping a corner with the box's edge is not pushing), and not
    // sliding along the wall on the other axis.
    const bool holdingFacingNet = facing != DIR_NONE && (facing == hDir || facing == vDir);
    const int64_t slide = (facing == hDir) ? movedY : movedX;
    o.pushing = holdingFacingNet && slide == 0 && probeHits(b, facing, world);

    o.x = Fix::fromInt(b.x);
    o.y = Fix::fromInt(b.y);
    o.vx = Fix::fromInt(b.x - x0);
    o.vy = Fix::fromInt(b.y - y0);
    o.facing = facing;
    o.grounded = false;
    o.timer = pressed > 0 ? (s.timer < INT32_MAX ? s.timer + 1 : s.timer) : 0;
    o.aux = int32_t(nudged);
    return o;
}

struct StepBody {
    template <class T>
    static MoverState run(T tr, const MoverState& s, InputBits in, const ParamValues& p,
                          const CollisionWorld& world) {
        return stepWith(tr, s, in, p, world);
    }
};

void describe(const void*, const MoverState& s, ModelFields& out) {
    topdownAabbFields(s, out);
}

// The snag hunt's questions (MoverRules). Only input along one axis promises movement: with
// diagonal input the restriction (One frame, step 4) may hold an axis still by design. The
// speed is the one the frame uses (push_speed after a pushing frame). The sweep's question
// is CollisionWorld::stepBlocked of the box on whole pixels (the default).
uint8_t heldDirs(InputBits in, const MoverState& s, const ParamValues& p) {
    const int dx = ((in & KEY_R) ? 1 : 0) - ((in & KEY_L) ? 1 : 0);
    const int dy = ((in & KEY_D) ? 1 : 0) - ((in & KEY_U) ? 1 : 0);
    if ((dx != 0) == (dy != 0)) return 0;
    const Params q = readParams(p);
    if ((s.pushing ? q.push : q.straight) <= 0) return 0;
    if (dx) return dx > 0 ? DIR_RIGHT : DIR_LEFT;
    return dy > 0 ? DIR_DOWN : DIR_UP;
}

const MoverRules kRules = [] {
    MoverRules r;
    r.heldDirs = heldDirs;
    return r;
}();

}  // namespace

namespace {

// The four border probes before moving, the nudge toward the alignment line, and what a
// sweep met (detail/topdown_aabb_sweep.cpp).
constexpr unsigned kHitMiss = verdictBit(Verdict::Hit) | verdictBit(Verdict::Miss);
const ProbeWord kProbeWords[] = {{"probe_n", kHitMiss},
                                 {"probe_e", kHitMiss},
                                 {"probe_s", kHitMiss},
                                 {"probe_w", kHitMiss},
                                 {"nudge", verdictBit(Verdict::Pass) | verdictBit(Verdict::Block)},
                                 {"blocker", verdictBit(Verdict::Hit)}};
const ProbeVocabulary kProbes{kProbeWords, int(sizeof(kProbeWords) / sizeof(kProbeWords[0]))};

}  // namespace

const MoverInfo kTopDownAabbMover = {"topdown_aabb", "Top-down AABB (Zelda-like)",
                                     kParams,        int(sizeof(kParams) / sizeof(kParams[0])),
                                     false,          stepByPolicy<StepBody>,
                                     describe,       nullptr,
                                     nullptr,        MoverKind{},
                                     &kRules,        0xff7ec8ff,  // blue
                                     nullptr,  // fieldText: the values as written
                                     &kProbes};

}  // namespace ts
