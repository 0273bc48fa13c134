// A plugin is the user's code and may be wrong: the determinism check, the step watchdog
// (headless run and in process), and hot reload (file watch, checked reload that keeps the
// previous build when the new one fails to load, is not deterministic or hangs).
#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <utime.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <future>
#include <thread>

#include "sim/determinism_check.h"
#include "sim/sim.h"
#include "../../app/debugger/debugger_state.h"
#include "plugin/plugin_registry.h"
#include "plugin/plugin_reload.h"
#include "property.h"
#include "plugin/step_watchdog.h"
#include "test_support.h"

namespace ts {
namespace {

const std::string kPluginDir = TILESTEP_PLUGIN_DIR;
const std::string kExampleDir = TILESTEP_EXAMPLE_PLUGIN_DIR;

MoverKind load(const std::string& path, bool copyFirst = false) {
    MoverKind kind{};
    std::string error;
    EXPECT_TRUE(loadPluginMover(path, copyFirst, &kind, &error)) << error;
    return kind;
}

Map openRoom(MoverKind kind) {
    Map m = test::mapFromRows(
        {"##########", "#........#", "#........#", "#........#", "#........#", "##########"});
    m.actors.push_back(test::makeActor("hero", kind, 20, 20, 8, 8));
    return m;
}

// A map file whose actor uses `mover`, for the CLI.
std::string writeRoom(const std::string& dir, const std::string& mover) {
    std::string text = test::readFile(test::sourcePath("maps/zelda-room.json"));
    const std::string from = "\"mover\": \"topdown_aabb\"";
    text.replace(text.find(from), from.size(), "\"mover\": \"" + mover + "\"");
    test::writeFile(dir + "/room.json", text);
    return dir + "/room.json";
}

// ---- Determinism ------------------------------------------------------------------------

TEST(PluginDeterminism, CatchesHiddenStateAtTheFirstFrame) {
    const Map m = openRoom(load(kPluginDir + "/nondeterministic.so"));
    const DeterminismReport r =
        checkDeterminism(m, 50, [](int64_t, size_t) { return InputBits(KEY_R); });
    EXPECT_FALSE(r.same);
    EXPECT_EQ(r.frame, 0);
    EXPECT_EQ(r.actor, "hero");
    EXPECT_NE(r.first.find("\"calls\":0"), std::string::npos) << r.first;
    EXPECT_NE(r.second.find("\"calls\":1"), std::string::npos) << r.second;
}

TEST(PluginDeterminism, PureMoversPass) {
    Map m = test::randomMap(3);
    ASSERT_TRUE(
        test::addActorAtFreeSpot(m, load(kExampleDir + "/topdown_aabb_plugin.so"), 3, 12, 14));
    ASSERT_TRUE(test::addActorAtFreeSpot(m, load(kExampleDir + "/celeste_plugin.so"), 4, 8, 16,
                                         "madeline"));
    const auto keys = test::randomInputs(5, 300);
    const DeterminismReport r =
        checkDeterminism(m, 300, [&](int64_t f, size_t) { return keys[size_t(f)]; });
    EXPECT_TRUE(r.same) << r.message();
}

TEST(PluginDeterminism, CliReportsTheFirstDivergentFrame) {
    const std::string dir = test::tempDir();
    const auto bad = test::runTilestep("run " + writeRoom(dir, "plugin:nondeterministic") +
                                       " --frames 100 --check-determinism --plugin " + kPluginDir +
                                       "/nondeterministic.so");
    EXPECT_EQ(bad.exitCode, 1);
    EXPECT_NE(bad.err.find("room.json: not deterministic: frame 0, actor 'link': run 1 "),
              std::string::npos)
        << bad.err;
    const auto good = test::runTilestep("run " + writeRoom(dir, "plugin:topdown_aabb") +
                                        " --frames 100 --check-determinism --plugin " +
                                        kExampleDir + "/topdown_aabb_plugin.so");
    EXPECT_EQ(good.exitCode, 0) << good.err;
    EXPECT_EQ(good.out, dir + "/room.json: deterministic over 100 frames\n");
}

// ---- The step watchdog ------------------------------------------------------------------

TEST(StepWatchdog, ReportsAStepLongerThanTheLimitOnce) {
    std::vector<std::string> reports;
    std::mutex mutex;
    StepWatchdog dog(40, [&](const std::string& m) {
        std::lock_guard<std::mutex> lock(mutex);
        reports.push_back(m);
    });
    dog.setFrame(7);
    {
        StepWatchdog::Guard step(&dog, "plugin:slow");
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
    }
    EXPECT_TRUE(dog.fired());
    std::lock_guard<std::mutex> lock(mutex);
    ASSERT_EQ(reports.size(), 1u);
    EXPECT_EQ(reports[0], "plugin:slow: a step at frame 7 ran longer than 40 ms");
}

// The editor's watchdog is told no frame: the report takes the frame the Sim passes with each
// step (with the watchdog, StepContext), whoever drives it. (A plugin loaded into
// tilestep's own process, as benchmarks do: one in a plugin host is stopped by its client,
// test_plugin_isolation.cpp.)
TEST(StepWatchdog, NamesTheFrameTheSimIsStepping) {
    ::setenv("TILESTEP_PLUGIN_IN_PROCESS", "1", 1);
    const MoverKind kind = load(kPluginDir + "/endless_step.so");
    ::unsetenv("TILESTEP_PLUGIN_IN_PROCESS");
    ASSERT_TRUE(pluginMover(kind)->inProcess());
    auto reported = std::make_shared<std::promise<std::string>>();
    // Left alive on purpose: the stuck thread's Sim and guard point at it until the process ends.
    auto* dog = new StepWatchdog(40, [reported](const std::string& m) { reported->set_value(m); });
    auto map = std::make_shared<Map>(test::mapFromRows({"........", "........"}));
    map->actors.push_back(test::makeActor("a", kind, 8, 8, 8, 8));
    std::thread([dog, map] {
        Sim sim(*map, dog);
        for (int f = 0; f < 5; ++f) sim.step({KEY_R}, nullptr);
        sim.step({KEY_J}, nullptr);  // never returns
    }).detach();
    std::future<std::string> message = reported->get_future();
    ASSERT_EQ(message.wait_for(std::chrono::seconds(10)), std::future_status::ready);
    EXPECT_EQ(message.get(),
              "plugin:endless_step: a step of actor 'a' at frame 5 ran longer than 40 ms");
    keepPluginBuildsLoaded();  // the stuck thread runs its code until the process exits
}

TEST(StepWatchdog, ManyQuickStepsAreNotReported) {
    StepWatchdog dog(40, [](const std::string&) {});
    const auto end = std::chrono::steady_clock::now() + std::chrono::milliseconds(200);
    while (std::chrono::steady_clock::now() < end) {
        StepWatchdog::Guard step(&dog, "plugin:quick");
    }
    EXPECT_FALSE(dog.fired());
}

TEST(StepWatchdog, StepsPassedNoWatchdogAreNotWatched) {
    StepWatchdog dog(20, [](const std::string&) {});
    {
        StepWatchdog::Guard step(nullptr, "plugin:elsewhere");  // a Sim given no watchdog
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    EXPECT_FALSE(dog.fired());
}

TEST(PluginTimeout, CliReportsAnEndlessStepAndStops) {
    const std::string dir = test::tempDir();
    test::writeFile(dir + "/keys.log", "5,R\n1,J\n");
    const auto start = std::chrono::steady_clock::now();
    const auto r = test::runTilestep("run " + writeRoom(dir, "plugin:endless_step") +
                                     " --frames 20 --inputs " + dir + "/keys.log --step-limit 200" +
                                     " --plugin " + kPluginDir + "/endless_step.so");
    const auto seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start);
    EXPECT_EQ(r.exitCode, 1);
    // Where the step was comes between (test_plugin_host_process.cpp checks it).
    EXPECT_EQ(r.err.rfind("tilestep run: plugin:endless_step: a step of actor 'link' at frame 5 "
                          "ran longer than 200 ms",
                          0),
              0u)
        << r.err;
    const std::string end = "; stopped (the trace above holds every frame before it)\n";
    EXPECT_EQ(r.err.find(end), r.err.size() - end.size()) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_LT(seconds.count(), 30.0);  // reported, not waited on forever (not a timing test)
    // The header and frames 0..4, whole (one actor): the lines a developer needs.
    EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 6) << r.out;
    EXPECT_NE(r.out.find("{\"frame\":4,"), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("{\"frame\":5,"), std::string::npos) << r.out;
}

TEST(PluginTimeout, AnEndlessStepLeavesTheTraceOfTheFramesBeforeIt) {
    const std::string dir = test::tempDir(), out = dir + "/t.jsonl";
    test::writeFile(dir + "/keys.log", "5,R\n1,J\n");
    test::writeFile(out, "the previous trace\n");
    const auto r = test::runTilestep("run " + writeRoom(dir, "plugin:endless_step") +
                                     " --frames 20 --inputs " + dir + "/keys.log --step-limit 200" +
                                     " --plugin " + kPluginDir + "/endless_step.so --trace " + out);
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("; stopped (" + out + " holds every frame before it)"), std::string::npos)
        << r.err;
    const std::string trace = test::readFile(out);
    EXPECT_EQ(std::count(trace.begin(), trace.end(), '\n'), 6) << trace;
    EXPECT_NE(trace.find("{\"frame\":4,"), std::string::npos) << trace;
    for (const auto& e : std::filesystem::directory_iterator(dir))
        EXPECT_NE(e.path().filename().string().rfind(".tilestep-", 0), 0u) << e.path();
}

