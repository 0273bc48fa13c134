// The control channel (cli/game_control.h, docs/emitters.md "Control") between tilestep and a
// game polling through the C emitter (include/tilestep/trace_emit.h), over loopback TCP: the
// game is a thread counting frames; tilestep's side is the listener, LiveConnection and
// GameControl, as `record --drive` and `view --listen` use them.
#include <gtest/gtest.h>
#include <sys/socket.h>

#include <atomic>
#include <regex>
#include <thread>

#include "cli/game_control.h"
#include "cli/trace_listener.h"
#include "tilestep/trace_emit.h"

namespace ts::cli {
namespace {

// A game of `frames` frames: it polls before each one when `polls`, holds while paused, and
// writes one state line a frame (its keys, when driven, are added by the emitter). `leftUnread`:
// the bytes tilestep sent that the game never read (a game that does not poll must get none).
void game(const std::string& dest, int frames, bool polls, long* leftUnread) {
    ts_trace t;
    ASSERT_EQ(ts_trace_open_dest(&t, dest.c_str(), nullptr, 16, 60), 0);
    ts_trace_header_actor(&t, "hero", nullptr, 12, 16, 0);
    ts_trace_header_end(&t);
    for (int frame = 0; frame < frames;) {
        if (polls && !ts_trace_poll(&t).advance) continue;
        ts_trace_frame(&t, frame);
        ts_trace_actor(&t, "hero");
        ts_state_begin(&t, frame, 0, 0, 0);
        ts_state_end(&t);
        ++frame;
    }
    ts__flush(&t);
    char buf[256];
    *leftUnread = recv(t.fd, buf, sizeof buf, MSG_DONTWAIT);
    ts_trace_close(&t);
}

struct Viewer {
    TraceListener listener;
    std::string dest;
    RecordedTrace trace;
    std::vector<std::string> lines;
    std::unique_ptr<LiveConnection> conn;
    std::unique_ptr<GameControl> control;

