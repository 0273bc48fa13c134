// Seed 004, scanline slide: hand-made maps for each rule of docs/movers/scanline_slide.md.
// Every expected position below is worked out by hand from the rules (scanline positions,
// cell boundaries, contact points) in the comment next to it, not copied from a run.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "world/collision.h"
#include "movers/scanline_slide.h"
#include "movers/detail/scanline_slide_cast.h"
#include "sim/sim.h"
#include "test_support.h"
#include "record/trace_writer.h"
#include "trace/trace.h"
#include "record/trace_writer.h"

using namespace ts;
using namespace ts::scanline_slide;

namespace {

ParamValues defaults() {
    return defaultParams(MoverKind::ScanlineSlide);
}

MoverState box(int64_t x, int64_t y, int32_t w = 16, int32_t h = 16) {
    MoverState s;
    s.x = Fix::fromInt(x);
    s.y = Fix::fromInt(y);
    s.w = w;
    s.h = h;
    s.facing = DIR_DOWN;
    return s;
}

MoverState run(const CollisionWorld& w, MoverState s, InputBits in, int frames,
               const ParamValues& p = defaults(), Trace* trace = nullptr) {
    for (int i = 0; i < frames; ++i) s = kScanlineSlideMover.step(s, in, p, w, trace);
    return s;
}

// A one-tile corridor (row 2, y in [32, 48)) opening to the right of an open room
// (columns 0..3, rows 1..3).
Map corridorMap(int tile = 16) {
    return test::mapFromRows({"##########",  //
                              "....######",  //
                              "..........",  //
                              "....######",  //
                              "##########"},
                             tile);
}

}  // namespace

TEST(ScanlineSlide, RegistryEntryHasTheSeedDefaults) {
    const MoverInfo& m = moverInfo(MoverKind::ScanlineSlide);
    EXPECT_STREQ(m.id, "scanline_slide");
    ASSERT_EQ(m.paramCount, kSsParamCount);
    EXPECT_STREQ(m.params[kSsShrink].name, "shrink_size");
    EXPECT_EQ(m.params[kSsShrink].def, 1.0);          // SHRINK_SIZE
    EXPECT_EQ(m.params[kSsStepCount].def, 3.0);       // STEP_COUNT
    EXPECT_EQ(m.params[kSsMovableRate].def, 0.6667);  // MOVABLE_RATE
    EXPECT_TRUE(m.params[kSsStepCount].integer);
    EXPECT_FALSE(m.round);
    ASSERT_NE(m.describeFn, nullptr);
}

TEST(ScanlineSlide, MovesSpeedPixelsPerFrameInOpenSpace) {
    Map m = Map::blank(10, 10);
    CollisionWorld w(m);
    ParamValues p = defaults();
    p[kSsSpeed] = Fix::ratio(5, 2);
    MoverState s = run(w, box(40, 40), KEY_R | KEY_D, 4, p);
    // Diagonal input moves the full speed on both axes (the seed adds 1 to each).
    EXPECT_EQ(s.x, Fix::fromInt(50));
    EXPECT_EQ(s.y, Fix::fromInt(50));
    EXPECT_EQ(s.vx, Fix::ratio(5, 2));
    s = run(w, s, KEY_L | KEY_R | KEY_U, 2, p);  // L and R cancel
    EXPECT_EQ(s.x, Fix::fromInt(50));
    EXPECT_EQ(s.y, Fix::fromInt(45));
    EXPECT_EQ(s.facing, DIR_UP);
    EXPECT_FALSE(s.pushing);
}

