// Keeping live-tuned parameters: core's applyParamsToActor / applyParamsToMover
// (edit/tuning_edits.h) and the debugger's record of which tuned values the map lacks.
// Expected states come from a fresh core Sim over the map the edit produced.
#include <gtest/gtest.h>

#include "edit/edit.h"
#include "../../app/debugger/debugger_state.h"
#include "test_support.h"
#include "io/map_validate.h"

namespace ts::test {
namespace {

Map threeActors() {
    Map m = mapFromRows({
        "....................",
        "....................",
        "....................",
        "####################",
    });
    m.actors.push_back(makeActor("hero", MoverKind::PixelSweep, 32, 32, 12, 16));
    m.actors.push_back(makeActor("knight", MoverKind::TopDownAabb, 160, 16, 16, 16));
    m.actors.push_back(makeActor("twin", MoverKind::PixelSweep, 96, 32, 12, 16));
    return m;
}

int runSpeed() {
    return findParam(MoverKind::PixelSweep, "run_speed");
}

TEST(EditTuning, ApplyToActorIsOneUndoableEdit) {
    Document doc(threeActors());
    const Map before = doc.map();
    ParamValues tuned = before.actors[0].params;
    tuned[size_t(runSpeed())] = Fix::fromInt(3);
    ASSERT_TRUE(paramsDiffer(before.actors[0], tuned));
    EXPECT_TRUE(doc.apply(applyParamsToActor(doc.map(), 0, tuned)));
    EXPECT_TRUE(doc.dirty());
    EXPECT_EQ(doc.map().actors[0].params, tuned);
    EXPECT_EQ(doc.map().actors[2].params, before.actors[2].params);  // the twin keeps its own
    EXPECT_EQ(validateMap(doc.map()), "");
    ASSERT_TRUE(doc.undo());
    EXPECT_TRUE(doc.map() == before);
    // Equal values, or no such actor: nothing to do.
    EXPECT_TRUE(applyParamsToActor(before, 0, before.actors[0].params)->changesNothing());
    EXPECT_TRUE(applyParamsToActor(before, 7, tuned)->changesNothing());
}

TEST(EditTuning, ApplyToMoverChangesEveryActorOfThatMoverInOneStep) {
    Document doc(threeActors());
    const Map before = doc.map();
    ParamValues tuned = before.actors[0].params;
    tuned[size_t(runSpeed())] = Fix::fromInt(3);
    EXPECT_TRUE(doc.apply(applyParamsToMover(doc.map(), MoverKind::PixelSweep, tuned)));
    EXPECT_EQ(doc.map().actors[0].params, tuned);
    EXPECT_EQ(doc.map().actors[2].params, tuned);
    EXPECT_EQ(doc.map().actors[1].params, before.actors[1].params);  // another mover
    EXPECT_EQ(doc.historySize(), 1u);
    ASSERT_TRUE(doc.undo());
    EXPECT_TRUE(doc.map() == before);
}

TEST(EditTuning, AppliedValuesAreKeptInRange) {
    Map m = threeActors();
    ParamValues tuned = m.actors[0].params;
    tuned[size_t(runSpeed())] = Fix::fromInt(1000);  // range 0..64
    const int coyote = findParam(MoverKind::PixelSweep, "coyote_frames");
    ASSERT_GE(coyote, 0);
    tuned[size_t(coyote)] = Fix::fromDouble(2.75);  // an integer parameter
    Document doc(m);
    doc.apply(applyParamsToActor(m, 0, tuned));
    EXPECT_EQ(doc.map().actors[0].params[size_t(runSpeed())], Fix::fromInt(64));
    // ParamSpec::normalize: whole numbers to the nearest (2.75 -> 3), as live tuning does.
    EXPECT_EQ(doc.map().actors[0].params[size_t(coyote)], Fix::fromInt(3));
    EXPECT_EQ(validateMap(doc.map()), "");
}

// The debugger knows which tuning the map lacks; applying and dropping it re-simulates with
// the map's values, so the run is what a fresh Sim over the edited map gives.
TEST(DebuggerTuning, TunedValuesAreUnappliedUntilTheMapHasThem) {
    Document doc(threeActors());
    Debugger d(doc.map());
    for (int f = 0; f < 40; ++f) d.stepForward(KEY_R);
    EXPECT_FALSE(d.anyTuned());
    d.setParam(0, runSpeed(), Fix::fromInt(3));
    EXPECT_TRUE(d.tuned(0));
    EXPECT_FALSE(d.tuned(2));
    EXPECT_TRUE(d.anyTuned());
    EXPECT_EQ(d.tunedParams(0)[size_t(runSpeed())], Fix::fromInt(3));
    // Seeking before the change does not lose it.
    d.seekNow(5);
    EXPECT_TRUE(d.tuned(0));
    EXPECT_EQ(d.tunedParams(0)[size_t(runSpeed())], Fix::fromInt(3));

    doc.apply(applyParamsToActor(doc.map(), 0, d.tunedParams(0)));
    d.dropTuning(0);
    d.mapChanged();
    EXPECT_FALSE(d.anyTuned());
    EXPECT_EQ(doc.map().actors[0].params[size_t(runSpeed())], Fix::fromInt(3));
    // The whole run now uses the kept value from frame 0.
    d.seekNow(40);
    Sim sim(doc.map());
    for (int f = 0; f < 40; ++f) sim.step({KEY_R, 0, 0}, nullptr);
    EXPECT_EQ(d.timeline().sim().states(), sim.states());
    // Undo gives the old value back in the map: the debugger has no tuning left to offer.
    doc.undo();
    d.mapChanged();
    EXPECT_FALSE(d.anyTuned());
}

TEST(DebuggerTuning, DroppingThrowsTheTuningAway) {
    Map m = threeActors();
    Debugger d(m);
    for (int f = 0; f < 30; ++f) d.stepForward(KEY_R);
    d.setParam(0, runSpeed(), Fix::fromInt(3));
    d.setParam(2, runSpeed(), Fix::fromInt(4));
    for (int f = 0; f < 10; ++f) d.stepForward(0);
    d.dropAllTuning();
    EXPECT_FALSE(d.anyTuned());
    EXPECT_EQ(d.position(), 40);
    Sim sim(m);
    for (int f = 0; f < 40; ++f) sim.step({InputBits(f < 30 ? KEY_R : 0), 0, 0}, nullptr);
    EXPECT_EQ(d.timeline().sim().states(), sim.states());
}

// Issue 30: after tuning jump_speed then friction with Compare on, the label read "ghost:
// map's friction 0.25, jump_speed 5" while the dashed path was the run before the last edit
// (jump_speed 6). The label now comes from the parameters the ghost was simulated with, and
// the ghost is exactly a fresh Sim of the map with those parameters and the same keys.
TEST(DebuggerTuning, TheGhostIsTheRunItsLabelNames) {
    const int jump = findParam(MoverKind::PixelSweep, "jump_speed");
    const int friction = findParam(MoverKind::PixelSweep, "friction");
    ASSERT_GE(jump, 0);
    ASSERT_GE(friction, 0);
    Map m = threeActors();
    m.actors[0].params[size_t(jump)] = Fix::fromInt(5);
    m.actors[0].params[size_t(friction)] = Fix::fromDouble(0.25);
    auto keysAt = [](int f) { return InputBits(KEY_R | (f == 5 ? KEY_J : 0)); };
    // The ghost's run by hand: the map with the ghost's parameters for actor 0.
    auto runWith = [&](const ParamValues& p) {
        Map copy = m;
        copy.actors[0].params = p;
        Sim sim(copy);
        std::vector<MoverState> out{sim.states()[0]};
        for (int f = 0; f < 40; ++f) {
            sim.step({keysAt(f), 0, 0}, nullptr);
            out.push_back(sim.states()[0]);
        }
        return out;
    };
    for (const Debugger::GhostOf of :
         {Debugger::GhostOf::BeforeLastEdit, Debugger::GhostOf::MapValues}) {
        Debugger d(m);
        for (int f = 0; f < 40; ++f) d.stepForward(keysAt(f));
        d.setCompare(true);
        d.setGhostOf(of);
        d.beginTuning(0);
        d.setParam(0, jump, Fix::fromInt(6));
        d.beginTuning(0);
        d.setParam(0, friction, Fix::fromDouble(0.5));
        ASSERT_EQ(d.ghostActor(), 0);
        const ParamValues& ghost = d.ghostParams();
        const bool before = of == Debugger::GhostOf::BeforeLastEdit;
        EXPECT_EQ(ghost[size_t(jump)], Fix::fromInt(before ? 6 : 5));
        EXPECT_EQ(ghost[size_t(friction)], Fix::fromDouble(0.25));
        EXPECT_EQ(d.ghostLabel(), before ? "ghost: before the last edit (friction 0.25)"
                                         : "ghost: the map's values (friction 0.25, jump_speed 5)");
        const std::vector<MoverState> want = runWith(ghost);
        ASSERT_EQ(d.ghost().size(), want.size());
        EXPECT_TRUE(d.ghost() == want) << "the ghost drawn is not the run its label names";
    }
}

// Issue 30: the Keep dialog showed 0.0500031 and 0.300003 for values typed as 0.05 and 0.3.
TEST(DebuggerTuning, TheKeepDialogShowsTheShortestDecimals) {
    Map m = threeActors();
    const int gravity = findParam(MoverKind::PixelSweep, "gravity");
    ASSERT_GE(gravity, 0);
    m.actors[0].params[size_t(gravity)] = Fix::fromDouble(0.05);
    Debugger d(m);
    d.setParam(0, runSpeed(), Fix::fromDouble(2.5));
    d.setParam(0, gravity, Fix::fromDouble(0.3));
    const std::string before = m.actors[0].params[size_t(runSpeed())].shortest();
    EXPECT_EQ(tuningSummary(m, d, 0), "hero: run_speed " + before + " -> 2.5, gravity 0.05 -> 0.3");
}

// Tuning back to the map's value is not "unapplied".
TEST(DebuggerTuning, TuningBackToTheMapValueIsNotPending) {
    Map m = threeActors();
    Debugger d(m);
    d.setParam(0, runSpeed(), Fix::fromInt(3));
    ASSERT_TRUE(d.tuned(0));
    d.setParam(0, runSpeed(), m.actors[0].params[size_t(runSpeed())]);
    EXPECT_FALSE(d.tuned(0));
}

// Compare keeps every constant tuned, each from frame 0: jump_speed then friction (tuned at
// a later frame, the way a user scrubs and tunes) leaves both in force and both pending.
TEST(DebuggerTuning, CompareKeepsEveryTunedConstant) {
    Map m = threeActors();
    Debugger d(m);
    d.setCompare(true);
    for (int f = 0; f < 30; ++f) d.stepForward(f % 10 == 0 ? KEY_J | KEY_R : KEY_R);
    const int jump = findParam(MoverKind::PixelSweep, "jump_speed");
    const int friction = findParam(MoverKind::PixelSweep, "friction");
    ASSERT_GE(jump, 0);
    ASSERT_GE(friction, 0);
    const Fix jumpTo = Fix::fromInt(7), frictionTo = Fix::fromRaw(1 << 15);  // 0.5
    ASSERT_NE(m.actors[0].params[size_t(jump)], jumpTo);
    ASSERT_NE(m.actors[0].params[size_t(friction)], frictionTo);
    d.seekNow(20);
    d.beginTuning(0);
    d.setParam(0, jump, jumpTo);
    d.seekNow(25);
    d.beginTuning(0);
    d.setParam(0, friction, frictionTo);
    EXPECT_EQ(d.params(0)[size_t(jump)], jumpTo);
    EXPECT_EQ(d.params(0)[size_t(friction)], frictionTo);
    // What the Keep dialog lists: both differ from the map.
    EXPECT_EQ(d.tunedParams(0)[size_t(jump)], jumpTo);
    EXPECT_EQ(d.tunedParams(0)[size_t(friction)], frictionTo);
    // And the run is the map with both values from frame 0.
    Map tuned = m;
    tuned.actors[0].params[size_t(jump)] = jumpTo;
    tuned.actors[0].params[size_t(friction)] = frictionTo;
    Sim sim(tuned);
    for (int f = 0; f < 25; ++f)
        sim.step({InputBits(f % 10 == 0 ? KEY_J | KEY_R : KEY_R), 0, 0}, nullptr);
    EXPECT_EQ(d.timeline().sim().states(), sim.states());
}

}  // namespace
}  // namespace ts::test
