// Probes as the debugger shows them (core/trace/probe_text.h): numbers rounded for reading, the
// thresholds and blocked probes of one actor's frame. Expected texts written by hand.
#include <gtest/gtest.h>

#include "trace/probe_text.h"

namespace ts {
namespace {

TEST(ProbeText, NumbersAreRoundedForReading) {
    // The example: 49.3333282470703125 is the Fix nearest to 49 1/3.
    const Fix third = Fix::fromRaw(49 * Fix::kOne + Fix::kOne / 3);
    EXPECT_EQ(third.str(), "49.3333282470703125");
    EXPECT_EQ(roundedNumber(third), "49.33");
    EXPECT_EQ(roundedNumber(Fix::fromInt(12)), "12");
    EXPECT_EQ(roundedNumber(Fix::fromDouble(0.5)), "0.5");
    EXPECT_EQ(roundedNumber(Fix::fromDouble(-2.25)), "-2.25");
    EXPECT_EQ(roundedNumber(Fix::fromRaw(-1)), "0");  // not "-0"
    EXPECT_EQ(roundedNumber(third, 4), "49.3333");
}

TEST(ProbeText, ThresholdsSayWhichWayTheyWent) {
    Trace t;
    t.value(Verdict::Block, "pass_rate", Fix::ratio(1, 4), Fix::fromDouble(0.5));
    t.value(Verdict::Pass, "pass_rate", Fix::ratio(3, 4), Fix::fromDouble(0.5));
    EXPECT_EQ(readableProbe(t.probes[0]), "pass rate 0.25 < threshold 0.5: blocked");
    EXPECT_EQ(readableProbe(t.probes[1]), "pass rate 0.75 >= threshold 0.5: passes");
}

TEST(ProbeText, OtherValueProbesDoNotClaimAThreshold) {
    // Issue 30: a plugin's "hold 1 vs 3, info" probe read "hold 1 >= threshold 3: passes".
    Trace t;
    t.value(Verdict::Info, "hold", Fix::fromInt(1), Fix::fromInt(3));
    t.value(Verdict::Hit, "coyote", Fix::fromInt(2), Fix::fromInt(6));
    t.value(Verdict::Miss, "coyote", Fix::fromInt(7), Fix::fromInt(6));
    EXPECT_EQ(readableProbe(t.probes[0]), "hold 1 vs 3");
    EXPECT_EQ(readableProbe(t.probes[1]), "coyote 2 vs 6: hit");
    EXPECT_EQ(readableProbe(t.probes[2]), "coyote 7 vs 6: free");
}

TEST(ProbeText, ShapesReadAsSentences) {
    const Fix third = Fix::fromRaw(49 * Fix::kOne + Fix::kOne / 3);
    Trace t;
    t.segment(Verdict::Block, "scanline", third, Fix::fromInt(12), third, Fix::fromInt(28));
    t.point(Verdict::Hit, "climb", 3, 4);
    t.rect(Verdict::Info, "blocker", 0, 16, 16, 32);
    EXPECT_EQ(readableProbe(t.probes[0]), "scanline blocked: (49.33, 12) -> (49.33, 28)");
    EXPECT_EQ(readableProbe(t.probes[1]), "climb pixel hit at (3, 4)");
    EXPECT_EQ(readableProbe(t.probes[2]), "blocker: (0, 16) to (16, 32)");
}

TEST(ProbeText, DecisionsAreThresholdsAndBlocksOfOneActor) {
    Trace t;
    t.actor = 0;
    t.segment(Verdict::Pass, "scanline", {}, {}, {}, {});
    t.segment(Verdict::Block, "scanline", {}, {}, {}, {});
    t.value(Verdict::Pass, "pass_rate", Fix::ratio(1, 2), Fix::ratio(1, 2));
    t.point(Verdict::Miss, "step", 1, 1);
    t.actor = 1;
    t.point(Verdict::Hit, "step", 2, 2);
    std::vector<const Probe*> d = frameDecisions(t, 0);
    ASSERT_EQ(d.size(), 2u);
    EXPECT_EQ(d[0], &t.probes[1]);
    EXPECT_EQ(d[1], &t.probes[2]);
    ASSERT_EQ(frameDecisions(t, 1).size(), 1u);
    EXPECT_EQ(frameDecisions(t, 1)[0], &t.probes[4]);
    EXPECT_TRUE(frameDecisions(t, 2).empty());
}

}  // namespace
}  // namespace ts
