// A second game, held and then told why it is turned away (waiting_game.h). The WebSocket's
// handshake is Boost.Beast's, as the reader's is (websocket_reader.h).
#include "waiting_game.h"

#include "listen_socket.h"

#include <boost/asio/generic/stream_protocol.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <algorithm>
#include <cstring>

namespace ts::cli {

namespace asio = boost::asio;
namespace beast = boost::beast;

namespace {

int64_t nowMs() {
    using namespace std::chrono;
    return duration_cast<milliseconds>(steady_clock::now().time_since_epoch()).count();
}

bool isUpgrade(const std::string& received) {
    return received.compare(0, 4, "GET ") == 0 && received.find("\r\n\r\n") != std::string::npos;
}

// The handshake answered (101), then a close frame: code kBusyCloseCode and the reason (at
// most 123 bytes, the frame's limit). False when the handshake fails: the caller sends the line.
bool closeWebSocket(int fd, const std::string& received, const std::string& why) {
    int family = 0;
    const intptr_t copy = net::duplicateSocket(fd, &family);
    asio::io_context io;
    beast::websocket::stream<asio::generic::stream_protocol::socket> ws{io};
    beast::error_code ec;
    ws.next_layer().assign(
        asio::generic::stream_protocol(family, family == AF_UNIX ? 0 : IPPROTO_TCP),
        asio::generic::stream_protocol::socket::native_handle_type(copy), ec);
    if (ec) return false;
    ws.accept(asio::buffer(received), ec);
    if (ec) return false;
    const std::string reason = why.substr(0, 123);
    std::string frame = {char(0x88), char(2 + reason.size()), char(kBusyCloseCode >> 8),
                         char(kBusyCloseCode & 0xff)};
    net::sendNow(fd, frame + reason);
    return true;
}

}  // namespace

void turnAway(int fd, const std::string& received, const std::string& why) {
    const std::string line = "tilestep: " + why;
    if (!(isUpgrade(received) && closeWebSocket(fd, received, line))) net::sendNow(fd, line + "\n");
    net::closeSocket(fd);
}

WaitingGame::~WaitingGame() {
    net::closeSocket(fd_);
}

void WaitingGame::readWhatArrived() {
    // Peeked, not taken: a game that gets the slot is read from its first byte by the
    // connection that takes it. An upgrade request is a few hundred bytes.
    char buf[8192];
    if (!net::waitReadable(fd_, 0)) return;
    const long n = long(::recv(fd_, buf, sizeof buf, MSG_PEEK));
    if (n > 0) received_.assign(buf, size_t(n));
}

std::string WaitingGame::arrived(int fd, const std::string& peer, const std::string& why) {
    const std::string said = expire(why, true);
    fd_ = fd;
    peer_ = peer;
    received_.clear();
    sinceMs_ = nowMs();
    return said;
}

int WaitingGame::take(std::string* peer) {
    const int fd = fd_;
    *peer = peer_;
    fd_ = -1;
    received_.clear();
    return fd;
}

std::string WaitingGame::expire(const std::string& why, bool force) {
    if (fd_ < 0) return "";
    readWhatArrived();
    // A browser's upgrade request may still be on its way: its reason needs the handshake.
    const bool requestDue = received_.compare(0, 4, "GET ") == 0 && !isUpgrade(received_);
    const int64_t waited = nowMs() - sinceMs_;
    if (!force && (waited < graceMs_ || (requestDue && waited < graceMs_ + 2000))) return "";
    // The peeked request, read now for the handshake.
    char buf[8192];
    for (size_t got = 0; got < received_.size();) {
        const long n = net::receiveNow(fd_, buf, std::min(sizeof buf, received_.size() - got));
        if (n <= 0) break;
        got += size_t(n);
    }
    turnAway(fd_, received_, why);
    fd_ = -1;
    received_.clear();
    return "turned away the game at " + peer_ + ": " + why;
}

}  // namespace ts::cli
