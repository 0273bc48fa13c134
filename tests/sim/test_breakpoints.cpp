// Breakpoints (core/sim/breakpoints.h) and the debugger pausing on them while it plays. The
// frames where a flag changes come from a fresh core Sim stepped frame by frame.
#include <gtest/gtest.h>

#include "sim/breakpoints.h"
#include "../../app/debugger/debugger_state.h"
#include "test_support.h"

namespace ts::test {
namespace {

// A hero spawned in the air above a floor: it lands (grounded no -> yes) after a few
// frames, then runs right into a wall (pushing no -> yes).
Map fallAndRun() {
    Map m = mapFromRows({
        "................",
        "................",
        "................",
        "..........#.....",
        "..........#.....",
        "################",
    });
    m.actors.push_back(makeActor("hero", MoverKind::PixelSweep, 24, 8, 12, 16));
    return m;
}

// The first position p (state after p steps, keys R from the start) where `changed` holds
// between positions p-1 and p; -1 within `limit`.
template <class F>
int64_t firstChange(const Map& m, int64_t limit, F changed) {
    Sim sim(m);
    for (int64_t p = 1; p <= limit; ++p) {
        const MoverState before = sim.states()[0];
        sim.step({KEY_R}, nullptr);
        if (changed(before, sim.states()[0])) return p;
    }
    return -1;
}

// Plays until it pauses by itself (or `seconds` of simulated play pass).
void playUntilPaused(Debugger& d, InputBits keys, double seconds) {
    d.setPlaying(true);
    for (double t = 0; t < seconds && d.playing(); t += 0.1) d.advance(0.1, keys);
}

TEST(Breakpoints, ReasonsForEachKind) {
    Breakpoints b;
    MoverState before, after;
    Trace t;
    EXPECT_EQ(breakReason(b, 5, before, after, t, 0, MoverKind::PixelSweep), "");
    b.toggleMarker(5);
    EXPECT_EQ(breakReason(b, 5, before, after, t, 0, MoverKind::PixelSweep), "marker at frame 5");
    EXPECT_FALSE(b.toggleMarker(5));
    EXPECT_TRUE(b.markers.empty());
    b.groundedChanges = true;
    after.grounded = true;
    EXPECT_EQ(breakReason(b, 5, before, after, t, 0, MoverKind::PixelSweep), "grounded: no -> yes");
    b.pushingChanges = true;
    after = before;
    before.pushing = true;
    EXPECT_EQ(breakReason(b, 5, before, after, t, 0, MoverKind::PixelSweep), "pushing: yes -> no");
    // A probe kind counts when it blocks or hits, for the watched actor only.
    before = after;
    b.probeKinds = {"scanline"};
    t.actor = 1;
    t.segment(Verdict::Block, "scanline", {}, {}, {}, {});
    t.actor = 0;
    t.segment(Verdict::Pass, "scanline", {}, {}, {}, {});
    t.point(Verdict::Hit, "climb", 0, 0);
    EXPECT_EQ(breakReason(b, 5, before, after, t, 0, MoverKind::PixelSweep), "");
    EXPECT_EQ(breakReason(b, 5, before, after, t, 1, MoverKind::PixelSweep), "scanline block");
    b.probeKinds.insert("climb");
    EXPECT_EQ(breakReason(b, 5, before, after, t, 0, MoverKind::PixelSweep), "climb hit");
}

TEST(Breakpoints, PlayingPausesWhenGroundedChanges) {
    Map m = fallAndRun();
    const int64_t lands = firstChange(
        m, 200, [](const MoverState& a, const MoverState& b) { return a.grounded != b.grounded; });
    ASSERT_GT(lands, 1);
    Debugger d(m);
    d.breakpoints().groundedChanges = true;
    playUntilPaused(d, KEY_R, 10);
    EXPECT_FALSE(d.playing());
    EXPECT_EQ(d.position(), lands);
    EXPECT_EQ(d.lastBreak(), "grounded: no -> yes");
    // Playing on goes to the next change, if any: here pushing, once that is watched.
    const int64_t pushes = firstChange(
        m, 400, [](const MoverState& a, const MoverState& b) { return a.pushing != b.pushing; });
    ASSERT_GT(pushes, lands);
    d.breakpoints().groundedChanges = false;
    d.breakpoints().pushingChanges = true;
    playUntilPaused(d, KEY_R, 10);
    EXPECT_EQ(d.position(), pushes);
    EXPECT_EQ(d.lastBreak(), "pushing: no -> yes");
}

TEST(Breakpoints, PlayingPausesAtAMarkerAndResumesPastIt) {
    Map m = fallAndRun();
    Debugger d(m);
    d.breakpoints().toggleMarker(37);
    d.breakpoints().toggleMarker(90);
    playUntilPaused(d, 0, 10);
    EXPECT_EQ(d.position(), 37);
    EXPECT_EQ(d.lastBreak(), "marker at frame 37");
    playUntilPaused(d, 0, 10);
    EXPECT_EQ(d.position(), 90);
    d.setPlaying(true);
    EXPECT_EQ(d.lastBreak(), "");
}

// A hero spawned standing on the floor is shown grounded at position 0, so "grounded
// changes" does not stop on the first step of every play; the run itself is not changed.
TEST(Breakpoints, NoGroundedChangeAtTheFirstStepOfAnActorOnTheFloor) {
    Map m = fallAndRun();
    m.actors[0].y = 5 * 16 - 16;  // the floor row's top, less the hero's height
    Sim sim(m);
    ASSERT_FALSE(sim.states()[0].grounded);  // as spawned
    sim.step({0}, nullptr);
    ASSERT_TRUE(sim.states()[0].grounded);  // what the first step finds
    Debugger d(m);
    EXPECT_TRUE(d.state(0).grounded);
    d.breakpoints().groundedChanges = true;
    playUntilPaused(d, 0, 5);
    EXPECT_TRUE(d.playing()) << "paused at " << d.position() << ": " << d.lastBreak();
    EXPECT_GT(d.position(), 100);
    // The steps are those of the spawn as it is.
    d.setPlaying(false);
    Sim again(m);
    for (int64_t f = 0; f < d.position(); ++f) again.step({0}, nullptr);
    EXPECT_EQ(d.timeline().sim().states(), again.states());
}

TEST(Breakpoints, PlayingPausesWhereAnExpressionFirstHolds) {
    Map m = fallAndRun();
    const Fix limit = Fix::fromInt(100);
    const int64_t passes =
        firstChange(m, 400, [&](const MoverState&, const MoverState& b) { return b.x > limit; });
    ASSERT_GT(passes, 1);
    Debugger d(m);
    BreakExpr e;
    std::string error;
    ASSERT_TRUE(BreakExpr::parse("x > 100", {}, &e, &error)) << error;
    d.breakpoints().rules.push_back({e, true});
    d.breakpoints().rules.push_back({e, false});
    d.breakpoints().rules[0].enabled = false;  // off: not a reason to pause
    playUntilPaused(d, KEY_R, 10);
    EXPECT_TRUE(d.playing());
    d.setPlaying(false);
    d.seekNow(0);
    d.breakpoints().rules[1].enabled = true;
    playUntilPaused(d, KEY_R, 10);
    EXPECT_FALSE(d.playing());
    EXPECT_EQ(d.position(), passes);
    EXPECT_EQ(d.lastBreak(), "x > 100");
}

TEST(Breakpoints, StepsOfAStoppedDebuggerDoNotBreak) {
    Map m = fallAndRun();
    Debugger d(m);
    d.breakpoints().toggleMarker(2);
    d.stepForward(0);
    d.stepForward(0);
    d.stepForward(0);
    EXPECT_EQ(d.position(), 3);
    EXPECT_EQ(d.lastBreak(), "");
}

}  // namespace
}  // namespace ts::test
