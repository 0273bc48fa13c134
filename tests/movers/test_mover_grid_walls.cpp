// Grid-edge walls (seed 002), hand-made maps: the seed's region table, thin walls and their
// ends approached from every side, the deterministic corner rule, corridors, long steps, the
// map border, what counts as a wall, and the trace. Expected positions are worked out by
// hand from the band rule: with 16-px tiles and the default band of 1/4 cell (4 px), the
// centre may lie at k*16 + 4 (the band [k*16 - 4, k*16 + 4) is half-open) but at most at
// k*16 - 4 - 1/65536 on the other side.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "world/collision.h"
#include "movers/grid_walls.h"
#include "movers/grid_walls_region.h"
#include "sim/sim.h"
#include "test_support.h"
#include "trace/trace.h"

using namespace ts;
using namespace ts::grid_walls;

namespace {

constexpr int64_t kOne = Fix::kOne;
constexpr int64_t kEps = 1;  // one raw unit: 1/65536 px

int64_t rawPx(int64_t px) {
    return px * kOne;
}

MoverState at(int64_t xRaw, int64_t yRaw) {
    MoverState s;
    s.x = Fix::fromRaw(xRaw);
    s.y = Fix::fromRaw(yRaw);
    s.w = s.h = 8;
    return s;
}

ParamValues params(double speedCells = 0.125) {
    ParamValues p = defaultParams(MoverKind::GridWalls);
    p[kGwSpeed] = Fix::fromDouble(speedCells);
    return p;
}

MoverState run(const CollisionWorld& w, MoverState s, InputBits keys, int frames,
               const ParamValues& p, Trace* trace = nullptr) {
    for (int i = 0; i < frames; ++i) s = kGridWallsMover.step(s, keys, p, w, trace);
    return s;
}

bool traceHas(const Trace& t, ProbeShape shape, const std::string& why) {
    return std::any_of(t.probes.begin(), t.probes.end(),
                       [&](const Probe& p) { return p.shape == shape && why == p.why; });
}

// The centre's region under the default band, forbidden or not, via the model's own
// classification (the property tests check against an independent geometric rule).
bool forbiddenAt(const CollisionWorld& w, const MoverState& s) {
    const Lattice l = makeLattice(w.tileSize(), Fix::ratio(1, 4));
    return regionForbidden(w, regionIndex(s.x.raw, l), regionIndex(s.y.raw, l));
}

}  // namespace

// --- Regions -------------------------------------------------------------------------------

// The seed's table: Math.round(2x) even = on a wall line; both odd "a", one odd "b", both
// even "c". Values worked out by hand: 2 * 0.25 + 0.5 = 1 (odd: a half rounds up), 2 * -0.25
// + 0.5 = 0 (even), 2 * -0.75 + 0.5 = -1 (odd), and one raw unit below each flips it.
TEST(GridWallsRegion, SeedTableWithHalvesRoundingUp) {
    const Fix half = Fix::ratio(1, 2), quarter = Fix::ratio(1, 4), eps = Fix::fromRaw(1);
    EXPECT_EQ(seedRegion(half, half), RegionClass::A);
    EXPECT_EQ(seedRegion(half, Fix{}), RegionClass::B);
    EXPECT_EQ(seedRegion(Fix{}, half), RegionClass::B);
    EXPECT_EQ(seedRegion(Fix{}, Fix{}), RegionClass::C);
    EXPECT_EQ(seedRegion(Fix::fromInt(3), Fix::fromInt(-2)), RegionClass::C);
    EXPECT_EQ(seedHalfIndex(quarter), 1);
    EXPECT_EQ(seedHalfIndex(quarter - eps), 0);
    EXPECT_EQ(seedHalfIndex(-quarter), 0);
    EXPECT_EQ(seedHalfIndex(-quarter - eps), -1);
    EXPECT_EQ(seedHalfIndex(Fix::ratio(-3, 4)), -1);
    EXPECT_EQ(seedHalfIndex(Fix::ratio(-3, 4) - eps), -2);
    EXPECT_EQ(seedHalfIndex(Fix::ratio(3, 4)), 2);
    EXPECT_EQ(seedRegion(quarter, half), RegionClass::A);
    EXPECT_EQ(seedRegion(quarter - eps, half), RegionClass::B);
    EXPECT_EQ(seedRegion(-quarter, -quarter), RegionClass::C);
    EXPECT_EQ(seedRegion(-quarter - eps, -quarter - eps), RegionClass::A);
    EXPECT_STREQ(regionClassName(RegionClass::B), "b");
}