TEST(PluginTimeout, BadStepLimitIsAUsageError) {
    const auto r = test::runTilestep("run " + test::sourcePath("maps/zelda-room.json") +
                                     " --frames 1 --step-limit 0");
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find("--step-limit"), std::string::npos) << r.err;
}

// ---- Hot reload -------------------------------------------------------------------------

void copyFile(const std::string& from, const std::string& to, int mtimeOffset) {
    test::writeFile(to, test::readFile(from));
    // A distinct modification time even when two copies land within the clock's resolution.
    struct utimbuf t;
    t.actime = t.modtime = time(nullptr) + mtimeOffset;
    ASSERT_EQ(utime(to.c_str(), &t), 0);
}

int64_t xAfter(const Map& m, const std::vector<InputBits>& keys) {
    return test::runStates(m, keys).back().x.floor();
}

TEST(PluginFileWatch, ReportsASettledChangeOnce) {
    const std::string path = test::tempDir() + "/p.so";
    copyFile(kPluginDir + "/reload_v1.so", path, 0);
    PluginFileWatch watch(path);
    EXPECT_FALSE(watch.poll());
    copyFile(kPluginDir + "/reload_v2.so", path, 10);
    EXPECT_FALSE(watch.poll()) << "changed: waits one poll for the writer to finish";
    EXPECT_TRUE(watch.poll());
    EXPECT_FALSE(watch.poll());
    ASSERT_EQ(::unlink(path.c_str()), 0);
    EXPECT_FALSE(watch.poll());
    EXPECT_FALSE(watch.poll()) << "a deleted file is nothing to reload";
}

