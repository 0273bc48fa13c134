// Top-down AABB model (seed 003) on small hand-made maps: speeds, cancelling keys, the
// alignment nudge, facing, pushing, each kind of geometry, long steps, and the trace.
// Expected positions are worked out by hand from the rules in docs/movers/topdown_aabb.md
// (the arithmetic is in the comments).
#include <gtest/gtest.h>

#include <string>
#include <utility>

#include "world/collision.h"
#include "movers/topdown_aabb.h"
#include "sim/sim.h"
#include "test_support.h"
#include "trace/trace.h"

using namespace ts;

namespace {

// One actor of the model on its own map, stepped directly so that a test can change the
// parameters between frames and read one frame's trace.
class Walker {
  public:
    Walker(Map map, int64_t x, int64_t y, int32_t w = 16, int32_t h = 16)
        : map_(std::move(map)), world_(map_), params(defaultParams(MoverKind::TopDownAabb)) {
        s.x = Fix::fromInt(x);
        s.y = Fix::fromInt(y);
        s.w = w;
        s.h = h;
        s.facing = DIR_DOWN;
    }
    Walker(const Walker&) = delete;
    Walker& operator=(const Walker&) = delete;

    // Steps `frames` times with the same keys; the trace holds the last frame's probes.
    const MoverState& step(InputBits keys, int frames = 1) {
        for (int i = 0; i < frames; ++i) {
            trace.clear();
            s = kTopDownAabbMover.step(s, keys, params, world_, &trace);
            EXPECT_FALSE(overlaps()) << "overlapping solid at " << x() << "," << y();
        }
        return s;
    }
    int64_t x() const { return s.x.floor(); }
    int64_t y() const { return s.y.floor(); }
    bool overlaps() const { return world_.rectOverlapsSolid(RectI{x(), y(), s.w, s.h}); }
    void set(int param, int64_t value) { params[size_t(param)] = Fix::fromInt(value); }
    const CollisionWorld& world() const { return world_; }

    MoverState s;
    Trace trace;

  private:
    Map map_;
    CollisionWorld world_;

  public:
    ParamValues params;
};

Map open(int w = 20, int h = 12) {
    return Map::blank(w, h, 16);
}

int countProbes(const Trace& t, ProbeShape shape, const char* why) {
    int n = 0;
    for (const Probe& p : t.probes)
        if (p.shape == shape && std::string(p.why) == why) ++n;
    return n;
}

const Probe* findProbe(const Trace& t, ProbeShape shape, const char* why) {
    for (const Probe& p : t.probes)
        if (p.shape == shape && std::string(p.why) == why) return &p;
    return nullptr;
}

}  // namespace

TEST(TopDownAabb, RegistryAndSeedDefaults) {
    const MoverInfo& info = moverInfo(MoverKind::TopDownAabb);
    EXPECT_EQ(info.stepFn, kTopDownAabbMover.stepFn);
    EXPECT_STREQ(info.id, "topdown_aabb");
    EXPECT_FALSE(info.round);
    ASSERT_EQ(info.paramCount, kTdParamCount);
    EXPECT_STREQ(info.params[kTdStraightSpeed].name, "straight_speed");
    EXPECT_STREQ(info.params[kTdAlignGrid].name, "align_grid");
    ParamValues d = defaultParams(MoverKind::TopDownAabb);
    EXPECT_EQ(d[kTdStraightSpeed], Fix::fromInt(3));  // seed: 3 px per tick
    EXPECT_EQ(d[kTdDiagonalSpeed], Fix::fromInt(2));  // seed: 2 px per tick
    EXPECT_EQ(d[kTdAlignGrid], Fix::fromInt(16));     // seed: 16-px spacing
    EXPECT_EQ(d[kTdNudgeStep], Fix::fromInt(1));      // seed: +-1 per tick
    for (int i = 0; i < info.paramCount; ++i) {
        EXPECT_TRUE(info.params[i].integer) << info.params[i].name;
        EXPECT_LE(info.params[i].min, info.params[i].def);
        EXPECT_LE(info.params[i].def, info.params[i].max);
    }
}

