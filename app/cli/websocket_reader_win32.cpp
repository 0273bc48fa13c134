// Browsers' WebSockets come through the trace listener, which Windows does not have yet
// (trace_listener_win32.cpp): no Boost.Beast in the Windows build, and a reader that only
// says so.
#include "websocket_reader.h"

namespace ts::cli {

struct WebSocketReader::Impl {};

WebSocketReader::WebSocketReader(int, const std::string&, size_t) {}

WebSocketReader::~WebSocketReader() = default;

WebSocketReader::Result WebSocketReader::read(int, std::string*, std::string* error) {
    *error = "WebSocket: not supported on Windows yet (docs/windows.md)";
    return Result::Failed;
}

}  // namespace ts::cli
