// core/tilestep.h alone is enough to use the core as the app does: load a map, step it with
// a trace, write the trace, read it back and compare runs. The expected values are what the
// map's own rows say (an actor dropped above a floor ends up standing on it).
#include <gtest/gtest.h>

#include "tilestep.h"
#include "test_support.h"

namespace ts::test {
namespace {

TEST(CorePublicApi, StepTraceWriteReadAndDiff) {
    Map m = mapFromRows({"#......#", "#......#", "#......#", "########"});
    m.actors.push_back(makeActor("hero", MoverKind::PixelSweep, 32, 8, 12, 16));
    ASSERT_EQ(validateMap(m), "");

    auto run = [&](int frames, InputBits keys) {
        Sim sim(m);
        Trace trace;
        TraceWriter writer;
        writer.header(traceHeaderFor(m, "mem.json"));
        for (int f = 0; f < frames; ++f) {
            sim.step({keys}, &trace);
            writer.frame(f, m.actors, sim.states(), &trace);
        }
        return std::string(writer.text());
    };
    const std::string still = run(60, 0);
    RecordedTrace a, b;
    std::string error;
    ASSERT_TRUE(parseTrace(still, "still", &a, &error)) << error;
    ASSERT_EQ(a.frameCount(), 60u);
    ASSERT_EQ(a.actors.size(), 1u);
    EXPECT_EQ(a.actors[0].name, "hero");
    // Row 3 is the floor (y = 48 px); a 16 px tall box stands with its top at y = 32.
    const RecordedFrame lastFrame = a.frame(a.frameCount() - 1);
    const RecordedState* last = lastFrame.stateOf(0);
    ASSERT_NE(last, nullptr);
    EXPECT_TRUE(last->state.grounded);
    EXPECT_EQ(last->state.y, Fix::fromInt(32));

    EXPECT_TRUE(firstDifference(a, a).same);
    ASSERT_TRUE(parseTrace(run(60, KEY_R), "right", &b, &error)) << error;
    const TraceDifference d = firstDifference(a, b);
    EXPECT_FALSE(d.same);
    EXPECT_EQ(d.actor, "hero");
}

}  // namespace
}  // namespace ts::test
