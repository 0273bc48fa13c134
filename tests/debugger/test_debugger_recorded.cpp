// The debugger on a recorded trace (`tilestep view`), without a window: a run's trace,
// played back, shows at every position the states and probes a fresh core Sim computes for
// that frame; stepping, playing and seeking stay inside the recording; edits do not
// re-simulate; the --ghost trace's actor of the same name is the ghost.
#include <gtest/gtest.h>

#include "../../app/debugger/debugger_state.h"
#include "test_support.h"
#include "record/trace_writer.h"

namespace ts::test {
namespace {

Map twoActors() {
    Map m = mapFromRows({"....................", "..........#.........", "....................",
                         "..........#...#.....", "....................", "####################"});
    m.actors.push_back(makeActor("hero", MoverKind::PixelSweep, 32, 64, 12, 16));
    m.actors.push_back(makeActor("ball", MoverKind::GridWalls, 200, 40, 10, 10));
    return m;
}

InputBits keysAt(int64_t f, int variant) {
    return InputBits(variant == 0 ? (f < 30   ? KEY_R
                                     : f < 35 ? KEY_R | KEY_J
                                              : KEY_L)
                                  : (f < 20 ? KEY_L : KEY_R | KEY_D));
}

struct RecordedRun {
    std::vector<std::vector<MoverState>> states;  // [frame][actor]
    std::vector<std::vector<Probe>> probes;       // [frame]
    std::shared_ptr<RecordedTrace> trace = std::make_shared<RecordedTrace>();
};

// Steps a Sim `frames` frames, remembering each frame, and reads its trace back.
RecordedRun record(const Map& m, int64_t frames, int variant) {
    RecordedRun r;
    Sim sim(m);
    Trace t;
    TraceWriter w;
    w.header(traceHeaderFor(m, "two.json"));
    for (int64_t f = 0; f < frames; ++f) {
        sim.step(std::vector<InputBits>(m.actors.size(), keysAt(f, variant)), &t);
        w.frame(f, m.actors, sim.states(), &t);
        r.states.push_back(sim.states());
        r.probes.push_back(t.probes);
    }
    std::string error;
    EXPECT_TRUE(parseTrace(std::string(w.text()), "mem", r.trace.get(), &error)) << error;
    return r;
}

bool same(const MoverState& a, const MoverState& b) {
    return a.x == b.x && a.y == b.y && a.vx == b.vx && a.vy == b.vy && a.grounded == b.grounded &&
           a.facing == b.facing && a.pushing == b.pushing && a.w == b.w;
}

TEST(DebuggerRecorded, EveryPositionShowsTheRecordedFrame) {
    const Map m = twoActors();
    // The map the viewer opens has no actors at all: the trace's are shown.
    const Map empty = mapFromRows({"....", "...."});
    RecordedRun run = record(m, 80, 0);
    Debugger d(empty);
    d.showRecording(run.trace);
    EXPECT_EQ(d.length(), 80);
    ASSERT_EQ(d.actorCount(), 2u);
    EXPECT_EQ(d.actorName(1), "ball");
    EXPECT_TRUE(d.actorRound(1));
    EXPECT_FALSE(d.actorRound(0));
    EXPECT_FALSE(d.recording());
    for (int64_t p : {1, 2, 17, 40, 79, 80, 33, 5}) {
        d.seekNow(p);
        ASSERT_EQ(d.position(), p);
        for (size_t a = 0; a < 2; ++a)
            EXPECT_TRUE(same(d.state(a), run.states[size_t(p - 1)][a])) << "p " << p << " a " << a;
        ASSERT_EQ(d.trace().probes.size(), run.probes[size_t(p - 1)].size()) << p;
        for (size_t i = 0; i < d.trace().probes.size(); ++i)
            EXPECT_EQ(probeJson(d.trace().probes[i]), probeJson(run.probes[size_t(p - 1)][i]));
        // History for trails and plots: the previous positions' states, oldest first.
        const std::vector<MoverState>& h = d.history(0);
        ASSERT_EQ(int64_t(h.size()), std::min<int64_t>(p, d.historyLength()) + 1);
        EXPECT_TRUE(same(h.back(), run.states[size_t(p - 1)][0]));
        if (p >= 2) {
            EXPECT_TRUE(same(h[h.size() - 2], run.states[size_t(p - 2)][0]));
        }
    }
    // Position 0: the first recorded states, no probes.
    d.seekNow(0);
    EXPECT_TRUE(same(d.state(0), run.states[0][0]));
    EXPECT_TRUE(d.trace().probes.empty());
}

TEST(DebuggerRecorded, SteppingAndPlayingStayInsideTheRecording) {
    const Map m = twoActors();
    RecordedRun run = record(m, 10, 0);
    Debugger d(m);
    d.showRecording(run.trace);
    d.seekNow(8);
    d.stepForward(KEY_L);  // keys do nothing: no re-simulation
    EXPECT_EQ(d.position(), 9);
    EXPECT_TRUE(same(d.state(0), run.states[8][0]));
    d.stepForward(0);
    d.stepForward(0);
    EXPECT_EQ(d.position(), 10);
    EXPECT_EQ(d.length(), 10) << "stepping past the end records nothing";
    d.stepBack();
    EXPECT_EQ(d.position(), 9);
    d.restart();
    EXPECT_EQ(d.position(), 0);
    d.setPlaying(true);
    EXPECT_EQ(d.advance(100.0, KEY_R), 10);  // 100 s due, but only 10 frames recorded
    EXPECT_EQ(d.position(), 10);
    d.advance(1.0, 0);
    EXPECT_FALSE(d.playing()) << "play stops at the end of the recording";
    d.runTo(1000);
    EXPECT_EQ(d.position(), 10);
}

TEST(DebuggerRecorded, EditsDoNotResimulateAndANewMapEndsTheRecording) {
    Map m = twoActors();
    RecordedRun run = record(m, 30, 0);
    Debugger d(m);
    d.showRecording(run.trace);
    d.seekNow(20);
    m.setTile(2, 2, 1);
    d.mapChanged();
    EXPECT_EQ(d.position(), 20);
    EXPECT_TRUE(same(d.state(0), run.states[19][0]));
    std::string error;
    EXPECT_FALSE(d.loadLog(0, "/nonexistent.log", &error));
    EXPECT_EQ(error, "a recorded trace replays as recorded: no input log to load");
    d.setParam(0, 0, Fix::fromInt(9));  // no tuning: the recording stays as it is
    d.seekNow(25);
    EXPECT_TRUE(same(d.state(0), run.states[24][0]));
    d.mapReplaced();
    EXPECT_EQ(d.recorded(), nullptr);
    EXPECT_EQ(d.length(), 0);
    EXPECT_TRUE(d.recording());
}

TEST(DebuggerRecorded, TheGhostIsTheOtherTracesActorOfTheSameName) {
    const Map m = twoActors();
    RecordedRun a = record(m, 40, 0);
    RecordedRun b = record(m, 30, 1);  // shorter: its last state stays
    Debugger d(m);
    d.showRecording(a.trace, b.trace);
    ASSERT_EQ(d.ghostActor(), 0);
    ASSERT_EQ(d.ghost().size(), 41u);  // positions 0..40
    EXPECT_TRUE(same(d.ghost()[12], b.states[11][0]));
    EXPECT_TRUE(same(d.ghost()[40], b.states[29][0]));
    d.setDrivenActor(1);
    EXPECT_EQ(d.ghostActor(), 1);
    EXPECT_TRUE(same(d.ghost()[5], b.states[4][1]));
}

// Play runs at the trace's rate (its header's "rate"), not the map's: a game recorded at 30 Hz
// played twice as fast over a 60 Hz map or without one.
TEST(DebuggerRecorded, PlayRunsAtTheTracesRate) {
    const std::string text =
        "{\"tilestep_trace\":1,\"rate\":30,\"actors\":[{\"name\":\"hero\",\"w\":4,"
        "\"h\":4}]}\n"
        "{\"frame\":0,\"actor\":\"hero\",\"x\":1,\"y\":2}\n"
        "{\"frame\":1,\"actor\":\"hero\",\"x\":2,\"y\":2}\n";
    auto trace = std::make_shared<RecordedTrace>();
    std::string error;
    ASSERT_TRUE(parseTrace(text, "t.jsonl", trace.get(), &error)) << error;
    Map m = twoActors();
    ASSERT_EQ(m.simRate, 60);
    Debugger d(m);
    EXPECT_DOUBLE_EQ(d.stepSeconds(), 1.0 / 60);
    d.showRecording(trace);
    EXPECT_DOUBLE_EQ(d.stepSeconds(), 1.0 / 30);
}

// A --ghost trace without the selected actor's name shows no ghost, and says why (the panel
// used to tell the user who gave --ghost to give --ghost).
TEST(DebuggerRecorded, AGhostTraceWithoutTheActorSaysSo) {
    const Map m = twoActors();
    Map other = m;
    other.actors[0].name = "link";
    RecordedRun a = record(m, 10, 0);
    RecordedRun b = record(other, 10, 1);  // actors "link" and "ball"
    Debugger d(m);
    d.showRecording(a.trace, b.trace);
    EXPECT_EQ(d.ghostActor(), -1);
    EXPECT_EQ(d.recordedGhostMissing(),
              "The --ghost trace has no actor named 'hero' (its actors: link, ball).");
    d.setDrivenActor(1);  // "ball" is in both
    EXPECT_EQ(d.ghostActor(), 1);
    EXPECT_EQ(d.recordedGhostMissing(), "");
    Debugger plain(m);  // no --ghost given: nothing is missing
    plain.showRecording(a.trace);
    EXPECT_EQ(plain.recordedGhostMissing(), "");
}

// A game's trace (include/tilestep/trace_emit.h) has fields of its own: a breakpoint
// expression reads them from the recorded lines, frame numbers as recorded.
TEST(DebuggerRecorded, BreakpointExpressionsReadTheRecordedFields) {
    std::string text =
        "{\"tilestep_trace\":1,\"map\":\"game\",\"width\":4,\"height\":2,\"tile_size\":16,"
        "\"rate\":60,\"actors\":[{\"name\":\"hero\",\"mover\":\"game\",\"w\":8,\"h\":8,"
        "\"round\":false}]}\n";
    // Frames 100, 102, ... (positions 1, 2, ...); charge 0 0 0 1 1 1 2 2 2 3.
    for (int i = 0; i < 10; ++i)
        text += "{\"frame\":" + std::to_string(100 + 2 * i) +
                ",\"actor\":\"hero\",\"x\":" + std::to_string(i) +
                ",\"y\":0,\"charge\":" + std::to_string(i / 3) + "}\n";
    auto trace = std::make_shared<RecordedTrace>();
    std::string error;
    ASSERT_TRUE(parseTrace(text, "game.jsonl", trace.get(), &error)) << error;
    const Map empty = mapFromRows({"....", "...."});
    Debugger d(empty);
    d.showRecording(trace);
    std::vector<std::string> names;
    for (const StateField& f : d.breakFields(0)) names.push_back(f.name);
    EXPECT_NE(std::find(names.begin(), names.end(), "charge"), names.end());
    BreakExpr e;
    ASSERT_TRUE(BreakExpr::parse("charge becomes 2", names, &e, &error)) << error;
    d.breakpoints().rules.push_back({e, true});
    d.setPlaying(true);
    for (int i = 0; i < 20 && d.playing(); ++i) d.advance(0.05, 0);
    EXPECT_FALSE(d.playing());
    EXPECT_EQ(d.position(), 7);  // the 7th line, charge 2 for the first time
    EXPECT_EQ(d.lastBreak(), "charge becomes 2");
    // frame is the recorded number: 100 + 2 * 7 at position 8.
    ASSERT_TRUE(BreakExpr::parse("frame == 114", names, &e, &error)) << error;
    d.breakpoints().rules = {{e, true}};
    d.setPlaying(true);
    for (int i = 0; i < 20 && d.playing(); ++i) d.advance(0.05, 0);
    EXPECT_EQ(d.position(), 8);
}

// "Keep this run" in `tilestep view`: the recorded actor's run as the recording shows it at
// every position (it simulated the map's actor instead, stepping a timeline whose position
// the recording's never follows: a scrubbed-back view hung, and a map without that actor
// read past its states).
TEST(DebuggerRecorded, KeepingARunKeepsTheRecordedRun) {
    const Map m = twoActors();
    const Map empty = mapFromRows({"....", "...."});
    RecordedRun run = record(m, 60, 0);
    Debugger d(empty);
    d.showRecording(run.trace);
    d.seekNow(25);
    d.keepRun(1, "ball");
    ASSERT_EQ(d.runs().size(), 1u);
    const std::vector<MoverState>& kept = d.runs()[0].states;
    ASSERT_EQ(kept.size(), 61u);                   // positions 0..60
    EXPECT_TRUE(same(kept[0], run.states[0][1]));  // position 0 shows the first line
    for (size_t p = 1; p <= 60; ++p) EXPECT_TRUE(same(kept[p], run.states[p - 1][1])) << p;
    EXPECT_EQ(d.position(), 25);  // keeping a run does not move the view
    EXPECT_TRUE(same(d.state(1), run.states[24][1]));
}

}  // namespace
}  // namespace ts::test
