// A trace as its bytes arrive over a socket (a game streaming to `tilestep record --listen` or
// `view --listen`): the bytes are cut into lines, each parsed at once (the sockets themselves
// are app/cli's: core only parses the bytes).
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "record/recorded_trace.h"
#include "record/trace_reader.h"

namespace ts {

// Where a reader's accepted lines go when not into a RecordedTrace (`record --listen` only
// counts them: its file already holds the lines).
using TraceRecordSink = std::function<void(TraceRecord&)>;

class TraceParser;

// Parses a trace as its bytes arrive (a game streaming to `tilestep record --listen` or
// `view --listen`): each line is parsed as soon as its '\n' arrives and appended to *out at
// once (or given to `sink`, when set: *out then gets the header and the actors only), so the
// caller sees the frames grow; at most one unfinished line (limits.maxLineBytes) is held.
// Errors are "line L: ..." without a source name (the caller names the connection).
class TraceStream {
  public:
    explicit TraceStream(RecordedTrace* out, const TraceLimits& limits = {},
                         TraceRecordSink sink = nullptr);
    ~TraceStream();

    bool feed(const char* data, size_t n, std::string* error);
    // The stream ended: an unfinished line is an error (the sender stopped mid-line).
    bool finish(std::string* error);
    // Lines taken so far, and the bytes of the unfinished one.
    int64_t lines() const { return lineNo_; }
    size_t pendingBytes() const { return pending_.size(); }
    // What the last refused line was: a restart's (a frame gone back, a second header).
    TraceLineFault lastFault() const;

  private:
    // One whole line without its '\n'.
    bool line(const char* s, size_t n, std::string* error);
    bool take(const char* s, size_t n, std::string* error);
    bool tooLong(std::string* error) const;

    RecordedTrace* out_;  // null when a sink takes the lines (their strings are not kept)
    TraceLimits limits_;
    std::unique_ptr<TraceParser> parser_;
    int64_t lineNo_ = 0;
    std::string pending_;
};

}  // namespace ts
