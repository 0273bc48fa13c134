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

// Adds JSON lines to a trace as they come (a live stream): the header first, then any
// lines; each accepted line is appended to *out at once (or given to `sink`, when set: *out
// then gets the header and the actors only).
class TraceParser;
class TraceLineReader {
  public:
    TraceLineReader(RecordedTrace* out, const TraceLimits& limits = {},
                    TraceRecordSink sink = nullptr);
    ~TraceLineReader();
    // One line without its '\n'. False with *error ("line 3: field \"x\": ...").
    bool line(const char* s, size_t n, std::string* error);
    // No more lines: false with *error when there was no header.
    bool finish(std::string* error);
    int64_t lines() const { return lineNo_; }

  private:
    RecordedTrace* out_;  // null when a sink takes the lines (their strings are not kept)
    TraceLimits limits_;
    std::unique_ptr<TraceParser> parser_;
    int64_t lineNo_ = 0;
};

// Parses a trace as its bytes arrive (a game streaming to `tilestep record --listen` or
// `view --listen`): each line goes through a TraceLineReader as soon as its '\n' arrives, so
// the caller sees the frames grow; at most one unfinished line (limits.maxLineBytes) is held.
// Errors are "line L: ..." without a source name (the caller names the connection).
class TraceStream {
  public:
    explicit TraceStream(RecordedTrace* out, const TraceLimits& limits = {},
                         TraceRecordSink sink = nullptr);

    bool feed(const char* data, size_t n, std::string* error);
    // The stream ended: an unfinished line is an error (the sender stopped mid-line).
    bool finish(std::string* error);
    // Lines taken so far, and the bytes of the unfinished one.
    int64_t lines() const { return reader_.lines(); }
    size_t pendingBytes() const { return pending_.size(); }

  private:
    bool take(const char* s, size_t n, std::string* error);
    bool tooLong(std::string* error) const;

    TraceLineReader reader_;
    size_t maxLine_;
    std::string pending_;
};

}  // namespace ts
