// `view --listen` controlling the game itself (docs/emitters.md, Control), without a window: a
// game polling through the C emitter (include/tilestep/trace_emit.h) on a thread; the window's
// keys are cli::liveGameCommand on LiveFeed's control channel ('p' P, '.' the period, 'e' End),
// and `--drive LOG` is LiveFeed::onGame.
#include <gtest/gtest.h>
#include <sys/socket.h>

#include <chrono>
#include <thread>

#include "../../app/debugger/live_break.h"
#include "../../app/debugger/live_feed.h"
#include "test_support.h"
#include "tilestep/trace_emit.h"

namespace ts::test {
namespace {

// A game of `frames` frames polling before each one; one state line a frame, x = the frame.
void game(const std::string& dest, int frames) {
    ts_trace t;
    ASSERT_EQ(ts_trace_open_dest(&t, dest.c_str(), nullptr, 16, 60), 0);
    ts_trace_header_actor(&t, "hero", nullptr, 12, 16, 0);
    ts_trace_header_end(&t);
    for (int frame = 0; frame < frames;) {
        if (!ts_trace_poll(&t).advance) continue;
        ts_trace_frame(&t, frame);
        ts_trace_actor(&t, "hero");
        ts_state_begin(&t, frame, 0, 0, 0);
        ts_state_end(&t);
        ++frame;
    }
    ts_trace_close(&t);
}

// A listener on a free loopback port, as `view --listen 127.0.0.1:0` opens.
void listenOnLoopback(std::shared_ptr<cli::TraceListener>* out) {
    auto listener = std::make_shared<cli::TraceListener>();
    cli::ListenAddress a;
    std::string error;
    ASSERT_TRUE(cli::parseListenAddress("127.0.0.1:0", &a, &error)) << error;
    ASSERT_TRUE(listener->open(a, &error)) << error;
    *out = std::move(listener);
}

// Polls the feed into the debugger, as the window does each frame, until `done` (or 1000 polls).
bool pollUntil(LiveFeed& feed, Debugger& g, const std::function<bool()>& done,
               std::chrono::milliseconds every = std::chrono::milliseconds(10)) {
    for (int i = 0; i < 1000; ++i) {
        feed.poll(g);
        if (done()) return true;
        std::this_thread::sleep_for(every);
    }
    return false;
}

TEST(LiveControl, PausedAtConnectStepsByThePeriodIsDrivenAndEndResumes) {
    Map map = mapFromRows({"........", "........", "########"});
    Debugger g{map};
    g.showRecording(std::make_shared<RecordedTrace>());
    std::shared_ptr<cli::TraceListener> listener;
    listenOnLoopback(&listener);
    if (!listener) return;
    std::string error;
    const std::string out = tempDir() + "/live.jsonl";
    LiveFeed feed(listener, cli::LiveLimits{}, out);
    InputLog log;
    ASSERT_TRUE(parseInputLog("2,R\n1,R,J\n", &log, &error)) << error;
    feed.onGame([&](cli::GameControl& c) {
        c.pause();  // as P would, before the game's first frame
        c.drive(log);
    });
    EXPECT_FALSE(cli::liveGameCommand(feed.control(), 'p'));  // no game yet: nothing sent
    std::thread t(game, "tcp://" + listener->where(), 20);
    ASSERT_TRUE(pollUntil(feed, g, [&] { return feed.control() && feed.control()->gamePolls(); }));
    EXPECT_EQ(cli::liveGameStatus(feed.control()), " - game paused (. one frame, End resumes)");
    for (int i = 0; i < 4; ++i) EXPECT_TRUE(cli::liveGameCommand(feed.control(), '.'));
    ASSERT_TRUE(pollUntil(feed, g, [&] { return g.length() == 4; })) << feed.status();
    EXPECT_EQ(g.position(), 4);  // following the game's newest frame
    EXPECT_TRUE(cli::liveGameCommand(feed.control(), 'e'));
    EXPECT_EQ(cli::liveGameStatus(feed.control()), "");
    ASSERT_TRUE(pollUntil(feed, g, [&] { return !feed.connected(); })) << feed.status();
    t.join();
    EXPECT_EQ(g.length(), 20);
    const std::string saved = readFile(out);
    EXPECT_NE(saved.find("{\"frame\":1,\"actor\":\"hero\",\"x\":1,\"y\":0,\"vx\":0,\"vy\":0,"
                         "\"keys\":\"R\"}"),
              std::string::npos);
    EXPECT_NE(saved.find("\"frame\":2,\"actor\":\"hero\",\"x\":2,\"y\":0,\"vx\":0,\"vy\":0,"
                         "\"keys\":\"RJ\"}"),
              std::string::npos);
    EXPECT_NE(saved.find("{\"frame\":3,\"actor\":\"hero\",\"x\":3,\"y\":0,\"vx\":0,\"vy\":0}"),
              std::string::npos);  // past the log: the game's own input
}

TEST(LiveControl, ABreakpointThatHoldsPausesTheGameAtItsFrame) {
    Map map = mapFromRows({"........", "........", "########"});
    Debugger g{map};
    g.showRecording(std::make_shared<RecordedTrace>());
    BreakExpr e;
    std::string error;
    ASSERT_TRUE(BreakExpr::parse("x >= 7", {}, &e, &error)) << error;
    g.breakpoints().rules.push_back(Breakpoints::Rule{std::move(e), true});
    std::shared_ptr<cli::TraceListener> listener;
    listenOnLoopback(&listener);
    if (!listener) return;
    LiveFeed feed(listener, cli::LiveLimits{}, "");
    feed.onGame([](cli::GameControl& c) { c.pause(); });
    LiveBreak breaks;
    std::thread t(game, "tcp://" + listener->where(), 40);
    ASSERT_TRUE(pollUntil(
        feed, g, [&] { return feed.control() && feed.control()->gamePolls(); },
        std::chrono::milliseconds(5)));
    // The game advanced 3 frames at a time, as frames arrive several to a poll: the check is
    // per frame, after each poll, as the window makes it.
    int64_t at = -1;
    std::string why;
    while (at < 0 && g.length() < 40) {
        const int64_t before = g.length();
        for (int i = 0; i < 3; ++i) ASSERT_TRUE(cli::liveGameCommand(feed.control(), '.'));
        ASSERT_TRUE(pollUntil(
            feed, g, [&] { return g.length() == before + 3; }, std::chrono::milliseconds(5)))
            << g.length();
        at = breaks.check(g, &why);
    }
    EXPECT_EQ(at, 8);  // position 8 shows frame 7, the first with x >= 7 (in the third step)
    EXPECT_EQ(g.length(), 9);
    EXPECT_EQ(why, "x >= 7 at frame 7");
    // Checked frames are not checked again: the next one is.
    EXPECT_EQ(breaks.check(g, &why), 9);
    EXPECT_EQ(breaks.check(g, &why), -1);
    EXPECT_TRUE(cli::liveGameCommand(feed.control(), 'e'));
    ASSERT_TRUE(pollUntil(
        feed, g, [&] { return !feed.connected(); }, std::chrono::milliseconds(5)));
    t.join();
    EXPECT_EQ(g.length(), 40);
}

// File > Drive the game with an input log... (LiveFeed::driveFrom): a log chosen while the game
// runs (here: paused at connect) drives it from its next frame; a file that is no input log is
// an error naming it, and drives nothing.
TEST(LiveControl, AnInputLogChosenInTheWindowDrivesTheConnectedGame) {
    Map map = mapFromRows({"........", "........", "########"});
    Debugger g{map};
    g.showRecording(std::make_shared<RecordedTrace>());
    std::shared_ptr<cli::TraceListener> listener;
    listenOnLoopback(&listener);
    if (!listener) return;
    std::string error;
    const std::string out = tempDir() + "/drive.jsonl";
    LiveFeed feed(listener, cli::LiveLimits{}, out);
    feed.onGame([](cli::GameControl& c) { c.pause(); });
    std::thread t(game, "tcp://" + listener->where(), 10);
    ASSERT_TRUE(pollUntil(feed, g, [&] { return feed.control() && feed.control()->gamePolls(); }));
    std::string message;
    const std::string missing = tempDir() + "/none.tas";
    EXPECT_FALSE(feed.driveFrom(missing, &message));
    EXPECT_NE(message.find(missing), std::string::npos) << message;
    const std::string log = tempDir() + "/chosen.tas";
    writeFile(log, "2,L\n1,J\n");
    ASSERT_TRUE(feed.driveFrom(log, &message)) << message;
    EXPECT_EQ(message, "driving the game with " + log + " (3 frames), and each game after");
    EXPECT_TRUE(cli::liveGameCommand(feed.control(), 'e'));  // End: it runs on, driven
    ASSERT_TRUE(pollUntil(feed, g, [&] { return !feed.connected(); })) << feed.status();
    t.join();
    const std::string saved = readFile(out);
    EXPECT_NE(saved.find("{\"frame\":1,\"actor\":\"hero\",\"x\":1,\"y\":0,\"vx\":0,\"vy\":0,"
                         "\"keys\":\"L\"}"),
              std::string::npos)
        << saved;
    EXPECT_NE(saved.find("{\"frame\":2,\"actor\":\"hero\",\"x\":2,\"y\":0,\"vx\":0,\"vy\":0,"
                         "\"keys\":\"J\"}"),
              std::string::npos)
        << saved;
    EXPECT_NE(saved.find("{\"frame\":3,\"actor\":\"hero\",\"x\":3,\"y\":0,\"vx\":0,\"vy\":0}"),
              std::string::npos)
        << saved;
}

}  // namespace
}  // namespace ts::test
