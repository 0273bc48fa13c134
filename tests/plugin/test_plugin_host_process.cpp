// The plugin host process as the user's code meets it (tests/plugins/misbehave.c): it never
// hangs tilestep (a host that closed its connection and blocks is killed; a step that blocks
// is a fault of the frame that blocked, with the frames before it kept, as is every fault of a
// step ahead, even one that ends the host without a word), the plugin's printf
// goes to tilestep's stderr with the plugin's name and never into a trace on stdout, what it
// forks ends with it, an abort() is located at the plugin's line, and gdb can debug it.
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include "../../app/debugger/debugger_state.h"
#include "plugin/plugin_mover.h"
#include "plugin/plugin_registry.h"
#include "test_support.h"

namespace ts {
namespace {

const std::string kPluginDir = TILESTEP_PLUGIN_DIR;

size_t lines(const std::string& s) {
    return size_t(std::count(s.begin(), s.end(), '\n'));
}

// The line of misbehave.c that holds `marker`.
int sourceLine(const std::string& marker) {
    const std::string source = test::readFile(test::sourcePath("tests/plugins/misbehave.c"));
    return int(1 + lines(source.substr(0, source.find(marker))));
}

// `tilestep run` of a room whose actor walks right for `walk` frames and then holds J (the
// plugin misbehaves as `how` says), under `timeout` so that a hang fails instead of blocking.
test::CommandResult runMisbehaving(const std::string& dir, const std::string& how, int walk,
                                   const std::string& more = "") {
    std::string text = test::readFile(test::sourcePath("maps/zelda-room.json"));
    const std::string from = "\"mover\": \"topdown_aabb\"";
    text.replace(text.find(from), from.size(), "\"mover\": \"plugin:misbehave\"");
    test::writeFile(dir + "/room.json", text);
    test::writeFile(dir + "/keys.log", std::to_string(walk) + ",R\n1,J\n");
    return test::runShell("TILESTEP_TEST_MISBEHAVE=" + how + " TILESTEP_TEST_PIDFILE=" + dir +
                          "/child.pid TMPDIR=" + dir +
                          " timeout -s KILL 60 '" TILESTEP_BINARY "' run " + dir +
                          "/room.json --frames 20 --inputs " + dir + "/keys.log --plugin " +
                          kPluginDir + "/misbehave.so " + more);
}

TEST(PluginHostProcess, AHostThatClosesItsConnectionAndBlocksIsKilledNotWaitedOn) {
    const auto r = runMisbehaving(test::tempDir(), "closeblock", 5, "--step-limit 500");
    EXPECT_EQ(r.exitCode, 1) << r.err;  // 137: still running when `timeout` killed it
    EXPECT_NE(r.err.find("closed its connection to tilestep and was still running 500 ms later "
                         "in the plugin host; killed"),
              std::string::npos)
        << r.err;
}

TEST(PluginHostProcess, AStepThatBlocksIsNamedAndLocatedAtItsFrameWithTheFramesBeforeItKept) {
    // Frames 0..9 walk, frame 10 sleeps: stepped ahead in one request with frame 0, it must
    // not be blamed on frame 0.
    const auto r = runMisbehaving(test::tempDir(), "sleep", 10, "--step-limit 500");
    EXPECT_EQ(r.exitCode, 1) << r.err;
    EXPECT_NE(r.err.find("plugin:misbehave: a step of actor 'link' at frame 10 ran longer than "
                         "500 ms"),
              std::string::npos)
        << r.err;
    EXPECT_EQ(lines(r.out), 11u) << r.out;  // the header and frames 0..9
    EXPECT_NE(r.out.find("{\"frame\":9,"), std::string::npos) << r.out;
    // Located as a crash is: the host, interrupted, says where the plugin's code was.
    EXPECT_NE(r.err.find("ran longer than 500 ms in misbehave at "), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("misbehave.c:" + std::to_string(sourceLine("the sleeping line"))),
              std::string::npos)
        << r.err;
}

// Every way a step can fail, met while the host steps ahead of the frame asked for (frame
// 10 stepped in one request with frame 0, `run` knowing the keys): named at frame 10, with
// frames 0..9 kept. The last four end or hang the host without a word (it cannot send the
// frames it stepped): before the host numbered its steps in a page tilestep reads, they were
// blamed on frame 0 with no frame kept.
TEST(PluginHostProcess, EveryFaultOfAStepAheadIsNamedAtItsOwnFrame) {
    const struct {
        const char* how;
        const char* what;
    } cases[] = {
        {"abort", "crashed: SIGABRT (abort)"},
        {"exit", "called exit(4)"},
        {"nullwrite", "crashed: SIGSEGV (invalid memory access) at address 0x0"},
        {"recurse", "crashed: SIGSEGV (invalid memory access)"},
        {"sleep", "ran longer than 500 ms"},
        {"blockspin", "ran longer than 500 ms"},
        {"closeblock",
         "closed its connection to tilestep and was still running 500 ms later in the plugin "
         "host; killed"},
        {"closeexit", "ended the plugin host (exit status "},  // LeakSanitizer may change it
        {"quickexit", "ended the plugin host (exit status 3"},
    };
    for (const auto& c : cases) {
        SCOPED_TRACE(c.how);
        const auto r = runMisbehaving(test::tempDir(), c.how, 10, "--step-limit 500");
        EXPECT_EQ(r.exitCode, 1) << r.err;
        EXPECT_NE(r.err.find(std::string("plugin:misbehave: a step of actor 'link' at frame 10 ") +
                             c.what),
                  std::string::npos)
            << r.err;
        EXPECT_EQ(lines(r.out), 11u) << r.out;  // the header and frames 0..9
        EXPECT_NE(r.out.find("{\"frame\":9,"), std::string::npos) << r.out;
    }
}

// In the editor: Restart plugin steps the recording again, the frames up to the one that
// failed stepped ahead in one request. A step ahead that ends the host without a word
// (_exit) must not stop the replay at the first frame: the session stands at the frame
// that failed, every frame before it stepped, and stepping it shows its fault there.
TEST(PluginHostProcess, RestartPluginReplaysPastAStepAheadThatEndsTheHostWithoutAWord) {
    // Every host this test starts (the restarts too) misbehaves.
    struct Misbehave {
        Misbehave() { ::setenv("TILESTEP_TEST_MISBEHAVE", "quickexit", 1); }
        ~Misbehave() { ::unsetenv("TILESTEP_TEST_MISBEHAVE"); }
    } misbehave;
    MoverKind kind{};
    std::string error;
    ASSERT_TRUE(loadPluginMover(kPluginDir + "/misbehave.so", false, &kind, &error)) << error;
    const PluginMover* build = pluginMover(kind);
    ASSERT_FALSE(build->inProcess());
    Map m = test::mapFromRows({"####################", "#..................#",
                               "#..................#", "####################"});
    m.actors.push_back(test::makeActor("hero", kind, 20, 20, 8, 8));
    Debugger dbg(m);
    for (int i = 0; i < 10; ++i) dbg.stepForward(KEY_R);
    const Fix walked = dbg.state(0).x;
    dbg.stepForward(KEY_J);  // frame 10: the host ends
    ASSERT_EQ(build->lastFaultFrame(), 10) << build->lastFault();
    EXPECT_EQ(build->lastFault().rfind("ended the plugin host (exit status 3", 0), 0u)
        << build->lastFault();
    EXPECT_EQ(dbg.restartPlugin(kind), 10);
    EXPECT_EQ(build->lastFault(), "");
    EXPECT_EQ(dbg.state(0).x, walked);  // frames 0..9 stepped again, each one walked right
    dbg.stepForward(KEY_J);
    EXPECT_EQ(build->lastFaultFrame(), 10) << build->lastFault();
}

// Play, holding R, steps ahead with R held: the step from x = 30 px (frame 10, walking 1 px a
// frame from 20) ends the host without a word while stepped ahead with frame 0. Play must
// stop at frame 10, not at frame 0, with the fault named there.
TEST(PluginHostProcess, PlayStopsAtAStepAheadThatEndsTheHostWithoutAWord) {
    struct Misbehave {
        Misbehave() {
            ::setenv("TILESTEP_TEST_MISBEHAVE", "quickexit", 1);
            ::setenv("TILESTEP_TEST_MISBEHAVE_AT_X", "30", 1);
        }
        ~Misbehave() {
            ::unsetenv("TILESTEP_TEST_MISBEHAVE");
            ::unsetenv("TILESTEP_TEST_MISBEHAVE_AT_X");
        }
    } misbehave;
    MoverKind kind{};
    std::string error;
    ASSERT_TRUE(loadPluginMover(kPluginDir + "/misbehave.so", false, &kind, &error)) << error;
    Map m = test::mapFromRows({"####################", "#..................#",
                               "#..................#", "####################"});
    m.actors.push_back(test::makeActor("hero", kind, 20, 20, 8, 8));
    Debugger dbg(m);
    dbg.setPlaying(true);
    EXPECT_EQ(dbg.advance(10.0, KEY_R), 11);  // frames 0..10, the last one failed
    EXPECT_EQ(dbg.position(), 11);
    EXPECT_EQ(
        dbg.lastBreak().rfind("plugin:misbehave: a step at frame 10 ended the plugin host", 0), 0u)
        << dbg.lastBreak();
    EXPECT_EQ(pluginMover(kind)->lastFaultFrame(), 10);
    EXPECT_EQ(dbg.state(0).x, Fix::fromInt(30));  // frames 0..9 walked; the failed one kept x
}

TEST(PluginHostProcess, ThePluginsPrintfGoesToStderrWithItsNameNotIntoTheTrace) {
    const std::string dir = test::tempDir();
    const auto r = runMisbehaving(dir, "none", 5);
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(r.out.find("stepping"), std::string::npos) << r.out;
    EXPECT_EQ(r.out.rfind("{", 0), 0u) << r.out;  // the header first
    EXPECT_EQ(lines(r.out), 21u) << r.out;
    EXPECT_NE(r.err.find("plugin:misbehave: stepping from x="), std::string::npos) << r.err;
    // The host's copy of the library (a path gdb can read) is gone with the host.
    for (const auto& e : std::filesystem::directory_iterator(dir))
        EXPECT_EQ(e.path().filename().string().rfind("tilestep-plugin-host-", 0), std::string::npos)
            << e.path();
}

// A thread the plugin starts and leaves spinning (not the stepping thread, which blocks here
// for 3 s without using CPU) is reported once, prefixed with the plugin's name.
TEST(PluginHostProcess, AThreadOfThePluginsOwnThatSpinsIsReported) {
    const auto r = runMisbehaving(test::tempDir(), "spinthread", 5, "--step-limit 20000");
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.err.find("plugin:misbehave: warning: a thread the plugin started used "),
              std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("besides the stepping thread (it keeps a core busy"), std::string::npos)
        << r.err;
}

TEST(PluginHostProcess, TheLinesPrintedBeforeACrashAreNotLost) {
    const auto r = runMisbehaving(test::tempDir(), "abort", 5);
    EXPECT_EQ(r.exitCode, 1) << r.err;
    // Frame 5's own line, printed just before it aborted (line-buffered, then forwarded).
    EXPECT_NE(r.err.find("plugin:misbehave: stepping from x="), std::string::npos) << r.err;
}

TEST(PluginHostProcess, AnAbortIsLocatedAtThePluginsLineNotInLibc) {
    const auto r = runMisbehaving(test::tempDir(), "abort", 5);
    EXPECT_EQ(r.exitCode, 1) << r.err;
    EXPECT_NE(r.err.find("at frame 5 crashed: SIGABRT (abort) in misbehave at "), std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("misbehave.c:" + std::to_string(sourceLine("the aborting line"))),
              std::string::npos)
        << r.err;
}

TEST(PluginHostProcess, AnExitIsLocatedAtThePluginsLine) {
    const auto r = runMisbehaving(test::tempDir(), "exit", 5);
    EXPECT_EQ(r.exitCode, 1) << r.err;
    EXPECT_NE(r.err.find("at frame 5 called exit(4) in misbehave at "), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("misbehave.c:" + std::to_string(sourceLine("the exiting line"))),
              std::string::npos)
        << r.err;
}

// The editor's Plugins panel shows the lines a plugin printed (PluginMover::recentOutput),
// also those before a crash.
TEST(PluginHostProcess, TheLastLinesPrintedAreKeptForThePluginsPanel) {
    ::setenv("TILESTEP_TEST_MISBEHAVE", "abort", 1);
    MoverKind kind{};
    std::string error;
    ASSERT_TRUE(loadPluginMover(kPluginDir + "/misbehave.so", false, &kind, &error)) << error;
    const PluginMover* build = pluginMover(kind);
    ASSERT_FALSE(build->inProcess());
    Map m = test::mapFromRows({"##########", "#........#", "#........#", "##########"});
    m.actors.push_back(test::makeActor("hero", kind, 20, 20, 8, 8));
    Debugger dbg(m);
    dbg.stepForward(KEY_R);
    dbg.stepForward(KEY_J);  // prints, then aborts
    ::unsetenv("TILESTEP_TEST_MISBEHAVE");
    EXPECT_EQ(build->lastFault().rfind("crashed: SIGABRT", 0), 0u) << build->lastFault();
    const std::vector<std::string> out = build->recentOutput();
    ASSERT_FALSE(out.empty());
    // x = 20 px in 16.16 fixed point; the last line, 21 px, is the step that aborted.
    EXPECT_EQ(out.front(), "stepping from x=1310720");
    EXPECT_EQ(out.back(), "stepping from x=1376256");
}

bool alive(pid_t pid) {
    // A zombie is ended (its parent, init here, has not collected it yet).
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string text;
    if (!std::getline(stat, text)) return false;
    const size_t paren = text.rfind(')');
    return paren != std::string::npos && paren + 2 < text.size() && text[paren + 2] != 'Z';
}

TEST(PluginHostProcess, WhatAPluginForksEndsWithItsHost) {
    const std::string dir = test::tempDir();
    const auto r = runMisbehaving(dir, "fork", 5, "--step-limit 500");
    EXPECT_EQ(r.exitCode, 1) << r.err;
    const std::string text = test::readFile(dir + "/child.pid");
    ASSERT_FALSE(text.empty()) << r.err;
    const pid_t child = pid_t(std::stol(text));
    // SIGKILL is delivered at once; the wait is only for the kernel to tear the process down.
    for (int i = 0; i < 500 && alive(child); ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    const bool orphan = alive(child);
    if (orphan) ::kill(child, SIGKILL);
    EXPECT_FALSE(orphan) << "the plugin's child " << child << " outlived tilestep";
}

TEST(PluginHostProcess, GdbStopsAtThePluginsSourceLine) {
    if (test::runShell("command -v gdb").exitCode != 0) GTEST_SKIP() << "no gdb";
    const std::string dir = test::tempDir();
    const int line = sourceLine("walk(in, out, keys, p);");
    // As docs/plugins.md shows it: gdb follows tilestep into the plugin host it starts, with
    // a breakpoint on the plugin's step, which is pending until the host loads the plugin.
    std::string text = test::readFile(test::sourcePath("maps/zelda-room.json"));
    const std::string from = "\"mover\": \"topdown_aabb\"";
    text.replace(text.find(from), from.size(), "\"mover\": \"plugin:misbehave\"");
    test::writeFile(dir + "/room.json", text);
    const auto r = test::runShell(
        "timeout -s KILL 60 gdb -nx -batch -ex 'set breakpoint pending on' "
        "-ex 'set follow-fork-mode child' -ex 'set detach-on-fork on' "
        "-ex 'break misbehave.c:" +
        std::to_string(line) +
        "' -ex run -ex bt -ex 'shell sleep 2' -ex delete -ex continue --args '" TILESTEP_BINARY
        "' run " +
        dir + "/room.json --frames 3 --step-limit 500 --plugin " + kPluginDir +
        "/misbehave.so 2>&1");
    EXPECT_NE(r.out.find("hit Breakpoint 1, step (in="), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("misbehave.c:" + std::to_string(line)), std::string::npos) << r.out;
    // Held at the breakpoint 4 times the step limit, the host is not taken for a hung one:
    // once continued, the run ends with every frame.
    EXPECT_EQ(r.out.find("ran longer than"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("{\"frame\":2,"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace ts
