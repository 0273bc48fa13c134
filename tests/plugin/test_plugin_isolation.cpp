// A plugin is the user's movement code, and tilestep exists to debug code that is wrong: it
// runs in a plugin host process (core/plugin/plugin_host.h), so that a crash, an exit() or a
// hang in it is an error tilestep reports, not the end of tilestep. And what a plugin asks
// of the world or writes into its state is bounded as tilestep's own code is.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <future>
#include <sstream>
#include <thread>

#include "../../app/debugger/debugger_state.h"
#include "plugin/plugin_registry.h"
#include "plugin/plugin_reload.h"
#include "plugin/step_watchdog.h"
#include "test_support.h"

namespace ts {
namespace {

const std::string kPluginDir = TILESTEP_PLUGIN_DIR;

// A map file whose actor uses `mover`, for the CLI.
std::string writeRoom(const std::string& dir, const std::string& mover) {
    std::string text = test::readFile(test::sourcePath("maps/zelda-room.json"));
    const std::string from = "\"mover\": \"topdown_aabb\"";
    text.replace(text.find(from), from.size(), "\"mover\": \"" + mover + "\"");
    test::writeFile(dir + "/room.json", text);
    return dir + "/room.json";
}

size_t lines(const std::string& s) {
    return size_t(std::count(s.begin(), s.end(), '\n'));
}

// Frames 0..4 walk right, frame 5 holds J: the plugins below misbehave at frame 5.
test::CommandResult runToFrame5(const std::string& dir, const std::string& plugin,
                                const std::string& more = "") {
    test::writeFile(dir + "/keys.log", "5,R\n1,J\n");
    return test::runTilestep("run " + writeRoom(dir, "plugin:" + plugin) +
                             " --frames 20 --inputs " + dir + "/keys.log --plugin " + kPluginDir +
                             "/" + plugin + ".so " + more);
}

TEST(PluginIsolation, ACrashInAStepEndsRunWithOneLineNamingPluginFrameSignalAndLine) {
    const std::string dir = test::tempDir(), out = dir + "/t.jsonl";
    const auto r = runToFrame5(dir, "crash_step", "--trace " + out);
    EXPECT_EQ(r.exitCode, 1) << r.err;
    EXPECT_EQ(lines(r.err), 1u) << r.err;
    EXPECT_EQ(
        r.err.rfind(
            "tilestep run: plugin:crash_step: a step of actor 'link' at frame 5 crashed: SIGSEGV",
            0),
        0u)
        << r.err;
    // The plugin is built with -g: the function and the line of the null pointer read.
    const std::string source = test::readFile(test::sourcePath("tests/plugins/crash_step.c"));
    const size_t line = 1 + lines(source.substr(0, source.find("the faulting line")));
    EXPECT_NE(r.err.find(" in step at "), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("crash_step.c:" + std::to_string(line) + ";"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("(" + out + " holds every frame before it)"), std::string::npos) << r.err;
    // The header and frames 0..4, whole.
    const std::string trace = test::readFile(out);
    EXPECT_EQ(lines(trace), 6u) << trace;
    EXPECT_NE(trace.find("{\"frame\":4,"), std::string::npos) << trace;
    EXPECT_EQ(trace.find("{\"frame\":5,"), std::string::npos) << trace;
}

TEST(PluginIsolation, ExitInAStepIsAnErrorNotTheEndOfTilestep) {
    const auto r = runToFrame5(test::tempDir(), "exit_step");
    EXPECT_EQ(r.exitCode, 1) << r.err;
    EXPECT_NE(
        r.err.find(
            "tilestep run: plugin:exit_step: a step of actor 'link' at frame 5 called exit(0)"),
        std::string::npos)
        << r.err;
    EXPECT_EQ(lines(r.out), 6u) << r.out;  // the trace of the frames before it, on stdout
}

// Under AddressSanitizer the host sets no address-space limit (plugin_host.cpp: its shadow
// memory is terabytes of address space), so there is no limit to meet.
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TILESTEP_TEST_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define TILESTEP_TEST_ASAN 1
#endif

TEST(PluginIsolation, AStepThatAllocatesPastTheMemoryLimitIsAnErrorThatSaysSo) {
#ifdef TILESTEP_TEST_ASAN
    GTEST_SKIP() << "no memory limit under AddressSanitizer";
#endif
    ::setenv("TILESTEP_PLUGIN_MEMORY_MB", "300", 1);
    const auto r = runToFrame5(test::tempDir(), "grow_step");
    ::unsetenv("TILESTEP_PLUGIN_MEMORY_MB");
    EXPECT_EQ(r.exitCode, 1) << r.err;
    EXPECT_EQ(lines(r.err), 1u) << r.err;
    EXPECT_EQ(r.err.rfind("tilestep run: plugin:grow_step: a step of actor 'link' at frame 5 "
                          "went past the plugin host's memory limit (300 MiB; "
                          "TILESTEP_PLUGIN_MEMORY_MB sets it) and then crashed: SIGSEGV",
                          0),
              0u)
        << r.err;
    EXPECT_EQ(lines(r.out), 6u) << r.out;  // the frames before it
}

TEST(PluginIsolation, ACrashWellWithinTheMemoryLimitDoesNotBlameMemory) {
    const auto r = runToFrame5(test::tempDir(), "crash_step");
    EXPECT_EQ(r.exitCode, 1) << r.err;
    EXPECT_NE(r.err.find("crashed: SIGSEGV"), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find("memory limit"), std::string::npos) << r.err;
}

TEST(PluginIsolation, AnEntryPointThatNeverReturnsIsAnErrorWithinBoundedTime) {
    const std::string dir = test::tempDir();
    const auto start = std::chrono::steady_clock::now();
    const auto r = runToFrame5(dir, "hang_entry");
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_EQ(r.exitCode, 1) << r.err;
    EXPECT_NE(r.err.find("hang_entry.so: tilestep_mover_plugin() did not return within 5000 ms"),
              std::string::npos)
        << r.err;
    EXPECT_LT(seconds, 30.0);
    // Any command that loads plugins: validate too.
    const auto v = test::runTilestep("validate " + dir + "/room.json --plugin " + kPluginDir +
                                     "/hang_entry.so");
    EXPECT_EQ(v.exitCode, 1) << v.err;
    EXPECT_NE(v.err.find("did not return within"), std::string::npos) << v.err;
}

TEST(PluginIsolation, HugeWorldQueriesCostWhatTheMapHolds) {
    // A 2^40 px square each step: answered from the map and a one-tile border around it.
    const std::string dir = test::tempDir();
    const auto r = test::runTilestep("run " + writeRoom(dir, "plugin:huge_query") +
                                     " --frames 3 --plugin " + kPluginDir + "/huge_query.so");
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(lines(r.out), 4u) << r.out;
    const size_t at = r.out.find("\"solids\":");
    ASSERT_NE(at, std::string::npos) << r.out;
    // Every solid tile of the 30 x 19 room at most, with the border's tiles and the walls.
    const long solids = std::stol(r.out.substr(at + 9));
    EXPECT_GT(solids, 0);
    EXPECT_LT(solids, 32 * 21 * 3);
}

TEST(PluginIsolation, PositionsPastTheTraceLimitAreClampedToWhatDiffReads) {
    const std::string dir = test::tempDir(), out = dir + "/t.jsonl";
    const auto r = runToFrame5(dir, "far_away", "--trace " + out);
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.err.find("plugin:far_away: a position or velocity at or past +-2^46 px was "
                         "clamped"),
              std::string::npos)
        << r.err;
    EXPECT_EQ(lines(r.err), 1u) << "said once: " << r.err;
    const std::string trace = test::readFile(out);
    EXPECT_NE(trace.find("\"x\":70368744177663,"), std::string::npos) << trace;
    EXPECT_NE(trace.find("\"y\":-70368744177663,"), std::string::npos) << trace;
    const auto d = test::runTilestep("diff " + out + " " + out);
    EXPECT_EQ(d.exitCode, 0) << d.out << d.err;
}

// The debugger's session outlives a crashing plugin: the fault is the call's, the frames
// before it are stepped again by a new host, and the crash comes back at the same frame.
TEST(PluginIsolation, TheDebuggerSurvivesACrashAndTheFramesBeforeStaySteppable) {
    MoverKind kind{};
    std::string error;
    ASSERT_TRUE(loadPluginMover(kPluginDir + "/crash_step.so", false, &kind, &error)) << error;
    const PluginMover* build = pluginMover(kind);
    ASSERT_FALSE(build->inProcess());
    Map m = test::mapFromRows({"##########", "#........#", "#........#", "##########"});
    m.actors.push_back(test::makeActor("hero", kind, 20, 20, 8, 8));
    Debugger dbg(m);
    for (int f = 0; f < 5; ++f) dbg.stepForward(KEY_R);
    EXPECT_EQ(dbg.state(0).x, Fix::fromInt(25));
    EXPECT_EQ(build->lastFault(), "");
    dbg.stepForward(KEY_J);  // crashes: the state stays what it was
    EXPECT_EQ(build->lastFault().rfind("crashed: SIGSEGV", 0), 0u) << build->lastFault();
    EXPECT_EQ(dbg.state(0).x, Fix::fromInt(25));
    dbg.seekNow(2);  // re-simulated by a new host
    EXPECT_EQ(dbg.state(0).x, Fix::fromInt(22));
    dbg.seekNow(5);
    EXPECT_EQ(dbg.state(0).x, Fix::fromInt(25));
}

// The plugin hosts this test process started that have not been reaped (a zombie counts;
// other tests' hosts too, so compare counts).
int hosts() {
    int n = 0;
    const std::string self = std::to_string(::getpid());
    for (const auto& e : std::filesystem::directory_iterator("/proc")) {
        const std::string stat = test::readFile(e.path().string() + "/stat");
        const size_t close = stat.rfind(')');
        if (close == std::string::npos || stat.find("(tilestep-plugin") == std::string::npos)
            continue;
        std::istringstream rest(stat.substr(close + 2));
        std::string state, ppid;
        rest >> state >> ppid;
        n += ppid == self ? 1 : 0;
    }
    return n;
}

// A step that never returns is a fault like a crash: the host is killed at the limit of the
// watchdog guarding the thread (the editor's, run's --step-limit), the step returns, the
// report names plugin, actor and frame through the fault path (not the watchdog's own "stuck"
// report, which ends run or the editor), and after Restart plugin the frame steps with other
// keys. Before, the step waited on the host for good.
TEST(PluginIsolation, AHangingStepIsAFaultTheDebuggerSurvives) {
    MoverKind kind{};
    std::string error;
    ASSERT_TRUE(loadPluginMover(kPluginDir + "/endless_step.so", false, &kind, &error)) << error;
    const PluginMover* build = pluginMover(kind);
    ASSERT_FALSE(build->inProcess());
    auto stuck = std::make_shared<std::atomic<int>>(0);
    auto faults = std::make_shared<std::vector<std::string>>();
    // Left alive on purpose: a thread stuck in the old design would point at it for good.
    auto* dog = new StepWatchdog(300, [stuck](const std::string&) { ++*stuck; });
    dog->setFaultReport([faults](const std::string& m) { faults->push_back(m); });
    auto map = std::make_shared<Map>(
        test::mapFromRows({"##########", "#........#", "#........#", "##########"}));
    map->actors.push_back(test::makeActor("hero", kind, 20, 20, 8, 8));
    auto counts = std::make_shared<std::vector<int>>();
    auto xs = std::make_shared<std::vector<Fix>>();
    auto done = std::make_shared<std::promise<void>>();
    std::thread([=] {
        Debugger dbg(*map);
        dbg.setStepWatchdog(dog);
        for (int f = 0; f < 5; ++f) dbg.stepForward(KEY_R);
        counts->push_back(hosts());
        xs->push_back(dbg.state(0).x);
        dbg.stepForward(KEY_J);  // never returns in the host
        counts->push_back(hosts());
        xs->push_back(dbg.state(0).x);
        dbg.seekNow(2);  // the frames before it stay steppable
        xs->push_back(dbg.state(0).x);
        dbg.seekNow(5);
        EXPECT_EQ(dbg.restartPlugin(kind), 5);
        dbg.stepForward(KEY_R);  // frame 5 again, other keys: stepped
        xs->push_back(dbg.state(0).x);
        done->set_value();
    }).detach();
    std::future<void> finished = done->get_future();
    if (finished.wait_for(std::chrono::seconds(20)) != std::future_status::ready) {
        keepPluginBuildsLoaded();  // the stuck thread runs its code until the process exits
        FAIL() << "the hanging step never returned";
    }
    EXPECT_EQ(*stuck, 0) << "reported as stuck, which ends run or the editor";
    ASSERT_EQ(faults->size(), 1u);
    // Then where, when the host could tell (test_plugin_host_process.cpp checks it).
    EXPECT_EQ((*faults)[0].rfind("plugin:endless_step: a step of actor 'hero' at frame 5 ran "
                                 "longer than 300 ms",
                                 0),
              0u)
        << (*faults)[0];
    ASSERT_EQ(counts->size(), 2u);
    EXPECT_GE((*counts)[0], 1) << "a plugin host while stepping";
    EXPECT_EQ((*counts)[1], (*counts)[0] - 1) << "the hanging host killed and reaped";
    ASSERT_EQ(xs->size(), 4u);
    EXPECT_EQ((*xs)[0], Fix::fromInt(25));
    EXPECT_EQ((*xs)[1], Fix::fromInt(25)) << "the failed step leaves the state";
    EXPECT_EQ((*xs)[2], Fix::fromInt(22));
    EXPECT_EQ((*xs)[3], Fix::fromInt(26));
    EXPECT_EQ(build->lastFault(), "") << "cleared by the restart";
}

// Play stops at a plugin's fault: the position is the faulted step's, and the pause says which
// plugin failed where. Before, play went on, each later frame starting another host that
// faulted again, so the reported frame drifted and Restart plugin landed late.
TEST(PluginIsolation, PlayStopsAtThePluginsFault) {
    MoverKind kind{};
    std::string error;
    ASSERT_TRUE(loadPluginMover(kPluginDir + "/crash_step.so", false, &kind, &error)) << error;
    ASSERT_FALSE(pluginMover(kind)->inProcess());
    Map map = test::mapFromRows({"##########", "#........#", "#........#", "##########"});
    map.actors.push_back(test::makeActor("hero", kind, 20, 20, 8, 8));
    Debugger dbg(map);
    InputLog log;
    for (int f = 0; f < 5; ++f) log.push(KEY_R);
    for (int f = 0; f < 20; ++f) log.push(KEY_J);  // frame 5 on: the step crashes
    dbg.setLog(0, log);
    dbg.setPlaying(true);
    const int stepped = dbg.advance(10.0, 0);  // 64 frames due
    EXPECT_EQ(stepped, 6);
    EXPECT_FALSE(dbg.playing());
    EXPECT_EQ(dbg.position(), 6);
    EXPECT_EQ(dbg.lastBreak().rfind("plugin:crash_step: a step at frame 5 crashed: SIGSEGV", 0), 0u)
        << dbg.lastBreak();
    pluginMover(kind)->restart();
}

// Replaying a recording, the host steps the recorded frames ahead in one message
// (movers/step_context.h): the states are those of the frames stepped one by one.
TEST(PluginIsolation, ReplayingWithTheKeysAheadGivesTheStatesSteppedOneByOne) {
    MoverKind kind{};
    std::string error;
    ASSERT_TRUE(loadPluginMover(TILESTEP_EXAMPLE_PLUGIN_DIR "/topdown_aabb_plugin.so", false, &kind,
                                &error))
        << error;
    Map m = test::mapFromRows({"##############", "#............#", "#...##.......#",
                               "#............#", "#.......#....#", "##############"});
    m.actors.push_back(test::makeActor("hero", kind, 20, 20, 12, 12));
    Debugger dbg(m);
    const InputBits runs[] = {KEY_R, KEY_R | KEY_D, 0, KEY_L, KEY_U, KEY_D, KEY_R | KEY_U};
    std::vector<MoverState> live;
    for (int f = 0; f < 600; ++f) {
        dbg.stepForward(runs[(f / 7 + f / 50) % 7]);
        live.push_back(dbg.state(0));
    }
    for (int64_t p : {0, 599, 123, 600, 1, 450}) {
        dbg.seekNow(p);
        if (p > 0) {
            EXPECT_EQ(dbg.state(0), live[size_t(p - 1)]) << "position " << p;
        }
    }
}

}  // namespace
}  // namespace ts
