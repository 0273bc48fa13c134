// Named runs to compare (Debugger::keepRun): each keeps the actor's whole run as it was
// when kept, checked against a fresh core Sim.
#include <gtest/gtest.h>

#include "../../app/debugger/debugger_state.h"
#include "test_support.h"

namespace ts::test {
namespace {

Map floorMap() {
    Map m = mapFromRows({
        "................",
        "................",
        "................",
        "################",
    });
    m.actors.push_back(makeActor("hero", MoverKind::PixelSweep, 16, 32, 12, 16));
    m.actors.push_back(makeActor("twin", MoverKind::PixelSweep, 160, 32, 12, 16));
    return m;
}

std::vector<MoverState> reference(const Map& m, int64_t frames, const ParamValues* hero) {
    Sim sim(m);
    if (hero) sim.params()[0] = *hero;
    std::vector<MoverState> out{sim.states()[0]};
    for (int64_t f = 0; f < frames; ++f) {
        sim.step({KEY_R, 0}, nullptr);
        out.push_back(sim.states()[0]);
    }
    return out;
}

TEST(DebuggerRuns, KeptRunsStayAsTheyWereWhenKept) {
    Map m = floorMap();
    Debugger d(m);
    for (int f = 0; f < 50; ++f) d.stepForward(KEY_R);
    d.keepRun(0, "default speed");
    d.setCompare(true);
    const int speed = findParam(MoverKind::PixelSweep, "run_speed");
    d.setParam(0, speed, Fix::fromInt(1));
    d.keepRun(0, "slow");
    ASSERT_EQ(d.runs().size(), 2u);
    EXPECT_EQ(d.runs()[0].name, "default speed");
    EXPECT_EQ(d.runs()[0].states, reference(m, 50, nullptr));
    ParamValues slow = m.actors[0].params;
    slow[size_t(speed)] = Fix::fromInt(1);
    EXPECT_EQ(d.runs()[1].states, reference(m, 50, &slow));
    EXPECT_FALSE(d.runs()[0].states.back() == d.runs()[1].states.back());
    EXPECT_EQ(d.position(), 50);  // keeping a run does not move the debugger
}

TEST(DebuggerRuns, RunsOfRemovedActorsAndOfAnotherMapGo) {
    Map m = floorMap();
    Debugger d(m);
    for (int f = 0; f < 10; ++f) d.stepForward(0);
    d.keepRun(0, "hero");
    d.keepRun(1, "twin");
    d.keepRun(7, "nobody");  // no such actor: nothing kept
    ASSERT_EQ(d.runs().size(), 2u);
    m.actors.pop_back();
    d.mapChanged();
    ASSERT_EQ(d.runs().size(), 1u);
    EXPECT_EQ(d.runs()[0].name, "hero");
    d.mapReplaced();
    EXPECT_TRUE(d.runs().empty());
}

}  // namespace
}  // namespace ts::test