// With band = 1/4 the general region index is exactly the seed's floor(2x + 1/2): checked on
// every boundary and its neighbours, and on a dense sweep, negative coordinates included.
TEST(GridWallsRegion, GeneralIndexEqualsSeedRoundingAtQuarterBand) {
    for (int32_t tile : {4, 16, 64, 256}) {
        const Lattice l = makeLattice(tile, Fix::ratio(1, 4));
        ASSERT_EQ(l.band * 4, l.cell);
        auto check = [&](int64_t cellsRaw) {
            ASSERT_EQ(regionIndex(cellsRaw * tile, l), seedHalfIndex(Fix::fromRaw(cellsRaw)))
                << "tile " << tile << " cells raw " << cellsRaw;
        };
        for (int64_t q = -20; q <= 20; ++q)  // boundaries at odd multiples of 1/4 cell
            for (int64_t d = -2; d <= 2; ++d) check(q * kOne / 4 + d);
        for (int64_t v = -5 * kOne; v <= 5 * kOne; v += 97) check(v);
    }
}

TEST(GridWallsRegion, StartsAndIndicesAgreeForAnyBandAndSign) {
    for (Fix band : {Fix::ratio(1, 64), Fix::ratio(1, 10), Fix::ratio(1, 4), Fix::ratio(15, 32)}) {
        const Lattice l = makeLattice(16, band);
        for (int64_t h = -41; h <= 41; ++h) {
            EXPECT_EQ(regionIndex(regionStart(h, l), l), h);
            EXPECT_EQ(regionIndex(regionStart(h, l) - 1, l), h - 1);
            EXPECT_LT(regionStart(h, l), regionStart(h + 1, l));
        }
    }
    // By hand, band 1/4 of a 16-px cell: line -1 owns [-20, -12) px, cell -1 [-12, -4).
    const Lattice l = makeLattice(16, Fix::ratio(1, 4));
    EXPECT_EQ(regionIndex(rawPx(-20), l), -2);
    EXPECT_EQ(regionIndex(rawPx(-12) - 1, l), -2);
    EXPECT_EQ(regionIndex(rawPx(-12), l), -1);
    EXPECT_EQ(regionIndex(rawPx(-4) - 1, l), -1);
    EXPECT_EQ(regionIndex(rawPx(-4), l), 0);
    EXPECT_EQ(regionStart(-2, l), rawPx(-20));
    EXPECT_EQ(regionStart(-1, l), rawPx(-12));
    // Far from the origin the arithmetic stays exact.
    EXPECT_EQ(regionIndex(rawPx(1000000 + 4), l), 2 * 62500 + 1);
    EXPECT_EQ(regionIndex(rawPx(1000000 + 4) - 1, l), 2 * 62500);
}

TEST(GridWallsRegion, BandIsClampedToTheSupportedRange) {
    EXPECT_EQ(makeLattice(16, Fix{}).band, 16 * kOne / 64);
    EXPECT_EQ(makeLattice(16, Fix::fromInt(3)).band, 16 * 15 * kOne / 32);
    EXPECT_EQ(makeLattice(16, Fix::ratio(1, 4)).band, 4 * kOne);
}