    Viewer() {
        ListenAddress a;
        std::string error;
        EXPECT_TRUE(parseListenAddress("127.0.0.1:0", &a, &error)) << error;
        EXPECT_TRUE(listener.open(a, &error)) << error;
        dest = "tcp://" + listener.where();
    }
    void accept() {
        std::string peer, error;
        const int fd = listener.accept(5000, &peer, &error);
        ASSERT_GE(fd, 0) << error;
        LiveLimits limits;
        conn = std::make_unique<LiveConnection>(
            fd, peer, &trace, limits,
            [this](const char* line, size_t n) { lines.emplace_back(line, n - 1); });
        control = std::make_unique<GameControl>(conn.get());
        conn->setControlSink([this](const char* line, size_t n, std::string* why) {
            return control->onGameLine(line, n, why);
        });
    }
    // Polls until `done` holds or the game disconnects.
    LiveConnection::Status pollUntil(const std::function<bool()>& done) {
        std::string error;
        LiveConnection::Status s = LiveConnection::Status::Open;
        while (s == LiveConnection::Status::Open && !done()) {
            s = conn->poll(50, &error);
            if (s == LiveConnection::Status::Open) control->flush();
        }
        EXPECT_NE(s, LiveConnection::Status::Failed) << error;
        return s;
    }
    size_t frames() const { return lines.size() - 1; }  // the header is the first line
    // The keys a frame's state line carries: "-" when it carries none.
    std::string keysOf(size_t frame) const {
        std::smatch m;
        static const std::regex keys("\"keys\":\"([A-Z]*)\"");
        if (!std::regex_search(lines.at(frame + 1), m, keys)) return "-";
        return m[1];
    }
};

TEST(GameControl, PausedSteppedDrivenThenResumed) {
    Viewer v;
    long unread = -2;
    std::thread g(game, v.dest, 60, true, &unread);
    v.accept();
    v.control->pause();  // queued: sent when the game's first poll asks
    v.pollUntil([&] { return v.control->gamePolls(); });
    v.control->step(10);
    v.pollUntil([&] { return v.frames() >= 10; });
    // Paused again after the 10: the log is sent only now, so a game that ran on would play
    // frames 10.. without it.
    InputLog log;
    ASSERT_TRUE(parseInputLog("3,R\n2,R,J\n1\n4,L\n", &log, nullptr));
    v.control->drive(log);
    v.control->resume();
    EXPECT_EQ(v.pollUntil([] { return false; }), LiveConnection::Status::Ended);
    g.join();
    ASSERT_EQ(v.frames(), 60u);
    for (size_t f = 0; f < 10; ++f) EXPECT_EQ(v.keysOf(f), "-") << f;
    const char* driven[] = {"R", "R", "R", "RJ", "RJ", "", "L", "L", "L", "L"};
    for (size_t f = 10; f < 20; ++f) EXPECT_EQ(v.keysOf(f), driven[f - 10]) << f;
    for (size_t f = 20; f < 60; ++f) EXPECT_EQ(v.keysOf(f), "-") << f;
    EXPECT_EQ(v.control->sent(),
              "pause\nstep 10\nkeys 3 R\nkeys 2 RJ\nkeys 1 -\nkeys 4 L\nresume\n");
}

TEST(GameControl, AGameThatNeverPollsIsSentNothing) {
    Viewer v;
    long unread = -2;
    std::thread g(game, v.dest, 30, false, &unread);
    v.accept();
    v.control->pause();
    EXPECT_EQ(v.pollUntil([] { return false; }), LiveConnection::Status::Ended);
    g.join();
    EXPECT_EQ(v.frames(), 30u);
    EXPECT_FALSE(v.control->gamePolls());
    EXPECT_EQ(unread, -1);  // nothing there: EAGAIN, not a byte
}

TEST(GameControl, APollingGameWhoseViewerSendsNothingRunsFreely) {
    Viewer v;
    long unread = -2;
    std::thread g(game, v.dest, 30, true, &unread);
    v.accept();
    EXPECT_EQ(v.pollUntil([] { return false; }), LiveConnection::Status::Ended);
    g.join();
    EXPECT_EQ(v.frames(), 30u);
    EXPECT_TRUE(v.control->gamePolls());
    EXPECT_EQ(v.control->sent(), "");
    for (size_t f = 0; f < 30; ++f) EXPECT_EQ(v.keysOf(f), "-") << f;
}

TEST(GameControl, ARestartReachesTheGameOnce) {
    Viewer v;
    int restarts = 0;
    std::thread g([&] {
        ts_trace t;
        ASSERT_EQ(ts_trace_open_dest(&t, v.dest.c_str(), nullptr, 16, 60), 0);
        ts_trace_header_end(&t);
        for (int frame = 0; frame < 20;) {
            const ts_control c = ts_trace_poll(&t);
            restarts += c.restart;
            if (!c.advance) continue;
            ts_trace_frame(&t, frame++);
            ts_trace_actor(&t, "hero");
            ts_state_begin(&t, 0, 0, 0, 0);
            ts_state_end(&t);
        }
        ts_trace_close(&t);
    });
    v.accept();
    v.control->pause();
    v.pollUntil([&] { return v.control->gamePolls(); });
    EXPECT_TRUE(liveGameCommand(v.control.get(), 'r'));  // Ctrl+R in the window
    v.control->resume();
    EXPECT_EQ(v.pollUntil([] { return false; }), LiveConnection::Status::Ended);
    g.join();
    EXPECT_EQ(restarts, 1);
    EXPECT_EQ(v.control->sent(), "pause\nrestart\nresume\n");
}

TEST(GameControl, AnUnknownControlLineEndsTheConnectionWithItsText) {
    GameControl c(nullptr);
    std::string error;
    EXPECT_FALSE(c.onGameLine("!teleport\n", 10, &error));
    EXPECT_EQ(error, "unknown control line '!teleport' (expected '!control 1')");
}

TEST(GameControl, KeyLettersInTheLogsOrder) {
    EXPECT_EQ(keyLetters(KEY_J | KEY_L | KEY_D), "LDJ");
    EXPECT_EQ(keyLetters(0), "");
}

}  // namespace
}  // namespace ts::cli