TEST(ScanlineSlide, SlidesIntoAOneTileCorridorWhenSlightlyMisaligned) {
    Map m = corridorMap();
    CollisionWorld w(m);
    // Box 16x16 three px below the corridor row: y = 35, shrunk edge [36, 50).
    MoverState s = run(w, box(40, 35), KEY_R, 8);
    EXPECT_EQ(s.x, Fix::fromInt(48));  // front at 64, touching column 4
    EXPECT_EQ(s.y, Fix::fromInt(35));
    // Scanlines at 36, 40.67, 45.33, 50: only the last lies in row 3 (solid at column 4),
    // rate 3/4 >= 0.6667; clearing it needs the edge end 50 -> 48: slide up 2, 1 px a frame.
    s = run(w, s, KEY_R, 1);
    EXPECT_EQ(s.x, Fix::fromInt(48));
    EXPECT_EQ(s.y, Fix::fromInt(34));
    EXPECT_TRUE(s.pushing);
    EXPECT_EQ(s.timer, 1);                  // blocked scanlines
    EXPECT_EQ(s.aux, -int32_t(Fix::kOne));  // slide of -1 px
    s = run(w, s, KEY_R, 1);
    EXPECT_EQ(s.y, Fix::fromInt(33));
    // Edge [34, 48) is clear: in it goes, overlapping row 3 by the 1-px tolerance.
    s = run(w, s, KEY_R, 10);
    EXPECT_EQ(s.x, Fix::fromInt(58));
    EXPECT_EQ(s.y, Fix::fromInt(33));
    EXPECT_FALSE(s.pushing);
}

TEST(ScanlineSlide, SlideDirectionFollowsTheFreeSide) {
    Map m = corridorMap();
    CollisionWorld w(m);
    // Three px above the corridor: edge [30, 44), first scanline in row 1 (solid at column 4).
    MoverState s = run(w, box(40, 29), KEY_R, 8 + 3);
    EXPECT_EQ(s.y, Fix::fromInt(31));  // slid down 2 (edge start 30 -> 32), then walked in
    EXPECT_EQ(s.x, Fix::fromInt(49));
}

TEST(ScanlineSlide, MisalignmentUpToFivePixelsSlidesInAndSixIsBlocked) {
    Map m = corridorMap();
    CollisionWorld w(m);
    // Edge [y + 1, y + 15), scanlines y + 1, y + 5.67, y + 10.33, y + 15 (the last counted
    // in the cell above its end). Down by d: the scanlines in row 3 (y >= 48) are those with
    // y + offset > 48: d = 1: none (tolerance), d = 2..5: one (3/4 pass), d = 6..10: two
    // (2/4 < 0.6667). Up by d is the mirror image.
    for (int d = 1; d <= 10; ++d)
        for (int sign : {1, -1}) {
            MoverState s = run(w, box(40, 32 + sign * d), KEY_R, 30);
            if (d <= 5) {
                EXPECT_EQ(s.x, Fix::fromInt(40 + 30 - (d - 1))) << d * sign;  // slid d-1 frames
                EXPECT_EQ(s.y, Fix::fromInt(32 + sign)) << d * sign;
            } else {
                EXPECT_EQ(s.x, Fix::fromInt(48)) << d * sign;
                EXPECT_EQ(s.y, Fix::fromInt(32 + sign * d)) << d * sign;
                EXPECT_EQ(s.timer, 2) << d * sign;
                EXPECT_TRUE(s.pushing);
            }
        }
}

TEST(ScanlineSlide, SixPixelMisalignmentSlidesInWithThirtyTwoPixelTiles) {
    Map m = corridorMap(32);
    CollisionWorld w(m);
    // Box 32x32 at y = 64 + 6: edge [71, 101), scanlines 71, 81, 91, 101; only 101 is in
    // row 3 (y >= 96): 3/4 pass, slide up by 101 - 96 = 5 at 1 px a frame.
    MoverState s = run(w, box(80, 70, 32, 32), KEY_R, 16);  // front reaches 128
    EXPECT_EQ(s.x, Fix::fromInt(96));
    s = run(w, s, KEY_R, 5);
    EXPECT_EQ(s.x, Fix::fromInt(96));
    EXPECT_EQ(s.y, Fix::fromInt(65));
    s = run(w, s, KEY_R, 4);
    EXPECT_EQ(s.x, Fix::fromInt(100));
    // Eleven px off, scanline y + 21 = 96 sits on the boundary and counts in the cell above
    // (row 2); twelve px off it is at 97, in row 3: 2/4, blocked.
    s = run(w, box(80, 75, 32, 32), KEY_R, 40);
    EXPECT_EQ(s.y, Fix::fromInt(65));
    s = run(w, box(80, 76, 32, 32), KEY_R, 40);
    EXPECT_EQ(s.x, Fix::fromInt(96));
    EXPECT_EQ(s.y, Fix::fromInt(76));
}

