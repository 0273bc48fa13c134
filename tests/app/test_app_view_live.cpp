// `tilestep view MAP --listen PATH` under Xvfb: the C reference game (examples/emitters/c)
// streams its 600 frames over a Unix socket; the window's timeline grows to all of them and
// follows the newest (the panel's position reads 600 of 600), and --save writes what arrived,
// which must be what the same game writes to a file.
#include <gtest/gtest.h>

#include "xvfb_session.h"

namespace ts::test {
namespace {

TEST(AppViewLive, FramesArriveAndTheTimelineFollowsTheNewest) {
    if (!haveCommand("xvfb-run")) GTEST_SKIP() << "xvfb-run is not installed";
    const std::string dir = tempDir();
    const std::string sock = dir + "/game.sock";
    auto expected = runShell("env TILESTEP_TRACE=" + dir + "/walk.jsonl " + EMITTER_WALK_C);
    ASSERT_EQ(expected.exitCode, 0) << expected.err;
    // The game starts once the window listens (up to 20 s), in the background.
    ASSERT_EQ(std::system(("(for i in $(seq 200); do [ -S " + shellQuote(sock) +
                           " ] && break; sleep 0.1; done; TILESTEP_TRACE=unix:" + shellQuote(sock) +
                           " " + EMITTER_WALK_C + ") >/dev/null 2>&1 &")
                              .c_str()),
              0);
    CommandResult r = runTilestepInXvfb(
        "view " + shellQuote(sourcePath("maps/platformer-slopes.json")) + " --listen " +
            shellQuote(sock) + " --save " + shellQuote(dir + "/saved.jsonl") +
            " --verbose --screenshot " + shellQuote(dir + "/live.png"),
        dir + "/cfg");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.err.find("disconnected (600 frames, saved to " + dir + "/saved.jsonl)"),
              std::string::npos)
        << r.err;
    EXPECT_NE(r.out.find("| position | 600 of 600 |"), std::string::npos) << r.out;
    EXPECT_TRUE(readFile(dir + "/saved.jsonl") == readFile(dir + "/walk.jsonl"));
    EXPECT_TRUE(readPng(dir + "/live.png").ok());
}

}  // namespace
}  // namespace ts::test
