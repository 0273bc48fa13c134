#include "movers/grid_walls.h"

#include <string>
#include <utility>
#include <vector>

#include "world/collision.h"
#include "movers/model_fields.h"
#include "trace/probe_vocabulary.h"
#include "movers/detail/policy_step.h"
#include "movers/grid_walls_region.h"
#include "movers/detail/grid_walls_sweep.h"

namespace ts {

namespace {

using namespace grid_walls;

// The seed gives no speed. Cells rather than px, like the band, so that a map behaves the
// same at any tile size.
const ParamSpec kParams[] = {
    {"speed", "cells/frame", 0.125, 0, 16, false,
     "Distance per frame on each pressed axis (0.125 = 2 px/frame with 16-px tiles)"},
    {"band", "cells", 0.25, 0.015625, 0.46875, false,
     "How close the centre may come to a wall line (seed: 1/4 cell, radius plus wall width)"},
    {"normalize_diagonal", "0/1", 1, 0, 1, true,
     "1: diagonal input moves speed/sqrt(2) on each axis; 0: speed on each axis"},
};
static_assert(sizeof(kParams) / sizeof(kParams[0]) == kGwParamCount, "one spec per index");

// 1/sqrt(2) in 16-bit fixed point, rounded to nearest (0.70710754...).
constexpr int64_t kInvSqrt2Raw = 46341;

Fix px(int64_t raw) {
    return Fix::fromRaw(raw);
}

// The 3 x 3 regions around the centre (Cell: the region's px rectangle, class in `why`,
// Block when forbidden) and the bands of the walls on the edges of the 3 x 3 cells
// around it (Band in px). Only for the trace: the step itself asks none of this.
void traceSurroundings(WithTrace tr, const CollisionWorld& world, const Lattice& l, int64_t x,
                       int64_t y) {
    static const char* const kRegionWhy[] = {"region_a", "region_b", "region_c"};
    const int64_t hx = regionIndex(x, l), hy = regionIndex(y, l);
    for (int64_t ry = hy - 1; ry <= hy + 1; ++ry)
        for (int64_t rx = hx - 1; rx <= hx + 1; ++rx)
            tr.cell(regionForbidden(world, rx, ry) ? Verdict::Block : Verdict::Pass,
                    kRegionWhy[int(regionClass(rx, ry))], px(regionStart(rx, l)),
                    px(regionStart(ry, l)), px(regionStart(rx + 1, l)), px(regionStart(ry + 1, l)));
    const int64_t c = l.cell, b = l.band;
    const int64_t cx = floorDiv(x, c), cy = floorDiv(y, c);
    for (int64_t k = cy - 1; k <= cy + 2; ++k)
        for (int64_t i = cx - 1; i <= cx + 1; ++i)
            if (wallOnH(world, i, k))
                tr.band(Verdict::Block, "band_h", px(i * c - b), px(k * c - b), px((i + 1) * c + b),
                        px(k * c + b));
    for (int64_t j = cy - 1; j <= cy + 1; ++j)
        for (int64_t k = cx - 1; k <= cx + 2; ++k)
            if (wallOnV(world, k, j))
                tr.band(Verdict::Block, "band_v", px(k * c - b), px(j * c - b), px(k * c + b),
                        px((j + 1) * c + b));
}

// The step, one function for the traced and the untraced run (core/trace/trace_policy.h). Traced,
// it also records the surroundings (asked only for the trace), the wanted move and the move
// made.
template <class T>
MoverState stepWith(T tr, const MoverState& s0, InputBits in, const ParamValues& p,
                    const CollisionWorld& world) {
    MoverState s = s0;
    const Lattice l = makeLattice(world.tileSize(), p[kGwBand]);
    const int sx = ((in & KEY_R) ? 1 : 0) - ((in & KEY_L) ? 1 : 0);
    const int sy = ((in & KEY_D) ? 1 : 0) - ((in & KEY_U) ? 1 : 0);
    const Fix speed = fixClamp(p[kGwSpeed], Fix{}, Fix::fromInt(16));
    int64_t dist = speed.raw * world.tileSize();  // raw px on each moving axis
    // Rounded down on the magnitude, so that mirrored input moves exactly mirrored.
    if (sx != 0 && sy != 0 && p[kGwNormalizeDiagonal] != Fix{})
        dist = (dist * kInvSqrt2Raw) >> Fix::kFracBits;
    if (sx == 0 && sy == 0) dist = 0;

    const int64_t x0 = s.x.raw, y0 = s.y.raw;
    if constexpr (T::kOn) traceSurroundings(tr, world, l, x0, y0);
    tr.arrow(Verdict::Info, "want", px(x0), px(y0), px(x0 + sx * dist), px(y0 + sy * dist));
    const SweepResult r = sweep(tr, world, l, x0, y0, sx, sy, dist);
    tr.arrow(r.blocked ? Verdict::Block : Verdict::Pass, "move", px(x0), px(y0), px(r.x), px(r.y));

    s.x = px(r.x);
    s.y = px(r.y);
    s.vx = px(r.x - x0);
    s.vy = px(r.y - y0);
    const int region = int(regionClass(regionIndex(r.x, l), regionIndex(r.y, l)));
    s.aux = (r.blocked & (kBlockedX | kBlockedY)) | (region << kGwAuxRegionShift);
    s.timer = 0;
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
    static const char* const kBlocked[] = {"none", "x", "y", "xy"};
    out.nameField("region", regionClassName(RegionClass((s.aux >> kGwAuxRegionShift) & 3)));
    out.nameField("blocked", kBlocked[s.aux & 3]);
}

// The snag hunt's questions (MoverRules), answered by the model's own regions and sweep: the
// body is the centre and its forbidden regions, not a box.
uint8_t heldDirs(InputBits in, const MoverState&, const ParamValues& p) {
    if (fixClamp(p[kGwSpeed], Fix{}, Fix::fromInt(16)) <= Fix{}) return 0;
    const int sx = ((in & KEY_R) ? 1 : 0) - ((in & KEY_L) ? 1 : 0);
    const int sy = ((in & KEY_D) ? 1 : 0) - ((in & KEY_U) ? 1 : 0);
    return uint8_t((sx < 0 ? DIR_LEFT : 0) | (sx > 0 ? DIR_RIGHT : 0) | (sy < 0 ? DIR_UP : 0) |
                   (sy > 0 ? DIR_DOWN : 0));
}

// Blocked: the model's own sweep of the smallest move (1/65536 px) in `dir` does not move.
bool moveBlocked(const MoverState& s, const ParamValues& p, const CollisionWorld& world,
                 uint8_t dir) {
    const Lattice l = makeLattice(world.tileSize(), p[kGwBand]);
    const int sx = dir == DIR_LEFT ? -1 : dir == DIR_RIGHT ? 1 : 0;
    const int sy = dir == DIR_UP ? -1 : dir == DIR_DOWN ? 1 : 0;
    const SweepResult r = sweep(NoTrace{}, world, l, s.x.raw, s.y.raw, sx, sy, 1);
    return r.x == s.x.raw && r.y == s.y.raw;
}

// The body as a box: the pixel of the centre (the model never reads w; the bands around the
// walls stand for the body, and a centre near the border is where the model lets it be).
RectI solidBox(const MoverState& s, const ParamValues&) {
    return RectI{s.x.floor(), s.y.floor(), 1, 1};
}

bool insideSolid(const MoverState& s, const ParamValues& p, const CollisionWorld& world) {
    const Lattice l = makeLattice(world.tileSize(), p[kGwBand]);
    return regionForbidden(world, regionIndex(s.x.raw, l), regionIndex(s.y.raw, l));
}

// Does the centre's path along one axis, then the other, pass a forbidden region? (The fast
// checks: a free one answers pathBlocked at once.)
bool legBlocked(const CollisionWorld& world, const Lattice& l, int64_t ax, int64_t ay, int64_t bx,
                int64_t by, bool xFirst) {
    const int64_t hx0 = regionIndex(ax, l), hx1 = regionIndex(bx, l);
    const int64_t hy0 = regionIndex(ay, l), hy1 = regionIndex(by, l);
    const int64_t fixedY = xFirst ? hy0 : hy1, fixedX = xFirst ? hx1 : hx0;
    for (int64_t h = hx0; h != hx1; h += hx1 > hx0 ? 1 : -1)
        if (regionForbidden(world, h + (hx1 > hx0 ? 1 : -1), fixedY)) return true;
    for (int64_t h = hy0; h != hy1; h += hy1 > hy0 ? 1 : -1)
        if (regionForbidden(world, fixedX, h + (hy1 > hy0 ? 1 : -1))) return true;
    return false;
}

// One frame moves each axis one way only (along an axis, or along the diagonal and then,
// when one axis is stopped, along the other), region by region, never into a forbidden
// region; where it reaches a grid crossing on both axes at once it goes straight into the
// diagonal region when that one is free, whatever the two beside it (the sweep's rule), so
// two forbidden regions meeting at a single point do not stop it (today's regions never meet
// so with the other two free: a wall forbids the crossings at both its ends; the walk keeps
// the sweep's rule all the same). Is there no such walk from a's region to b's: steps toward
// b on x, on y or on both, through free regions? Row by row over the rectangle of regions
// between the two; one larger than kMaxRegions keeps the straight legs' verdict (blocked).
constexpr int64_t kMaxRegions = int64_t(1) << 16;

bool walkBlocked(const CollisionWorld& world, const Lattice& l, int64_t ax, int64_t ay, int64_t bx,
                 int64_t by) {
    const int64_t hx0 = regionIndex(ax, l), hx1 = regionIndex(bx, l);
    const int64_t hy0 = regionIndex(ay, l), hy1 = regionIndex(by, l);
    const int64_t sx = hx1 < hx0 ? -1 : 1, sy = hy1 < hy0 ? -1 : 1;
    const int64_t nx = (hx1 - hx0) * sx + 1, ny = (hy1 - hy0) * sy + 1;
    if (nx > kMaxRegions || ny > kMaxRegions || nx * ny > kMaxRegions) return true;
    std::vector<uint8_t> above(size_t(nx), 0), row(size_t(nx), 0);
    for (int64_t j = 0; j < ny; ++j) {
        for (int64_t i = 0; i < nx; ++i) {
            const bool from = (i == 0 && j == 0) || (i > 0 && row[size_t(i - 1)]) ||
                              above[size_t(i)] || (i > 0 && above[size_t(i - 1)]);
            row[size_t(i)] = from && !regionForbidden(world, hx0 + i * sx, hy0 + j * sy) ? 1 : 0;
        }
        std::swap(above, row);
    }
    return !above[size_t(nx - 1)];
}

// The tunnel detector's question, by this model's own path rule (not the default box walk:
// the body is the centre and its regions).
bool pathBlocked(const MoverState& a, const MoverState& b, const ParamValues& p,
                 const CollisionWorld& world) {
    const Lattice l = makeLattice(world.tileSize(), p[kGwBand]);
    return legBlocked(world, l, a.x.raw, a.y.raw, b.x.raw, b.y.raw, true) &&
           legBlocked(world, l, a.x.raw, a.y.raw, b.x.raw, b.y.raw, false) &&
           walkBlocked(world, l, a.x.raw, a.y.raw, b.x.raw, b.y.raw);
}

const MoverRules kRules = [] {
    MoverRules r;
    r.heldDirs = heldDirs;
    r.moveBlocked = moveBlocked;
    r.solidBox = solidBox;
    r.insideSolid = insideSolid;
    r.pathBlocked = pathBlocked;
    return r;
}();

}  // namespace

namespace {

// The region cells and bands around the centre (regionsTrace), the wanted and the made move,
// and detail/grid_walls_sweep.cpp's refusals (each rule by name), escapes and re-checks. No
// c_corner_tie_xy: a tie keeps exactly one axis, so it refuses one.
constexpr unsigned kPassBlock = verdictBit(Verdict::Pass) | verdictBit(Verdict::Block),
                   kBlock = verdictBit(Verdict::Block);
const ProbeWord kProbeWords[] = {
    {"region_a", kPassBlock},   {"region_b", kPassBlock},  {"region_c", kPassBlock},
    {"band_h", kBlock},         {"band_v", kBlock},        {"want", verdictBit(Verdict::Info)},
    {"move", kPassBlock},       {"escape_x", kBlock},      {"escape_y", kBlock},
    {"recheck_x", kPassBlock},  {"recheck_y", kPassBlock}, {"b_block_x", kBlock},
    {"b_block_y", kBlock},      {"b_block_xy", kBlock},    {"c_from_b_x", kBlock},
    {"c_from_b_y", kBlock},     {"c_from_b_xy", kBlock},   {"c_corner_x", kBlock},
    {"c_corner_y", kBlock},     {"c_corner_xy", kBlock},   {"c_corner_tie_x", kBlock},
    {"c_corner_tie_y", kBlock}, {"a_solid_x", kBlock},     {"a_solid_y", kBlock},
    {"a_solid_xy", kBlock}};
const ProbeVocabulary kProbes{kProbeWords, int(sizeof(kProbeWords) / sizeof(kProbeWords[0]))};

}  // namespace

const MoverInfo kGridWallsMover = {"grid_walls", "Grid-edge walls (round)",
                                   kParams,      int(sizeof(kParams) / sizeof(kParams[0])),
                                   true,         stepByPolicy<StepBody>,
                                   describe,     nullptr,
                                   nullptr,      MoverKind{},
                                   &kRules,      0xff7ee0a0,  // green
                                   nullptr,                   // fieldText: the values as written
                                   &kProbes};

}  // namespace ts
