// The WebSocket side of the trace listener (cli/trace_listener.h), for games in a browser:
// the handshake and the frames are Boost.Beast's (Debian: libboost-dev), over the socket the
// listener accepted. The messages' payloads, text or binary, are one byte stream: a trace
// line may span messages, and a message may hold many lines.
#pragma once
#include <cstddef>
#include <memory>
#include <string>

namespace ts::cli {

class WebSocketReader {
  public:
    // `fd`: the accepted socket (not owned: LiveConnection closes it); `received`: the bytes
    // of the HTTP upgrade request read so far; messages larger than maxMessage are refused.
    WebSocketReader(int fd, const std::string& received, size_t maxMessage);
    ~WebSocketReader();

    enum class Result { Data, Nothing, Closed, Failed };
    // Runs the handshake and reads for at most waitMs (0: only what is there), appending the
    // payloads to *out. Closed: the browser closed the WebSocket; Failed: *error says why.
    Result read(int waitMs, std::string* out, std::string* error);

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace ts::cli
