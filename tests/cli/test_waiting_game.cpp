// A second game while one is connected (cli/waiting_game.h): held for its grace, unread, so
// that it can take the slot when it frees (a reloaded page); past it, told why it is turned
// away: a plain socket by a line, a browser's WebSocket by a close frame (code 1013 and the
// reason) after its handshake, so that every emitter can print it.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include "../../app/cli/trace_listener.h"
#include "../../app/cli/waiting_game.h"

namespace ts::test {
namespace {

struct Second {
    cli::TraceListener listener;
    int game = -1, accepted = -1;
    std::string peer;
    Second() {
        cli::ListenAddress a;
        std::string error;
        EXPECT_TRUE(cli::parseListenAddress("127.0.0.1:0", &a, &error)) << error;
        EXPECT_TRUE(listener.open(a, &error)) << error;
        game = socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in s{};
        s.sin_family = AF_INET;
        s.sin_port = htons(uint16_t(std::stoi(listener.where().substr(10))));
        s.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        EXPECT_EQ(connect(game, (sockaddr*)&s, sizeof s), 0);
        accepted = listener.accept(5000, &peer, &error);
        EXPECT_GE(accepted, 0) << error;
    }
    ~Second() { close(game); }
    void send(const std::string& s) {
        ASSERT_EQ(::send(game, s.data(), s.size(), MSG_NOSIGNAL), ssize_t(s.size()));
    }
    // Everything the game is sent until tilestep closes the connection.
    std::string told() {
        std::string got;
        char buf[512];
        pollfd p{game, POLLIN, 0};
        while (poll(&p, 1, 5000) > 0) {
            const ssize_t n = read(game, buf, sizeof buf);
            if (n <= 0) break;
            got.append(buf, size_t(n));
        }
        return got;
    }
};

const std::string kUpgrade =
    "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
    "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n";

TEST(WaitingGame, APlainGameIsToldWhyInALine) {
    Second s;
    s.send("{\"tilestep_trace\":1}\n");
    cli::WaitingGame w(0);
    EXPECT_EQ(w.arrived(s.accepted, s.peer, "busy: showing X"), "");
    EXPECT_EQ(w.expire("busy: showing X"),
              "turned away the game at " + s.peer + ": busy: showing X");
    EXPECT_FALSE(w.waiting());
    EXPECT_EQ(s.told(), "tilestep: busy: showing X\n");
}

TEST(WaitingGame, ABrowserIsToldWhyInTheCloseFrame) {
    Second s;
    s.send(kUpgrade);
    cli::WaitingGame w(0);
    w.arrived(s.accepted, s.peer, "busy: showing X");
    EXPECT_NE(w.expire("busy: showing X"), "");
    const std::string got = s.told();
    ASSERT_EQ(got.rfind("HTTP/1.1 101", 0), 0u) << got;
    // RFC 6455 example key's answer: the handshake is a real one.
    EXPECT_NE(got.find("s3pPLMBiTxaQ9kYGzzhZRbK+xOo="), std::string::npos) << got;
    const size_t body = got.find("\r\n\r\n") + 4;
    const std::string reason = "tilestep: busy: showing X";
    // A close frame (0x88), unmasked, payload: the code 1013 (0x03F5) and the reason.
    const std::string frame =
        std::string{char(0x88), char(2 + reason.size()), char(0x03), char(0xF5)} + reason;
    EXPECT_EQ(got.substr(body), frame);
}

TEST(WaitingGame, HeldUnreadDuringItsGraceThenTheNextGame) {
    Second s;
    s.send("{\"tilestep_trace\":1}\n");
    cli::WaitingGame w(60000);
    w.arrived(s.accepted, s.peer, "busy");
    EXPECT_EQ(w.expire("busy"), "");  // within its grace
    EXPECT_TRUE(w.waiting());
    std::string peer;
    const int fd = w.take(&peer);
    ASSERT_EQ(fd, s.accepted);
    EXPECT_EQ(peer, s.peer);
    EXPECT_FALSE(w.waiting());
    char buf[64];
    const ssize_t n = read(fd, buf, sizeof buf);  // its first bytes are still there
    EXPECT_EQ(std::string(buf, size_t(std::max<ssize_t>(n, 0))), "{\"tilestep_trace\":1}\n");
    close(fd);
}

TEST(WaitingGame, ABrowsersHalfRequestIsWaitedForThenANewerGameWaitsInstead) {
    Second s;
    s.send(kUpgrade.substr(0, 20));
    cli::WaitingGame w(0);
    w.arrived(s.accepted, s.peer, "busy");
    EXPECT_EQ(w.expire("busy"), "");  // its handshake is needed for the reason
    s.send(kUpgrade.substr(20));
    Second newer;
    // The newest waits: the older is told (forced, its request now whole).
    EXPECT_EQ(w.arrived(newer.accepted, newer.peer, "busy"),
              "turned away the game at " + s.peer + ": busy");
    EXPECT_EQ(s.told().rfind("HTTP/1.1 101", 0), 0u);
    EXPECT_TRUE(w.waiting());
}

}  // namespace
}  // namespace ts::test
