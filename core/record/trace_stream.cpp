// TraceStream (record/trace_stream.h): a live stream's bytes cut into lines as they arrive.
#include "record/trace_stream.h"

#include <cstring>

#include "record/detail/trace_parser.h"

namespace ts {

TraceStream::TraceStream(RecordedTrace* out, const TraceLimits& limits, TraceRecordSink sink)
    : out_(sink ? nullptr : out),
      limits_(limits),
      parser_(std::make_unique<TraceParser>(
          out, limits,
          sink ? TraceParser::Sink(std::move(sink))
               : TraceParser::Sink([out](TraceRecord& r) { out->append(r); }))) {
    *out = RecordedTrace{};  // the parser only keeps the pointer: nothing written yet
}

TraceStream::~TraceStream() = default;

bool TraceStream::feed(const char* data, size_t n, std::string* error) {
    size_t start = 0;
    for (const char* nl; start < n && (nl = static_cast<const char*>(
                                           std::memchr(data + start, '\n', n - start)));) {
        const size_t end = size_t(nl - data);
        if (!take(data + start, end - start, error)) return false;
        start = end + 1;
    }
    if (start < n) {
        // Bounded before it is held: a flooding sender without '\n' never grows memory.
        if (pending_.size() + (n - start) > limits_.maxLineBytes) return tooLong(error);
        pending_.append(data + start, n - start);
    }
    return true;
}

bool TraceStream::line(const char* s, size_t n, std::string* error) {
    if (!parser_->line(s, n, ++lineNo_, error)) return false;
    if (out_ && out_->stringMemory() > limits_.maxStringMemory) {
        *error = "line " + std::to_string(lineNo_) + ": " + stringMemoryProblem(limits_);
        return false;
    }
    return true;
}

bool TraceStream::take(const char* s, size_t n, std::string* error) {
    if (pending_.empty()) return n > limits_.maxLineBytes ? tooLong(error) : line(s, n, error);
    if (pending_.size() + n > limits_.maxLineBytes) return tooLong(error);
    pending_.append(s, n);
    std::string whole;
    whole.swap(pending_);
    return line(whole.data(), whole.size(), error);
}

bool TraceStream::tooLong(std::string* error) const {
    *error = "line " + std::to_string(lines() + 1) + ": longer than " +
             std::to_string(limits_.maxLineBytes) + " bytes";
    return false;
}

TraceLineFault TraceStream::lastFault() const {
    return parser_->fault();
}

bool TraceStream::finish(std::string* error) {
    if (!pending_.empty()) {
        *error = "line " + std::to_string(lines() + 1) + ": the stream ended " +
                 std::to_string(pending_.size()) + " bytes into the line (no '\\n': a half line)";
        return false;
    }
    return parser_->finish(error);
}

}  // namespace ts
