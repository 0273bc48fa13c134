// The editor's Snag hunt (app/debugger/snag_hunt_session.h) on maps/platformer-slopes.json,
// whose one level-design finding is the 2-px lip of brush #1 at (448,238) 32x2 (issue 27;
// walking right from the spawn reaches it: tests/hunt/test_hunt_samples.cpp). The hunt runs
// on its own thread: start returns at once, progress is readable meanwhile, cancel ends it.
#include <gtest/gtest.h>

#include <filesystem>

#include "../../app/debugger/snag_hunt_session.h"
#include "hunt/ignore_list.h"
#include "io/map_io.h"
#include "test_support.h"

namespace ts {
namespace {

const char* kLip = "brush #1 at (448,238) 32x2";

SnagHuntSession::Settings smallHunt() {
    SnagHuntSession::Settings s;
    s.frames = 600000;
    s.seconds = 120;
    s.jobs = 2;
    return s;
}

// A copy of the sample in a folder of its own (the ignore list is written beside it).
std::string sampleCopy() {
    const std::string path = test::tempDir() + "/slopes.json";
    std::filesystem::copy_file(test::sourcePath("maps/platformer-slopes.json"), path);
    return path;
}

// Index of the lip finding going right, or -1.
int lipIndex(const SnagHuntSession& h) {
    for (size_t i = 0; i < h.findings().size(); ++i) {
        const SnagFinding& f = h.findings()[i];
        if (f.kind == SnagKind::Lip && f.feature.text == kLip && f.dir == DIR_RIGHT) return int(i);
    }
    return -1;
}

void runToEnd(SnagHuntSession& h, const Map& m, const std::string& path) {
    std::string error;
    ASSERT_TRUE(h.start(m, path, smallHunt(), &error)) << error;
    h.wait();
    ASSERT_TRUE(h.poll());
    ASSERT_TRUE(h.hasResult()) << h.error();
    EXPECT_FALSE(h.poll()) << "one result, taken once";
}

TEST(SnagHuntSession, FindsTheLipAndGroupsFindingsByFeature) {
    const std::string path = sampleCopy();
    const Map m = loadMap(path);
    SnagHuntSession h;
    runToEnd(h, m, path);
    EXPECT_GE(h.framesExplored(), 600000);
    EXPECT_FALSE(h.cancelled());
    ASSERT_GE(lipIndex(h), 0);
    // The bar ends on the result's totals (not on the last report, a quarter second old).
    EXPECT_EQ(h.progress().fraction, 1);
    EXPECT_EQ(h.progress().frames, h.framesExplored());
    EXPECT_EQ(h.progress().findings, h.findings().size());
    // Every finding is in exactly one group, the group of its own feature.
    std::vector<int> seen(h.findings().size(), 0);
    bool lipGroup = false;
    for (const SnagHuntSession::Group& g : h.groups()) {
        lipGroup = lipGroup || g.feature == kLip;
        for (size_t i : g.members) {
            ASSERT_LT(i, seen.size());
            ++seen[i];
            EXPECT_EQ(h.findings()[i].feature.text, g.feature);
        }
    }
    EXPECT_TRUE(lipGroup);
    for (int n : seen) EXPECT_EQ(n, 1);
    // The coverage covers the map, and the spawn cell (20, 224) / 16 was visited.
    ASSERT_EQ(h.coverage().width, m.width);
    ASSERT_EQ(h.coverage().height, m.height);
    EXPECT_GT(h.coverage().visits[size_t(224 / 16) * size_t(m.width) + 20 / 16], 0u);
}

TEST(SnagHuntSession, CancelEndsAHuntEarly) {
    const Map m = loadMap(test::sourcePath("maps/platformer-slopes.json"));
    SnagHuntSession h;
    SnagHuntSession::Settings s = smallHunt();
    s.frames = int64_t(1) << 40;  // far more than it could explore before the cancel
    s.seconds = 600;
    std::string error;
    ASSERT_TRUE(h.start(m, "", s, &error)) << error;
    EXPECT_TRUE(h.running());
    EXPECT_FALSE(h.start(m, "", s, &error)) << "a second hunt while one runs";
    EXPECT_NE(error.find("running"), std::string::npos) << error;
    h.cancel();
    h.wait();
    ASSERT_TRUE(h.poll());
    EXPECT_TRUE(h.cancelled());
    EXPECT_LT(h.framesExplored(), int64_t(1) << 40);
}

// What a plugin reload does first (plugin_rebuild_watch.cpp): the hunt's thread has ended
// when stop() returns, so nothing steps the build being replaced.
TEST(SnagHuntSession, StopEndsTheThreadBeforeItReturns) {
    const Map m = loadMap(test::sourcePath("maps/platformer-slopes.json"));
    SnagHuntSession h;
    EXPECT_FALSE(h.stop()) << "nothing to stop";
    SnagHuntSession::Settings s = smallHunt();
    s.frames = int64_t(1) << 40;
    s.seconds = 600;
    std::string error;
    ASSERT_TRUE(h.start(m, "", s, &error)) << error;
    EXPECT_TRUE(h.stop());
    EXPECT_FALSE(h.running());
    ASSERT_TRUE(h.poll()) << "the cancelled result is there at once";
    EXPECT_TRUE(h.cancelled());
    EXPECT_FALSE(h.stop());
}

// New and Open (debugger_canvas.cpp's syncDebugger): the findings were of the map replaced.
TEST(SnagHuntSession, ClearForgetsTheFindingsAndStopsARunningHunt) {
    const Map m = loadMap(test::sourcePath("maps/platformer-slopes.json"));
    SnagHuntSession h;
    SnagHuntSession::Settings s = smallHunt();
    s.frames = 20000;  // any result will do
    std::string error;
    ASSERT_TRUE(h.start(m, "", s, &error)) << error;
    h.wait();
    ASSERT_TRUE(h.poll());
    ASSERT_TRUE(h.hasResult());
    ASSERT_FALSE(h.coverage().visits.empty());
    h.clear();
    EXPECT_FALSE(h.hasResult());
    EXPECT_TRUE(h.findings().empty());
    EXPECT_TRUE(h.coverage().visits.empty());
    EXPECT_EQ(h.progress().frames, 0);
    s.frames = int64_t(1) << 40;
    s.seconds = 600;
    ASSERT_TRUE(h.start(m, "", s, &error)) << error;
    h.clear();
    EXPECT_FALSE(h.running());
    EXPECT_FALSE(h.poll()) << "the cancelled hunt's result went with it";
    EXPECT_FALSE(h.hasResult());
}

// The Detectors choice: a hunt reports only the kinds it was asked for (the same hunt with
// every kind finds the lip: FindsTheLipAndGroupsFindingsByFeature).
TEST(SnagHuntSession, OnlyTheChosenDetectorsReport) {
    const Map m = loadMap(test::sourcePath("maps/platformer-slopes.json"));
    SnagHuntSession h;
    SnagHuntSession::Settings s = smallHunt();
    std::string error;
    s.kinds = snagBit(SnagKind::Stuck) | snagBit(SnagKind::Jitter);
    ASSERT_TRUE(h.start(m, "", s, &error)) << error;
    h.wait();
    ASSERT_TRUE(h.poll());
    EXPECT_EQ(lipIndex(h), -1) << "lip was not chosen";
    for (const SnagFinding& f : h.findings())
        EXPECT_TRUE(f.kind == SnagKind::Stuck || f.kind == SnagKind::Jitter) << f.key();
}

TEST(SnagHuntSession, AMapWithoutActorsIsRefused) {
    SnagHuntSession h;
    std::string error;
    EXPECT_FALSE(h.start(Map::blank(10, 10), "", smallHunt(), &error));
    EXPECT_NE(error.find("no actors"), std::string::npos) << error;
}

TEST(SnagHuntSession, IgnoreWritesTheListBesideTheMapAndTheNextHuntLeavesItOut) {
    const std::string path = sampleCopy();
    const Map m = loadMap(path);
    SnagHuntSession h;
    runToEnd(h, m, path);
    const int lip = lipIndex(h);
    ASSERT_GE(lip, 0);
    const std::string key = h.findings()[size_t(lip)].key();
    const size_t before = h.findings().size();
    std::string error;
    ASSERT_TRUE(h.ignore(size_t(lip), &error)) << error;
    EXPECT_EQ(h.findings().size(), before - 1);
    EXPECT_EQ(lipIndex(h), -1);
    std::vector<std::string> keys;
    ASSERT_TRUE(loadIgnoreList(path + ".snagignore", &keys, &error)) << error;
    ASSERT_EQ(keys.size(), 1u);
    EXPECT_EQ(keys[0], key);
    runToEnd(h, m, path);
    EXPECT_EQ(lipIndex(h), -1) << "ignored findings stay out of later hunts";
    EXPECT_EQ(h.ignoredCount(), 1u);
    // An unsaved map has no list to keep it in.
    SnagHuntSession unsaved;
    SnagHuntSession::Settings quick = smallHunt();
    quick.frames = 20000;
    ASSERT_TRUE(unsaved.start(m, "", quick, &error)) << error;
    unsaved.wait();
    ASSERT_TRUE(unsaved.poll());
    EXPECT_FALSE(unsaved.ignore(0, &error));
    EXPECT_NE(error.find("save the map"), std::string::npos) << error;
}

TEST(SnagHuntSession, RecheckSaysFixedOnceTheLipIsGoneAndStillThereBefore) {
    const std::string path = sampleCopy();
    const Map m = loadMap(path);
    SnagHuntSession h;
    runToEnd(h, m, path);
    const int lip = lipIndex(h);
    ASSERT_GE(lip, 0);
    EXPECT_EQ(h.check(size_t(lip)), SnagHuntSession::Check::NotChecked);
    h.recheckAll(m);
    EXPECT_EQ(h.check(size_t(lip)), SnagHuntSession::Check::StillThere);
    // The edit that fixes it: the 2-px brush lowered to the floor (removed).
    Map fixed = m;
    ASSERT_GE(fixed.brushes.size(), 2u);
    ASSERT_EQ(fixed.brushes[1].rect.x, 448);
    ASSERT_EQ(fixed.brushes[1].rect.h, 2);
    fixed.brushes.erase(fixed.brushes.begin() + 1);
    h.recheckAll(fixed);
    EXPECT_EQ(h.check(size_t(lip)), SnagHuntSession::Check::Fixed);
    EXPECT_NE(h.checkWhy(size_t(lip)).find("no longer"), std::string::npos)
        << h.checkWhy(size_t(lip));
}

TEST(SnagHuntSession, OpeningAFindingPausesTheDebuggerOnItsFrameWithItsOverlays) {
    const std::string path = sampleCopy();
    const Map m = loadMap(path);
    SnagHuntSession h;
    runToEnd(h, m, path);
    const int lip = lipIndex(h);
    ASSERT_GE(lip, 0);
    const SnagFinding f = h.findings()[size_t(lip)];
    Debugger g(m);
    OverlayMask overlays = 0;
    std::string note;
    ASSERT_TRUE(openSnagFinding(g, f, &overlays, &note)) << note;
    EXPECT_TRUE(note.empty()) << note;
    EXPECT_EQ(g.position(), f.frame + 1) << "the state after the bad frame's step";
    EXPECT_EQ(g.drivenActor(), int(f.actor));
    EXPECT_FALSE(g.playing());
    EXPECT_EQ(g.state(f.actor).x.floor(), f.x);
    EXPECT_EQ(g.state(f.actor).y.floor(), f.y);
    // The pixel sweep's step probes of that frame are why: the Probes overlay is on.
    EXPECT_TRUE(overlays & overlayBit(Overlay::Probes));
    EXPECT_TRUE(overlays & overlayBit(Overlay::Hitboxes));
    EXPECT_EQ(g.log(f.actor).runs.size(), f.inputs.runs.size());
    // A finding for an actor the map does not have is refused with a note.
    SnagFinding other = f;
    other.actorName = "nobody";
    EXPECT_FALSE(openSnagFinding(g, other, &overlays, &note));
    EXPECT_NE(note.find("nobody"), std::string::npos);
}

// A case found with varied parameters (`--vary params`) runs with them from frame 0 wherever
// the debugger stood: with Compare off a tuning applies from the frame shown, and opening the
// case from a later frame ran it with the map's values up to there. Opened while playing, it
// pauses (it played on past the bad frame). A case found with the map's values says so when
// the actor has live tuning the hunt did not use.
TEST(SnagHuntSession, AFindingRunsWithItsParametersFromFrameZero) {
    const Map m = loadMap(test::sourcePath("maps/platformer-slopes.json"));
    const MoverInfo& info = moverInfo(m.actors[0].mover);
    ASSERT_GT(info.paramCount, 0);
    SnagFinding f;
    f.kind = SnagKind::Lip;
    f.actor = 0;
    f.actorName = m.actors[0].name;
    f.frame = 39;
    std::string error;
    ASSERT_TRUE(parseInputLog("40,R\n", &f.inputs, &error)) << error;
    f.variedParams = true;
    f.params = m.actors[0].params;
    f.params[0] = info.params[0].normalize(Fix::fromInt(1));  // walking at 1 px a frame
    ASSERT_NE(f.params[0], m.actors[0].params[0]);
    // The case's run, simulated by hand: its keys, its parameters from frame 0.
    Map varied = m;
    varied.actors[0].params = f.params;
    Sim sim(varied);
    for (int i = 0; i < 40; ++i) sim.step({InputBits(KEY_R)}, nullptr);

    Debugger g(m);
    g.runTo(100);  // the user stood at frame 100, Compare off, playing
    g.setPlaying(true);
    OverlayMask overlays = 0;
    std::string note;
    ASSERT_TRUE(openSnagFinding(g, f, &overlays, &note)) << note;
    EXPECT_EQ(g.position(), 40);
    EXPECT_FALSE(g.playing()) << "paused on the bad frame";
    EXPECT_EQ(g.state(0).x, sim.states()[0].x);
    EXPECT_EQ(g.params(0)[0], f.params[0]);

    // The map's values, the hunt's, while hero is tuned: the note says the run differs.
    Debugger tuned(m);
    tuned.setParam(0, 0, f.params[0]);
    SnagFinding plain = f;
    plain.variedParams = false;
    ASSERT_TRUE(openSnagFinding(tuned, plain, &overlays, &note)) << note;
    EXPECT_NE(note.find("live tuning"), std::string::npos) << note;
    Debugger untuned(m);
    ASSERT_TRUE(openSnagFinding(untuned, plain, &overlays, &note)) << note;
    EXPECT_EQ(note, "");
}

}  // namespace
}  // namespace ts