TEST(ScanlineSlide, SlidingOffOrACapChangesTheSlide) {
    Map m = corridorMap();
    CollisionWorld w(m);
    ParamValues p = defaults();
    p[kSsSliding] = Fix::fromInt(0);
    MoverState s = run(w, box(40, 35), KEY_R, 20, p);
    EXPECT_EQ(s.x, Fix::fromInt(48));
    EXPECT_EQ(s.y, Fix::fromInt(35));
    // Cap 0.5 px a frame: the 2-px slide takes four frames.
    p = defaults();
    p[kSsSlideCap] = Fix::ratio(1, 2);
    s = run(w, box(40, 35), KEY_R, 8 + 3, p);
    EXPECT_EQ(s.y, Fix::fromRaw(Fix::fromInt(35).raw - 3 * Fix::kOne / 2));
    EXPECT_EQ(s.aux, -int32_t(Fix::kOne / 2));
    s = run(w, s, KEY_R, 2, p);
    EXPECT_EQ(s.y, Fix::fromInt(33));
    EXPECT_EQ(s.x, Fix::fromInt(49));
    // The slide never exceeds the clearance: speed 8, cap 8, clearance 2.
    p = defaults();
    p[kSsSpeed] = Fix::fromInt(8);
    p[kSsSlideCap] = Fix::fromInt(8);
    s = run(w, box(40, 35), KEY_R, 2, p);  // 40 -> 48 (contact), then slide 2 at once
    EXPECT_EQ(s.x, Fix::fromInt(48));
    EXPECT_EQ(s.y, Fix::fromInt(33));
}

TEST(ScanlineSlide, DiagonalInputNeverSlides) {
    Map m = corridorMap();
    CollisionWorld w(m);
    // R+U: x reaches 48 after 8 frames (y = 27), then is blocked by row 1 at column 4 (one
    // scanline of four, enough to slide) while y goes on up the open room.
    MoverState s = run(w, box(40, 35), KEY_R | KEY_U, 12);
    EXPECT_EQ(s.x, Fix::fromInt(48));
    EXPECT_EQ(s.y, Fix::fromInt(23));
    EXPECT_EQ(s.aux, 0);
    EXPECT_TRUE(s.pushing);
}

TEST(ScanlineSlide, ShrinkIsTheToleranceForWalkingPastACorner) {
    Map m = corridorMap();
    CollisionWorld w(m);
    ParamValues p = defaults();
    p[kSsShrink] = Fix::fromInt(3);
    // Edge [y + 3, y + 13): three px off still sees only row 2, so no slide is needed.
    MoverState s = run(w, box(40, 35), KEY_R, 20, p);
    EXPECT_EQ(s.x, Fix::fromInt(60));
    EXPECT_EQ(s.y, Fix::fromInt(35));
    // Shrink larger than (min(w, h) - 1) / 2 is clamped: edge [y + 7.5, y + 8.5) = [46.5,
    // 47.5) for a box 7 px off, still all in row 2.
    p[kSsShrink] = Fix::fromInt(16);
    s = run(w, box(40, 39), KEY_R, 20, p);
    EXPECT_EQ(s.x, Fix::fromInt(60));
    EXPECT_EQ(s.y, Fix::fromInt(39));
}

TEST(ScanlineSlide, OneWayCellsPassInTheirMaskDirectionOnly) {
    Map m = test::mapFromRows({"######",  //
                               "......",  //
                               "######"});
    m.tileset.kinds.push_back(TileKind{"door_right", 0xff00ff00, Shape::OneWay, DIR_RIGHT, -1});
    m.setTile(2, 1, uint16_t(m.tileset.kinds.size() - 1));
    CollisionWorld w(m);
    MoverState s = run(w, box(0, 16), KEY_R, 80);
    EXPECT_EQ(s.x, Fix::fromInt(80));  // through the door to the end (96 - 16)
    s = run(w, s, KEY_L, 80);
    EXPECT_EQ(s.x, Fix::fromInt(48));  // stopped at the door's right side (x = 48)
    EXPECT_TRUE(s.pushing);
    // Inside the door it can only go on through (the seed tests the cell under the front).
    s = run(w, box(36, 16), KEY_L, 5);
    EXPECT_EQ(s.x, Fix::fromInt(36));
}

