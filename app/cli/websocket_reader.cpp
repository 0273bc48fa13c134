// The WebSocket reader (websocket_reader.h) on both systems: Boost.Asio's generic stream
// socket works over POSIX sockets and Winsock alike; only taking a copy of the accepted
// socket differs (listen_socket.h).
#include "websocket_reader.h"

#include "listen_socket.h"

#include <boost/asio/generic/stream_protocol.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <algorithm>
#include <cctype>
#include <chrono>

namespace ts::cli {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using Socket = asio::generic::stream_protocol::socket;

namespace {

std::string lower(std::string s) {
    for (char& c : s) c = char(std::tolower((unsigned char)c));
    return s;
}

// "http://Localhost:8000/" and "http://localhost:8000" are one origin.
std::string originKey(const std::string& origin) {
    std::string s = lower(origin);
    while (!s.empty() && s.back() == '/') s.pop_back();
    return s;
}

bool numericAddress(const std::string& host) {
    in_addr a4;
    in6_addr a6;
    return inet_pton(AF_INET, host.c_str(), &a4) == 1 ||
           inet_pton(AF_INET6, host.c_str(), &a6) == 1;
}

// The Host header without its port: "127.0.0.1:5555" -> "127.0.0.1", "[::1]:80" -> "::1".
std::string hostName(const std::string& header) {
    std::string h = lower(header);
    if (!h.empty() && h.front() == '[') {
        const size_t close = h.find(']');
        return close == std::string::npos ? h : h.substr(1, close - 1);
    }
    const size_t colon = h.find(':');
    return colon == std::string::npos ? h : h.substr(0, colon);
}

}  // namespace

std::string webSocketRefusal(const WebSocketPolicy& policy, const std::string* origin,
                             const std::string* host) {
    if (origin && *origin != "null" && lower(*origin).rfind("file://", 0) != 0) {
        const std::string key = originKey(*origin);
        const bool allowed = std::any_of(policy.allowOrigins.begin(), policy.allowOrigins.end(),
                                         [&](const std::string& a) { return originKey(a) == key; });
        if (!allowed)
            return "refused a WebSocket from the web page at " + *origin +
                   " (only local files' pages may connect; if that page is your game, pass "
                   "--allow-origin " +
                   *origin + ")";
    }
    // A Unix socket is no browser's to reach; the Host check is for TCP.
    if (host && !policy.listenHost.empty()) {
        const std::string name = hostName(*host);
        const bool wildcard = policy.listenHost == "0.0.0.0" || policy.listenHost == "::";
        const bool ok =
            name == "localhost" ||
            (name.size() > 10 && name.compare(name.size() - 10, 10, ".localhost") == 0) ||
            (numericAddress(name) && (name.rfind("127.", 0) == 0 || name == "::1"));
        if (!ok && name != lower(policy.listenHost) && !(wildcard && numericAddress(name)))
            return "refused a WebSocket for the host '" + *host +
                   "' (not a loopback name or address, nor the listen address: a web page "
                   "whose name was made to point at this machine)";
    }
    return "";
}

struct WebSocketReader::Impl {
    asio::io_context io;
    beast::websocket::stream<Socket> ws{io};
    beast::flat_buffer buffer;
    std::string request;  // the upgrade request's bytes read before the switch to Beast
    WebSocketPolicy policy;
    beast::flat_buffer requestBuffer;
    http::request<http::string_body> upgrade;
    http::response<http::string_body> refusal;
    std::string data, error;
    bool parsed = false, accepted = false, busy = false, closed = false, refused = false;
    // Draining: every message that has arrived is taken (up to maxTake bytes), not one per
    // call: a browser game's 60 messages a second were taken one per drawn frame (issue 29).
    bool draining = false;
    size_t maxTake = 0;
    std::string outgoing, writing;  // control lines to the page (send), and the message going
    bool writingNow = false;

    // One message at a time, beside the pending read (Beast allows one of each); a failure
    // is the read side's to report.
    void write() {
        if (!accepted || writingNow || outgoing.empty() || closed || !error.empty()) return;
        writing.swap(outgoing);
        outgoing.clear();
        writingNow = true;
        ws.text(true);
        ws.async_write(asio::buffer(writing), [this](beast::error_code ec, size_t) {
            writingNow = false;
            if (!ec) write();
        });
    }