TEST(GridWallsRegion, ForbiddenRegionsOfWallsSolidCellsAndTheBorder) {
    Map m = test::mapFromRows({"......", "......", "......", "...#..", "...=..", "......"});
    m.walls.setH(1, 2, true);  // top edge of cell (1, 2): line y = 2, x in [1, 2]
    CollisionWorld w(m);
    EXPECT_TRUE(regionForbidden(w, 3, 4));    // b on the wall
    EXPECT_TRUE(regionForbidden(w, 2, 4));    // c at its left end
    EXPECT_TRUE(regionForbidden(w, 4, 4));    // c at its right end
    EXPECT_FALSE(regionForbidden(w, 5, 4));   // b next to it, no wall
    EXPECT_FALSE(regionForbidden(w, 3, 3));   // a above
    EXPECT_FALSE(regionForbidden(w, 3, 5));   // a below
    EXPECT_TRUE(regionForbidden(w, 7, 7));    // a inside the solid cell (3, 3)
    EXPECT_TRUE(regionForbidden(w, 7, 6));    // b on its top edge
    EXPECT_TRUE(regionForbidden(w, 6, 7));    // b on its left edge
    EXPECT_TRUE(regionForbidden(w, 8, 8));    // c at its corner
    EXPECT_FALSE(regionForbidden(w, 7, 9));   // a of the one-way cell (3, 4)
    EXPECT_FALSE(regionForbidden(w, 7, 10));  // b between one-way (3, 4) and empty (3, 5)
    EXPECT_TRUE(regionForbidden(w, 0, 5));    // map border x = 0
    EXPECT_TRUE(regionForbidden(w, 5, 12));   // map border y = 6
    EXPECT_TRUE(regionForbidden(w, -1, 5));   // outside
}

// --- Thin walls ----------------------------------------------------------------------------

TEST(GridWalls, ThinWallStopsAtTheBandFromBothSides) {
    Map m = Map::blank(6, 8);
    m.walls.setH(2, 3, true);  // line y = 48 px, x in [32, 48]
    CollisionWorld w(m);
    MoverState up = run(w, at(rawPx(40), rawPx(72)), KEY_U, 40, params());
    EXPECT_EQ(up.y.raw, rawPx(52));
    EXPECT_EQ(up.x.raw, rawPx(40));
    EXPECT_EQ(up.aux & kGwAuxBlockedY, kGwAuxBlockedY);
    MoverState down = run(w, at(rawPx(40), rawPx(24)), KEY_D, 40, params());
    EXPECT_EQ(down.y.raw, rawPx(44) - kEps);
    // Sliding along it: up+right keeps moving right, y stays at the band's edge.
    MoverState slide = run(w, at(rawPx(40), rawPx(56)), KEY_U | KEY_R, 3, params());
    EXPECT_EQ(slide.y.raw, rawPx(52));
    EXPECT_GT(slide.x.raw, rawPx(40));
}

// A lone vertical wall, line x = 48 px from y = 32 to 48. Its forbidden box is
// [44, 52) x [28, 52) px. Every straight approach stops at the box's edge; one raw unit
// outside the band the actor passes.
TEST(GridWalls, WallEndsStopARoundActorFromEverySide) {
    Map m = Map::blank(7, 7);
    m.walls.setV(3, 2, true);
    CollisionWorld w(m);
    const ParamValues p = params();
    EXPECT_EQ(run(w, at(rawPx(24), rawPx(40)), KEY_R, 40, p).x.raw, rawPx(44) - kEps);
    EXPECT_EQ(run(w, at(rawPx(72), rawPx(40)), KEY_L, 40, p).x.raw, rawPx(52));
    for (int64_t x : {rawPx(44), rawPx(48), rawPx(52) - kEps}) {  // inside the band
        EXPECT_EQ(run(w, at(x, rawPx(8)), KEY_D, 40, p).y.raw, rawPx(28) - kEps) << x;
        EXPECT_EQ(run(w, at(x, rawPx(88)), KEY_U, 40, p).y.raw, rawPx(52)) << x;
    }
    for (int64_t x : {rawPx(44) - kEps, rawPx(52)}) {  // just outside: passes the wall by
        MoverState s = run(w, at(x, rawPx(8)), KEY_D, 30, p);
        EXPECT_EQ(s.y.raw, rawPx(68)) << x;
        EXPECT_EQ(s.aux & 3, 0) << x;
    }
}