TEST(ScanlineSlide, PlatformPassesFromBelowAndHoldsFromAbove) {
    // Default platform: passable for UP, LEFT, RIGHT travel.
    Map m = test::mapFromRows({"#...#",  //
                               "#...#",  //
                               "#.=.#",  //
                               "#...#",  //
                               "#...#"});
    CollisionWorld w(m);
    MoverState s = run(w, box(32, 64), KEY_U, 64);
    EXPECT_EQ(s.y, Fix::fromInt(0));  // up through the platform to the map's top
    s = run(w, s, KEY_D, 64);
    EXPECT_EQ(s.y, Fix::fromInt(16));  // lands on it: bottom at 32, the platform's top
    EXPECT_TRUE(s.pushing);
    EXPECT_TRUE(w.cellBlocked(2, 2, DIR_DOWN));
}

TEST(ScanlineSlide, SubStepsStopAt64PxPerFrameBeforeAOneTileWall) {
    Map m = test::mapFromRows({"################",  //
                               "........#.......",  //
                               "################"});
    CollisionWorld w(m);
    ParamValues p = defaults();
    p[kSsSpeed] = Fix::fromInt(64);
    // Wall cell x in [128, 144). From x = 0: 64, then 112 (front 128): never past it.
    MoverState s = run(w, box(0, 16), KEY_R, 1, p);
    EXPECT_EQ(s.x, Fix::fromInt(64));
    s = run(w, s, KEY_R, 5, p);
    EXPECT_EQ(s.x, Fix::fromInt(112));
    s = run(w, box(240, 16), KEY_L, 6, p);
    EXPECT_EQ(s.x, Fix::fromInt(144));
    // A fractional speed that never lands on the wall's edge: 63.5 px.
    p[kSsSpeed] = Fix::ratio(127, 2);
    s = run(w, box(0, 16), KEY_R, 3, p);
    EXPECT_EQ(s.x, Fix::fromInt(112));
}

TEST(ScanlineSlide, ThinWallsAndBrushesStopAFastBox) {
    Map m = Map::blank(16, 3);
    m.walls.setV(8, 1, true);                         // line x = 128, y in [16, 32)
    m.brushes.push_back(Brush{RectI{60, 20, 1, 1}});  // one pixel
    CollisionWorld w(m);
    ParamValues p = defaults();
    p[kSsSpeed] = Fix::fromInt(64);
    MoverState s = run(w, box(0, 16), KEY_R, 3, p);
    // The brush pixel at y = 20 lies between scanlines 17 and 21.67: it blocks scanline 17
    // (nearer end), so 3/4 pass and the box slides down toward the free side. Contact: 60-16.
    EXPECT_EQ(s.x, Fix::fromInt(44));
    EXPECT_GT(s.y, Fix::fromInt(16));
    // The wall line: a box aligned with its row stops touching it at 128 - 16.
    s = run(w, box(64, 16), KEY_R, 3, p);
    EXPECT_EQ(s.x, Fix::fromInt(112));
    p[kSsSpeed] = Fix::fromInt(1);
    s = run(w, box(136, 16), KEY_L, 20, p);
    EXPECT_EQ(s.x, Fix::fromInt(128));
}

TEST(ScanlineSlide, OnlyObstaclesAtTheContactCountTowardThePassRate) {
    Map m = Map::blank(8, 4);
    m.brushes.push_back(Brush{RectI{18, 33, 2, 3}});  // A: near, under the bottom scanline
    m.brushes.push_back(Brush{RectI{30, 20, 2, 2}});  // B: 12 px further, on the top one
    CollisionWorld w(m);
    ParamValues p = defaults();
    p[kSsSpeed] = Fix::fromInt(16);  // one sub-step reaches both
    // Box at y = 20: scanlines 21, 25.67, 30.33, 35. The front stops at A (x = 18 - 16);
    // only A's scanline (35) counts, 3/4: slide up by 1 (cap), clearance 35 - 33 = 2. Were
    // B counted too, 2/4 would not slide.
    MoverState s = run(w, box(0, 20), KEY_R, 1, p);
    EXPECT_EQ(s.x, Fix::fromInt(2));
    EXPECT_EQ(s.y, Fix::fromInt(19));
    EXPECT_EQ(s.timer, 1);
}

