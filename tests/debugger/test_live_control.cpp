// `view --listen` controlling the game itself (docs/emitters.md, Control), without a window: a
// game polling through the C emitter (include/tilestep/trace_emit.h) on a thread; the window's
// keys are cli::liveGameCommand on LiveFeed's control channel ('p' P, '.' the period, 'e' End),
// and `--drive LOG` is LiveFeed::onGame.
#include <gtest/gtest.h>
#include <sys/socket.h>

#include <chrono>
#include <thread>

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

TEST(LiveControl, PausedAtConnectStepsByThePeriodIsDrivenAndEndResumes) {
    Map map = mapFromRows({"........", "........", "########"});
    Debugger g{map};
    g.showRecording(std::make_shared<RecordedTrace>());
    auto listener = std::make_shared<cli::TraceListener>();
    cli::ListenAddress a;
    std::string error;
    ASSERT_TRUE(cli::parseListenAddress("127.0.0.1:0", &a, &error)) << error;
    ASSERT_TRUE(listener->open(a, &error)) << error;
    const std::string out = tempDir() + "/live.jsonl";
    LiveFeed feed(listener, cli::LiveLimits{}, out);
    InputLog log;
    ASSERT_TRUE(parseInputLog("2,R\n1,R,J\n", &log, &error)) << error;
    feed.onGame([&](cli::GameControl& c) {
        c.pause();  // as P would, before the game's first frame
        c.drive(log);
    });
    const auto pollUntil = [&](const std::function<bool()>& done) {
        for (int i = 0; i < 1000; ++i) {
            feed.poll(g);
            if (done()) return true;
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
        return false;
    };
    EXPECT_FALSE(cli::liveGameCommand(feed.control(), 'p'));  // no game yet: nothing sent
    std::thread t(game, "tcp://" + listener->where(), 20);
    ASSERT_TRUE(pollUntil([&] { return feed.control() && feed.control()->gamePolls(); }));
    EXPECT_EQ(cli::liveGameStatus(feed.control()), " - game paused (. one frame, End resumes)");
    for (int i = 0; i < 4; ++i) EXPECT_TRUE(cli::liveGameCommand(feed.control(), '.'));
    ASSERT_TRUE(pollUntil([&] { return g.length() == 4; })) << feed.status();
    EXPECT_EQ(g.position(), 4);  // following the game's newest frame
    EXPECT_TRUE(cli::liveGameCommand(feed.control(), 'e'));
    EXPECT_EQ(cli::liveGameStatus(feed.control()), "");
    ASSERT_TRUE(pollUntil([&] { return !feed.connected(); })) << feed.status();
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

}  // namespace
}  // namespace ts::test