// Diagonal approaches that enter the x band and the y band at the same raw unit: the seed's
// corner case. Crossing (3, 2) = (48, 32) px; the actor starts 8 px up-left of it, 4 px from
// both bands, and moves down-right.
struct CornerCase {
    const char* name;
    bool hNear, vNear, hFar, vFar;  // walls meeting the crossing, seen from the actor
    const char* why;
    bool xMoves, yMoves;  // after the corner frame sequence
};

TEST(GridWalls, DiagonalIntoACrossingFollowsTheSeedAndTheDeterministicRule) {
    const CornerCase cases[] = {
        // The wall on the approach side in x is horizontal: vertical travel stops.
        {"near_h", true, false, false, false, "c_corner_y", true, false},
        // The wall on the approach side in y is vertical: horizontal travel stops.
        {"near_v", false, true, false, false, "c_corner_x", false, true},
        {"near_both", true, true, false, false, "c_corner_xy", false, false},
        // Only walls beyond the crossing: the seed picks at random; here a horizontal wall
        // stops vertical travel, else horizontal travel stops.
        {"far_h", false, false, true, false, "c_corner_tie_y", true, false},
        {"far_v", false, false, false, true, "c_corner_tie_x", false, true},
        {"far_both", false, false, true, true, "c_corner_tie_y", true, false},
    };
    for (const CornerCase& c : cases) {
        Map m = Map::blank(7, 7);
        if (c.hNear) m.walls.setH(2, 2, true);  // left of the crossing
        if (c.vNear) m.walls.setV(3, 1, true);  // above it
        if (c.hFar) m.walls.setH(3, 2, true);   // right of it
        if (c.vFar) m.walls.setV(3, 2, true);   // below it
        CollisionWorld w(m);
        Trace trace;
        MoverState s = at(rawPx(40), rawPx(24));
        const ParamValues p = params();
        for (int i = 0; i < 4; ++i) s = kGridWallsMover.step(s, KEY_R | KEY_D, p, w, &trace);
        EXPECT_TRUE(traceHas(trace, ProbeShape::Arrow, c.why)) << c.name;
        EXPECT_FALSE(forbiddenAt(w, s)) << c.name;
        EXPECT_EQ(s.x.raw > rawPx(44) - kEps, c.xMoves) << c.name;
        EXPECT_EQ(s.y.raw > rawPx(28) - kEps, c.yMoves) << c.name;
        if (!c.xMoves) {
            EXPECT_EQ(s.x.raw, rawPx(44) - kEps) << c.name;
        }
        if (!c.yMoves) {
            EXPECT_EQ(s.y.raw, rawPx(28) - kEps) << c.name;
        }
    }
}

// The seed's "c from b" rule: moving along a wall-free grid line into a crossing that has a
// wall stops the travel along the line; the other axis goes on.
TEST(GridWalls, AlongALineIntoACrossingWithAWallStopsThatAxis) {
    Map m = Map::blank(7, 7);
    m.walls.setV(3, 2, true);  // below crossing (3, 2) = (48, 32) px
    CollisionWorld w(m);
    Trace trace;
    MoverState s = at(rawPx(24), rawPx(32));  // on line y = 32, which has no wall here
    for (int i = 0; i < 12; ++i) s = kGridWallsMover.step(s, KEY_R, params(), w, &trace);
    EXPECT_EQ(s.x.raw, rawPx(44) - kEps);
    EXPECT_EQ(s.y.raw, rawPx(32));
    EXPECT_TRUE(traceHas(trace, ProbeShape::Arrow, "c_from_b_x"));
    // Pressing down as well, it leaves the line downward beside the wall.
    s = run(w, s, KEY_R | KEY_D, 10, params());
    EXPECT_EQ(s.x.raw, rawPx(44) - kEps);
    EXPECT_GT(s.y.raw, rawPx(40));
}

