// `record --listen` and `view --listen` are not supported on Windows yet: the listener is
// POSIX sockets (poll, Unix sockets, accept4) and Boost.Beast over a dup'ed descriptor
// (trace_listener_posix.cpp). Here the address is taken as given and opening it fails with a
// clear message, so both commands end with exit 1 before any game could connect; the
// connection side is never reached and only says so.
#include "trace_listener.h"

namespace ts::cli {

namespace {

const char kNotSupported[] = "not supported on Windows yet (docs/windows.md)";

}  // namespace

bool parseListenAddress(const std::string& text, ListenAddress* out, std::string* error) {
    *out = ListenAddress{};
    if (text.empty()) {
        *error = "--listen: expected HOST:PORT (127.0.0.1:5555) or PORT, got ''";
        return false;
    }
    out->host = text;
    return true;
}

TraceListener::~TraceListener() = default;

bool TraceListener::open(const ListenAddress& address, std::string* error) {
    *error = "--listen " + address.host + ": " + kNotSupported;
    return false;
}

int TraceListener::accept(int, std::string*, std::string* error) {
    *error = std::string("--listen: ") + kNotSupported;
    return -1;
}

void refuseConnection(int, const std::string&) {}

LiveConnection::LiveConnection(int fd, std::string peer, RecordedTrace* out,
                               const LiveLimits& limits, LineSink onLine, TraceRecordSink records)
    : fd_(fd),
      peer_(std::move(peer)),
      limits_(limits),
      stream_(out, limits.trace, std::move(records)),
      onLine_(std::move(onLine)) {}

LiveConnection::~LiveConnection() = default;

LiveConnection::Status LiveConnection::poll(int, std::string* error) {
    *error = "game at " + peer_ + ": " + kNotSupported;
    status_ = Status::Failed;
    return status_;
}

}  // namespace ts::cli