TEST(TopDownAabb, StraightThreeDiagonalTwo) {
    Walker a(open(), 96, 96);  // on the 16-px grid: no nudge
    a.step(KEY_R);
    EXPECT_EQ(a.x(), 99);
    EXPECT_EQ(a.y(), 96);
    EXPECT_EQ(a.s.vx, Fix::fromInt(3));
    a.step(KEY_U);  // 96 - 3 = 93, then x 99 -> nudged toward 96 by 1
    EXPECT_EQ(a.y(), 93);
    EXPECT_EQ(a.x(), 98);
    a.step(KEY_R | KEY_D);  // diagonal: 2 on each axis, no nudge
    EXPECT_EQ(a.x(), 100);
    EXPECT_EQ(a.y(), 95);
    a.step(KEY_L | KEY_U, 3);
    EXPECT_EQ(a.x(), 94);
    EXPECT_EQ(a.y(), 89);
    EXPECT_EQ(a.s.vx, Fix::fromInt(-2));
    EXPECT_EQ(a.s.vy, Fix::fromInt(-2));
}

TEST(TopDownAabb, OppositeKeysCancel) {
    Walker a(open(), 96, 96);
    a.step(KEY_L | KEY_R);
    EXPECT_EQ(a.x(), 96);
    EXPECT_EQ(a.y(), 96);
    EXPECT_EQ(a.s.timer, 0);        // not walking
    a.step(KEY_L | KEY_R | KEY_U);  // only up is left: straight speed 3, not diagonal 2
    EXPECT_EQ(a.x(), 96);
    EXPECT_EQ(a.y(), 93);
    EXPECT_EQ(a.s.timer, 1);
    a.step(KEY_L | KEY_R | KEY_U | KEY_D | KEY_J);
    EXPECT_EQ(a.x(), 96);
    EXPECT_EQ(a.y(), 93);
    EXPECT_EQ(a.s.timer, 0);
}

TEST(TopDownAabb, NudgeMovesOnePixelTowardTheNearestLineAndStopsThere) {
    Walker a(open(), 32, 37);  // y % 16 = 5 < 8: toward 32
    for (int f = 1; f <= 5; ++f) {
        a.step(KEY_R);
        EXPECT_EQ(a.y(), 37 - f);
        EXPECT_EQ(a.s.aux, -1);
    }
    a.step(KEY_R, 4);  // aligned: stays on the line
    EXPECT_EQ(a.y(), 32);
    EXPECT_EQ(a.s.aux, 0);

    Walker b(open(), 32, 42);  // 42 % 16 = 10 >= 8: toward 48
    b.step(KEY_L, 6);
    EXPECT_EQ(b.y(), 48);
    b.step(KEY_L, 3);
    EXPECT_EQ(b.y(), 48);

    Walker tie(open(), 40, 32);  // x % 16 = 8: the seed's `< 8 ? -1 : 1` goes +
    tie.step(KEY_D);
    EXPECT_EQ(tie.x(), 41);
}

TEST(TopDownAabb, NudgeNeverPassesTheLine) {
    Walker a(open(), 32, 34);  // 2 px below the line at 32
    a.set(kTdNudgeStep, 5);
    a.step(KEY_R);
    EXPECT_EQ(a.y(), 32);  // 5 px allowed, only 2 to the line
    EXPECT_EQ(a.s.aux, -2);
    a.step(KEY_R, 3);
    EXPECT_EQ(a.y(), 32);

    Walker b(open(), 45, 32);  // x % 16 = 13: toward 48, 3 px away
    b.set(kTdNudgeStep, 16);
    b.step(KEY_D);
    EXPECT_EQ(b.x(), 48);
}

TEST(TopDownAabb, NudgeOnlyWithOneAxisPressed) {
    Walker a(open(), 35, 37);
    a.step(KEY_R | KEY_D);  // diagonal: 37 + 2, x 35 + 2, no correction
    EXPECT_EQ(a.x(), 37);
    EXPECT_EQ(a.y(), 39);
    a.step(0);
    EXPECT_EQ(a.x(), 37);
    EXPECT_EQ(a.y(), 39);
}

