// Fixed point, the property-test helpers, and the simulation plumbing.
#include <gtest/gtest.h>

#include "world/collision.h"
#include "property.h"
#include "sim/sim.h"
#include "test_support.h"

using namespace ts;

TEST(Fix, PrintsExactDecimals) {
    EXPECT_EQ(Fix::fromInt(12).str(), "12");
    EXPECT_EQ(Fix::fromInt(-3).str(), "-3");
    EXPECT_EQ(Fix::ratio(-7, 2).str(), "-3.5");
    EXPECT_EQ(Fix::fromRaw(1).str(), "0.0000152587890625");  // 1/65536, by hand
    EXPECT_EQ(Fix::fromRaw(-1).str(), "-0.0000152587890625");
    EXPECT_EQ((Fix::fromInt(1000000) + Fix::fromRaw(1)).str(), "1000000.0000152587890625");
}

TEST(Fix, FloorRoundAndRatio) {
    EXPECT_EQ(Fix::ratio(-1, 2).floor(), -1);
    EXPECT_EQ(Fix::ratio(-1, 2).round(), 0);  // halves round up, like Math.round
    EXPECT_EQ(Fix::ratio(1, 2).round(), 1);
    EXPECT_EQ(Fix::ratio(-3, 2).round(), -1);
    EXPECT_EQ(Fix::ratio(5, 2).ceil(), 3);
    EXPECT_EQ(Fix::ratio(-5, 2).ceil(), -2);
    EXPECT_EQ(Fix::ratio(2, 3).raw, 43690);  // floor(65536 * 2 / 3)
    EXPECT_EQ(Fix::ratio(-2, 3).raw, -43691);
    EXPECT_EQ((Fix::ratio(3, 2) * Fix::ratio(3, 2)).str(), "2.25");
    EXPECT_EQ(Fix::fromDouble(0.6667).raw, 43693);  // round(0.6667 * 65536) = 43693.0...
}

TEST(PropertySupport, MirrorTwiceIsIdentity) {
    Map m = test::randomMap(7);
    ASSERT_TRUE(test::addActorAtFreeSpot(m, MoverKind::PixelSweep, 1, 10, 14));
    Map back = test::mirrorMap(test::mirrorMap(m));
    EXPECT_EQ(back, m);
}

TEST(PropertySupport, MirrorMirrorsCollision) {
    Map m = test::randomMap(11);
    Map r = test::mirrorMap(m);
    CollisionWorld a(m), b(r);
    const int64_t W = m.widthPx();
    for (int64_t y = 0; y < m.heightPx(); y += 3)
        for (int64_t x = 0; x < W; ++x) ASSERT_EQ(a.solidPixel(x, y), b.solidPixel(W - 1 - x, y));
    for (int64_t y = 0; y < m.heightPx() - 8; y += 5)
        for (int64_t x = 0; x < W - 7; x += 3)
            for (uint8_t d : {DIR_LEFT, DIR_RIGHT, DIR_DOWN, DIR_UP}) {
                uint8_t md = d == DIR_LEFT    ? uint8_t(DIR_RIGHT)
                             : d == DIR_RIGHT ? uint8_t(DIR_LEFT)
                                              : d;
                ASSERT_EQ(a.rectBlocked(RectI{x, y, 7, 8}, d),
                          b.rectBlocked(RectI{W - x - 7, y, 7, 8}, md));
            }
}

TEST(PropertySupport, ShiftKeepsCollisionRelative) {
    Map m = test::randomMap(3);
    Map s = test::shiftMap(m, 5, 2);
    CollisionWorld a(m), b(s);
    for (int64_t y = 0; y < m.heightPx(); y += 2)
        for (int64_t x = 0; x < m.widthPx(); ++x)
            ASSERT_EQ(a.solidPixel(x, y), b.solidPixel(x + 80, y + 32));
}

TEST(Sim, StepsEveryActorAndIsDeterministic) {
    Map m = test::randomMap(5);
    for (int i = 0; i < moverCount(); ++i)
        ASSERT_TRUE(
            test::addActorAtFreeSpot(m, MoverKind(i), 100 + i, 10, 10, "a" + std::to_string(i)));
    auto inputs = test::randomInputs(9, 300);
    auto one = test::runTraceLines(m, inputs, true);
    auto two = test::runTraceLines(m, inputs, true);
    EXPECT_EQ(one, two);
    // One state line per actor per frame, plus probe lines.
    size_t stateLines = 0;
    for (const auto& l : one) stateLines += l.find("\"probe\"") == std::string::npos;
    EXPECT_EQ(stateLines, 300u * size_t(moverCount()));
    EXPECT_EQ(one[0].rfind("{\"frame\":0,\"actor\":\"a0\",\"x\":", 0), 0u) << one[0];
}
