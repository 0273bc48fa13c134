// The WebSocket side of the trace listener (cli/trace_listener.h), for games in a browser:
// the handshake and the frames are Boost.Beast's (Debian: libboost-dev), over the socket the
// listener accepted. The messages' payloads, text or binary, are one byte stream: a trace
// line may span messages, and a message may hold many lines.
#pragma once
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

namespace ts::cli {

// Who may open a WebSocket to the listener. Any web page the developer has open could
// otherwise take the game slot of ws://127.0.0.1:PORT and feed it a trace: a handshake is taken
// only from a page with no Origin, a local file's ("null", file://) or one named by
// --allow-origin, and only with a Host that is a loopback name or address or the listen
// address (a page that rebinds its own name to 127.0.0.1 sends its name as the Host).
struct WebSocketPolicy {
    std::vector<std::string> allowOrigins;  // --allow-origin, e.g. "http://localhost:8000"
    std::string listenHost;                 // numeric, as --listen named it; "" for a Unix socket
};

// Empty when the handshake's Origin and Host (nullptr: absent) are allowed, else why not, in
// words naming the origin (or host) and the flag.
std::string webSocketRefusal(const WebSocketPolicy& policy, const std::string* origin,
                             const std::string* host);

class WebSocketReader {
  public:
    // `fd`: the accepted socket (not owned: LiveConnection closes it); `received`: the bytes
    // of the HTTP upgrade request read so far; messages larger than maxMessage are refused.
    WebSocketReader(int fd, const std::string& received, size_t maxMessage,
                    WebSocketPolicy policy = {});
    ~WebSocketReader();

    enum class Result { Data, Nothing, Closed, Failed, Refused };
    // Runs the handshake and reads for at most waitMs (0: only what is there), appending the
    // payloads to *out. Closed: the browser closed the WebSocket; Failed: *error says why;
    // Refused: the policy turned the page away (HTTP 403 sent), *error says why.
    Result read(int waitMs, std::string* out, std::string* error);
    // Queues `text` to the page as a text message (the control channel, cli/game_control.h):
    // sent once the handshake is done, a little at each read.
    void send(const std::string& text);

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace ts::cli