// --- Corridors and long steps --------------------------------------------------------------

TEST(GridWalls, OneCellCorridorsAreWalkable) {
    Map m = test::mapFromRows({"#######",  //
                               "#.....#",  //
                               "###.###",  //
                               "###.###",  //
                               "#.....#",  //
                               "#######"});
    CollisionWorld w(m);
    const ParamValues p = params();  // 2 px per frame
    MoverState s = run(w, at(rawPx(24), rawPx(24)), KEY_R, 16, p);
    ASSERT_EQ(s.x.raw, rawPx(56));  // centre of the corridor's column
    s = run(w, s, KEY_D, 24, p);
    EXPECT_EQ(s.y.raw, rawPx(72));
    EXPECT_EQ(s.aux & 3, 0);
    s = run(w, s, KEY_R, 40, p);
    EXPECT_EQ(s.x.raw, rawPx(96) - rawPx(4) - kEps);
    // A corridor between two thin walls, one cell apart, walked its whole length.
    Map t = Map::blank(5, 10);
    for (int y = 0; y < 10; ++y) {
        t.walls.setV(2, y, true);
        t.walls.setV(3, y, true);
    }
    CollisionWorld tw(t);
    MoverState c = run(tw, at(rawPx(40), rawPx(8)), KEY_D, 200, params(0.5));
    EXPECT_EQ(c.y.raw, rawPx(160 - 4) - kEps);
    EXPECT_EQ(c.x.raw, rawPx(40));
}

TEST(GridWalls, MisalignedEntryIntoACorridorIsStopped) {
    // No nudging in this model: a centre inside a band of the corridor's side stops.
    Map m = test::mapFromRows({"#######", "#.....#", "###.###", "#######"});
    CollisionWorld w(m);
    MoverState s = run(w, at(rawPx(50), rawPx(24)), KEY_D, 10, params());
    EXPECT_EQ(s.y.raw, rawPx(28) - kEps);
}

// Any speed: a wall across the whole map is never passed, and the actor ends exactly at
// its band's edge (not short of it), from every start phase.
TEST(GridWalls, LongStepsNeverTunnelAndStopAtTheBand) {
    Map m = Map::blank(6, 40);
    for (int x = 0; x < 6; ++x) m.walls.setH(x, 20, true);  // line y = 320 px
    CollisionWorld w(m);
    for (double speed : {0.5, 1.0, 1.0 + 1.0 / 3, 2.0, 4.0, 16.0})
        for (int64_t phase = 0; phase < 16 * kOne; phase += 16 * kOne / 7 + 13) {
            MoverState down = run(w, at(rawPx(40), rawPx(24) + phase), KEY_D, 40, params(speed));
            EXPECT_EQ(down.y.raw, rawPx(316) - kEps) << speed << " " << phase;
            MoverState up = run(w, at(rawPx(40), rawPx(600) + phase), KEY_U, 40, params(speed));
            EXPECT_EQ(up.y.raw, rawPx(324)) << speed << " " << phase;
            MoverState diag =
                run(w, at(rawPx(40), rawPx(24) + phase), KEY_D | KEY_R, 40, params(speed));
            EXPECT_LT(diag.y.raw, rawPx(316));
        }
}

