// The debugger's simulation side without a window: fixed-rate accumulator and speeds,
// recording and replay, the keyboard taking over one actor of several, history for trails
// and plots, live tuning with Compare, re-simulation after edits, and the app's trace equal
// to `tilestep run`'s byte for byte. Every expectation is computed independently with a
// fresh core Sim stepped frame by frame.
#include <gtest/gtest.h>

#include "edit/edit.h"
#include "../../app/debugger/debugger_state.h"
#include "io/map_io.h"
#include "sim/spawn_view.h"
#include "test_support.h"

namespace ts::test {
namespace {

// A floor with a step and a wall: a platformer hero and a top-down actor side by side.
Map twoActors() {
    Map m = mapFromRows({
        "....................",
        "....................",
        "....................",
        "....................",
        "..............#.....",
        "..........#...#.....",
        "....................",
        "####################",
    });
    m.actors.push_back(makeActor("hero", MoverKind::PixelSweep, 32, 96, 12, 16));
    m.actors.push_back(makeActor("knight", MoverKind::TopDownAabb, 160, 16, 16, 16));
    return m;
}

// States after stepping `keys` (frame-major, one entry per actor) from the start.
std::vector<MoverState> reference(const Map& m, const std::vector<std::vector<InputBits>>& keys,
                                  int64_t frames,
                                  const std::vector<ParamValues>* params = nullptr) {
    Sim sim(m);
    if (params) sim.params() = *params;
    for (int64_t f = 0; f < frames; ++f)
        sim.step(f < int64_t(keys.size()) ? keys[size_t(f)] : std::vector<InputBits>{}, nullptr);
    return sim.states();
}

TEST(DebuggerState, AccumulatorStepsAtTheMapRateTimesTheSpeed) {
    Map m = twoActors();
    m.simRate = 60;
    Debugger d(m);
    EXPECT_EQ(d.advance(1.0, 0), 0) << "paused: no steps";
    d.setPlaying(true);
    // 10 s of 144 Hz rendering at 1x: 600 frames (+-1 for rounding of the time steps).
    int steps = 0;
    for (int i = 0; i < 1440; ++i) steps += d.advance(1.0 / 144, 0);
    EXPECT_NEAR(steps, 600, 1);
    EXPECT_EQ(d.position(), steps);
    // 1/8x: 2 s give 15 frames; 8x: 0.25 s give 120 frames in steps of at most 64.
    d.setSpeedStep(0);
    EXPECT_DOUBLE_EQ(d.speed(), 0.125);
    steps = 0;
    for (int i = 0; i < 200; ++i) steps += d.advance(0.01, 0);
    EXPECT_NEAR(steps, 15, 1);
    d.setSpeedStep(kSpeedCount - 1);
    EXPECT_DOUBLE_EQ(d.speed(), 8);
    steps = 0;
    for (int i = 0; i < 25; ++i) steps += d.advance(0.01, 0);
    EXPECT_NEAR(steps, 120, 1);
    // A render frame that took 10 s does not trigger 4800 steps.
    EXPECT_EQ(d.advance(10, 0), kMaxStepsPerRender);
    d.setSpeedStep(100);
    EXPECT_EQ(d.speedStep(), kSpeedCount - 1);
}

TEST(DebuggerState, RecordsKeysAndReplaysThem) {
    Map m = twoActors();
    Debugger d(m);
    std::vector<std::vector<InputBits>> keys;
    for (int f = 0; f < 50; ++f) {
        InputBits k = f < 30 ? KEY_R : (f < 34 ? KEY_R | KEY_J : 0);
        d.stepForward(k);
        keys.push_back({k, 0});
    }
    EXPECT_EQ(d.length(), 50);
    EXPECT_EQ(d.timeline().sim().states(), reference(m, keys, 50));
    InputLog want;
    for (auto& k : keys) want.push(k[0]);
    EXPECT_EQ(d.log(0), want);
    EXPECT_EQ(formatInputLog(d.log(0)), "30,R\n4,R,J\n16\n");
    // Restart and play: inside the recording, no keys held = the recorded keys replay.
    d.restart();
    EXPECT_EQ(d.position(), 0);
    for (int f = 0; f < 40; ++f) d.stepForward(0);
    EXPECT_FALSE(d.recording());
    EXPECT_EQ(d.timeline().sim().states(), reference(m, keys, 40));
    EXPECT_EQ(d.length(), 50);
    // Step back goes to position 39 exactly.
    d.stepBack();
    EXPECT_EQ(d.position(), 39);
    EXPECT_EQ(d.timeline().sim().states(), reference(m, keys, 39));
}

TEST(DebuggerState, KeyboardTakesOverOneActorAndKeepsTheOthersLog) {
    Map m = twoActors();
    Debugger d(m);
    InputLog knight;
    knight.runs = {{40, KEY_L}, {40, KEY_D}};
    d.setLog(1, knight);
    EXPECT_EQ(d.length(), 80);
    d.setDrivenActor(0);
    d.seekNow(10);
    // Hold Right for 5 frames from position 10, then release: the hero's later keys are
    // cleared (they are recorded as "none" while the take-over lasts), the knight's remain.
    for (int f = 0; f < 5; ++f) d.stepForward(KEY_R);
    EXPECT_TRUE(d.recording());
    for (int f = 0; f < 5; ++f) d.stepForward(0);
    std::vector<std::vector<InputBits>> keys(80);
    for (int f = 0; f < 80; ++f)
        keys[size_t(f)] = {InputBits(f >= 10 && f < 15 ? KEY_R : 0),
                           InputBits(f < 40 ? KEY_L : KEY_D)};
    EXPECT_EQ(d.length(), 80);
    EXPECT_EQ(d.timeline().sim().states(), reference(m, keys, 20));
    d.seekNow(80);
    EXPECT_EQ(d.timeline().sim().states(), reference(m, keys, 80));
    EXPECT_EQ(d.log(1), knight);

    // With a single actor, taking over cuts the recording after the frame.
    Map one = twoActors();
    one.actors.pop_back();
    Debugger e(one);
    InputLog hero;
    hero.runs = {{100, KEY_L}};
    e.setLog(0, hero);
    e.seekNow(20);
    e.stepForward(KEY_R);
    EXPECT_EQ(e.length(), 21);
    EXPECT_EQ(formatInputLog(e.log(0)), "20,L\n1,R\n");
}

TEST(DebuggerState, HistoryHoldsTheLastNStatesAfterStepsAndSeeks) {
    Map m = twoActors();
    Debugger d(m);
    d.setHistoryLength(8);
    std::vector<std::vector<InputBits>> keys;
    for (int f = 0; f < 30; ++f) {
        InputBits k = (f / 5) % 2 ? KEY_L : KEY_R | KEY_J;
        keys.push_back({k, 0});
        d.stepForward(k);
    }
    // Position 0 shows the spawn as core/sim/spawn_view.h does: the hero on the floor there
    // is grounded, the simulation's spawn state not yet.
    Sim start(m);
    const MoverState shownSpawn =
        spawnAsShown(m.actors[0].mover, start.states()[0], start.params()[0], start.world());
    MoverState raw = reference(m, keys, 0)[0];
    EXPECT_TRUE(shownSpawn.grounded);
    EXPECT_FALSE(raw.grounded);
    raw.grounded = true;
    EXPECT_EQ(shownSpawn, raw);
    auto check = [&](int64_t p) {
        const auto& h = d.history(0);
        int64_t from = std::max<int64_t>(0, p - 8);
        ASSERT_EQ(int64_t(h.size()), p - from + 1) << "at " << p;
        for (int64_t q = from; q <= p; ++q)
            EXPECT_EQ(h[size_t(q - from)], q == 0 ? shownSpawn : reference(m, keys, q)[0])
                << "position " << q;
    };
    check(30);
    d.seekNow(5);
    check(5);
    d.stepForward(0);
    d.stepForward(0);
    check(7);
    d.seekNow(20);
    check(20);
}

TEST(DebuggerState, ScrubbingSeeksOncePerRenderedFrame) {
    Map m = twoActors();
    Debugger d(m);
    for (int f = 0; f < 300; ++f) d.stepForward(KEY_R);
    size_t before = d.seeksDone();
    for (int64_t p = 0; p < 300; p += 7) d.requestSeek(p);
    EXPECT_EQ(d.seeksDone(), before);
    EXPECT_TRUE(d.applyPendingSeek());
    EXPECT_EQ(d.seeksDone(), before + 1);
    EXPECT_EQ(d.position(), 294);
    EXPECT_FALSE(d.applyPendingSeek());
}

TEST(DebuggerState, CompareKeepsTheGhostAndAppliesFromFrameZero) {
    Map m = twoActors();
    Debugger d(m);
    std::vector<std::vector<InputBits>> keys;
    for (int f = 0; f < 60; ++f) {
        keys.push_back({KEY_R, 0});
        d.stepForward(KEY_R);
    }
    const int speed = findParam(MoverKind::PixelSweep, "run_speed");
    ASSERT_GE(speed, 0);
    d.setCompare(true);
    d.beginTuning(0);
    ASSERT_EQ(d.ghostActor(), 0);
    ASSERT_EQ(d.ghost().size(), 61u);
    for (int64_t p = 0; p <= 60; p += 15) EXPECT_EQ(d.ghost()[size_t(p)], reference(m, keys, p)[0]);
    d.setParam(0, speed, Fix::fromInt(1));
    EXPECT_EQ(d.position(), 60);
    std::vector<ParamValues> params = {m.actors[0].params, m.actors[1].params};
    params[0][size_t(speed)] = Fix::fromInt(1);
    EXPECT_EQ(d.state(0), reference(m, keys, 60, &params)[0]);
    EXPECT_FALSE(d.state(0) == d.ghost()[60]) << "a slower run speed must show against the ghost";
    // Without Compare a change applies from the next step only.
    d.setCompare(false);
    EXPECT_EQ(d.ghostActor(), -1);
    d.seekNow(30);
    d.resetParam(0, speed);
    EXPECT_EQ(d.params(0)[size_t(speed)], defaultParams(MoverKind::PixelSweep)[size_t(speed)]);
    d.seekNow(29);
    EXPECT_EQ(d.params(0)[size_t(speed)], Fix::fromInt(1));
    // Out-of-range values are clamped to the parameter's range.
    d.setParam(0, speed, Fix::fromInt(1000));
    EXPECT_EQ(d.params(0)[size_t(speed)], Fix::fromInt(64));
}

TEST(DebuggerState, MapEditsResimulateFromFrameZeroWithTheSameKeys) {
    Map m = twoActors();
    Debugger d(m);
    std::vector<std::vector<InputBits>> keys;
    for (int f = 0; f < 80; ++f) {
        keys.push_back({KEY_R, 0});
        d.stepForward(KEY_R);
    }
    d.setPlaying(false);
    m.setTile(6, 6, 1);  // a block in the hero's way
    d.mapChanged();
    EXPECT_EQ(d.position(), 80);
    EXPECT_EQ(d.timeline().sim().states(), reference(m, keys, 80));
    m.actors.pop_back();
    d.mapChanged();
    EXPECT_EQ(d.actorCount(), 1u);
    EXPECT_EQ(d.history(0).size(), 81u);  // positions 0..80
    d.mapReplaced();
    EXPECT_EQ(d.length(), 0);
    EXPECT_EQ(d.position(), 0);
}

TEST(DebuggerState, TraceEqualsTheCliRunByteForByte) {
    Map m = twoActors();
    std::string dir = tempDir();
    saveMap(m, dir + "/map.json");
    Map loaded = loadMap(dir + "/map.json");
    Debugger d(loaded);
    for (int f = 0; f < 90; ++f) d.stepForward(f < 20 ? KEY_R : f < 25 ? KEY_J | KEY_L : KEY_L);
    d.seekNow(40);
    std::string error;
    ASSERT_TRUE(d.saveLog(0, dir + "/hero.log", &error)) << error;
    ASSERT_TRUE(d.writeTrace(dir + "/app.jsonl", dir + "/map.json", true, &error)) << error;
    EXPECT_EQ(d.position(), 40) << "writing the trace ends where it started";
    CommandResult r =
        runTilestep("run " + dir + "/map.json --inputs " + dir +
                    "/hero.log --actor hero --frames 90 --probes --trace " + dir + "/cli.jsonl");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    std::string app = readFile(dir + "/app.jsonl"), cli = readFile(dir + "/cli.jsonl");
    EXPECT_GT(app.size(), 1000u);
    EXPECT_EQ(app, cli);
    EXPECT_FALSE(d.writeTrace(dir + "/no/such/dir/t.jsonl", "", false, &error));
    EXPECT_NE(error.find("no/such/dir/t.jsonl"), std::string::npos) << error;
    EXPECT_FALSE(d.loadLog(0, dir + "/missing.log", &error));
    EXPECT_NE(error.find("missing.log"), std::string::npos) << error;
}

// A tuned value and the same value typed in the inspector end up the same: both go through
// ParamSpec::normalize (integer parameters rounded to the nearest whole number, halves up,
// then clamped), for every parameter of every mover.
TEST(DebuggerState, LiveTuningAndTheInspectorNormalizeParametersAlike) {
    int integers = 0;
    for (size_t k = 0; k < size_t(moverCount()); ++k) {
        const MoverKind kind = MoverKind(k);
        const MoverInfo& mi = moverInfo(kind);
        Map m = Map::blank(8, 8);
        m.actors.push_back(Actor{"a", kind, 32, 32, 12, 12, defaultParams(kind)});
        for (int p = 0; p < mi.paramCount; ++p) {
            const ParamSpec& spec = mi.params[p];
            integers += spec.integer;
            for (double v : {spec.min + 0.5, spec.min + 1.5, spec.min + 0.25, spec.max + 3.0,
                             spec.min - 2.5, (spec.min + spec.max) / 2 + 0.499}) {
                SCOPED_TRACE(std::string(mi.id) + "." + spec.name + " = " + std::to_string(v));
                const Fix value = Fix::fromDouble(v);
                Debugger d(m);
                d.setParam(0, p, value);
                Document doc(m);
                doc.apply(setActorParam(m, 0, p, value));
                EXPECT_EQ(d.params(0)[size_t(p)], doc.map().actors[0].params[size_t(p)]);
                EXPECT_EQ(d.params(0)[size_t(p)], spec.normalize(value));
                EXPECT_EQ(spec.check(spec.normalize(value)), "");
            }
        }
    }
    EXPECT_GT(integers, 3) << "the movers have integer parameters to round";
}

TEST(DebuggerState, ParamSpecRoundsHalvesUpAndNamesTheProblem) {
    const ParamSpec whole{"n", "frames", 3, 1, 8, true, ""};
    EXPECT_EQ(whole.normalize(Fix::fromDouble(2.5)), Fix::fromInt(3));
    EXPECT_EQ(whole.normalize(Fix::fromDouble(2.49)), Fix::fromInt(2));
    EXPECT_EQ(whole.normalize(Fix::fromInt(-4)), Fix::fromInt(1));
    EXPECT_EQ(whole.normalize(Fix::fromInt(9)), Fix::fromInt(8));
    EXPECT_EQ(whole.check(Fix::fromDouble(2.5)), "2.5 is not a whole number");
    EXPECT_EQ(whole.check(Fix::fromInt(9)), "9 is outside 1..8");
    const ParamSpec odd{"r", "ratio", 0.5, 0.1, 0.9, false, ""};
    // 0.1 and 0.9 are not multiples of 1/65536: the bounds round inward.
    EXPECT_GE(odd.minFix().toDouble(), 0.1);
    EXPECT_LE(odd.maxFix().toDouble(), 0.9);
    EXPECT_EQ(odd.normalize(Fix{}), odd.minFix());
    EXPECT_EQ(odd.check(odd.maxFix()), "");
    EXPECT_NE(odd.check(odd.maxFix() + Fix::fromRaw(1)), "");
}

// Opening a map only to edit it builds no collision layer (on a 4096 x 4096 map that is tens
// of ms per open or map replacement); the first step builds it, an edit makes it stale again.
TEST(DebuggerState, TheCollisionLayerIsBuiltOnlyWhenSomethingSteps) {
    Map m = twoActors();
    Debugger d(m);
    EXPECT_FALSE(d.timeline().sim().worldBuilt());
    d.mapReplaced();
    EXPECT_FALSE(d.timeline().sim().worldBuilt());
    d.stepForward(KEY_R);
    EXPECT_TRUE(d.timeline().sim().worldBuilt());
    m.setTile(1, 1, 1);
    d.mapChanged();  // re-simulates the recorded frame, so it builds again at once
    EXPECT_TRUE(d.timeline().sim().worldBuilt());
    EXPECT_EQ(d.position(), 1);
}

}  // namespace
}  // namespace ts::test
