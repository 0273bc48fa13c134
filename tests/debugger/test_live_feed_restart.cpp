// A level restart on the same connection (issue 29 item 5): the frame counter going back, or a
// new header line, starts a new recording (saved to OUT-2, OUT-3, ...), not an error; the game
// stays connected.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <thread>

#include "../../app/debugger/live_feed.h"
#include "test_support.h"

namespace ts::test {
namespace {

const std::string kHeader =
    "{\"tilestep_trace\":1,\"actors\":[{\"name\":\"hero\",\"w\":12,\"h\":16}]}\n";
const std::string kHeader2 =
    "{\"tilestep_trace\":1,\"actors\":[{\"name\":\"ghost\",\"w\":8,\"h\":8}]}\n";

std::string state(int frame, int x, const char* actor = "hero") {
    return "{\"frame\":" + std::to_string(frame) + ",\"actor\":\"" + actor +
           "\",\"x\":" + std::to_string(x) + ",\"y\":2}\n";
}

TEST(LiveFeedRestart, ARestartIsANewRecording) {
    Map map = mapFromRows({"........", "........", "########"});
    Debugger g{map};
    const std::string dir = tempDir();
    auto listener = std::make_shared<cli::TraceListener>();
    cli::ListenAddress a;
    std::string error;
    ASSERT_TRUE(cli::parseListenAddress("127.0.0.1:0", &a, &error)) << error;
    ASSERT_TRUE(listener->open(a, &error)) << error;
    LiveFeed feed(listener, cli::LiveLimits{}, dir + "/live.jsonl");
    g.showRecording(std::make_shared<RecordedTrace>());
    const int game = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in s{};
    s.sin_family = AF_INET;
    s.sin_port = htons(uint16_t(std::stoi(listener->where().substr(10))));
    s.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    ASSERT_EQ(connect(game, (sockaddr*)&s, sizeof s), 0);
    auto pollUntil = [&](auto done) {
        for (int i = 0; i < 1000; ++i) {
            feed.poll(g);
            if (done()) return true;
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
        return false;
    };
    auto send = [&](const std::string& t) {
        ASSERT_EQ(::send(game, t.data(), t.size(), MSG_NOSIGNAL), ssize_t(t.size()));
    };

    send(kHeader + state(0, 1) + state(1, 2) + state(2, 3));
    ASSERT_TRUE(pollUntil([&] { return g.length() == 3; })) << feed.status();
    // The level restarts: frame 0 again.
    send(state(0, 9) + state(1, 10));
    ASSERT_TRUE(pollUntil([&] { return feed.recordings() == 2 && g.length() == 2; }))
        << feed.status();
    EXPECT_EQ(g.state(0).x, Fix::fromInt(10));
    EXPECT_TRUE(feed.connected());
    // A new level with its own header.
    send(kHeader2 + state(0, 5, "ghost"));
    ASSERT_TRUE(pollUntil([&] { return feed.recordings() == 3 && g.length() == 1; }))
        << feed.status();
    EXPECT_TRUE(feed.connected());
    close(game);
    ASSERT_TRUE(pollUntil([&] { return !feed.connected(); }));
    EXPECT_EQ(readFile(dir + "/live.jsonl"), kHeader + state(0, 1) + state(1, 2) + state(2, 3));
    // A segment that starts with a frame going back gets the connection's header.
    EXPECT_EQ(readFile(dir + "/live-2.jsonl"), kHeader + state(0, 9) + state(1, 10));
    EXPECT_EQ(readFile(dir + "/live-3.jsonl"), kHeader2 + state(0, 5, "ghost"));
}

}  // namespace
}  // namespace ts::test