TEST(TopDownAabb, NudgeNeverEntersASolid) {
    Map m = open();
    m.brushes.push_back(Brush{RectI{0, 20, 320, 16}});  // rows 20..35: the box is right below
    Walker a(std::move(m), 32, 36);  // 36 % 16 = 4: the line at 32 is up, into the brush
    a.step(KEY_R, 5);
    EXPECT_EQ(a.y(), 36);
    EXPECT_EQ(a.x(), 47);
    EXPECT_EQ(a.s.aux, 0);

    // 44 % 16 = 12: the line at 48 is 4 px down; the nudge step allows 3.
    Map m2 = open();
    m2.brushes.push_back(Brush{RectI{0, 34, 320, 8}});  // rows 34..41, above: irrelevant
    Walker b(std::move(m2), 32, 44);
    b.set(kTdNudgeStep, 3);
    b.step(KEY_L);
    EXPECT_EQ(b.y(), 47);
    Map m3 = open();
    m3.brushes.push_back(Brush{RectI{0, 62, 320, 8}});  // 2 px below the box (rows 44..59)
    Walker c(std::move(m3), 32, 44);                    // wants 44 -> 47, room for 2
    c.set(kTdNudgeStep, 3);
    c.step(KEY_L);
    EXPECT_EQ(c.y(), 46);
    EXPECT_EQ(c.s.aux, 2);
}

// The example: a 16-px box walking right toward a one-tile corridor between two
// brushes, 6 px off the corridor's line, slides in.
TEST(TopDownAabb, MisalignedApproachSlidesIntoCorridor) {
    auto corridorMap = [] {
        Map m = open(30, 12);
        m.brushes.push_back(Brush{RectI{160, 0, 96, 64}});    // above the corridor: rows < 64
        m.brushes.push_back(Brush{RectI{160, 80, 96, 112}});  // below: rows >= 80
        return m;
    };
    for (int64_t off : {-6, 6}) {
        Walker a(corridorMap(), 32, 64 + off);
        a.step(KEY_R, 100);  // 300 px of walking
        EXPECT_EQ(a.y(), 64) << off;
        EXPECT_GT(a.x(), 256) << off;  // through the corridor and out on the other side
    }
    // Without the nudge the same approach catches the corner: the box stops at the brush.
    Walker stuck(corridorMap(), 32, 70);
    stuck.set(kTdNudgeStep, 0);
    stuck.step(KEY_R, 60);
    EXPECT_EQ(stuck.x(), 144);
    EXPECT_EQ(stuck.y(), 70);
}

TEST(TopDownAabb, FacingTurnsOnlyWhenTheFacingKeyIsReleased) {
    Walker a(open(), 96, 96);
    EXPECT_EQ(a.s.facing, DIR_DOWN);
    a.step(KEY_R);
    EXPECT_EQ(a.s.facing, DIR_RIGHT);
    a.step(KEY_R | KEY_U, 3);
    EXPECT_EQ(a.s.facing, DIR_RIGHT);  // still holding R
    a.step(KEY_U);
    EXPECT_EQ(a.s.facing, DIR_UP);  // R released, U is new
    a.step(0);
    EXPECT_EQ(a.s.facing, DIR_UP);  // idle keeps the facing
    a.step(KEY_L | KEY_R);
    EXPECT_EQ(a.s.facing, DIR_UP);  // cancelled keys do not turn
    a.step(KEY_L | KEY_D);          // both new: the seed handles vertical last, so it wins
    EXPECT_EQ(a.s.facing, DIR_DOWN);
    a.step(KEY_L);
    EXPECT_EQ(a.s.facing, DIR_LEFT);
}

TEST(TopDownAabb, DiagonalAgainstWallKeepsMovingAlongTheFreeAxis) {
    Map m = open();
    m.brushes.push_back(Brush{RectI{112, 0, 16, 192}});  // wall at x = 112
    Walker a(std::move(m), 96, 32);                      // touching it (right edge 112)
    a.step(KEY_R | KEY_D, 4);
    EXPECT_EQ(a.x(), 96);
    EXPECT_EQ(a.y(), 40);  // 2 px per frame down along the wall
    EXPECT_FALSE(a.s.pushing);
}

