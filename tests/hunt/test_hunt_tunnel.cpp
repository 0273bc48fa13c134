// The snag hunt's `tunnel` detector (docs/hunt.md, Detectors): a step is a tunnel only when the
// body could not have got from P to N without crossing what blocks it, by the model's own
// rules. Hand-made maps and states; every expected verdict is worked out from the geometry in
// the comments (pixel boxes [x, x + w) x [y, y + h), 16-px tiles).
#include <gtest/gtest.h>

#include <vector>

#include "broken_movers.h"
#include "hunt/hunt.h"
#include "movers/mover_registry.h"
#include "movers/mover.h"
#include "test_support.h"
#include "world/collision.h"

namespace ts {
namespace {

using test::Defect;

// A box mover with no MoverRules (a plugin's defaults: the box on whole pixels, top-down).
MoverKind boxMover() {
    return test::brokenMover(Defect::None);
}

MoverState at(int64_t x, int64_t y, int32_t w, int32_t h) {
    MoverState s;
    s.x = Fix::fromInt(x);
    s.y = Fix::fromInt(y);
    s.w = w;
    s.h = h;
    return s;
}

// The tunnel detector's findings on the one step P -> N, stepped with `keys`.
std::vector<SnagFinding> judge(const Map& m, MoverKind kind, const ParamValues& params,
                               const MoverState& P, const MoverState& N, InputBits keys = 0) {
    const CollisionWorld world(m);
    SnagDetectors detectors(world, moverInfo(kind), params, snagBit(SnagKind::Tunnel));
    std::vector<SnagFinding> found;
    detectors.observe(StepFacts{0, keys, &P, &N}, &found);
    return found;
}

Map empty(int tiles) {
    return test::mapFromRows(
        std::vector<std::string>(size_t(tiles), std::string(size_t(tiles), '.')));
}

// Two brushes block both straight paths of an 8 x 8 box from (20,20) to (60,60): A on x then
// y (the box at y 20..28 meets A at x = 48), B on y then x (at x 20..28 it meets B at y = 52).
// The box can go right to x = 40 (A starts at 48), down to y = 60 (B ends at x = 40), right to
// x = 60: no tunnel.
TEST(HuntTunnel, AWayAroundBothStraightPathsIsNoTunnel) {
    Map m = empty(6);
    m.brushes.push_back(Brush{RectI{48, 16, 16, 24}});  // A: [48,64) x [16,40)
    m.brushes.push_back(Brush{RectI{16, 52, 24, 28}});  // B: [16,40) x [52,80)
    EXPECT_TRUE(judge(m, boxMover(), {}, at(20, 20, 8, 8), at(60, 60, 8, 8)).empty());
}

// A 2-px brush across the whole map's height between the two ends: no way at all.
TEST(HuntTunnel, AWallBetweenTheEndsIsATunnel) {
    Map m = empty(6);
    m.brushes.push_back(Brush{RectI{48, 0, 2, 96}});
    const std::vector<SnagFinding> found =
        judge(m, boxMover(), {}, at(20, 40, 8, 8), at(60, 40, 8, 8));
    ASSERT_EQ(found.size(), 1u);
    EXPECT_EQ(found[0].kind, SnagKind::Tunnel);
    EXPECT_EQ(found[0].dir, DIR_RIGHT);
}

// The way around must lie near both ends: the search keeps to their box grown by 1 px (no
// corner correction, no step height here). A wall [48,50) x [16,80) leaves gaps above y = 16
// and below y = 80, but the 8-px box at y 40..48 would have to go 32 px beyond both ends to
// use one.
TEST(HuntTunnel, AWayFarFromBothEndsDoesNotCount) {
    Map m = empty(6);
    m.brushes.push_back(Brush{RectI{48, 16, 2, 64}});
    EXPECT_EQ(judge(m, boxMover(), {}, at(20, 40, 8, 8), at(60, 40, 8, 8)).size(), 1u);
    // A wall [48,50) x [0,41): the box 1 px lower than both ends (y 41..49, inside the 1-px
    // margin) passes under it.
    Map near = empty(6);
    near.brushes.push_back(Brush{RectI{48, 0, 2, 41}});
    EXPECT_TRUE(judge(near, boxMover(), {}, at(20, 40, 8, 8), at(60, 40, 8, 8)).empty());
}

// One-way platforms (row 4, y 64..80, the whole width) let a box through upward only. Brush A
// [60,64) x [80,128) blocks x then y, brush B [16,40) x [16,50) y then x, between (20,90)
// below the platforms and (100,30) above them, both ways. Upward, the box rises through the
// platforms at x = 20 to y = 50 (B's bottom), goes right to x = 100, up to y = 30: no tunnel.
// Downward, every way crosses the platforms' top edge going down.
TEST(HuntTunnel, OneWayTilesCountByDirection) {
    Map m = test::mapFromRows({"........",  //
                               "........",  //
                               "........",  //
                               "........",  //
                               "========",  //
                               "........",  //
                               "........",  //
                               "........"});
    m.brushes.push_back(Brush{RectI{60, 80, 4, 48}});
    m.brushes.push_back(Brush{RectI{16, 16, 24, 34}});
    const MoverState below = at(20, 90, 8, 8), above = at(100, 30, 8, 8);
    EXPECT_TRUE(judge(m, boxMover(), {}, below, above).empty());
    EXPECT_EQ(judge(m, boxMover(), {}, above, below).size(), 1u);
}

// Beyond 2^16 places for the box the search is not made and the fast checks' verdict
// (blocked) stands. A 4 x 4 box from (20,20); brush A [150,160) x [0,100) blocks x then y,
// brush B [0,100) x [150,160) y then x, and the box can go right to x = 100, down, right.
// To (200,200) the box has (1 + 184 + 1 - 4 + 1)^2 = 183^2 = 33489 places: searched, no
// tunnel. To (600,600), 583^2 = 339889 places: reported.
TEST(HuntTunnel, TheSearchIsBounded) {
    Map m = empty(40);
    m.brushes.push_back(Brush{RectI{150, 0, 10, 100}});
    m.brushes.push_back(Brush{RectI{0, 150, 100, 10}});
    EXPECT_TRUE(judge(m, boxMover(), {}, at(20, 20, 4, 4), at(200, 200, 4, 4)).empty());
    EXPECT_EQ(judge(m, boxMover(), {}, at(20, 20, 4, 4), at(600, 600, 4, 4)).size(), 1u);
}

// pixel_sweep's corner correction (here 8 px) slides the box sideways while it rises, back
// past where it started the rise. An 8 x 8 box from (20,60), rising, to (36,30): its frame
// went right to x = 40, up to y = 50 under C [44,60) x [40,50), slid left 4 px past C's
// corner, rose to y = 30. x then y stops at E [36,40) x [58,60) (and so does the stair path,
// with nothing to climb), y then x at D [16,34) x [16,59); every rise at x 20..39 meets D or
// E. The way at x = 40 lies 4 px right of both ends: inside the correction range.
TEST(HuntTunnel, PixelSweepCornerCorrectionIsNoTunnel) {
    const MoverKind kind = findMover("pixel_sweep")->kind;
    ParamValues p = defaultParams(kind);
    p[size_t(findParam(kind, "corner_correction"))] = Fix::fromInt(8);
    Map m = empty(6);
    m.brushes.push_back(Brush{RectI{44, 40, 16, 10}});  // C
    m.brushes.push_back(Brush{RectI{16, 16, 18, 43}});  // D
    m.brushes.push_back(Brush{RectI{36, 58, 4, 2}});    // E
    MoverState P = at(20, 60, 8, 8);
    P.vy = Fix::fromInt(-20);
    EXPECT_TRUE(judge(m, kind, p, P, at(36, 30, 8, 8), KEY_R).empty());
    // With no correction the same step has no way: a tunnel.
    p[size_t(findParam(kind, "corner_correction"))] = Fix{};
    EXPECT_EQ(judge(m, kind, p, P, at(36, 30, 8, 8), KEY_R).size(), 1u);
}

// grid_walls judges by its own regions (bands 1/64 cell = 0.25 px wide here), along any way
// one frame could take: each axis one way only. Its diagonal from (8,8), 96 px on each axis,
// meets the crossing of lines x = 3, y = 3 (the top edge of the solid row 3) at 47.75 px;
// y stops 1 raw unit short of the band, x goes on to 104. x then y crosses the bands of cell
// (4,0), y then x those of cell (0,2), and the straight segment cell (3,1): only the way the
// model took is free.
TEST(HuntTunnel, GridWallsDiagonalThenSlideIsNoTunnel) {
    const MoverKind kind = findMover("grid_walls")->kind;
    ParamValues p = defaultParams(kind);
    p[size_t(findParam(kind, "speed"))] = Fix::fromInt(6);
    p[size_t(findParam(kind, "band"))] = Fix::ratio(1, 64);
    p[size_t(findParam(kind, "normalize_diagonal"))] = Fix{};
    const Map m = test::mapFromRows({"....#.....",  //
                                     "...#......",  //
                                     "#.........",  //
                                     "##########",  //
                                     "..........",  //
                                     "..........",  //
                                     "..........",  //
                                     "..........",  //
                                     "..........",  //
                                     ".........."});
    const CollisionWorld world(m);
    const MoverState P = at(8, 8, 8, 8);
    const MoverState N = moverInfo(kind).step(P, KEY_R | KEY_D, p, world, nullptr);
    ASSERT_EQ(N.x, Fix::fromInt(104));
    ASSERT_EQ(N.y, Fix::fromRaw(Fix::ratio(191, 4).raw - 1));  // 47.75 px - 1 raw
    EXPECT_TRUE(judge(m, kind, p, P, N, KEY_R | KEY_D).empty());
    // To (104,72), below the solid row: every way crosses its bands.
    EXPECT_EQ(judge(m, kind, p, P, at(104, 72, 8, 8), KEY_R | KEY_D).size(), 1u);
}

}  // namespace
}  // namespace ts
