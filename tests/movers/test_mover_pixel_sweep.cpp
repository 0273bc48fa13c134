// Pixel sweep (seed 001) on small hand-made maps: slopes, steps, corners, one-way
// platforms, jumps, coyote time, thin walls, fast movement, traces. Expected positions are
// worked out by hand from the map geometry in the comment next to each check.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "world/collision.h"
#include "movers/pixel_sweep.h"
#include "test_support.h"
#include "movers/model_fields.h"
#include "trace/trace.h"

using namespace ts;
namespace ps = ts::pixel_sweep;

namespace {

// One actor on one map, stepped directly through the mover (no Sim needed).
struct Rig {
    Map map;
    std::unique_ptr<CollisionWorld> world;
    ParamValues params = defaultParams(MoverKind::PixelSweep);
    MoverState s;

    explicit Rig(Map m, int64_t x = 0, int64_t y = 0) : map(std::move(m)) {
        world = std::make_unique<CollisionWorld>(map);
        place(x, y);
    }
    void rebuild() { world->rebuild(); }
    void place(int64_t x, int64_t y) {
        s = MoverState{};
        s.x = Fix::fromInt(x);
        s.y = Fix::fromInt(y);
        s.w = 12;
        s.h = 16;
        s.facing = DIR_DOWN;
    }
    void set(int i, double v) { params[size_t(i)] = Fix::fromDouble(v); }
    // Instant horizontal speed: acceleration and friction equal to the run speed.
    void speed(double v) {
        set(ps::kRunSpeed, v);
        set(ps::kAcceleration, v);
        set(ps::kFriction, v);
    }
    MoverState step(InputBits in, Trace* trace = nullptr) {
        s = kPixelSweepMover.step(s, in, params, *world, trace);
        return s;
    }
    void settle() {
        for (int i = 0; i < 200 && !s.grounded; ++i) step(0);
    }
    int64_t px() const { return s.x.floor(); }
    int64_t py() const { return s.y.floor(); }
    bool overlaps() const { return world->rectOverlapsSolid(RectI{px(), py(), s.w, s.h}); }
};

// A hill of 45-degree slopes, tile 16: up three tiles from column 4, a two-pixel flat top at
// x = 111..112 (y = 48), down three tiles to column 10. Floor top at y = 96 (row 6).
Map hill45() {
    return test::mapFromRows({
        "................",
        "................",
        "................",
        "....../\\........",
        "...../##\\.......",
        "..../####\\......",
        "################",
        "################",
    });
}

// A hill of 22.5-degree slopes: two tiles rise half a tile each. Top y = 48, floor y = 80.
Map hill22() {
    return test::mapFromRows({
        "..................",
        "..................",
        "..................",
        "......ab##cd......",
        "....ab######cd....",
        "##################",
    });
}

// Walks the actor from x0 to past the far side of the hill at `speed` px/frame and checks it
// is grounded on every frame and never overlaps solid. Returns the highest point reached (the
// smallest y).
int64_t walkOverHill(Rig& r, int64_t x0, int dir, int speed, int frames) {
    r.place(x0, 0);
    r.speed(speed);
    r.settle();
    EXPECT_TRUE(r.s.grounded);
    int64_t top = r.py();
    for (int f = 0; f < frames; ++f) {
        r.step(dir > 0 ? KEY_R : KEY_L);
        EXPECT_TRUE(r.s.grounded) << "speed " << speed << " frame " << f << " x " << r.px() << " y "
                                  << r.py();
        EXPECT_FALSE(r.overlaps()) << "speed " << speed << " frame " << f;
        top = std::min(top, r.py());
    }
    return top;
}

TEST(PixelSweep, StandsStillOnFlatGround) {
    Rig r(hill45(), 8, 20);
    r.settle();
    ASSERT_TRUE(r.s.grounded);
    EXPECT_EQ(r.py(), 96 - 16);  // box bottom on the floor top at y = 96
    for (int i = 0; i < 30; ++i) r.step(0);
    EXPECT_EQ(r.py(), 80);
    EXPECT_EQ(r.px(), 8);
    EXPECT_TRUE(r.s.grounded);
}

TEST(PixelSweep, Slopes45StayGroundedEveryFrameBothWaysAtOneToEightPx) {
    for (int speed = 1; speed <= 8; ++speed) {
        Rig r(hill45());
        // Right from x = 8 to past the far foot (col 10 ends at x = 176); the hill top is
        // at y = 48, so the box top reaches 32.
        EXPECT_EQ(walkOverHill(r, 8, +1, speed, 200 / speed), 32) << speed;
        EXPECT_GT(r.px(), 176) << speed;
        EXPECT_EQ(r.py(), 80) << speed;
        Rig l(hill45());
        EXPECT_EQ(walkOverHill(l, 230, -1, speed, 220 / speed), 32) << speed;
        EXPECT_LT(l.px() + 12, 64) << speed;
        EXPECT_EQ(l.py(), 80) << speed;
    }
}

TEST(PixelSweep, Slopes22StayGroundedEveryFrameBothWaysAtOneToEightPx) {
    for (int speed = 1; speed <= 8; ++speed) {
        Rig r(hill22());
        // Floor top y = 80; the hill top is y = 48 (two 22.5 pairs of 16 px each). The far
        // foot: column 13 ends at x = 224.
        EXPECT_EQ(walkOverHill(r, 8, +1, speed, 260 / speed), 32) << speed;
        EXPECT_GT(r.px(), 224) << speed;
        EXPECT_EQ(r.py(), 64) << speed;
        Rig l(hill22());
        EXPECT_EQ(walkOverHill(l, 270, -1, speed, 270 / speed), 32) << speed;
        EXPECT_LT(l.px() + 12, 64) << speed;
        EXPECT_EQ(l.py(), 64) << speed;
    }
}

TEST(PixelSweep, WithoutStickingTheWalkDownASlopeLeavesTheGround) {
    // The seed's point, shown the other way round: with sticking off, gravity alone makes
    // the actor bounce down the slope, airborne on some frames.
    Rig r(hill45(), 100, 0);
    r.set(ps::kStickToSlopes, 0);
    r.speed(4);
    r.place(104, 0);
    r.settle();
    int airborne = 0;
    for (int f = 0; f < 20; ++f) airborne += r.step(KEY_R).grounded ? 0 : 1;
    EXPECT_GT(airborne, 0);
}

// Floor at y = 64 with a brush of `rise` px on it from x = 100 to the right.
Map stepMap(int rise) {
    Map m = test::mapFromRows({"................", "................", "................",
                               "................", "################"});
    m.brushes.push_back(Brush{RectI{100, 64 - rise, 60, rise}});
    return m;
}

TEST(PixelSweep, TwoPixelStepIsAWallAtStepHeightOneAndClimbedAtTwo) {
    Rig r(stepMap(2), 60, 48);
    r.speed(3);
    r.settle();
    for (int f = 0; f < 30; ++f) r.step(KEY_R);
    EXPECT_EQ(r.px(), 100 - 12);  // box right edge against the step
    EXPECT_EQ(r.py(), 48);
    EXPECT_TRUE(r.s.pushing);
    EXPECT_EQ(r.s.vx, Fix{});

    Rig c(stepMap(2), 60, 48);
    c.speed(3);
    c.set(ps::kStepHeight, 2);
    c.settle();
    for (int f = 0; f < 30; ++f) {
        c.step(KEY_R);
        EXPECT_TRUE(c.s.grounded) << f;
    }
    EXPECT_GT(c.px(), 100);
    EXPECT_EQ(c.py(), 48 - 2);  // standing on the step
    EXPECT_FALSE(c.s.pushing);
}

TEST(PixelSweep, OnePixelStepIsClimbedOnlyWithHeadRoom) {
    Rig r(stepMap(1), 60, 48);
    r.speed(2);
    r.settle();
    for (int f = 0; f < 30; ++f) r.step(KEY_R);
    EXPECT_GT(r.px(), 100);
    EXPECT_EQ(r.py(), 47);

    // A ceiling brush touching the head (y = 48 top) over the approach: no room to lift.
    Map m = stepMap(1);
    m.brushes.push_back(Brush{RectI{0, 40, 200, 8}});
    Rig h(std::move(m), 60, 48);
    h.speed(2);
    h.settle();
    for (int f = 0; f < 30; ++f) h.step(KEY_R);
    EXPECT_EQ(h.px(), 88);
    EXPECT_EQ(h.py(), 48);
}

TEST(PixelSweep, StepHeightZeroMakesEverySlopeAWall) {
    Rig r(hill45(), 8, 48);
    r.set(ps::kStepHeight, 0);
    r.speed(2);
    r.settle();
    for (int f = 0; f < 60; ++f) r.step(KEY_R);
    // The first slope column of tile 4 (x = 64) is 1 px high: the box stops before it.
    EXPECT_EQ(r.px(), 64 - 12);
}

// Open room, floor at y = 160; a ceiling brush whose lower-left corner is at (cornerX, 40).
// An actor rising at x overlaps the brush by (x + 12 - cornerX) px.
Map cornerMap(int64_t brushX, int64_t brushW) {
    Map m = test::mapFromRows({"..........", "..........", "..........", "..........", "..........",
                               "..........", "..........", "..........", "..........", "..........",
                               "##########"});
    m.brushes.push_back(Brush{RectI{brushX, 24, brushW, 16}});
    return m;
}

MoverState rising(Rig& r, int64_t x, int64_t y, Fix vx) {
    r.place(x, y);
    r.s.vy = Fix::fromInt(-6);
    r.s.vx = vx;
    r.speed(0);
    r.set(ps::kGravity, 0);
    return r.s;
}

TEST(PixelSweep, CornerCorrectionSlidesAroundACeilingCorner) {
    // Brush from x = 70; the actor at x = 59 covers 59..70: 1 px under the brush.
    Rig r(cornerMap(70, 40));
    rising(r, 59, 50, Fix{});
    r.step(0);
    // Frame 1: 6 px up reaches y = 44; frame 2 hits the brush bottom (y = 40) after 4 px,
    // slides 1 px left, and keeps rising.
    r.step(0);
    EXPECT_EQ(r.px(), 58);
    EXPECT_EQ(r.py(), 38);
    EXPECT_EQ(r.s.vy, Fix::fromInt(-6));

    // 2 px under the corner is more than the default correction of 1: head bonk.
    Rig b(cornerMap(70, 40));
    rising(b, 60, 50, Fix{});
    b.step(0);
    b.step(0);
    EXPECT_EQ(b.px(), 60);
    EXPECT_EQ(b.py(), 40);
    EXPECT_EQ(b.s.vy, Fix{});

    // ... and within a correction of 2.
    Rig c(cornerMap(70, 40));
    rising(c, 60, 50, Fix{});
    c.set(ps::kCornerCorrection, 2);
    c.step(0);
    c.step(0);
    EXPECT_EQ(c.px(), 58);
    EXPECT_EQ(c.py(), 38);

    // Correction 0 turns it off.
    Rig z(cornerMap(70, 40));
    rising(z, 59, 50, Fix{});
    z.set(ps::kCornerCorrection, 0);
    z.step(0);
    z.step(0);
    EXPECT_EQ(z.px(), 59);
    EXPECT_EQ(z.py(), 40);
}

TEST(PixelSweep, CornerCorrectionTriesTheSideOfTheMotionFirst) {
    // A 2-px-wide brush over the middle of the box (x = 60..71, brush 65..66): either side
    // clears after 7 px, so only the preference decides.
    auto run = [](Fix vx, uint8_t facing) {
        Rig r(cornerMap(65, 2));
        rising(r, 60, 44, vx);
        r.s.facing = facing;
        r.set(ps::kCornerCorrection, 8);
        r.step(0);
        return r.s;
    };
    // Moving right (vx kept since run speed and friction are 0): slides right.
    MoverState right = run(Fix::fromInt(0), DIR_RIGHT);
    EXPECT_EQ(right.x.floor(), 67);
    EXPECT_EQ(run(Fix::fromInt(0), DIR_LEFT).x.floor(), 53);
    // No speed and no left/right facing: a tie, no slide.
    MoverState tie = run(Fix{}, DIR_DOWN);
    EXPECT_EQ(tie.x.floor(), 60);
    EXPECT_EQ(tie.y.floor(), 40);
}

TEST(PixelSweep, CornerCorrectionPrefersTheHorizontalSpeedOverFacing) {
    Rig r(cornerMap(65, 2));
    rising(r, 60, 44, Fix::fromInt(-1));
    r.s.facing = DIR_RIGHT;
    r.set(ps::kCornerCorrection, 8);
    r.set(ps::kFriction, 0);
    r.step(0);
    // X moves 1 px left first (x = 59, brush 65..66 still over it); the up step at y = 40
    // is blocked, the left side clears after 59 + 12 - 65 = 6 px.
    EXPECT_EQ(r.px(), 59 - 6);
}

// A platform row ('=') at row 3 (y = 48..63), floor at row 6 (y = 96).
Map platformMap() {
    return test::mapFromRows({"..........", "..........", "..........", "..====....", "..........",
                              "..........", "##########"});
}

TEST(PixelSweep, OneWayPlatformPassesFromBelowAndHoldsFromAbove) {
    Rig r(platformMap(), 40, 80);
    r.settle();
    ASSERT_EQ(r.py(), 80);
    // Jump: 5 px/frame up, gravity 0.25; the box passes through the platform (top y = 48)
    // and, falling, lands on it with its bottom at y = 48.
    bool wentAbove = false;
    for (int f = 0; f < 80; ++f) {
        r.step(f == 0 ? KEY_J : 0);
        EXPECT_FALSE(r.overlaps()) << f;
        wentAbove = wentAbove || r.py() + 16 <= 48;
    }
    EXPECT_TRUE(wentAbove);
    EXPECT_TRUE(r.s.grounded);
    EXPECT_EQ(r.py(), 48 - 16);
    // Holds while standing and walking along it.
    for (int f = 0; f < 10; ++f) r.step(KEY_R);
    EXPECT_EQ(r.py(), 32);
    EXPECT_TRUE(r.s.grounded);
}

TEST(PixelSweep, OneWayPlatformHoldsAFastFall) {
    // Dropped from the top at 64 px/frame max fall: lands on the platform, not the floor.
    Rig r(platformMap(), 40, 0);
    r.set(ps::kGravity, 64);
    r.set(ps::kMaxFallSpeed, 64);
    r.step(0);
    EXPECT_EQ(r.py(), 32);
    EXPECT_TRUE(r.s.grounded);
}

TEST(PixelSweep, JumpWorksOnEveryFrameWalkingDownASlope) {
    for (int speed : {1, 3, 8}) {
        Rig r(hill45());
        r.speed(speed);
        r.place(110, 0);
        r.settle();
        ASSERT_TRUE(r.s.grounded);
        for (int f = 0; f < 64 / speed; ++f) {
            Rig j(hill45());
            j.params = r.params;
            j.s = r.s;
            j.step(KEY_R | KEY_J);
            EXPECT_LT(j.s.vy, Fix{}) << "speed " << speed << " frame " << f;
            EXPECT_LT(j.py(), r.py()) << "speed " << speed << " frame " << f;
            r.step(KEY_R);
        }
        EXPECT_GT(r.py(), 32 + 20);  // it did walk down from the top
    }
}

TEST(PixelSweep, CoyoteFramesAllowALateJump) {
    // A ledge: floor only under columns 0..4 (x < 80) at y = 64, deep pit after.
    Map m = test::mapFromRows({"..........", "..........", "..........", "..........", "#####.....",
                               "#####.....", "#####.....", "#####.....", "##########"});
    auto framesToJump = [&](int coyote, int late) {
        Rig r(m, 60, 48);
        r.speed(2);
        r.set(ps::kCoyoteFrames, coyote);
        r.settle();
        int f = 0;
        while (r.s.grounded && f < 100) r.step(KEY_R), ++f;  // first airborne frame
        for (int i = 1; i < late; ++i) r.step(KEY_R);
        return r.step(KEY_R | KEY_J).vy < Fix{};
    };
    EXPECT_FALSE(framesToJump(0, 1));
    EXPECT_TRUE(framesToJump(3, 1));
    EXPECT_TRUE(framesToJump(3, 3));
    EXPECT_FALSE(framesToJump(3, 4));
}

TEST(PixelSweep, CoyoteTimeIsNotReusedAfterAJump) {
    Rig r(hill45(), 8, 48);
    r.set(ps::kCoyoteFrames, 5);
    r.settle();
    r.step(KEY_J);
    ASSERT_LT(r.s.vy, Fix{});
    const Fix vy = r.s.vy;
    r.step(KEY_J);  // still rising: a second jump would reset vy to -5
    EXPECT_GT(r.s.vy, vy);
}

TEST(PixelSweep, ThinEdgeWallsStopWalkingAndCarryStanding) {
    Map m = test::mapFromRows({"..........", "..........", "..........", "##########"});
    m.walls.setV(5, 2, true);  // x = 80, rows 32..47
    m.walls.setH(1, 1, true);  // y = 16 over x = 16..31
    Rig r(m, 20, 32);
    r.speed(64);
    r.settle();
    r.step(KEY_R);
    EXPECT_EQ(r.px(), 80 - 12);
    Rig s(m, 16, 0);
    s.settle();
    EXPECT_EQ(s.py(), 0);  // standing on the wall at y = 16
    // A 1-px-wide box cannot slip through the vertical wall either.
    Rig n(m, 60, 32);
    n.s.w = 1;
    n.speed(64);
    n.settle();
    n.step(KEY_R);
    EXPECT_EQ(n.px(), 79);
}

TEST(PixelSweep, NoTunnellingThroughAOnePixelFloorAt64Px) {
    Map m = test::mapFromRows({"..........", "..........", "..........", "..........", "..........",
                               "..........", "..........", "##########"});
    m.brushes.push_back(Brush{RectI{0, 70, 160, 1}});
    m.brushes.push_back(Brush{RectI{100, 0, 1, 70}});
    Rig r(m, 20, 0);
    r.set(ps::kGravity, 64);
    r.set(ps::kMaxFallSpeed, 64);
    r.step(0);
    EXPECT_EQ(r.py(), 70 - 16);
    r.speed(64);
    r.step(KEY_R);  // 64 px: x = 84, just short of the wall
    EXPECT_EQ(r.px(), 84);
    r.step(KEY_R);
    EXPECT_EQ(r.px(), 100 - 12);
    EXPECT_TRUE(r.s.pushing);
}

TEST(PixelSweep, PushingHoldsWhileHeldAgainstAWall) {
    Rig r(stepMap(8), 60, 48);
    r.set(ps::kAcceleration, 0.25);
    r.settle();
    for (int f = 0; f < 60; ++f) r.step(KEY_R);
    // Against the wall, speed rebuilds to under 1 px on some frames without a probe:
    // pushing stays on while the key is held.
    for (int f = 0; f < 10; ++f) EXPECT_TRUE(r.step(KEY_R).pushing) << f;
    EXPECT_FALSE(r.step(0).pushing);
}

TEST(PixelSweep, ParametersMayChangeBetweenFrames) {
    Rig r(stepMap(2), 60, 48);
    r.speed(3);
    r.settle();
    for (int f = 0; f < 30; ++f) r.step(KEY_R);
    ASSERT_EQ(r.px(), 88);
    r.set(ps::kStepHeight, 2);  // now the 2-px step is climbable
    for (int f = 0; f < 10; ++f) r.step(KEY_R);
    EXPECT_GT(r.px(), 100);
    EXPECT_EQ(r.py(), 46);
    // Out-of-range values are clamped, not trusted: 1000 acts as 64, so from vx = 3 one
    // frame of acceleration reaches 3 - 64 (unclamped it would overshoot to the -64 cap).
    ASSERT_EQ(r.s.vx, Fix::fromInt(3));
    r.set(ps::kRunSpeed, 1000);
    r.set(ps::kAcceleration, 1000);
    r.step(KEY_L);
    EXPECT_EQ(r.s.vx, Fix::fromInt(-61));
}

TEST(PixelSweep, SubPixelRemainderAccumulates) {
    Rig r(hill45(), 8, 48);
    r.speed(0.25);
    r.settle();
    for (int f = 0; f < 4; ++f) r.step(KEY_R);
    EXPECT_EQ(r.s.x, Fix::fromInt(9));  // four quarter pixels
    r.step(KEY_R);
    EXPECT_EQ(r.s.x, Fix::fromInt(9) + Fix::ratio(1, 4));
    EXPECT_EQ(r.px(), 9);
}

TEST(PixelSweep, TraceShowsEveryProbeAndDoesNotChangeTheResult) {
    Rig a(hill45(), 40, 48), b(hill45(), 40, 48);
    a.speed(4);
    b.speed(4);
    a.settle();
    b.settle();
    Trace trace;
    std::vector<std::string> whys;
    for (int f = 0; f < 12; ++f) {
        trace.clear();
        a.step(KEY_R, &trace);
        b.step(KEY_R);
        ASSERT_EQ(a.s, b.s) << f;
        for (const Probe& p : trace.probes) {
            EXPECT_EQ(p.shape, ProbeShape::Rect);
            whys.push_back(p.why);
        }
    }
    // Climbing the slope from x = 40: per pixel a "step" hit, then "climb" probes; the frame
    // ends with a "ground" probe.
    auto has = [&](const char* w) { return std::find(whys.begin(), whys.end(), w) != whys.end(); };
    EXPECT_TRUE(has("step"));
    EXPECT_TRUE(has("climb"));
    EXPECT_TRUE(has("ground"));
    EXPECT_TRUE(has("descend"));
}

// Boxes the run queries do not take (not inside the map, or empty) go pixel by pixel, with
// the same answers with and without a trace.
TEST(PixelSweep, BoxReachingOffTheMapIsStuckAndEmptyBoxMovesFreely) {
    // Floor top at y = 32 (row 2). A 12 x 16 box at x = -4 reaches 4 px left of the map:
    // outside is solid, so every step of that box is blocked, and so is the grounded test.
    Rig a(test::mapFromRows({"....", "....", "####"}), -4, 16);
    Rig b(test::mapFromRows({"....", "....", "####"}), -4, 16);
    a.speed(2);
    b.speed(2);
    Trace trace;
    for (int f = 0; f < 6; ++f) {
        const InputBits in = f % 2 ? KEY_R : KEY_L | KEY_J;
        b.step(in, &trace);
        ASSERT_EQ(a.step(in), b.s) << f;
        EXPECT_EQ(a.px(), -4) << f;
        EXPECT_EQ(a.py(), 16) << f;
        EXPECT_TRUE(a.s.grounded) << f;
    }
    // An empty box never hits anything (rectBlocked of an empty box is false): at 2 px per
    // frame to the right it is at x = 2 * frames, through the floor and out of the map.
    Rig c(test::mapFromRows({"....", "....", "####"}), 0, 16), d = Rig(c.map, 0, 16);
    c.s.w = d.s.w = 0;
    c.speed(2);
    d.speed(2);
    for (int f = 1; f <= 40; ++f) {
        d.step(KEY_R, &trace);
        ASSERT_EQ(c.step(KEY_R), d.s) << f;
        EXPECT_EQ(c.px(), 2 * f) << f;
    }
    EXPECT_GT(c.py(), 48);  // fell through the floor and below the map
}

TEST(PixelSweep, TraceRectIsTheLeadingEdge) {
    Rig r(hill45(), 8, 48);
    r.settle();
    r.speed(1);
    Trace trace;
    r.step(KEY_R, &trace);
    ASSERT_FALSE(trace.probes.empty());
    const Probe& p = trace.probes[0];
    // The box at x = 8..19 steps right: the new column is x = 20, rows 80..95; free.
    EXPECT_STREQ(p.why, "step");
    EXPECT_EQ(p.verdict, Verdict::Miss);
    EXPECT_EQ(p.x0, Fix::fromInt(20));
    EXPECT_EQ(p.x1, Fix::fromInt(21));
    EXPECT_EQ(p.y0, Fix::fromInt(80));
    EXPECT_EQ(p.y1, Fix::fromInt(96));
}

TEST(PixelSweep, DescribeAddsAirFramesAndRemainders) {
    MoverState s;
    s.x = Fix::fromInt(3) + Fix::ratio(1, 2);
    s.y = Fix::fromInt(-2) + Fix::ratio(1, 4);
    s.timer = 7;
    ModelFields out;
    kPixelSweepMover.describe(s, out);
    EXPECT_EQ(modelFieldsJson(out), ",\"air_frames\":7,\"remainder_x\":0.5,\"remainder_y\":0.25");
}

TEST(PixelSweep, ParameterTableHasTheSeedDefaults) {
    const ParamValues p = defaultParams(MoverKind::PixelSweep);
    EXPECT_EQ(kPixelSweepMover.paramCount, ps::kParamCount);
    EXPECT_EQ(findParam(MoverKind::PixelSweep, "step_height"), ps::kStepHeight);
    EXPECT_EQ(p[ps::kStepHeight], Fix::fromInt(1));
    EXPECT_EQ(p[ps::kStickToSlopes], Fix::fromInt(1));
    EXPECT_EQ(p[ps::kCornerCorrection], Fix::fromInt(1));
    EXPECT_EQ(p[ps::kCoyoteFrames], Fix::fromInt(0));
    EXPECT_EQ(kPixelSweepMover.params[ps::kStepHeight].max, 4.0);
    EXPECT_EQ(kPixelSweepMover.params[ps::kCornerCorrection].max, 8.0);
}

}  // namespace
