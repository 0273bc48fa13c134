// Golden runs on the sample maps. Every expected number below was worked out by hand from
// the model's documented rules (the derivation is in the comments), not copied from the
// program's output; the program was then run and agreed.
#include <gtest/gtest.h>

#include "sim/input_log.h"
#include "io/map_io.h"
#include "sim/sim.h"
#include "test_support.h"

using namespace ts;

namespace {

std::vector<MoverState> run(const std::string& map, const std::string& log, int frames) {
    const Map m = loadMap(test::sourcePath(map));
    InputLog in;
    std::string err;
    EXPECT_TRUE(parseInputLog(log, &in, &err)) << err;
    Sim sim(m);
    std::vector<MoverState> out;
    for (int f = 0; f < frames; ++f) {
        sim.step({in.at(f)}, nullptr);
        out.push_back(sim.states()[0]);
    }
    return out;
}

}  // namespace

TEST(GoldenSamples, PlatformerHeroAcceleratesToRunSpeedOnFlatGround) {
    // pixel_sweep defaults: acceleration 0.25 px/frame^2 up to run speed 2 px/frame. The hero
    // spawns at (20, 224), 12 x 16, feet on the floor row (y = 240). Holding R: vx = 0.25,
    // 0.5, ..., 2 (frame 7) then 2; x = 20 + the running sum: 20.25, 20.75, 21.5, 22.5,
    // 23.75, 25.25, 27, 29, 31, 33, 35, 37. Gravity's first 0.25 px stays as the sub-pixel
    // remainder of y (no whole pixel moved, so no collision clears it) and vy is 0 while
    // standing, so y stays 224.25 and the hero stays grounded.
    auto s = run("maps/platformer-slopes.json", "12,R\n", 12);
    const char* const x[] = {"20.25", "20.75", "21.5", "22.5", "23.75", "25.25",
                             "27",    "29",    "31",   "33",   "35",    "37"};
    for (int f = 0; f < 12; ++f) {
        EXPECT_EQ(s[size_t(f)].x.str(), x[f]) << "frame " << f;
        EXPECT_EQ(s[size_t(f)].y.str(), "224.25") << "frame " << f;
        EXPECT_TRUE(s[size_t(f)].grounded) << "frame " << f;
    }
    EXPECT_EQ(s[11].vx.str(), "2");
}

TEST(GoldenSamples, ZeldaLinkWalksTurnsAndAlignsToTheGrid) {
    // topdown_aabb defaults: straight 3 px/tick, diagonal 2, nudge 1 px/tick toward the
    // 16-px grid. Link spawns at (224, 256). 5 frames L: x 221 218 215 212 209. 4 frames U+L:
    // both axes 2 px: (207, 254) (205, 252) (203, 250) (201, 248); facing stays left (still
    // pressed). 3 frames U: facing turns up (left released); y 245 242 239; x is nudged: 201
    // mod 16 = 9 >= 8, so +1 per frame toward 208: 202 203 204.
    auto s = run("maps/zelda-room.json", "5,L\n4,U,L\n3,U\n", 12);
    const int64_t x[] = {221, 218, 215, 212, 209, 207, 205, 203, 201, 202, 203, 204};
    const int64_t y[] = {256, 256, 256, 256, 256, 254, 252, 250, 248, 245, 242, 239};
    for (int f = 0; f < 12; ++f) {
        EXPECT_EQ(s[size_t(f)].x, Fix::fromInt(x[f])) << "frame " << f;
        EXPECT_EQ(s[size_t(f)].y, Fix::fromInt(y[f])) << "frame " << f;
        EXPECT_EQ(s[size_t(f)].facing, f < 9 ? DIR_LEFT : DIR_UP) << "frame " << f;
        EXPECT_FALSE(s[size_t(f)].pushing) << "frame " << f;
    }
}