struct ReloadFixture : ::testing::Test {
    std::string path = test::tempDir() + "/reload.so";
    MoverKind kind{};
    Map map;
    std::vector<InputBits> keys = std::vector<InputBits>(30, KEY_R);
    void SetUp() override {
        copyFile(kPluginDir + "/reload_v1.so", path, 0);
        kind = load(path, true);
        map = openRoom(kind);
        ASSERT_EQ(xAfter(map, keys), 50);  // v1: 1 px per frame from x = 20
    }
    ReloadOutcome reloadWith(const std::string& build, int mtimeOffset) {
        copyFile(kPluginDir + "/" + build, path, mtimeOffset);
        return reloadPluginChecked(kind, path, map, int64_t(keys.size()), keys, 300);
    }
};

TEST_F(ReloadFixture, NewBuildIsLoadedFromTheSamePath) {
    const ReloadOutcome r = reloadWith("reload_v2.so", 10);
    EXPECT_TRUE(r.installed) << r.message;
    EXPECT_EQ(r.message, "plugin:reload: reloaded " + path + ", deterministic over 30 frames");
    EXPECT_EQ(xAfter(map, keys), 80);  // v2: 2 px per frame (the test movers ignore walls)
    // And back to v1 again: a rebuilt file at a path loaded before is new code.
    EXPECT_TRUE(reloadWith("reload_v1.so", 20).installed);
    EXPECT_EQ(xAfter(map, keys), 50);
}

