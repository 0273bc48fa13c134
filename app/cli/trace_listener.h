// A game streaming its trace over a socket (`tilestep record --listen`, `view --listen`):
// listening on a TCP address or a Unix socket, accepting one game at a time (plain bytes, or a
// browser's WebSocket: cli/websocket_reader.h), reading its JSON lines into a RecordedTrace through
// the trace reader (record/trace_reader.h). Sockets are the program's I/O, as files are, so they
// live here in app/ beside the commands; core only parses the bytes. No graphics: the headless
// `record` and the debugger's window share it.
//
// Untrusted input, bounded: a line longer than TraceLimits::maxLineBytes, more than
// LiveLimits::maxBytes in all, or no byte for idleTimeoutMs ends the connection with a message
// naming the game's address, the line and the field.
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "args.h"
#include "record/trace_reader.h"
#include "record/trace_stream.h"
#include "listen_socket.h"
#include "waiting_game.h"
#include "websocket_reader.h"

namespace ts::cli {

// --allow-origin ORIGIN, repeatable (record, view --listen): see WebSocketPolicy.
constexpr FlagSpec kAllowOriginFlag = {"--allow-origin", true, "ORIGIN", nullptr, true};

struct ListenAddress {
    bool unixSocket = false;
    std::string host;  // numeric IPv4 or IPv6 (TCP)
    int port = 0;      // 0: the system picks one (TCP)
    std::string path;  // the socket file (Unix)
};

// "127.0.0.1:PORT", "localhost:PORT", "[::1]:PORT", "PORT" (loopback), "0.0.0.0:PORT" or any
// other numeric address (reachable from other machines: only when named), or a Unix socket
// path (anything with a '/'). False with *error on anything else.
bool parseListenAddress(const std::string& text, ListenAddress* out, std::string* error);

// A game paused at a breakpoint or in its menu sends nothing: `view` keeps it for as long as it
// is connected (the developer is looking at it); headless `record` drops a game silent for 10
// minutes, so that a hung game in a script ends (long enough for any pause at a desk).
constexpr int kViewIdleTimeoutMs = 0;
constexpr int kRecordIdleTimeoutMs = 600000;

struct LiveLimits {
    int idleTimeoutMs =
        kViewIdleTimeoutMs;  // a connected game silent this long is dropped (0: never)
    // A connection that has sent no byte this long (or idleTimeoutMs when shorter and not 0)
    // is no game: it is closed and the one game slot is free again (a socket a launcher opened
    // and forgot, a stuck client), however long --idle-timeout lets a game be silent.
    int firstByteTimeoutMs = 10000;
    uint64_t maxBytes = uint64_t(1) << 30;  // one recording's bytes in all
    // What one poll reads at most before it returns to its caller, however fast the game
    // sends: `record` checks for a second game, the window draws.
    uint64_t pollBytes = uint64_t(4) << 20;
    TraceLimits trace;
    WebSocketPolicy web;             // which pages' WebSockets are taken (--allow-origin, the Host)
    int busyGraceMs = kBusyGraceMs;  // a second game is held this long (cli/waiting_game.h)
};

class TraceListener {
  public:
    TraceListener() = default;
    TraceListener(const TraceListener&) = delete;
    TraceListener& operator=(const TraceListener&) = delete;
    ~TraceListener();  // stops listening; removes the Unix socket file it made

    bool open(const ListenAddress& address, std::string* error);
    // Where games connect: "127.0.0.1:40123" (the port the system picked for 0), or the path.
    const std::string& where() const { return where_; }
    bool remote() const { return remote_; }  // listening beyond loopback
    // Waits up to timeoutMs (-1: for ever) for a game. The connected socket, or -1 on a
    // timeout (*error empty) or a failure (*error set). *peer names the game ("127.0.0.1:5123").
    int accept(int timeoutMs, std::string* peer, std::string* error);
    int fd() const { return fd_; }

