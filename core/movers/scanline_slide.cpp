#include "movers/scanline_slide.h"

#include <string>

#include "world/collision.h"
#include "base/geom.h"
#include "movers/builtin_fields.h"
#include "movers/model_fields.h"
#include "trace/probe_vocabulary.h"
#include "movers/detail/policy_step.h"
#include "movers/detail/scanline_slide_cast.h"

namespace ts {

namespace {

using namespace scanline_slide;

// Defaults are the seed's pseudo-code constants (SHRINK_SIZE, STEP_COUNT, MOVABLE_RATE, one
// pixel per frame); the slide cap is the seed's one-pixel step too.
const ParamSpec kParams[] = {
    {"speed", "px/frame", 1, 0, 64, false,
     "Distance per frame on each pressed axis (seed: 1 px per frame)"},
    {"shrink_size", "px", 1, 0, 16, false,
     "Each end of the leading edge is shrunk by this much; the box may overlap solid by up to "
     "this much at its sides (seed SHRINK_SIZE; at most (min(w, h) - 1) / 2)"},
    {"step_count", "gaps", 3, 1, kMaxGaps, true,
     "Gaps between scanlines: step_count + 1 scanlines span the shrunk edge, both ends "
     "included (seed STEP_COUNT)"},
    {"movable_rate", "ratio", 0.6667, 0, 1, false,
     "Share of free scanlines (free / total) needed to slide around a partial block (seed "
     "MOVABLE_RATE)"},
    {"sliding", "0/1", 1, 0, 1, true,
     "1: when partly blocked on one axis, slide along the other toward the free side"},
    {"slide_cap", "px/frame", 1, 0, 64, false,
     "Most a slide moves in one frame (never more than speed either)"},
};
static_assert(sizeof(kParams) / sizeof(kParams[0]) == kSsParamCount, "one spec per index");

// Parameters clamped to their ranges: they may be anything after live tuning or a bad file.
struct Tuning {
    Fix speed, shrink, rate, slideCap;
    int gaps = 3;
    bool sliding = true;
};

Tuning tuning(const ParamValues& p, const MoverState& s) {
    Tuning t;
    const Fix limit = Fix::fromInt(64);
    t.speed = fixClamp(p[kSsSpeed], Fix{}, limit);
    t.slideCap = fixClamp(p[kSsSlideCap], Fix{}, limit);
    t.rate = fixClamp(p[kSsMovableRate], Fix{}, Fix::fromInt(1));
    // The shrunk edge keeps at least one pixel: 2 * shrink <= min(w, h) - 1.
    const int32_t minSize = s.w < s.h ? s.w : s.h;
    t.shrink = fixClamp(p[kSsShrink], Fix{}, Fix::ratio(minSize - 1, 2));
    const int64_t gaps = p[kSsStepCount].round();
    t.gaps = int(gaps < 1 ? 1 : (gaps > kMaxGaps ? kMaxGaps : gaps));
    t.sliding = p[kSsSliding].round() != 0;
    return t;
}

// Did the pass rate (free / total) reach the movable rate? Exact: no division.
bool rateReached(const EdgeCast& c, Fix rate) {
    return int64_t(c.total - c.blocked) * Fix::kOne >= rate.raw * c.total;
}

struct SweepResult {
    bool hit = false;
    EdgeCast cast;  // the cast that hit
};

// Moves the box `dist` px along one axis in sub-steps of at most one tile (so nothing thinner
// than a tile is skipped), stopping at the first contact.
template <class T>
SweepResult sweep(T tr, MoverState& s, bool vertical, int dir, Fix dist, const Tuning& t,
                  const CollisionWorld& world) {
    const Fix tile = Fix::fromInt(world.tileSize());
    Fix& main = vertical ? s.y : s.x;
    EdgeSweep q;
    q.vertical = vertical;
    q.mainSize = vertical ? s.h : s.w;
    q.perp = vertical ? s.x : s.y;
    q.perpSize = vertical ? s.w : s.h;
    q.shrink = t.shrink;
    q.gaps = t.gaps;
    SweepResult r;
    while (dist > Fix{}) {
        const Fix len = fixMin(dist, tile);
        q.from = main;
        q.to = dir > 0 ? main + len : main - len;
        r.cast = castEdge(tr, world, q);
        tr.value(rateReached(r.cast, t.rate) ? Verdict::Pass : Verdict::Block, "pass_rate",
                 Fix::ratio(r.cast.total - r.cast.blocked, r.cast.total), t.rate);
        main = r.cast.stop;
        if (r.cast.hit) {
            r.hit = true;
            break;
        }
        dist -= len;
    }
    return r;
}

// One pressed axis: move, and when partly blocked with only this axis pressed, slide along
// the other axis toward the side where nothing is in the way.
template <class T>
void moveAxis(T tr, MoverState& s, bool vertical, int dir, bool onlyAxis, const Tuning& t,
              const CollisionWorld& world) {
    const SweepResult r = sweep(tr, s, vertical, dir, t.speed, t, world);
    if (!r.hit) return;
    s.pushing = true;
    s.timer = r.cast.blocked;
    if (!onlyAxis || !t.sliding || !rateReached(r.cast, t.rate)) return;
    // Obstacles on both sides (or across the middle): no side is free.
    if (r.cast.centred || r.cast.low == r.cast.high) return;
    const int slideDir = r.cast.low ? 1 : -1;
    const Fix clearance = r.cast.low ? r.cast.clearLow : r.cast.clearHigh;
    const Fix amount = fixMin(fixMin(t.slideCap, t.speed), clearance);
    if (amount <= Fix{}) return;
    Fix& perp = vertical ? s.x : s.y;
    const Fix before = perp;
    const Fix cx = s.x + Fix::ratio(s.w, 2), cy = s.y + Fix::ratio(s.h, 2);
    sweep(tr, s, !vertical, slideDir, amount, t, world);
    s.aux = int32_t((perp - before).raw);  // at most 64 px: fits
    tr.arrow(Verdict::Info, "slide", cx, cy, s.x + Fix::ratio(s.w, 2), s.y + Fix::ratio(s.h, 2));
}

// The step, one function for the traced and the untraced run (core/trace/trace_policy.h).
template <class T>
MoverState stepWith(T tr, const MoverState& s0, InputBits in, const ParamValues& p,
                    const CollisionWorld& world) {
    MoverState s = s0;
    s.vx = s.vy = Fix{};
    s.pushing = false;
    s.grounded = false;
    s.timer = 0;
    s.aux = 0;
    if (s.w < 1 || s.h < 1) return s;
    // Opposite keys cancel; the jump key means nothing top-down.
    const int dx = ((in & KEY_R) ? 1 : 0) - ((in & KEY_L) ? 1 : 0);
    const int dy = ((in & KEY_D) ? 1 : 0) - ((in & KEY_U) ? 1 : 0);
    const uint8_t held = uint8_t((dx < 0 ? DIR_LEFT : 0) | (dx > 0 ? DIR_RIGHT : 0) |
                                 (dy < 0 ? DIR_UP : 0) | (dy > 0 ? DIR_DOWN : 0));
    // Facing stays while its key is held; otherwise it follows the horizontal key first.
    if (held && !(held & s.facing))
        s.facing = dx ? (dx > 0 ? DIR_RIGHT : DIR_LEFT) : (dy > 0 ? DIR_DOWN : DIR_UP);
    const Tuning t = tuning(p, s);
    // X then Y, as the seed's update(); both axes move the full speed (no diagonal scaling).
    if (dx) moveAxis(tr, s, false, dx, dy == 0, t, world);
    if (dy) moveAxis(tr, s, true, dy, dx == 0, t, world);
    s.vx = s.x - s0.x;
    s.vy = s.y - s0.y;
    return s;
}

struct StepBody {
    template <class T>
    static MoverState run(T tr, const MoverState& s, InputBits in, const ParamValues& p,
                          const CollisionWorld& world) {
        return stepWith(tr, s, in, p, world);
    }
};

void describe(const void*, const MoverState& s, ModelFields& out) {
    scanlineSlideFields(s, out);
}

// The snag hunt's questions (MoverRules), answered by the model's own cast and tolerance.
// Each pressed axis moves `speed` (opposite keys cancel; both axes when diagonal).
uint8_t heldDirs(InputBits in, const MoverState& s, const ParamValues& p) {
    if (s.w < 1 || s.h < 1 || tuning(p, s).speed <= Fix{}) return 0;
    const int dx = ((in & KEY_R) ? 1 : 0) - ((in & KEY_L) ? 1 : 0);
    const int dy = ((in & KEY_D) ? 1 : 0) - ((in & KEY_U) ? 1 : 0);
    return uint8_t((dx < 0 ? DIR_LEFT : 0) | (dx > 0 ? DIR_RIGHT : 0) | (dy < 0 ? DIR_UP : 0) |
                   (dy > 0 ? DIR_DOWN : 0));
}

// Blocked: the cast of one frame's move (at most one tile) in `dir` stops where the box is.
bool moveBlocked(const MoverState& s, const ParamValues& p, const CollisionWorld& world,
                 uint8_t dir) {
    const Tuning t = tuning(p, s);
    const bool vertical = dir == DIR_UP || dir == DIR_DOWN;
    const int sign = dir == DIR_LEFT || dir == DIR_UP ? -1 : 1;
    EdgeSweep q;
    q.vertical = vertical;
    q.mainSize = vertical ? s.h : s.w;
    q.perp = vertical ? s.x : s.y;
    q.perpSize = vertical ? s.w : s.h;
    q.shrink = t.shrink;
    q.gaps = t.gaps;
    q.from = vertical ? s.y : s.x;
    const Fix len = fixMin(t.speed, Fix::fromInt(world.tileSize()));
    if (len <= Fix{}) return true;
    q.to = sign > 0 ? q.from + len : q.from - len;
    const EdgeCast c = castEdge(NoTrace{}, world, q);
    return c.hit && c.stop == q.from;
}

// The box shrunk by the tolerance on all four sides, its whole pixels only.
RectI solidBox(const MoverState& s, const ParamValues& p) {
    const Fix sh = tuning(p, s).shrink;
    const int64_t x0 = (s.x + sh).ceil(), y0 = (s.y + sh).ceil();
    const int64_t x1 = (s.x + Fix::fromInt(s.w) - sh).floor();
    const int64_t y1 = (s.y + Fix::fromInt(s.h) - sh).floor();
    return RectI{x0, y0, x1 > x0 ? x1 - x0 : 0, y1 > y0 ? y1 - y0 : 0};
}

// In solid past the tolerance, exactly as the model promises never to end a frame (docs
// "The tolerance"): the shrunk box [x + s, x + w - s) x [y + s, y + h - s) overlaps a blocked
// cell (slope cells whole), a brush or a wall across it. Asked of its pixel cover, which is
// exact since all geometry has whole-pixel edges. solidBox's inward whole pixels would miss an
// overlap of under a pixel: with a fractional shrink (--vary params) a spawn 1 px into a
// pillar passed for free, where the model can only move away (issue 27).
bool insideSolid(const MoverState& s, const ParamValues& p, const CollisionWorld& world) {
    const Fix sh = tuning(p, s).shrink;
    const int64_t x0 = (s.x + sh).floor(), y0 = (s.y + sh).floor();
    const int64_t x1 = (s.x + Fix::fromInt(s.w) - sh).ceil();
    const int64_t y1 = (s.y + Fix::fromInt(s.h) - sh).ceil();
    if (x1 <= x0 || y1 <= y0) return false;
    const RectI cover{x0, y0, x1 - x0, y1 - y0};
    if (world.rectOverlapsSolid(cover)) return true;
    const int64_t t = world.tileSize();
    for (int64_t cy = floorDiv(cover.y, t); cy <= floorDiv(cover.bottom() - 1, t); ++cy)
        for (int64_t cx = floorDiv(cover.x, t); cx <= floorDiv(cover.right() - 1, t); ++cx)
            if (world.cellBlocked(cx, cy, DIR_NONE)) return true;
    return false;
}

const MoverRules kRules = [] {
    MoverRules r;
    r.heldDirs = heldDirs;
    r.moveBlocked = moveBlocked;
    r.solidBox = solidBox;
    r.insideSolid = insideSolid;
    return r;
}();

}  // namespace

namespace {

// Each scanline of a cast (detail/scanline_slide_cast.cpp), the cast's pass rate against the
// movable rate, and the slide made.
constexpr unsigned kPassBlock = verdictBit(Verdict::Pass) | verdictBit(Verdict::Block);
const ProbeWord kProbeWords[] = {
    {"scanline", kPassBlock}, {"pass_rate", kPassBlock}, {"slide", verdictBit(Verdict::Info)}};
const ProbeVocabulary kProbes{kProbeWords, int(sizeof(kProbeWords) / sizeof(kProbeWords[0]))};

}  // namespace

const MoverInfo kScanlineSlideMover = {"scanline_slide",
                                       "Scanline slide (Bomberman-like)",
                                       kParams,
                                       int(sizeof(kParams) / sizeof(kParams[0])),
                                       false,
                                       stepByPolicy<StepBody>,
                                       describe,
                                       nullptr,
                                       nullptr,
                                       MoverKind{},
                                       &kRules,
                                       0xffffb45a,  // orange
                                       nullptr,     // fieldText: the values as written
                                       &kProbes};

}  // namespace ts