TEST(GridWalls, MapBorderIsAWall) {
    Map m = Map::blank(5, 4);
    CollisionWorld w(m);
    const ParamValues p = params(16);
    const MoverState mid = at(rawPx(40), rawPx(24));
    EXPECT_EQ(run(w, mid, KEY_L, 2, p).x.raw, rawPx(4));
    EXPECT_EQ(run(w, mid, KEY_R, 2, p).x.raw, rawPx(76) - kEps);
    EXPECT_EQ(run(w, mid, KEY_U, 2, p).y.raw, rawPx(4));
    EXPECT_EQ(run(w, mid, KEY_D, 2, p).y.raw, rawPx(60) - kEps);
}

TEST(GridWalls, SolidAndSlopeCellsAreWallsOneWayAndBrushesAreNot) {
    Map m = test::mapFromRows({"..=...#.", "......./"});
    m.brushes.push_back(Brush{RectI{56, 0, 20, 32}});  // over cells 3 and 4
    CollisionWorld w(m);
    MoverState s = run(w, at(rawPx(8), rawPx(8)), KEY_R, 60, params());
    EXPECT_EQ(s.x.raw, rawPx(92) - kEps);  // through '=' and the brush, stopped by '#'
    MoverState t = run(w, at(rawPx(8), rawPx(24)), KEY_R, 60, params());
    EXPECT_EQ(t.x.raw, rawPx(108) - kEps);  // the slope is a solid cell
}

// --- Inputs, parameters, odd starts --------------------------------------------------------

TEST(GridWalls, InputsAndLiveParameters) {
    Map m = Map::blank(20, 20);
    CollisionWorld w(m);
    const MoverState s0 = at(rawPx(168), rawPx(168));  // a cell's centre: region "a"
    EXPECT_EQ(kGridWallsMover.step(s0, KEY_L | KEY_R | KEY_J, params(), w, nullptr), [&] {
        MoverState still = s0;
        still.aux = int32_t(RegionClass::A) << kGwAuxRegionShift;
        return still;
    }());
    ParamValues p = params(0.125);
    MoverState s = kGridWallsMover.step(s0, KEY_R, p, w, nullptr);
    EXPECT_EQ(s.vx.raw, rawPx(2));
    p[kGwSpeed] = Fix::ratio(1, 2);  // changed between two frames
    s = kGridWallsMover.step(s, KEY_R, p, w, nullptr);
    EXPECT_EQ(s.vx.raw, rawPx(8));
    EXPECT_EQ(s.x.raw, rawPx(178));
    // Diagonal: 8 px * 46341 / 65536 = 5.65686... px on each axis, or 8 px unnormalised.
    s = kGridWallsMover.step(s0, KEY_L | KEY_U, p, w, nullptr);
    EXPECT_EQ(s.vx.raw, -((rawPx(8) * 46341) >> 16));
    EXPECT_EQ(s.vy.raw, s.vx.raw);
    p[kGwNormalizeDiagonal] = Fix{};
    s = kGridWallsMover.step(s0, KEY_L | KEY_U, p, w, nullptr);
    EXPECT_EQ(s.vx.raw, -rawPx(8));
    EXPECT_EQ(s.vy.raw, -rawPx(8));
}