  private:
    int fd_ = -1;
    std::string where_, unlinkPath_;
    net::SocketFileId socketId_;  // the socket file we made: only it is removed
    bool remote_ = false;
};

// Turns a connection away with one line saying why (a second game while one is recorded).
void refuseConnection(int fd, const std::string& why);

// One game's connection, read as a trace into `out` (or, with `records`, its header and
// actors into `out` and each parsed line to `records`). Every complete, valid line is passed
// to onLine (with its '\n') before the next is read, so a saved recording holds exactly the
// lines that parsed.
class LiveConnection {
  public:
    // NotAGame: the connection closed without sending a byte (a launcher's `nc -z` port check),
    // or a web page's WebSocket was refused (*error says why): nothing to record, and the
    // listener waits on for the real game.
    enum class Status { Open, Ended, Failed, NotAGame };
    using LineSink = std::function<void(const char* line, size_t n)>;

    LiveConnection(int fd, std::string peer, RecordedTrace* out, const LiveLimits& limits,
                   LineSink onLine, TraceRecordSink records = nullptr);
    ~LiveConnection();  // closes the socket
    LiveConnection(const LiveConnection&) = delete;
    LiveConnection& operator=(const LiveConnection&) = delete;

    // Reads what has arrived, waiting at most waitMs for it (0: only what is there). Open
    // while the game is connected; Ended when it disconnected after whole lines; Failed with
    // *error ("game at PEER: line L: field \"F\": problem") on bad input, a half line at
    // the end, the limits, or silence past the idle timeout.
    Status poll(int waitMs, std::string* error);
    int fd() const { return fd_; }
    // Lines starting with '!' are the game's side of the control channel (cli/game_control.h),
    // not trace lines: they go to `sink` (false with *why ends the connection), never to the
    // reader or onLine. Without a sink they are skipped.
    using ControlSink = std::function<bool(const char* line, size_t n, std::string* why)>;
    void setControlSink(ControlSink sink) { onControl_ = std::move(sink); }
    bool webSocket() const { return ws_ != nullptr; }
    // The control channel's lines to a browser's page (a plain socket's are sent on fd()).
    void sendWebSocket(const std::string& text) {
        if (ws_) ws_->send(text);
    }
    const std::string& peer() const { return peer_; }
    uint64_t bytes() const { return bytes_; }
    int64_t lines() const { return stream_->lines(); }
    // A level restart on the same connection (a frame counter going back, or a new header
    // line) is a new segment, not an error, when the owner takes it: `next` returns where the
    // segment's trace goes (a new recording) and is called before its first line reaches
    // onLine. A segment that starts with a frame going back gets the connection's first
    // header line again, so each segment is a whole trace. Without it, a restart fails.
    void onRestart(std::function<RecordedTrace*()> next) { onRestart_ = std::move(next); }
    int segments() const { return segments_; }
    // A NaN or infinity in a line is taken as null, with a warning naming the line and field.
    void onWarning(std::function<void(const std::string&)> warn) { onWarning_ = std::move(warn); }

  private:
    Status fail(const std::string& what, std::string* error);
    Status take(const char* data, size_t n, std::string* error);
    Status ended(std::string* error);
    Status pollWebSocket(int waitMs, std::string* error);
    // The wait left before the idle timeout; *stalled (and the connection failed) when past it.
    int idleWait(int waitMs, std::string* error, bool* stalled);
    // Closes the connection as no game (the slot is free again), saying why in *error.
    Status notAGame(const std::string& why, std::string* error);
    // A first chunk that is an HTTP request other than GET: answered 405, no game.
    bool refusedHttp(const char* data, size_t n, std::string* error);
    bool takeLines(const char* data, size_t n, std::string* error);
    bool feedLine(const char* line, size_t len, std::string* error);

    int fd_;
    std::string peer_;
    LiveLimits limits_;
    TraceRecordSink records_;
    std::optional<TraceStream> stream_;
    LineSink onLine_;
    std::function<RecordedTrace*()> onRestart_;
    std::function<void(const std::string&)> onWarning_;
    std::string header_;  // the first line, for a segment that starts without one
    int segments_ = 1;
    ControlSink onControl_;
    std::string pending_;                  // the unfinished line
    std::unique_ptr<WebSocketReader> ws_;  // a browser's connection, after its upgrade request
    uint64_t bytes_ = 0;
    int64_t lastDataMs_ = 0;
    Status status_ = Status::Open;
};

}  // namespace ts::cli
