// The WebSocket reader (websocket_reader.h) on both systems: Boost.Asio's generic stream
// socket works over POSIX sockets and Winsock alike; only taking a copy of the accepted
// socket differs (listen_socket.h).
#include "websocket_reader.h"

#include "listen_socket.h"

#include <boost/asio/generic/stream_protocol.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>

namespace ts::cli {

namespace asio = boost::asio;
namespace beast = boost::beast;
using Socket = asio::generic::stream_protocol::socket;

struct WebSocketReader::Impl {
    asio::io_context io;
    beast::websocket::stream<Socket> ws{io};
    beast::flat_buffer buffer;
    std::string request;  // the upgrade request's bytes read before the switch to Beast
    std::string data, error;
    bool accepted = false, busy = false, closed = false;

    // One asynchronous step at a time (the handshake, then one message after another): the
    // caller's poll runs the io_context for its time slice only, so the window never blocks.
    void next() {
        if (busy || closed || !error.empty()) return;
        busy = true;
        if (!accepted) {
            ws.async_accept(asio::buffer(request), [this](beast::error_code ec) {
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
            io.stop();  // hand the message to the caller now, not at the end of its wait
        });
    }
};

WebSocketReader::WebSocketReader(int fd, const std::string& received, size_t maxMessage)
    : impl_(std::make_unique<Impl>()) {
    int family = 0;
    // Beast gets its own copy of the socket, so that it and LiveConnection each close theirs.
    const intptr_t copy = net::duplicateSocket(fd, &family);
    impl_->ws.next_layer().assign(
        asio::generic::stream_protocol(family, family == AF_UNIX ? 0 : IPPROTO_TCP),
        Socket::native_handle_type(copy));
    impl_->ws.read_message_max(maxMessage);
    impl_->request = received;
}

WebSocketReader::~WebSocketReader() = default;

WebSocketReader::Result WebSocketReader::read(int waitMs, std::string* out, std::string* error) {
    Impl& m = *impl_;
    m.next();
    m.io.restart();
    if (waitMs > 0)
        m.io.run_for(std::chrono::milliseconds(waitMs));
    else
        m.io.poll();
    if (!m.data.empty()) {
        out->append(m.data);
        m.data.clear();
        return Result::Data;
    }
    if (!m.error.empty()) {
        *error = m.error;
        return Result::Failed;
    }
    return m.closed ? Result::Closed : Result::Nothing;
}

}  // namespace ts::cli