TEST(TopDownAabb, DiagonalAgainstWallFacesTheFreeAxis) {
    // Facing up, a floor below: R and D are both new. Without the seed's restriction the
    // vertical key would win (facing down, into the floor); the blocked side does not turn
    // the actor, so it faces right, the way it slides.
    Map m = open();
    m.brushes.push_back(Brush{RectI{0, 48, 320, 16}});
    Walker a(std::move(m), 32, 32);  // bottom edge on the floor
    a.s.facing = DIR_UP;
    a.step(KEY_R | KEY_D, 4);
    EXPECT_EQ(a.x(), 40);
    EXPECT_EQ(a.y(), 32);
    EXPECT_EQ(a.s.facing, DIR_RIGHT);
    EXPECT_FALSE(a.s.pushing);
    // Away from the floor both axes are free and the vertical key wins, as in the seed.
    Walker b(open(), 32, 32);
    b.s.facing = DIR_UP;
    b.step(KEY_R | KEY_D);
    EXPECT_EQ(b.s.facing, DIR_DOWN);
}

// The seed's restriction moves nothing on a blocked side that is not the facing one
// (`moveNorth = false`), even when the x walk first carries the box past the obstacle: with
// diagonal_speed 6 and a 4-px box overlapping the tile above it by 2 px, walking L,U ends
// beside the tile at (24, 32), not past its corner at (24, 26).
TEST(TopDownAabb, DiagonalRestrictedAxisStaysEvenWhenTheWalkClearsTheObstacle) {
    Map m = Map::blank(6, 6, 8);
    m.setTile(4, 3, 1);  // solid, x 32..39, y 24..31: just above the box's right 2 px
    Walker a(std::move(m), 30, 32, 4, 4);
    a.set(kTdDiagonalSpeed, 6);
    ASSERT_TRUE(a.world().rectBlocked(RectI{30, 31, 4, 2}, DIR_UP));  // the north probe hits
    a.step(KEY_L | KEY_U);
    EXPECT_EQ(a.s.facing, DIR_LEFT);
    EXPECT_EQ(a.x(), 24);
    EXPECT_EQ(a.y(), 32);
    // The facing side is not restricted: facing up, the same frame goes up as far as it can
    // (0 px here, blocked) and still walks left.
    Map m2 = Map::blank(6, 6, 8);
    m2.setTile(4, 3, 1);
    Walker b(std::move(m2), 30, 32, 4, 4);
    b.set(kTdDiagonalSpeed, 6);
    b.s.facing = DIR_UP;
    b.step(KEY_L | KEY_U);
    EXPECT_EQ(b.s.facing, DIR_UP);
    EXPECT_EQ(b.x(), 24);
    EXPECT_EQ(b.y(), 26);
}

TEST(TopDownAabb, PushingOnlyWhileBlockedAheadAndNotSliding) {
    Map m = open();
    m.brushes.push_back(Brush{RectI{112, 0, 16, 192}});
    Walker a(std::move(m), 90, 32);
    a.step(KEY_R);  // 90 -> 93, free
    EXPECT_FALSE(a.s.pushing);
    a.step(KEY_R, 2);  // 93 -> 96, touching the wall
    EXPECT_EQ(a.x(), 96);
    EXPECT_TRUE(a.s.pushing);
    a.step(KEY_R);
    EXPECT_TRUE(a.s.pushing);
    EXPECT_EQ(a.s.facing, DIR_RIGHT);
    // Add U: facing stays right (R held) but the actor slides up: not pushing. The first
    // frame runs at push speed (1) because the previous one ended pushing.
    a.step(KEY_R | KEY_U);
    EXPECT_EQ(a.s.facing, DIR_RIGHT);
    EXPECT_FALSE(a.s.pushing);
    EXPECT_EQ(a.y(), 31);
    a.step(KEY_R | KEY_U);
    EXPECT_EQ(a.y(), 29);  // diagonal speed again
    EXPECT_FALSE(a.s.pushing);
    a.step(KEY_R);  // back to pushing (the nudge moves y toward 32: that is not sliding)
    EXPECT_TRUE(a.s.pushing);
    EXPECT_EQ(a.y(), 30);
    a.step(0);
    EXPECT_FALSE(a.s.pushing);
}

