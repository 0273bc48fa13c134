// Keeping up with a 60 fps game (issue 29 item 3): one poll takes in everything that has
// arrived, over TCP, a Unix socket and a browser's WebSocket alike, and a WebSocket message may
// carry many frames. A poll that took one WebSocket message per drawn frame let a 1200-frame
// browser game arrive in 131 s.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include "../../app/cli/trace_listener.h"
#include "test_support.h"
#include "websocket_frames.h"

namespace ts::test {
namespace {

const std::string kHeader =
    "{\"tilestep_trace\":1,\"actors\":[{\"name\":\"hero\",\"w\":12,\"h\":16}]}\n";

std::string state(int frame) {
    return "{\"frame\":" + std::to_string(frame) +
           ",\"actor\":\"hero\",\"x\":" + std::to_string(frame) + ",\"y\":2}\n";
}

std::string upgradeRequest() {
    return "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
           "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n";
}

void sendAll(int fd, const std::string& s) {
    ASSERT_EQ(send(fd, s.data(), s.size(), MSG_NOSIGNAL), ssize_t(s.size()));
}

bool readable(int fd) {
    pollfd p{fd, POLLIN, 0};
    return ::poll(&p, 1, 0) > 0;
}

struct Game {
    cli::TraceListener listener;
    int game = -1;
    std::unique_ptr<cli::LiveConnection> connection;
    RecordedTrace trace;

    void listen(const std::string& where) {
        cli::ListenAddress a;
        std::string error;
        ASSERT_TRUE(cli::parseListenAddress(where, &a, &error)) << error;
        ASSERT_TRUE(listener.open(a, &error)) << error;
        if (a.unixSocket) {
            game = socket(AF_UNIX, SOCK_STREAM, 0);
            sockaddr_un u{};
            u.sun_family = AF_UNIX;
            std::snprintf(u.sun_path, sizeof u.sun_path, "%s", a.path.c_str());
            ASSERT_EQ(connect(game, (sockaddr*)&u, sizeof u), 0);
        } else {
            game = socket(AF_INET, SOCK_STREAM, 0);
            sockaddr_in s{};
            s.sin_family = AF_INET;
            s.sin_port = htons(uint16_t(std::stoi(listener.where().substr(10))));
            s.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
            ASSERT_EQ(connect(game, (sockaddr*)&s, sizeof s), 0);
        }
        std::string peer;
        const int fd = listener.accept(5000, &peer, &error);
        ASSERT_GE(fd, 0) << error;
        connection =
            std::make_unique<cli::LiveConnection>(fd, peer, &trace, cli::LiveLimits{}, nullptr);
    }
    // A browser's handshake: the upgrade request, polled until the viewer's 101 answer is in
    // (a browser sends nothing before it).
    void upgrade() {
        sendAll(game, upgradeRequest());
        std::string error;
        for (int i = 0; i < 500 && !readable(game); ++i)
            ASSERT_EQ(connection->poll(10, &error), cli::LiveConnection::Status::Open) << error;
        char head[512];
        ASSERT_GT(read(game, head, sizeof head), 0);
        ASSERT_EQ(std::string(head, 12), "HTTP/1.1 101");
    }
    ~Game() {
        connection.reset();
        if (game >= 0) close(game);
    }
};

// All of a game's frames sent before the viewer looks (on loopback they are in the viewer's
// socket when send returns): one poll, waiting for nothing, takes them all.
void expectOnePollTakesAll(Game& g, int frames) {
    std::string error;
    EXPECT_EQ(g.connection->poll(0, &error), cli::LiveConnection::Status::Open) << error;
    EXPECT_EQ(g.trace.frameCount(), size_t(frames));
}

TEST(LiveDrain, TcpOnePollTakesEverythingThatArrived) {
    Game g;
    g.listen("127.0.0.1:0");
    std::string all = kHeader;
    for (int i = 0; i < 300; ++i) all += state(i);
    sendAll(g.game, all);
    expectOnePollTakesAll(g, 300);
}

TEST(LiveDrain, UnixSocketOnePollTakesEverythingThatArrived) {
    Game g;
    g.listen(tempDir() + "/game.sock");
    std::string all = kHeader;
    for (int i = 0; i < 300; ++i) all += state(i);
    sendAll(g.game, all);
    expectOnePollTakesAll(g, 300);
}

TEST(LiveDrain, WebSocketOnePollTakesEveryMessageThatArrived) {
    Game g;
    g.listen("127.0.0.1:0");
    // One message per frame, as a browser game sends them at 60 fps.
    g.upgrade();
    std::string all = maskedTextFrame(kHeader);
    for (int i = 0; i < 300; ++i) all += maskedTextFrame(state(i));
    sendAll(g.game, all);
    expectOnePollTakesAll(g, 300);
}

TEST(LiveDrain, AWebSocketMessageMayCarryManyFrames) {
    Game g;
    g.listen("127.0.0.1:0");
    std::string batch;
    for (int i = 0; i < 5; ++i) batch += state(i);
    // A frame split across two messages is one frame.
    const std::string six = state(5);
    g.upgrade();
    sendAll(g.game, maskedTextFrame(kHeader + batch) + maskedTextFrame(six.substr(0, 10)) +
                        maskedTextFrame(six.substr(10)));
    expectOnePollTakesAll(g, 6);
}

}  // namespace
}  // namespace ts::test

namespace ts::test {
namespace {

// A paused game (a breakpoint, its menu) sends nothing: `view` keeps it (LiveLimits' default,
// what view uses), `record` drops it only after 10 minutes (a hung game in a script still ends).
TEST(LiveIdle, APausedGameIsKept) {
    EXPECT_EQ(cli::LiveLimits{}.idleTimeoutMs, 0);
    EXPECT_EQ(cli::kRecordIdleTimeoutMs, 10 * 60 * 1000);
}

}  // namespace
}  // namespace ts::test