// Escape rule: a centre inside a band (spawned there, or the band grew under it) may move
// away from the band's line and along it, never across the wall or into another forbidden
// region.
TEST(GridWalls, StartingInsideABandCanLeaveButNeverCrossTheWall) {
    Map m = Map::blank(6, 6);
    m.walls.setH(2, 3, true);  // line y = 48, x in [32, 48]
    CollisionWorld w(m);
    const MoverState onWall = at(rawPx(40), rawPx(48));  // on the line: counts as below it
    ASSERT_TRUE(forbiddenAt(w, onWall));
    MoverState out = run(w, onWall, KEY_D, 4, params());
    EXPECT_EQ(out.y.raw, rawPx(56));
    EXPECT_FALSE(forbiddenAt(w, out));
    Trace trace;
    MoverState up = run(w, onWall, KEY_U, 4, params(), &trace);
    EXPECT_EQ(up.y.raw, rawPx(48));
    EXPECT_EQ(up.aux & kGwAuxBlockedY, kGwAuxBlockedY);
    EXPECT_TRUE(traceHas(trace, ProbeShape::Arrow, "escape_y"));
    // Along the wall it stops at the crossing at its end, which the wall makes forbidden.
    EXPECT_EQ(run(w, onWall, KEY_R, 10, params()).x.raw, rawPx(44) - kEps);
    // A band grown to 7 px under an actor resting at the old band's edge (y = 52): pushing
    // on does not pass the wall, walking away does.
    ParamValues wide = params();
    wide[kGwBand] = Fix::ratio(7, 16);
    const MoverState resting = run(w, at(rawPx(40), rawPx(60)), KEY_U, 10, params());
    ASSERT_EQ(resting.y.raw, rawPx(52));
    EXPECT_EQ(run(w, resting, KEY_U, 10, wide).y.raw, rawPx(52));
    EXPECT_EQ(run(w, resting, KEY_U | KEY_L, 1, wide).y.raw, rawPx(52));
    EXPECT_EQ(run(w, resting, KEY_D, 3, wide).y.raw, rawPx(58));
}

// --- Trace ---------------------------------------------------------------------------------

TEST(GridWalls, TraceShowsRegionsBandsAndTheRuleThatFired) {
    Map m = Map::blank(6, 8);
    m.walls.setH(2, 3, true);
    CollisionWorld w(m);
    Trace trace;
    const MoverState s0 = at(rawPx(40), rawPx(53));
    const MoverState s = kGridWallsMover.step(s0, KEY_U, params(), w, &trace);
    EXPECT_EQ(s, kGridWallsMover.step(s0, KEY_U, params(), w, nullptr));
    EXPECT_EQ(s.y.raw, rawPx(52));
    // The 3 x 3 regions around (40, 53) px = cells (2.5, 3.3125): region (5, 7), an "a".
    // With 16-px tiles and a 4-px band (by hand): the band of line k is [16k-4, 16k+4), the
    // inside of cell k is [16k+4, 16k+12); so x regions [28,36) [36,44) [44,52) and y regions
    // [44,52) [52,60) [60,68). The horizontal wall on line y = 3 blocks the top row.
    std::vector<std::string> cells;
    for (const Probe& p : trace.probes)
        if (p.shape == ProbeShape::Cell)
            cells.push_back(p.x0.str() + "," + p.y0.str() + "-" + p.x1.str() + "," + p.y1.str() +
                            ":" + p.why + ":" + verdictName(p.verdict));
    const std::vector<std::string> want = {
        "28,44-36,52:region_c:block", "36,44-44,52:region_b:block", "44,44-52,52:region_c:block",
        "28,52-36,60:region_b:pass",  "36,52-44,60:region_a:pass",  "44,52-52,60:region_b:pass",
        "28,60-36,68:region_c:pass",  "36,60-44,68:region_b:pass",  "44,60-52,68:region_c:pass"};
    EXPECT_EQ(cells, want);
    // The wall's band, [28, 52) x [44, 52) px, among the bands near the actor.
    bool band = false;
    for (const Probe& p : trace.probes)
        if (p.shape == ProbeShape::Band && std::string(p.why) == "band_h" &&
            p.x0.raw == rawPx(28) && p.y0.raw == rawPx(44) && p.x1.raw == rawPx(52) &&
            p.y1.raw == rawPx(52))
            band = true;
    EXPECT_TRUE(band);
    EXPECT_TRUE(traceHas(trace, ProbeShape::Arrow, "want"));
    EXPECT_TRUE(traceHas(trace, ProbeShape::Arrow, "b_block_y"));
    EXPECT_TRUE(traceHas(trace, ProbeShape::Arrow, "move"));
    const std::string line = stateJson(0, "hero", MoverKind::GridWalls, s);
    EXPECT_NE(line.find(",\"region\":\"a\",\"blocked\":\"y\""), std::string::npos) << line;
}