TEST(ScanlineSlide, AWallLineAlongTheMoveActsLikeACornerEnd) {
    Map m = Map::blank(10, 4);
    m.walls.setH(4, 1, true);  // line y = 16, x in [64, 80)
    CollisionWorld w(m);
    // Box at y = 4: edge [5, 19); the line at 16 is past the middle (12), so it blocks the
    // scanline at 19 only: 3/4, slide up by 19 - 16 = 3, then pass over it.
    MoverState s = run(w, box(40, 4), KEY_R, 8);
    EXPECT_EQ(s.x, Fix::fromInt(48));
    s = run(w, s, KEY_R, 3);
    EXPECT_EQ(s.x, Fix::fromInt(48));
    EXPECT_EQ(s.y, Fix::fromInt(1));
    s = run(w, s, KEY_R, 5);
    EXPECT_EQ(s.x, Fix::fromInt(53));
    // Box at y = 8: the line sits exactly in the middle of the edge [9, 23): all blocked.
    s = run(w, box(40, 8), KEY_R, 20);
    EXPECT_EQ(s.x, Fix::fromInt(48));
    EXPECT_EQ(s.y, Fix::fromInt(8));
    EXPECT_EQ(s.timer, 4);
}

TEST(ScanlineSlide, SlopesAreSolidCells) {
    Map m = test::mapFromRows({"......",   //
                               "...\\..",  //
                               "......"});
    CollisionWorld w(m);
    // The slope's top-left pixels are empty, but the cell as a whole blocks at x = 48.
    MoverState s = run(w, box(0, 16), KEY_R, 60);
    EXPECT_EQ(s.x, Fix::fromInt(32));
}

TEST(ScanlineSlide, PassRateCountsScanlinesInsideTheObstacle) {
    Map m = test::mapFromRows({"....",  //
                               "..#.",  //
                               "...."});
    CollisionWorld w(m);
    EdgeSweep q;
    q.from = Fix::fromInt(16);
    q.to = Fix::fromInt(17);
    q.mainSize = 16;
    q.perpSize = 16;
    q.shrink = Fix::fromInt(1);
    q.gaps = 3;
    // Solid cell rows [16, 32). Box at y: scanlines y+1, y+5.67, y+10.33, y+15 (the last
    // one belongs to the cell above y+15 when it is on a boundary).
    struct Case {
        int y, blocked;
        uint32_t mask;
    } cases[] = {{1, 0, 0},   {2, 1, 8},   {5, 1, 8},   {6, 2, 12}, {10, 2, 12},
                 {11, 3, 14}, {15, 4, 15}, {17, 4, 15}, {18, 3, 7}, {21, 3, 7},
                 {22, 2, 3},  {26, 2, 3},  {27, 1, 1},  {30, 1, 1}, {31, 0, 0}};
    for (const Case& c : cases) {
        q.perp = Fix::fromInt(c.y);
        EdgeCast e = castEdge(NoTrace{}, w, q);
        EXPECT_EQ(e.total, 4) << c.y;
        EXPECT_EQ(e.blocked, c.blocked) << c.y;
        EXPECT_EQ(e.blockedMask, c.mask) << c.y;
        EXPECT_EQ(e.hit, c.blocked > 0) << c.y;
    }
    // Independent count for other step counts: scanline i at y + 1 + 14 i / g lies in the
    // solid rows if it is >= 16 (or > 16 for the upper half, whose boundary points count
    // in the cell above) and < 32.
    for (int g = 1; g <= 9; ++g)
        for (int y = 0; y <= 32; ++y) {  // rows outside the map are blocked too: stay in
            q.gaps = g;
            q.perp = Fix::fromInt(y);
            int expected = 0;
            for (int i = 0; i <= g; ++i) {
                double pos = y + 1 + 14.0 * i / g;
                bool upper = 2 * i > g, lower = 2 * i < g;
                bool in = (lower || !upper) && pos >= 16 && pos < 32;
                in = in || ((upper || !lower) && pos > 16 && pos <= 32);
                expected += in;
            }
            EXPECT_EQ(castEdge(NoTrace{}, w, q).blocked, expected) << g << " " << y;
        }
}