TEST(TopDownAabb, ClippingACornerIsNotPushing) {
    // The wall covers only the box's top 4 rows: blocked, but the middle probe is free (the
    // seed's voronoi-region rule).
    Map m = open();
    m.brushes.push_back(Brush{RectI{112, 0, 16, 36}});
    Walker a(std::move(m), 96, 32);
    a.set(kTdNudgeStep, 0);
    a.step(KEY_R, 3);
    EXPECT_EQ(a.x(), 96);
    EXPECT_FALSE(a.s.pushing);
}

TEST(TopDownAabb, PushSpeedAppliesAfterAPushingFrame) {
    Map m = open();
    m.brushes.push_back(Brush{RectI{112, 0, 16, 192}});
    Walker a(std::move(m), 96, 32);
    a.set(kTdPushSpeed, 0);
    a.step(KEY_R);
    ASSERT_TRUE(a.s.pushing);
    a.step(KEY_L);  // first frame after pushing: push speed 0
    EXPECT_EQ(a.x(), 96);
    EXPECT_FALSE(a.s.pushing);
    a.step(KEY_L);
    EXPECT_EQ(a.x(), 93);
}

TEST(TopDownAabb, SolidTilesAndMapEdgeStopTheBox) {
    Map m = test::mapFromRows({
        "......",
        "......",
        "....#.",
    });
    Walker a(std::move(m), 0, 32);
    a.step(KEY_R, 40);
    EXPECT_EQ(a.x(), 48);  // right edge at the solid tile's x = 64
    a.step(KEY_L, 40);
    EXPECT_EQ(a.x(), 0);  // the map edge
    a.step(KEY_D, 5);
    EXPECT_EQ(a.y(), 32);  // bottom edge of the map
}

TEST(TopDownAabb, SlopesCountAsSolidPixels) {
    // slope45_right at x 64..79 of row 0: column c has its bottom c+1 rows solid, so row 7
    // (the bottom of an 8-px box at y 0) first turns solid at column 8, x = 72.
    Map m = test::mapFromRows({"..../..."});
    Walker a(std::move(m), 0, 0, 8, 8);
    a.set(kTdAlignGrid, 1);  // no nudge
    a.step(KEY_R, 40);
    EXPECT_EQ(a.x(), 64);
}

TEST(TopDownAabb, OneWayTilesBlockOnlyTheirClosedDirection) {
    // '=' passes travel up, left and right, and stops travel down at its top edge.
    Map m = test::mapFromRows({
        "....",
        "....",
        ".=..",
        "....",
    });
    Walker down(Map(m), 16, 0);
    down.step(KEY_D, 20);
    EXPECT_EQ(down.y(), 16);  // resting on top of the platform at y = 32
    Walker up(Map(m), 16, 48);
    up.step(KEY_U, 20);
    EXPECT_EQ(up.y(), 0);  // straight through from below
    Walker side(Map(m), 0, 32);
    side.step(KEY_R, 20);
    EXPECT_EQ(side.x(), 48);  // through it sideways to the map edge
}

TEST(TopDownAabb, EdgeWallsAreThinLines) {
    Map m = open(6, 4);
    m.walls.setV(3, 1, true);  // the line x = 48, rows 16..31
    Walker a(std::move(m), 0, 16);
    a.step(KEY_R, 20);
    EXPECT_EQ(a.x(), 32);  // right edge touching the line
    EXPECT_TRUE(a.s.pushing);

    Map m2 = open(6, 4);
    m2.walls.setH(1, 2, true);  // the line y = 32 over x 16..31
    Walker b(std::move(m2), 16, 0);
    b.step(KEY_D, 20);
    EXPECT_EQ(b.y(), 16);
}