TEST_F(ReloadFixture, AbiMismatchKeepsThePreviousBuild) {
    const ReloadOutcome r = reloadWith("wrong_abi.so", 10);
    EXPECT_FALSE(r.installed);
    EXPECT_NE(r.message.find("plugin ABI version 2"), std::string::npos) << r.message;
    EXPECT_NE(r.message.find("kept the previous build"), std::string::npos) << r.message;
    EXPECT_EQ(xAfter(map, keys), 50);
}

TEST_F(ReloadFixture, AnotherMoverIsRefused) {
    const ReloadOutcome r = reloadWith("nondeterministic.so", 10);
    EXPECT_FALSE(r.installed);
    EXPECT_NE(r.message.find("is plugin:nondeterministic, expected plugin:reload"),
              std::string::npos)
        << r.message;
    EXPECT_EQ(xAfter(map, keys), 50);
}

TEST_F(ReloadFixture, NondeterministicBuildKeepsThePreviousBuild) {
    const ReloadOutcome r = reloadWith("reload_hidden_state.so", 10);
    EXPECT_FALSE(r.installed);
    EXPECT_NE(r.message.find("plugin:reload: not deterministic: frame 0, actor 'hero'"),
              std::string::npos)
        << r.message;
    EXPECT_EQ(xAfter(map, keys), 50);
}

TEST_F(ReloadFixture, EndlessStepIsReportedAndThePreviousBuildKept) {
    keys[12] = KEY_J;
    const ReloadOutcome r = reloadWith("reload_endless.so", 10);
    EXPECT_FALSE(r.installed);
    EXPECT_FALSE(r.stuck) << "the plugin host is killed at the limit: no thread left stuck";
    EXPECT_NE(
        r.message.find("plugin:reload: a step of actor 'hero' at frame 12 ran longer than 300 ms"),
        std::string::npos)
        << r.message;
    EXPECT_NE(r.message.find("; kept the previous build"), std::string::npos) << r.message;
    EXPECT_EQ(r.message.find("keeps one CPU core busy"), std::string::npos) << r.message;
    EXPECT_EQ(xAfter(map, std::vector<InputBits>(30, KEY_R)), 50);
}

// A rebuild whose step crashes (in its own plugin host) is refused as one that hangs, and
// nothing is left running.
TEST_F(ReloadFixture, CrashingStepIsReportedAndThePreviousBuildKept) {
    keys[12] = KEY_J;
    const ReloadOutcome r = reloadWith("reload_crash.so", 10);
    EXPECT_FALSE(r.installed);
    EXPECT_FALSE(r.stuck);
    EXPECT_EQ(
        r.message.rfind("plugin:reload: a step of actor 'hero' at frame 12 crashed: SIGSEGV", 0),
        0u)
        << r.message;
    EXPECT_NE(r.message.find("; kept the previous build"), std::string::npos) << r.message;
    EXPECT_EQ(xAfter(map, std::vector<InputBits>(30, KEY_R)), 50);
}