TEST(ScanlineSlide, ThresholdIsReachedAtExactlyTheMovableRate) {
    Map m = corridorMap();
    CollisionWorld w(m);
    ParamValues p = defaults();
    p[kSsMovableRate] = Fix::ratio(3, 4);  // 3/4 reaches 0.75 exactly: slides
    MoverState s = run(w, box(40, 35), KEY_R, 9, p);
    EXPECT_EQ(s.y, Fix::fromInt(34));
    p[kSsMovableRate] = Fix::fromRaw(Fix::ratio(3, 4).raw + 1);  // just above: blocked
    s = run(w, box(40, 35), KEY_R, 9, p);
    EXPECT_EQ(s.y, Fix::fromInt(35));
    // Two scanlines (step_count 1) and 0.5: one of two blocked still slides.
    p = defaults();
    p[kSsStepCount] = Fix::fromInt(1);
    p[kSsMovableRate] = Fix::ratio(1, 2);
    s = run(w, box(40, 38), KEY_R, 9, p);
    EXPECT_EQ(s.y, Fix::fromInt(37));
}

TEST(ScanlineSlide, TraceShowsScanlinesPassRateAndSlide) {
    Map m = corridorMap();
    CollisionWorld w(m);
    MoverState s = run(w, box(40, 35), KEY_R, 8);
    Trace t;
    s = run(w, s, KEY_R, 1, defaults(), &t);
    // Main axis: 4 scanlines + pass rate; slide (1 px up): 4 scanlines + pass rate; arrow.
    ASSERT_EQ(t.probes.size(), 11u);
    for (int i = 0; i < 4; ++i) {
        EXPECT_EQ(t.probes[i].shape, ProbeShape::Segment);
        EXPECT_STREQ(t.probes[i].why, "scanline");
        EXPECT_EQ(t.probes[i].x0, Fix::fromInt(64));
        EXPECT_EQ(t.probes[i].x1, Fix::fromInt(65));
        EXPECT_EQ(t.probes[i].verdict, i == 3 ? Verdict::Block : Verdict::Pass);
    }
    // 36 + 14/3 rounded toward the edge's middle (up, for the lower half).
    EXPECT_EQ(t.probes[1].y0, Fix::fromRaw(Fix::ratio(122, 3).raw + 1));
    EXPECT_EQ(t.probes[2].y0, Fix::ratio(136, 3));  // 36 + 28/3 rounded down
    EXPECT_EQ(t.probes[3].y0, Fix::fromInt(50));
    EXPECT_EQ(probeJson(t.probes[4]),
              "{\"kind\":\"value\",\"verdict\":\"pass\",\"why\":\"pass_rate\",\"value\":0.75,"
              "\"threshold\":" +
                  Fix::fromDouble(0.6667).str() + "}");
    EXPECT_EQ(t.probes[5].shape, ProbeShape::Segment);
    EXPECT_EQ(t.probes[5].y0, Fix::fromInt(35));  // slide up: the top edge
    EXPECT_EQ(t.probes[5].y1, Fix::fromInt(34));
    EXPECT_EQ(t.probes[9].verdict, Verdict::Pass);
    EXPECT_EQ(probeJson(t.probes[10]),
              "{\"kind\":\"arrow\",\"verdict\":\"info\",\"why\":\"slide\",\"x0\":56,\"y0\":43,"
              "\"x1\":56,\"y1\":42}");
    // The fast path emits nothing and moves the same.
    MoverState same = run(w, box(40, 35), KEY_R, 9);
    EXPECT_EQ(same, s);
}

TEST(ScanlineSlide, DescribeAddsBlockedScanlinesAndSlide) {
    Map m = corridorMap();
    CollisionWorld w(m);
    MoverState s = run(w, box(40, 35), KEY_R, 9);
    std::string line = stateJson(9, "hero", MoverKind::ScanlineSlide, s);
    EXPECT_NE(line.find(",\"blocked_scanlines\":1,\"slide\":-1}"), std::string::npos) << line;
}