TEST(TopDownAabb, OnePixelBoxStopsAtWalls) {
    // A 1-px box never has a wall line strictly inside it; the sweep looks at the area it
    // sweeps over (its side line and the pixel beyond), so it still stops on the line.
    Map m = open(6, 4);
    m.walls.setV(3, 1, true);  // x = 48, rows 16..31
    m.walls.setH(1, 3, true);  // y = 48, columns 16..31
    Walker a(Map(m), 40, 20, 1, 1);
    a.set(kTdAlignGrid, 1);
    a.step(KEY_R, 10);
    EXPECT_EQ(a.x(), 47);
    Walker b(Map(m), 60, 20, 1, 1);
    b.set(kTdAlignGrid, 1);
    b.step(KEY_L, 10);
    EXPECT_EQ(b.x(), 48);
    Walker c(Map(m), 20, 40, 1, 1);
    c.set(kTdAlignGrid, 1);
    c.step(KEY_D, 10);
    EXPECT_EQ(c.y(), 47);
}

TEST(TopDownAabb, NoTunnellingAt64PxPerFrame) {
    Map m = open(40, 4);
    m.brushes.push_back(Brush{RectI{300, 0, 1, 64}});  // one pixel thick
    Walker a(std::move(m), 0, 0);
    a.set(kTdStraightSpeed, 64);
    a.step(KEY_R);
    EXPECT_EQ(a.x(), 64);
    a.step(KEY_R, 10);
    EXPECT_EQ(a.x(), 284);  // right edge at the 1-px brush
    a.step(KEY_L);          // the frame after pushing runs at push speed
    EXPECT_EQ(a.x(), 283);
    a.step(KEY_L);
    EXPECT_EQ(a.x(), 219);
    Walker b(open(40, 4), 0, 0);
    b.set(kTdStraightSpeed, 64);
    b.step(KEY_R, 20);
    EXPECT_EQ(b.x(), 640 - 16);

    Map m2 = open(40, 4);
    m2.walls.setV(30, 0, true);  // the line x = 480
    Walker c(std::move(m2), 320, 0);
    c.set(kTdStraightSpeed, 64);
    c.step(KEY_R, 5);
    EXPECT_EQ(c.x(), 464);
}

TEST(TopDownAabb, ExactFarFromTheOrigin) {
    // 10^6 px = 62500 tiles of 16: the same run at x = 10^6 + 96 and at 96.
    Map far = Map::blank(62520, 4, 16);
    Walker a(std::move(far), 1000000 + 99, 37);
    Walker b(open(20, 4), 99, 37);
    const InputBits keys[] = {KEY_R, KEY_L, KEY_D, KEY_U, KEY_R | KEY_D, KEY_U, KEY_L};
    for (InputBits k : keys) {
        a.step(k, 3);
        b.step(k, 3);
        EXPECT_EQ(a.x() - 1000000, b.x());
        EXPECT_EQ(a.y(), b.y());
    }
}

TEST(TopDownAabb, ParametersMayChangeBetweenFrames) {
    Walker a(open(), 96, 96);
    a.step(KEY_R);
    EXPECT_EQ(a.x(), 99);
    a.set(kTdStraightSpeed, 7);
    a.step(KEY_R);
    EXPECT_EQ(a.x(), 106);
    a.params[kTdStraightSpeed] = Fix::ratio(5, 2);  // 2.5 rounds down to whole pixels
    a.step(KEY_R);
    EXPECT_EQ(a.x(), 108);
    a.set(kTdStraightSpeed, 1000);  // clamped to the spec's 64
    a.step(KEY_R);
    EXPECT_EQ(a.x(), 172);
    a.set(kTdAlignGrid, 0);  // clamped to 1: every position is aligned, no nudge
    a.step(KEY_U);
    EXPECT_EQ(a.x(), 172);
}

