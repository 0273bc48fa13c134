// `view --listen` without a window: a game (a raw socket here, lines written by hand) streams
// frames into the debugger through LiveFeed; the timeline grows and follows the newest frame
// unless the user stepped back; a disconnect ends the recording and saves it; the next game
// starts a new one; a second game meanwhile is refused.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <thread>

#include "../../app/debugger/live_feed.h"
#include "live_trace_lines.h"
#include "test_support.h"

namespace ts::test {
namespace {

const std::string& kHeader = kHeroHeader;

std::string state(int frame, int x) {
    return heroState(frame, x);
}

struct LiveFeedTest : ::testing::Test {
    Map map = mapFromRows({"........", "........", "########"});
    Debugger g{map};
    std::string dir = tempDir();
    std::shared_ptr<cli::TraceListener> listener = std::make_shared<cli::TraceListener>();
    std::unique_ptr<LiveFeed> feed;

    void SetUp() override {
        cli::ListenAddress a;
        std::string error;
        ASSERT_TRUE(cli::parseListenAddress("127.0.0.1:0", &a, &error)) << error;
        ASSERT_TRUE(listener->open(a, &error)) << error;
        feed = std::make_unique<LiveFeed>(listener, cli::LiveLimits{}, dir + "/live.jsonl");
        g.showRecording(std::make_shared<RecordedTrace>());
    }
    int connectGame() {
        const int fd = socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in a{};
        a.sin_family = AF_INET;
        a.sin_port = htons(uint16_t(std::stoi(listener->where().substr(10))));
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        EXPECT_EQ(connect(fd, (sockaddr*)&a, sizeof a), 0);
        return fd;
    }
    static void sendText(int fd, const std::string& s) {
        ASSERT_EQ(send(fd, s.data(), s.size(), MSG_NOSIGNAL), ssize_t(s.size()));
    }
    // Polls (as the window does every frame) until `done`, for at most 10 s.
    template <class F>
    bool pollUntil(F done) {
        for (int i = 0; i < 1000; ++i) {
            feed->poll(g);
            if (done()) return true;
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
        return false;
    }
};

// `view --listen --ghost B.jsonl`: B's hero is the ghost of the game's hero, position by
// position as the frames arrive (the game's recording dropped the ghost, and the ghost was
// looked for before the game's first actor arrived).
TEST_F(LiveFeedTest, TheGhostFollowsAGamesRecordingAsItGrows) {
    auto ghost = std::make_shared<RecordedTrace>();
    std::string error;
    ASSERT_TRUE(parseTrace(kHeader + state(0, 50) + state(1, 51) + state(2, 52), "b.jsonl",
                           ghost.get(), &error))
        << error;
    g.showRecording(std::make_shared<RecordedTrace>(), ghost);
    const int game = connectGame();
    sendText(game, kHeader + state(0, 10) + state(1, 11));
    ASSERT_TRUE(pollUntil([&] { return g.length() == 2; })) << feed->status();
    ASSERT_EQ(g.ghostActor(), 0);
    ASSERT_EQ(g.ghost().size(), 3u);  // positions 0..2
    EXPECT_EQ(g.ghost()[2].x, Fix::fromInt(51));
    sendText(game, state(2, 12) + state(3, 13));
    ASSERT_TRUE(pollUntil([&] { return g.length() == 4; }));
    ASSERT_EQ(g.ghost().size(), 5u);
    EXPECT_EQ(g.ghost()[0].x, Fix::fromInt(50));
    EXPECT_EQ(g.ghost()[3].x, Fix::fromInt(52));
    EXPECT_EQ(g.ghost()[4].x, Fix::fromInt(52));  // B ended: its last state stays
    close(game);
}

TEST_F(LiveFeedTest, FramesArriveTheTimelineGrowsAndFollowsTheNewest) {
    EXPECT_EQ(feed->status(), "waiting for a game on " + listener->where());
    const int game = connectGame();
    sendText(game, kHeader + state(0, 10) + state(1, 11) + state(2, 12));
    ASSERT_TRUE(pollUntil([&] { return g.length() == 3; })) << feed->status();
    EXPECT_TRUE(feed->connected());
    EXPECT_EQ(g.position(), 3);  // live: the newest frame
    EXPECT_EQ(g.state(0).x, Fix::fromInt(12));

    // Stepping back stays on that frame while frames keep arriving.
    g.stepBack();
    sendText(game, state(3, 13) + state(4, 14));
    ASSERT_TRUE(pollUntil([&] { return g.length() == 5; }));
    EXPECT_EQ(g.position(), 2);
    EXPECT_EQ(g.state(0).x, Fix::fromInt(11));
    EXPECT_FALSE(g.followLive());

    // Back to live (End / the Live button), then stepping to the newest frame follows too.
    g.setFollowLive(true);
    EXPECT_EQ(g.position(), 5);
    g.stepBack();
    g.stepForward(0);
    EXPECT_TRUE(g.followLive());
    sendText(game, state(5, 15));
    ASSERT_TRUE(pollUntil([&] { return g.length() == 6; }));
    EXPECT_EQ(g.position(), 6);
    EXPECT_EQ(g.state(0).x, Fix::fromInt(15));

    // A frame that arrives in two pieces is one frame.
    sendText(game, "{\"frame\":6,\"actor\":\"hero\",");
    sendText(game, "\"x\":16,\"y\":2}\n");
    ASSERT_TRUE(pollUntil([&] { return g.length() == 7; }));
    EXPECT_EQ(g.state(0).x, Fix::fromInt(16));

    close(game);
    ASSERT_TRUE(pollUntil([&] { return !feed->connected(); }));
    EXPECT_NE(feed->status().find("disconnected (7 frames, saved to " + dir + "/live.jsonl)"),
              std::string::npos)
        << feed->status();
    EXPECT_EQ(readFile(dir + "/live.jsonl"), kHeader + state(0, 10) + state(1, 11) + state(2, 12) +
                                                 state(3, 13) + state(4, 14) + state(5, 15) +
                                                 state(6, 16));
    EXPECT_EQ(g.length(), 7);  // the recording stays to step through
    EXPECT_FALSE(feed->failed());
}

TEST_F(LiveFeedTest, TheNextGameStartsANewRecordingSavedBesideTheFirst) {
    int game = connectGame();
    sendText(game, kHeader + state(0, 1) + state(1, 2));
    close(game);
    ASSERT_TRUE(pollUntil([&] { return feed->recordings() == 1 && !feed->connected(); }));
    EXPECT_EQ(g.length(), 2);
    game = connectGame();
    sendText(game, kHeader + state(7, 5));
    close(game);
    ASSERT_TRUE(pollUntil([&] { return feed->recordings() == 2 && !feed->connected(); }));
    EXPECT_EQ(g.length(), 1);
    EXPECT_EQ(g.state(0).x, Fix::fromInt(5));
    EXPECT_EQ(readFile(dir + "/live.jsonl"), kHeader + state(0, 1) + state(1, 2));
    EXPECT_EQ(readFile(dir + "/live-2.jsonl"), kHeader + state(7, 5));
}

TEST_F(LiveFeedTest, ASecondGameIsRefusedWhileOneIsShown) {
    const int first = connectGame();
    sendText(first, kHeader);
    ASSERT_TRUE(pollUntil([&] { return feed->connected(); }));
    const int second = connectGame();
    std::string said;
    ASSERT_TRUE(pollUntil([&] {
        char buf[256];
        pollfd p{second, POLLIN, 0};
        if (::poll(&p, 1, 0) > 0) {
            const ssize_t n = read(second, buf, sizeof buf);
            if (n > 0) said.append(buf, size_t(n));
            return n <= 0;
        }
        return false;
    }));
    EXPECT_EQ(said.rfind("tilestep: busy: showing the game at 127.0.0.1:", 0), 0u) << said;
    EXPECT_NE(said.find(" (one game at a time)\n"), std::string::npos) << said;
    EXPECT_TRUE(feed->connected());
    close(second);
    close(first);
}

TEST_F(LiveFeedTest, GarbageEndsTheRecordingWithTheLineAndKeepsTheFrames) {
    const int game = connectGame();
    sendText(game, kHeader + state(0, 1) + "{\"frame\":1,\"actor\":\"hero\",\"x\":true}\n");
    ASSERT_TRUE(pollUntil([&] { return feed->recordings() == 1 && !feed->connected(); }));
    close(game);
    EXPECT_TRUE(feed->failed());  // said in red, not in a clean end's green
    // The game is named once, not "game at ... failed: game at ...".
    EXPECT_EQ(feed->status().find("failed: game at"), std::string::npos) << feed->status();
    EXPECT_EQ(feed->status().rfind("game at 127.0.0.1:", 0), 0u) << feed->status();
    EXPECT_NE(feed->status().find(": line 3: field \"x\": expected a number"), std::string::npos)
        << feed->status();
    EXPECT_GE(g.length(), 1);
    EXPECT_EQ(readFile(dir + "/live.jsonl"), kHeader + state(0, 1));
}

// A numbered recording never lands on an existing file: a number in use is skipped.
TEST_F(LiveFeedTest, ANumberedRecordingSkipsAFileThatExists) {
    writeFile(dir + "/live-2.jsonl", "someone's file");
    for (int x : {1, 2}) {
        const int game = connectGame();
        sendText(game, kHeader + state(0, x));
        close(game);
        ASSERT_TRUE(pollUntil([&] { return feed->recordings() == x && !feed->connected(); }));
    }
    EXPECT_EQ(readFile(dir + "/live.jsonl"), kHeader + state(0, 1));
    EXPECT_EQ(readFile(dir + "/live-2.jsonl"), "someone's file");
    EXPECT_EQ(readFile(dir + "/live-3.jsonl"), kHeader + state(0, 2));
    EXPECT_NE(feed->status().find("saved to " + dir + "/live-3.jsonl)"), std::string::npos)
        << feed->status();
}

// A port check (`nc -z`: connect, close) is no game: no recording starts or ends, nothing is
// written, the recording on screen stays; the real game after it is recorded as the first.
TEST_F(LiveFeedTest, APortCheckIsNoGame) {
    int game = connectGame();
    sendText(game, kHeader + state(0, 1) + state(1, 2));
    close(game);
    ASSERT_TRUE(pollUntil([&] { return feed->recordings() == 1 && !feed->connected(); }));
    const std::string status = feed->status();
    for (int i = 0; i < 3; ++i) {
        close(connectGame());
        for (int k = 0; k < 20; ++k) {
            feed->poll(g);
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
        EXPECT_FALSE(feed->connected());
    }
    EXPECT_EQ(feed->recordings(), 1);
    EXPECT_EQ(g.length(), 2);
    EXPECT_EQ(feed->status(), status);
    EXPECT_FALSE(std::filesystem::exists(dir + "/live-2.jsonl"));
    game = connectGame();
    sendText(game, kHeader + state(5, 7));
    close(game);
    ASSERT_TRUE(pollUntil([&] { return feed->recordings() == 2 && !feed->connected(); }));
    EXPECT_EQ(readFile(dir + "/live-2.jsonl"), kHeader + state(5, 7));
    EXPECT_FALSE(std::filesystem::exists(dir + "/live-3.jsonl"));
}

TEST(LiveFeedSave, EachRecordingHasItsOwnFile) {
    EXPECT_EQ(LiveFeed::savePathFor("a/run.jsonl", 1), "a/run.jsonl");
    EXPECT_EQ(LiveFeed::savePathFor("a/run.jsonl", 2), "a/run-2.jsonl");
    EXPECT_EQ(LiveFeed::savePathFor("a.b/run", 3), "a.b/run-3");
    EXPECT_EQ(LiveFeed::savePathFor(".trace", 2), ".trace-2");
}

}  // namespace
}  // namespace ts::test