// The editor's hot reload without a window: the debugger keeps its recording, re-simulates
// from frame 0 with the new build, and shows the previous build's run as the ghost.
TEST_F(ReloadFixture, DebuggerKeepsTheRecordingAndGhostsThePreviousBuild) {
    Debugger dbg(map);
    for (int f = 0; f < 30; ++f) dbg.stepForward(KEY_R);
    dbg.seekNow(20);
    ASSERT_EQ(dbg.length(), 30);
    ASSERT_EQ(dbg.state(0).x, Fix::fromInt(40));
    copyFile(kPluginDir + "/reload_v2.so", path, 10);
    const ReloadOutcome r = dbg.reloadPlugin(kind, path, 300);
    ASSERT_TRUE(r.installed) << r.message;
    EXPECT_EQ(dbg.length(), 30);
    EXPECT_EQ(dbg.position(), 20);
    EXPECT_EQ(dbg.state(0).x, Fix::fromInt(60));  // 2 px per frame from x = 20
    ASSERT_EQ(dbg.ghostActor(), 0);
    ASSERT_EQ(dbg.ghost().size(), 31u);
    EXPECT_EQ(dbg.ghost()[20].x, Fix::fromInt(40));  // the previous build's run
    EXPECT_EQ(dbg.ghost()[30].x, Fix::fromInt(50));

    // A build that fails the check changes nothing.
    copyFile(kPluginDir + "/reload_hidden_state.so", path, 20);
    EXPECT_FALSE(dbg.reloadPlugin(kind, path, 300).installed);
    EXPECT_EQ(dbg.state(0).x, Fix::fromInt(60));
    EXPECT_EQ(dbg.ghost()[30].x, Fix::fromInt(50));
}

// The fault -> fix -> rebuild loop: a build that faulted at frame 12 of a 30-frame recording
// is ghosted up to its fault only (stepping it past would start a host per later frame that
// faults again), and once the rebuild is in, nothing still says the old build failed.
TEST_F(ReloadFixture, AFaultedBuildsGhostEndsAtItsFaultAndTheRebuildClearsIt) {
    ASSERT_TRUE(reloadWith("reload_crash.so", 10).installed);  // all keys R: it never crashes
    Debugger dbg(map);
    for (int f = 0; f < 12; ++f) dbg.stepForward(KEY_R);
    dbg.setPlaying(true);
    EXPECT_EQ(dbg.advance(10.0, KEY_R | KEY_J), 1);  // frame 12: the jump key crashes it
    ASSERT_EQ(dbg.position(), 13);
    ASSERT_EQ(dbg.lastBreak().rfind("plugin:reload: a step at frame 12 crashed", 0), 0u)
        << dbg.lastBreak();
    for (int f = 13; f < 30; ++f) dbg.stepForward(KEY_R);
    ASSERT_EQ(dbg.length(), 30);
    ASSERT_EQ(pluginMover(kind)->lastFaultFrame(), 12);

    copyFile(kPluginDir + "/reload_v1.so", path, 20);
    const ReloadOutcome r = dbg.reloadPlugin(kind, path, 300);
    ASSERT_TRUE(r.installed) << r.message;
    ASSERT_EQ(dbg.ghostActor(), 0);
    ASSERT_EQ(dbg.ghost().size(), 13u) << "positions 0..12: the ghost ends at the fault";
    EXPECT_EQ(dbg.ghost()[12].x, Fix::fromInt(32));  // 1 px per frame from x = 20
    EXPECT_EQ(dbg.position(), 30);
    EXPECT_EQ(dbg.state(0).x, Fix::fromInt(50));  // v1 walks on through frame 12
    EXPECT_TRUE(pluginMover(kind)->lastFault().empty());
    EXPECT_EQ(dbg.lastBreak(), "") << "the pause at the old build's fault is no longer true";
}

}  // namespace
}  // namespace ts