TEST(TopDownAabb, TraceHasProbesBlockersAndNudge) {
    Map m = open();
    m.brushes.push_back(Brush{RectI{112, 0, 16, 192}});
    Walker a(std::move(m), 93, 37);
    a.step(KEY_R);  // 93 -> 96 touching the wall; y 37 -> 36
    EXPECT_EQ(countProbes(a.trace, ProbeShape::Point, "probe_n"), 1);
    EXPECT_EQ(countProbes(a.trace, ProbeShape::Point, "probe_e"), 1);
    EXPECT_EQ(countProbes(a.trace, ProbeShape::Point, "probe_s"), 1);
    EXPECT_EQ(countProbes(a.trace, ProbeShape::Point, "probe_w"), 1);
    EXPECT_EQ(findProbe(a.trace, ProbeShape::Point, "probe_e")->verdict, Verdict::Miss);
    EXPECT_EQ(findProbe(a.trace, ProbeShape::Rect, "blocker"), nullptr);  // 3 px were free
    const Probe* arrow = findProbe(a.trace, ProbeShape::Arrow, "nudge");
    ASSERT_NE(arrow, nullptr);
    EXPECT_EQ(arrow->verdict, Verdict::Pass);
    EXPECT_EQ(arrow->x0, Fix::fromInt(96));  // drawn from after the walk...
    EXPECT_EQ(arrow->y0, Fix::fromInt(37));
    EXPECT_EQ(arrow->y1, Fix::fromInt(32));  // ...to the alignment line

    a.step(KEY_R);  // now touching: the east probe hits, the blocker is the brush
    const Probe* blocker = findProbe(a.trace, ProbeShape::Rect, "blocker");
    ASSERT_NE(blocker, nullptr);
    EXPECT_EQ(blocker->verdict, Verdict::Hit);
    EXPECT_EQ(blocker->x0, Fix::fromInt(112));
    EXPECT_EQ(blocker->x1, Fix::fromInt(128));
    EXPECT_EQ(blocker->y1, Fix::fromInt(192));
    const Probe* east = findProbe(a.trace, ProbeShape::Point, "probe_e");
    EXPECT_EQ(east->verdict, Verdict::Hit);
    EXPECT_EQ(east->x0, Fix::fromInt(112));  // first pixel outside the right side
    EXPECT_EQ(east->y0, Fix::fromInt(36 + 7));
    EXPECT_EQ(findProbe(a.trace, ProbeShape::Point, "probe_w")->verdict, Verdict::Miss);
}

TEST(TopDownAabb, TraceOrNotTheSameState) {
    Map m = test::mapFromRows({"......", "..#...", "....=.", "......"});
    CollisionWorld world(m);
    ParamValues p = defaultParams(MoverKind::TopDownAabb);
    MoverState s;
    s.x = Fix::fromInt(3);
    s.y = Fix::fromInt(5);
    s.w = 10;
    s.h = 12;
    MoverState t = s;
    Trace trace;
    const InputBits keys[] = {KEY_R, KEY_R | KEY_D, KEY_D, KEY_L, KEY_U, KEY_U | KEY_R, 0};
    for (int i = 0; i < 70; ++i) {
        InputBits k = keys[(i / 5) % 7];
        s = kTopDownAabbMover.step(s, k, p, world, nullptr);
        t = kTopDownAabbMover.step(t, k, p, world, &trace);
        ASSERT_EQ(s, t) << i;
    }
    EXPECT_FALSE(trace.probes.empty());
}

TEST(TopDownAabb, DescribeAddsWalkCounterAndNudge) {
    Map m = open();
    m.actors.push_back(Actor{"hero", MoverKind::TopDownAabb, 32, 37, 16, 16,
                             defaultParams(MoverKind::TopDownAabb)});
    Sim sim(m);
    sim.step({KEY_R}, nullptr);
    sim.step({KEY_R}, nullptr);
    std::string line = stateJson(2, "hero", MoverKind::TopDownAabb, sim.states()[0]);
    // 32 + 3 + 3 = 38; 37 nudged up twice to 35.
    EXPECT_EQ(line,
              "{\"frame\":2,\"actor\":\"hero\",\"x\":38,\"y\":35,\"vx\":3,\"vy\":-1,"
              "\"grounded\":false,\"facing\":\"right\",\"pushing\":false,\"walk\":2,"
              "\"nudge\":-1}");
}
