// The trace listener (trace_listener.h) on both systems: the calls in which POSIX sockets and
// Winsock differ are listen_socket.h's.
#include "trace_listener.h"

#include "args.h"
#include "listen_socket.h"
#include "nan_fields.h"
#include "websocket_reader.h"

#include <algorithm>
#include <cstdio>
#include <chrono>
#include <cstring>
#include <string_view>
#include <vector>

namespace ts::cli {

namespace {

int64_t nowMs() {
    using namespace std::chrono;
    return duration_cast<milliseconds>(steady_clock::now().time_since_epoch()).count();
}

std::string seconds(int ms) {
    char text[32];
    std::snprintf(text, sizeof text, "%g s", ms / 1000.0);
    return text;
}

bool isLoopback(const std::string& host) {
    return host.rfind("127.", 0) == 0 || host == "::1";
}

}  // namespace

bool parseListenAddress(const std::string& text, ListenAddress* out, std::string* error) {
    *out = ListenAddress{};
    net::startup();
    if (text.find('/') != std::string::npos || text.find('\\') != std::string::npos) {
        out->unixSocket = true;
        out->path = text;
        return net::unixPathFits(text, error);
    }
    std::string host = "127.0.0.1", port = text;
    const size_t colon = text.rfind(':');
    if (colon != std::string::npos) {
        host = text.substr(0, colon);
        port = text.substr(colon + 1);
        if (host.size() > 2 && host.front() == '[' && host.back() == ']')
            host = host.substr(1, host.size() - 2);
        if (host == "localhost") host = "127.0.0.1";
    }
    long long p = 0;
    if (!parseWholeNumber(port, "--listen", 0, 65535, &p, error)) {
        *error =
            "--listen: expected HOST:PORT (127.0.0.1:5555), PORT or a Unix socket path "
            "(with a '/'), got '" +
            text + "'";
        return false;
    }
    in6_addr any6;
    in_addr any4;
    if (inet_pton(AF_INET, host.c_str(), &any4) != 1 &&
        inet_pton(AF_INET6, host.c_str(), &any6) != 1) {
        *error = "--listen: '" + host + "' is not a numeric address (127.0.0.1, ::1, 0.0.0.0)";
        return false;
    }
    out->host = host;
    out->port = int(p);
    return true;
}

TraceListener::~TraceListener() {
    net::closeSocket(fd_);
    if (!unlinkPath_.empty()) net::removeUnixSocket(unlinkPath_, socketId_);
}

bool TraceListener::open(const ListenAddress& a, std::string* error) {
    if (a.unixSocket) {
        if (!net::bindUnixSocket(a.path, &fd_, &socketId_, error)) return false;
        unlinkPath_ = a.path;
        where_ = a.path;
    } else {
        const bool v6 = a.host.find(':') != std::string::npos;
        sockaddr_storage ss{};
        socklen_t len = 0;
        if (v6) {
            auto* s6 = (sockaddr_in6*)&ss;
            s6->sin6_family = AF_INET6;
            s6->sin6_port = htons(uint16_t(a.port));
            inet_pton(AF_INET6, a.host.c_str(), &s6->sin6_addr);
            len = sizeof *s6;
        } else {
            auto* s4 = (sockaddr_in*)&ss;
            s4->sin_family = AF_INET;
            s4->sin_port = htons(uint16_t(a.port));
            inet_pton(AF_INET, a.host.c_str(), &s4->sin_addr);
            len = sizeof *s4;
        }
        fd_ = net::streamSocket(v6 ? AF_INET6 : AF_INET);
        const std::string shown = v6 ? "[" + a.host + "]" : a.host;
        if (fd_ < 0 || ::bind(fd_, (sockaddr*)&ss, len) != 0) {
            *error =
                shown + ":" + std::to_string(a.port) + ": cannot listen (" + net::lastError() + ")";
            return false;
        }
        ::getsockname(fd_, (sockaddr*)&ss, &len);
        const int port =
            ntohs(v6 ? ((sockaddr_in6*)&ss)->sin6_port : ((sockaddr_in*)&ss)->sin_port);
        where_ = shown + ":" + std::to_string(port);
        remote_ = !isLoopback(a.host);
    }
    if (::listen(fd_, 4) != 0) {
        *error = where_ + ": cannot listen (" + net::lastError() + ")";
        return false;
    }
    return true;
}

int TraceListener::accept(int timeoutMs, std::string* peer, std::string* error) {
    error->clear();
    if (!net::waitReadable(fd_, timeoutMs)) return -1;
    sockaddr_storage ss{};
    const int fd = net::acceptSocket(fd_, &ss);
    if (fd < 0) {
        *error = where_ + ": accept failed (" + net::lastError() + ")";
        return -1;
    }
    char host[INET6_ADDRSTRLEN] = "";
    if (ss.ss_family == AF_INET) {
        const auto* s4 = (const sockaddr_in*)&ss;
        inet_ntop(AF_INET, &s4->sin_addr, host, sizeof host);
        *peer = std::string(host) + ":" + std::to_string(ntohs(s4->sin_port));
    } else if (ss.ss_family == AF_INET6) {
        const auto* s6 = (const sockaddr_in6*)&ss;
        inet_ntop(AF_INET6, &s6->sin6_addr, host, sizeof host);
        *peer = "[" + std::string(host) + "]:" + std::to_string(ntohs(s6->sin6_port));
    } else {
        *peer = where_;
    }
    return fd;
}

void refuseConnection(int fd, const std::string& why) {
    net::sendNow(fd, "tilestep: " + why + "\n");
    net::closeSocket(fd);
}

LiveConnection::LiveConnection(int fd, std::string peer, RecordedTrace* out,
                               const LiveLimits& limits, LineSink onLine, TraceRecordSink records)
    : fd_(fd),
      peer_(std::move(peer)),
      limits_(limits),
      records_(std::move(records)),
      stream_(std::in_place, out, limits.trace, records_),
      onLine_(std::move(onLine)),
      lastDataMs_(nowMs()) {}

LiveConnection::~LiveConnection() {
    net::closeSocket(fd_);
}

LiveConnection::Status LiveConnection::fail(const std::string& what, std::string* error) {
    *error = "game at " + peer_ + ": " + what;
    status_ = Status::Failed;
    net::closeSocket(fd_);
    fd_ = -1;
    return status_;
}

bool LiveConnection::takeLines(const char* data, size_t n, std::string* error) {
    const size_t maxLine = limits_.trace.maxLineBytes;
    size_t start = 0;
    for (size_t i = 0; i < n; ++i) {
        if (data[i] != '\n') continue;
        const char* line = data + start;
        size_t len = i + 1 - start;
        if (!pending_.empty()) {
            pending_.append(line, len);
            line = pending_.data();
            len = pending_.size();
        }
        if (len - 1 > maxLine) {
            *error = "line " + std::to_string(stream_->lines() + 1) + ": longer than " +
                     std::to_string(maxLine) + " bytes";
            return false;
        }
        if (line[0] == '!') {
            if (onControl_ && !onControl_(line, len, error)) return false;
            pending_.clear();
            start = i + 1;
            continue;
        }
        // A NaN or infinity is a warning on its field, not the end (cli/nan_fields.h).
        const std::string_view text(line, len);
        if (text.find("na") != text.npos || text.find("Na") != text.npos ||
            text.find("nf") != text.npos) {
            std::vector<std::string> fields;
            std::string fixed(line, len);
            if (replaceNonFinite(&fixed, &fields)) {
                for (const std::string& f : fields)
                    if (onWarning_)
                        onWarning_("game at " + peer_ + ": line " +
                                   std::to_string(stream_->lines() + 1) + ": field \"" + f +
                                   "\": not a number (NaN or infinity), left out of the line");
                if (!feedLine(fixed.data(), fixed.size(), error)) return false;
                if (onLine_) onLine_(fixed.data(), fixed.size());
                pending_.clear();
                start = i + 1;
                continue;
            }
        }
        if (!feedLine(line, len, error)) return false;
        if (onLine_) onLine_(line, len);
        pending_.clear();
        start = i + 1;
    }
    if (start < n) {
        if (pending_.size() + (n - start) > maxLine) {
            *error = "line " + std::to_string(stream_->lines() + 1) + ": longer than " +
                     std::to_string(maxLine) + " bytes";
            return false;
        }
        pending_.append(data + start, n - start);
    }
    return true;
}

bool LiveConnection::feedLine(const char* line, size_t len, std::string* error) {
    const bool first = stream_->lines() == 0 && segments_ == 1;
    if (stream_->feed(line, len, error)) {
        if (first) header_.assign(line, len);
        return true;
    }
    const TraceLineFault fault = stream_->lastFault();
    if (!onRestart_ || fault == TraceLineFault::Other || header_.empty()) return false;
    const bool newHeader = fault == TraceLineFault::SecondHeader;
    std::string ended;
    stream_->finish(&ended);  // whole lines so far: it ends as a disconnect would
    stream_.emplace(onRestart_(), limits_.trace, records_);
    ++segments_;
    error->clear();
    if (!newHeader) {
        if (!stream_->feed(header_.data(), header_.size(), error)) return false;
        if (onLine_) onLine_(header_.data(), header_.size());
    }
    return stream_->feed(line, len, error);
}

LiveConnection::Status LiveConnection::take(const char* data, size_t n, std::string* error) {
    bytes_ += uint64_t(n);
    lastDataMs_ = nowMs();
    if (bytes_ > limits_.maxBytes)
        return fail("more than " + std::to_string(limits_.maxBytes) +
                        " bytes (the recording's limit: --max-bytes)",
                    error);
    std::string why;
    if (!takeLines(data, n, &why)) return fail(why, error);
    return status_;
}

LiveConnection::Status LiveConnection::ended(std::string* error) {
    if (!pending_.empty())
        return fail("line " + std::to_string(stream_->lines() + 1) + ": the game disconnected " +
                        std::to_string(pending_.size()) +
                        " bytes into the line (a half line; the lines before it are kept)",
                    error);
    if (bytes_ == 0) {
        // Connect and close (`nc -z`, a launcher's port check): not a game, nothing ends.
        status_ = Status::NotAGame;
        net::closeSocket(fd_);
        fd_ = -1;
        return status_;
    }
    std::string why;
    if (!stream_->finish(&why)) return fail(why, error);
    status_ = Status::Ended;
    net::closeSocket(fd_);
    fd_ = -1;
    return status_;
}

LiveConnection::Status LiveConnection::notAGame(const std::string& why, std::string* error) {
    *error = "game at " + peer_ + ": " + why;
    status_ = Status::NotAGame;
    net::closeSocket(fd_);
    fd_ = -1;
    return status_;
}

bool LiveConnection::refusedHttp(const char* data, size_t n, std::string* error) {
    // A trace starts with '{'; a request line with a method (RFC 9110's, and any other
    // upper-case token) and a space. GET is a WebSocket upgrade's, taken elsewhere.
    size_t m = 0;
    while (m < n && m < 16 && data[m] >= 'A' && data[m] <= 'Z') ++m;
    if (m < 3 || m >= n || data[m] != ' ') return false;
    const std::string method(data, m);
    const std::string body = "tilestep: " + method +
                             " is not taken here: a game streams JSON lines or opens a "
                             "WebSocket (GET with Upgrade: websocket)\n";
    net::sendNow(fd_,
                 "HTTP/1.1 405 Method Not Allowed\r\nAllow: GET\r\nConnection: close\r\n"
                 "Content-Type: text/plain\r\nContent-Length: " +
                     std::to_string(body.size()) + "\r\n\r\n" + body);
    notAGame("an HTTP " + method + " request, not a game (answered 405 Method Not Allowed)", error);
    return true;
}

int LiveConnection::idleWait(int waitMs, std::string* error, bool* stalled) {
    const int64_t idle = nowMs() - lastDataMs_;
    if (bytes_ == 0) {
        // Nothing yet: no game until a first byte, and not for long.
        int limit = limits_.firstByteTimeoutMs;
        if (limits_.idleTimeoutMs > 0) limit = std::min(limit, limits_.idleTimeoutMs);
        if (idle >= limit) {
            *stalled = true;
            notAGame("sent nothing for " + seconds(limit) +
                         " after connecting: no game (the slot is free for the next one)",
                     error);
            return 0;
        }
        *stalled = false;
        return int(std::min<int64_t>(waitMs, limit - idle));
    }
    *stalled = limits_.idleTimeoutMs > 0 && idle >= limits_.idleTimeoutMs;
    if (*stalled) {
        fail("no data for " + seconds(limits_.idleTimeoutMs) + " (a stalled game; --idle-timeout)",
             error);
        return 0;
    }
    if (limits_.idleTimeoutMs > 0)
        waitMs = int(std::min<int64_t>(waitMs, limits_.idleTimeoutMs - idle));
    return std::max(0, waitMs);
}

LiveConnection::Status LiveConnection::pollWebSocket(int waitMs, std::string* error) {
    bool stalled = false;
    const int wait = idleWait(waitMs, error, &stalled);
    if (stalled) return status_;
    std::string got, why;
    switch (ws_->read(wait, &got, &why)) {
        case WebSocketReader::Result::Data:
            return take(got.data(), got.size(), error);
        case WebSocketReader::Result::Nothing:
            return status_;
        case WebSocketReader::Result::Closed:
            return ended(error);
        case WebSocketReader::Result::Refused:
            *error = "game at " + peer_ + ": " + why;
            status_ = Status::NotAGame;
            net::closeSocket(fd_);
            fd_ = -1;
            return status_;
        case WebSocketReader::Result::Failed:
            break;
    }
    return fail(why, error);
}

LiveConnection::Status LiveConnection::poll(int waitMs, std::string* error) {
    if (status_ != Status::Open) return status_;
    if (ws_) return pollWebSocket(waitMs, error);
    char buf[1 << 16];
    bool waited = false;
    // A game sending faster than it is parsed still returns control to the caller (the
    // window draws, `record` checks for a second game) every limits_.pollBytes.
    uint64_t taken = 0;
    for (;;) {
        if (taken >= limits_.pollBytes) return status_;
        const long n = net::receiveNow(fd_, buf, sizeof buf);
        if (n > 0) {
            // A browser's WebSocket upgrade request: Beast takes the connection from here.
            if (bytes_ == 0 && n >= 4 && std::memcmp(buf, "GET ", 4) == 0) {
                ws_ = std::make_unique<WebSocketReader>(
                    fd_, std::string(buf, size_t(n)), 4 * limits_.trace.maxLineBytes, limits_.web);
                peer_ += " (WebSocket)";
                return pollWebSocket(waitMs, error);
            }
            if (bytes_ == 0 && refusedHttp(buf, size_t(n), error)) return status_;
            if (take(buf, size_t(n), error) != Status::Open) return status_;
            taken += size_t(n);
            continue;  // drain what is there, then return to the caller
        }
        if (n == 0) return ended(error);
        if (n == -2) return fail("the connection failed (" + net::lastError() + ")", error);
        bool stalled = false;
        const int wait = idleWait(waitMs, error, &stalled);
        if (stalled || waited || wait <= 0) return status_;
        net::waitReadable(fd_, wait);
        waited = true;
    }
}

}  // namespace ts::cli