    // One asynchronous step at a time (the handshake, then one message after another): the
    // caller's poll runs the io_context for its time slice only, so the window never blocks.
    void next() {
        if (busy || closed || !error.empty()) return;
        busy = true;
        if (!parsed) {
            // The request read whole first, so that its Origin and Host are checked before
            // the page gets a WebSocket.
            auto bytes = requestBuffer.prepare(request.size());
            asio::buffer_copy(bytes, asio::buffer(request));
            requestBuffer.commit(request.size());
            http::async_read(ws.next_layer(), requestBuffer, upgrade,
                             [this](beast::error_code ec, size_t) {
                                 busy = false;
                                 if (ec) {
                                     error = "WebSocket handshake failed (" + ec.message() + ")";
                                     return;
                                 }
                                 parsed = true;
                                 check();
                             });
            return;
        }
        if (!accepted) {
            ws.async_accept(upgrade, [this](beast::error_code ec) {
                busy = false;
                if (ec) {
                    error = "WebSocket handshake failed (" + ec.message() + ")";
                    return;
                }
                accepted = true;
                next();
            });
            return;
        }
        readMessage();
    }

    // Refused with HTTP 403 and the reason, or on to the WebSocket handshake.
    void check() {
        const auto origin = upgrade.find(http::field::origin);
        const auto host = upgrade.find(http::field::host);
        const std::string o = origin == upgrade.end() ? "" : std::string(origin->value());
        const std::string h = host == upgrade.end() ? "" : std::string(host->value());
        const std::string why = webSocketRefusal(policy, origin == upgrade.end() ? nullptr : &o,
                                                 host == upgrade.end() ? nullptr : &h);
        if (why.empty()) return next();
        refusal = http::response<http::string_body>(http::status::forbidden, upgrade.version());
        refusal.set(http::field::content_type, "text/plain");
        refusal.set(http::field::connection, "close");
        refusal.body() = "tilestep: " + why + "\n";
        refusal.prepare_payload();
        busy = true;
        http::async_write(ws.next_layer(), refusal, [this, why](beast::error_code, size_t) {
            busy = false;
            refused = true;
            error = why;
            io.stop();
        });
    }

    void readMessage() {
        ws.async_read(buffer, [this](beast::error_code ec, size_t) {
            busy = false;
            // A tab closed or a page left without the closing handshake ends the recording as
            // a plain socket's disconnect does (a half line left is still reported).
            if (ec == beast::websocket::error::closed || ec == asio::error::eof ||
                ec == asio::error::not_connected || ec == asio::error::connection_reset ||
                ec == asio::error::broken_pipe || ec == asio::error::connection_aborted) {
                closed = true;
                return;
            }
            if (ec) {
                error = ec == beast::websocket::error::message_too_big
                            ? "a WebSocket message too big (" + ec.message() + ")"
                            : "WebSocket: " + ec.message();
                return;
            }
            data += beast::buffers_to_string(buffer.data());
            buffer.consume(buffer.size());
            next();
            // Waiting: hand the message to the caller now, not at the end of its wait (read()
            // then takes what arrived behind it). Draining: on while messages are there.
            if (!draining || data.size() >= maxTake) io.stop();
        });
    }
};

WebSocketReader::WebSocketReader(int fd, const std::string& received, size_t maxMessage,
                                 WebSocketPolicy policy)
    : impl_(std::make_unique<Impl>()) {
    impl_->policy = std::move(policy);
    int family = 0;
    // Beast gets its own copy of the socket, so that it and LiveConnection each close theirs.
    const intptr_t copy = net::duplicateSocket(fd, &family);
    impl_->ws.next_layer().assign(
        asio::generic::stream_protocol(family, family == AF_UNIX ? 0 : IPPROTO_TCP),
        Socket::native_handle_type(copy));
    impl_->ws.read_message_max(maxMessage);
    impl_->maxTake = maxMessage;
    impl_->request = received;
}

WebSocketReader::~WebSocketReader() = default;

WebSocketReader::Result WebSocketReader::read(int waitMs, std::string* out, std::string* error) {
    Impl& m = *impl_;
    m.next();
    m.write();
    if (waitMs > 0) {
        m.draining = false;
        m.io.restart();
        m.io.run_for(std::chrono::milliseconds(waitMs));
    }
    // Then everything that has already arrived, without waiting (io.poll runs only the
    // handlers that are ready).
    if (m.error.empty() && !m.closed && m.data.size() < m.maxTake) {
        m.draining = true;
        m.io.restart();
        m.io.poll();
    }
    m.write();  // the handshake may have just finished
    if (!m.data.empty()) {
        out->append(m.data);
        m.data.clear();
        return Result::Data;
    }
    if (!m.error.empty()) {
        *error = m.error;
        return m.refused ? Result::Refused : Result::Failed;
    }
    return m.closed ? Result::Closed : Result::Nothing;
}

void WebSocketReader::send(const std::string& text) {
    impl_->outgoing += text;
    impl_->write();
}

}  // namespace ts::cli