TEST(ScanlineSlide, OutOfRangeParametersAreClamped) {
    Map m = Map::blank(10, 10);
    CollisionWorld w(m);
    ParamValues p = defaults();
    p[kSsSpeed] = Fix::fromInt(1000);    // -> 64
    p[kSsStepCount] = Fix::fromInt(-3);  // -> 1
    p[kSsShrink] = Fix::fromInt(-5);     // -> 0
    p[kSsMovableRate] = Fix::fromInt(7);
    MoverState s = run(w, box(0, 0), KEY_R | KEY_D, 1, p);
    EXPECT_EQ(s.x, Fix::fromInt(64));
    EXPECT_EQ(s.y, Fix::fromInt(64));
    p[kSsStepCount] = Fix::fromInt(500);  // -> 31
    s = run(w, s, KEY_R, 5, p);
    EXPECT_EQ(s.x, Fix::fromInt(144));  // map is 160 wide
    MoverState empty = box(0, 0, 0, 0);
    EXPECT_EQ(run(w, empty, KEY_R, 1).x, Fix::fromInt(0));
}

TEST(ScanlineSlide, ExactOneMillionPixelsFromTheOrigin) {
    // The corridor slide copied 15625 tiles of 64 px (10^6 px) to the right, then down. The
    // inputs (right, then up) never reach the blank area left of / above the copy.
    const Map near = corridorMap(64);
    Map right = Map::blank(15625 + 10, 5, 64), down = Map::blank(10, 15625 + 5, 64);
    for (int y = 0; y < 5; ++y)
        for (int x = 0; x < 10; ++x) {
            right.setTile(15625 + x, y, near.tile(x, y));
            down.setTile(x, 15625 + y, near.tile(x, y));
        }
    CollisionWorld wn(near), wr(right), wd(down);
    ParamValues p = defaults();
    p[kSsSpeed] = Fix::ratio(7, 3);  // an inexact speed: 2.333... rounded down
    const Fix off = Fix::fromInt(1000000);
    // 11 px below the corridor row [128, 192): edge [140, 202), one scanline in row 3.
    MoverState a = box(150, 139, 64, 64), b = a, c = a;
    b.x += off;
    c.y += off;
    for (int f = 0; f < 200; ++f) {
        InputBits in = f < 150 ? KEY_R : KEY_U;
        a = kScanlineSlideMover.step(a, in, p, wn, nullptr);
        b = kScanlineSlideMover.step(b, in, p, wr, nullptr);
        c = kScanlineSlideMover.step(c, in, p, wd, nullptr);
        MoverState bb = b, cc = c;
        bb.x -= off;
        cc.y -= off;
        ASSERT_EQ(bb, a) << f;
        ASSERT_EQ(cc, a) << f;
    }
    EXPECT_GT(a.x, Fix::fromInt(256));  // it did get into the corridor
    // Slid in to y = 129 (edge end 192), then "up" stops against the corridor's top row.
    EXPECT_EQ(a.y, Fix::fromInt(128));
}

// The additive CollisionWorld query this model uses for brushes.
TEST(ScanlineSlide, ForEachBrushOverlappingReportsExactlyTheOverlappingBrushes) {
    Map m = Map::blank(40, 40);
    m.brushes.push_back(Brush{RectI{100, 200, 37, 5}});
    m.brushes.push_back(Brush{RectI{300, 10, 200, 300}});  // spans several 128-px buckets
    CollisionWorld w(m);
    auto found = [&](const RectI& r) {
        std::vector<RectI> out;
        w.forEachBrushOverlapping(r, [&](const RectI& b) {
            if (out.empty() || !(out.back() == b)) out.push_back(b);
        });
        return out;
    };
    EXPECT_TRUE(found(RectI{0, 0, 100, 300}).empty());  // touches the first brush's left edge
    ASSERT_EQ(found(RectI{136, 204, 1, 1}).size(), 1u);
    EXPECT_EQ(found(RectI{136, 204, 1, 1})[0], (RectI{100, 200, 37, 5}));
    ASSERT_EQ(found(RectI{499, 309, 5, 5}).size(), 1u);
    EXPECT_EQ(found(RectI{499, 309, 5, 5})[0], (RectI{300, 10, 200, 300}));
    EXPECT_TRUE(found(RectI{500, 0, 10, 10}).empty());
    EXPECT_TRUE(found(RectI{-50, -50, 10, 10}).empty());  // outside the map: no crash
    Map none = Map::blank(4, 4);
    CollisionWorld wn(none);
    int calls = 0;
    wn.forEachBrushOverlapping(RectI{0, 0, 64, 64}, [&](const RectI&) { ++calls; });
    EXPECT_EQ(calls, 0);
}
