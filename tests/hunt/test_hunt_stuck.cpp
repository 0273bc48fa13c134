// The snag hunt's `stuck` detector (docs/hunt.md, Detectors): a slide of scanline_slide across
// the held way is movement, even one that stays on the same whole pixels. Issue 27: with
// `--vary spawn,params`, maps/bomber.json reported `stuck` where the box slid a fraction of a
// pixel round a pillar's corner on each frame and then walked on (a false finding). Hand-made
// map and parameters; every position below is worked out from the geometry in the comments
// (pixel boxes [x, x + w) x [y, y + h), 16-px tiles).
#include <gtest/gtest.h>

#include <vector>

#include "hunt/hunt.h"
#include "movers/mover.h"
#include "movers/mover_registry.h"
#include "movers/scanline_slide.h"
#include "test_support.h"
#include "world/collision.h"

namespace ts {
namespace {

// A room (row 1, y in [16, 32)) over a one-tile corridor going down at column 2 (x in
// [32, 48)); column 3 of row 2 (x in [48, 64), y in [32, 48)) is solid.
Map room() {
    return test::mapFromRows({"#####",  //
                              "#...#",  //
                              "##.##",  //
                              "#####"});
}

// speed 1/4 px, shrink 1.25 px, slide cap 1/4 px; step_count 3 (4 scanlines), movable rate
// 0.6667 and sliding on, the defaults.
ParamValues slowSlide() {
    ParamValues p = defaultParams(MoverKind::ScanlineSlide);
    p[kSsSpeed] = Fix::ratio(1, 4);
    p[kSsShrink] = Fix::ratio(5, 4);
    p[kSsSlideCap] = Fix::ratio(1, 4);
    return p;
}

struct Step {
    InputBits keys;
    Fix x;  // expected x after the step (y stays 16 throughout)
};

// The 16 x 16 box from (32,16). R six times: x = 33.5 (row 1 is free). Then down is blocked:
// the shrunk leading edge is x in [33.5 + 1.25, 33.5 + 16 - 1.25) = [34.75, 48.25), which
// reaches column 3's solid cell of row 2 (its last scanline, at 48.25, tests the cell before
// it: x 48): 1 of 4 scanlines blocked, pass rate 3/4 >= 0.6667.
//  frame 6, R+D: x 33.75; down blocked, no slide (two axes pressed).
//  frame 7, D:   blocked, slides left by min(cap, speed, clearance 49.5 - 1.25 - 48 = 0.25):
//                x 33.5.
//  frame 8, D:   blocked (edge [34.75, 48.25)), slides by min(1/4, 1/4, 0.25): x 33.25; the
//                edge is now [34.5, 48): clear, the way down free.
// Down held on frames 6, 7, 8, y = 16 on each, and the body (the box shrunk by 1.25 px, inward
// whole pixels) starts at x = ceil(x + 1.25) = 35 after each (35.0, 34.75, 34.5 + ...): the
// same whole pixels with no speed down. But frames 7 and 8 slid the box across the held way,
// as the model documents it steers round a corner: no stuck.
TEST(HuntStuck, ASubPixelSlideAcrossTheHeldWayIsMovement) {
    const Map m = room();
    const CollisionWorld world(m);
    const ParamValues p = slowSlide();
    const MoverInfo& info = moverInfo(MoverKind::ScanlineSlide);
    SnagDetectors detectors(world, info, p, snagBit(SnagKind::Stuck));
    MoverState s;
    s.x = Fix::fromInt(32);
    s.y = Fix::fromInt(16);
    s.w = s.h = 16;
    s.facing = DIR_DOWN;
    std::vector<Step> steps;
    for (int i = 1; i <= 6; ++i) steps.push_back({KEY_R, Fix::fromInt(32) + Fix::ratio(i, 4)});
    steps.push_back({InputBits(KEY_R | KEY_D), Fix::fromInt(33) + Fix::ratio(3, 4)});
    steps.push_back({KEY_D, Fix::fromInt(33) + Fix::ratio(2, 4)});
    steps.push_back({KEY_D, Fix::fromInt(33) + Fix::ratio(1, 4)});
    std::vector<SnagFinding> found;
    for (size_t f = 0; f < steps.size(); ++f) {
        const MoverState n = info.step(s, steps[f].keys, p, world, nullptr);
        ASSERT_EQ(n.x, steps[f].x) << "frame " << f;
        ASSERT_EQ(n.y, Fix::fromInt(16)) << "frame " << f;
        detectors.observe(StepFacts{int64_t(f), steps[f].keys, &s, &n}, &found);
        s = n;
    }
    for (const SnagFinding& f : found) ADD_FAILURE() << f.key() << ": " << f.detail;
    // The next D walks down: the way was free, as the detector would have asked.
    EXPECT_GT(info.step(s, KEY_D, p, world, nullptr).y, Fix::fromInt(16));
}

// A move across d made by a key held across it is no movement toward d: with L+D held, the box
// going left a quarter pixel a frame along y = 16 (x 32.75 -> 32.5 -> 32.25 -> 32; body x =
// ceil(x + 1.25) = 34 on each) and never down, with the way down free (the shrunk edge [33.25,
// 46.75) lies in the corridor's column 2): stuck down at the third frame. Hand-made states (the
// model itself would have gone down); the detector is asked what it makes of them.
TEST(HuntStuck, AMoveByAKeyHeldAcrossIsNotMovementTowardD) {
    const Map m = room();
    const CollisionWorld world(m);
    const ParamValues p = slowSlide();
    SnagDetectors detectors(world, moverInfo(MoverKind::ScanlineSlide), p,
                            snagBit(SnagKind::Stuck));
    const InputBits keys = InputBits(KEY_L | KEY_D);
    std::vector<MoverState> states(4);
    for (int i = 0; i < 4; ++i) {
        states[size_t(i)].x = Fix::fromInt(33) - Fix::ratio(i + 1, 4);
        states[size_t(i)].y = Fix::fromInt(16);
        states[size_t(i)].w = states[size_t(i)].h = 16;
        if (i > 0) states[size_t(i)].vx = -Fix::ratio(1, 4);
    }
    std::vector<SnagFinding> found;
    for (int f = 0; f < 3; ++f)
        detectors.observe(StepFacts{f, keys, &states[size_t(f)], &states[size_t(f) + 1]}, &found);
    ASSERT_EQ(found.size(), 1u);
    EXPECT_EQ(found[0].kind, SnagKind::Stuck);
    EXPECT_EQ(found[0].dir, DIR_DOWN);
    EXPECT_EQ(found[0].frame, 2);
}

// The model's tolerance is exact: the box shrunk by `shrink_size` on every side never overlaps
// solid (docs/movers/scanline_slide.md, "The tolerance"). With a fractional shrink an overlap of
// a fraction of a pixel past it is `inside`, which --vary asks of every spawn it draws (seed 7
// drew (292,47) with shrink 0.745: the box 1 px into a pillar, its shrunk box 0.255 px, where
// the model can only move away; its frames pushing into the corner were the false `stuck`).
// A pillar at cell (2,1): x in [32, 48), y in [16, 32). The 16 x 16 box at (36,31) overlaps it
// by 1 px. Shrink 1: the shrunk box's top is y = 32, no overlap. Shrink 0.75: its top is
// 31.75, into the pillar by 0.25 px (and x in [36.75, 51.25) overlaps column 2): inside. From
// (36,32) (shrunk box y in [32.75, 47.25): row 2 only, free) to there, the inside detector
// reports it.
TEST(HuntStuck, ASpawnPastTheToleranceByAFractionIsInside) {
    const Map m = test::mapFromRows({"#####",  //
                                     "#.#.#",  //
                                     "#...#",  //
                                     "#####"});
    const CollisionWorld world(m);
    auto inside = [&](Fix shrink) {
        ParamValues p = defaultParams(MoverKind::ScanlineSlide);
        p[kSsShrink] = shrink;
        SnagDetectors detectors(world, moverInfo(MoverKind::ScanlineSlide), p,
                                snagBit(SnagKind::Inside));
        MoverState P;
        P.x = Fix::fromInt(36);
        P.y = Fix::fromInt(32);
        P.w = P.h = 16;
        MoverState N = P;
        N.y = Fix::fromInt(31);
        N.vy = Fix::fromInt(-1);
        std::vector<SnagFinding> found;
        detectors.observe(StepFacts{0, KEY_U, &P, &N}, &found);
        return found.size() == 1 && found[0].kind == SnagKind::Inside;
    };
    EXPECT_FALSE(inside(Fix::fromInt(1)));
    EXPECT_TRUE(inside(Fix::ratio(3, 4)));
}

}  // namespace
}  // namespace ts
