// A reloaded browser page (issue 29): its new connection arrives while the old one is still
// connected, finishing. It is held, not turned away, and becomes the next recording as soon as
// the old connection ends; the old one's frames are all kept.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
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

TEST(LiveFeedReload, TheReloadedPageFollowsTheOldConnection) {
    Map map = mapFromRows({"........", "........", "########"});
    Debugger g{map};
    auto listener = std::make_shared<cli::TraceListener>();
    cli::ListenAddress a;
    std::string error;
    ASSERT_TRUE(cli::parseListenAddress("127.0.0.1:0", &a, &error)) << error;
    ASSERT_TRUE(listener->open(a, &error)) << error;
    cli::LiveLimits limits;
    limits.busyGraceMs = 60000;  // the old connection surely ends within it
    LiveFeed feed(listener, limits, "");
    g.showRecording(std::make_shared<RecordedTrace>());
    auto connectGame = [&] {
        const int fd = socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in s{};
        s.sin_family = AF_INET;
        s.sin_port = htons(uint16_t(std::stoi(listener->where().substr(10))));
        s.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        EXPECT_EQ(connect(fd, (sockaddr*)&s, sizeof s), 0);
        return fd;
    };
    auto send = [](int fd, const std::string& s) {
        ASSERT_EQ(::send(fd, s.data(), s.size(), MSG_NOSIGNAL), ssize_t(s.size()));
    };
    auto pollUntil = [&](auto done) {
        for (int i = 0; i < 1000; ++i) {
            feed.poll(g);
            if (done()) return true;
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
        return false;
    };

    const int old = connectGame();
    send(old, kHeader + state(0, 1) + state(1, 2));
    ASSERT_TRUE(pollUntil([&] { return g.length() == 2; })) << feed.status();
    const int reloaded = connectGame();
    send(reloaded, kHeader + state(0, 7));
    for (int i = 0; i < 20; ++i) feed.poll(g);  // the reloaded page waits meanwhile
    EXPECT_EQ(feed.recordings(), 1);
    send(old, state(2, 3));
    close(old);
    ASSERT_TRUE(pollUntil([&] { return feed.recordings() == 2 && g.length() == 1; }))
        << feed.status();
    EXPECT_EQ(g.state(0).x, Fix::fromInt(7));
    EXPECT_TRUE(feed.connected());
    // It was never told to go away.
    pollfd p{reloaded, POLLIN, 0};
    EXPECT_EQ(poll(&p, 1, 0), 0);
    close(reloaded);
}

}  // namespace
}  // namespace ts::test
