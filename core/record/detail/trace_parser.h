// The checks every trace reader shares (JSON lines, .tstrace, a live stream): the header,
// actors by name, frames that never go back, one state line per actor and frame, the
// limits; each accepted line goes to a sink as a TraceRecord, so that nothing needs the
// whole trace in memory. Problems come back without a location; the caller adds its own
// ("line 3: ", "offset 120: ").
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "base/json_line.h"
#include "record/recorded_trace.h"
#include "record/trace_reader.h"

namespace ts {

class TraceParser {
  public:
    // The sink may take the record's contents (swap them out): the parser refills it.
    using Sink = std::function<void(TraceRecord&)>;
    // Header and actors go to *meta (its frames are not touched); records to sink.
    TraceParser(RecordedTrace* meta, const TraceLimits& limits, Sink sink)
        : meta_(meta), limits_(limits), sink_(std::move(sink)) {}

    // One JSON line without its '\n', line number lineNo. False with *error ("line 3: ...").
    bool line(const char* s, size_t n, int64_t lineNo, std::string* error);
    // False with *error when no header was read.
    bool finish(std::string* error);

    // The header as parsed from JSON text (also a .tstrace's). "" or the problem.
    std::string header(const JsonValue& v);
    // The actor named `name`, added when new. -1 with *problem past the limit.
    int actorIndex(const std::string& name, std::string* problem);
    // Checks a record whose actor index is set and passes it on. "" or the problem.
    std::string accept(TraceRecord& r);

    bool sawHeader() const { return sawHeader_; }
    // What the last refused line was (set by line(); Other when it was accepted).
    TraceLineFault fault() const { return fault_; }
    // The line the next accepted record is on (a .tstrace counts its records as lines).
    void setLine(int64_t line) {
        line_ = line;
        meta_->lines = line;
    }

  private:
    std::string record(const JsonValue& v);
    bool fastRecord(const char* s, size_t n, std::string* problem);
    std::string finishRecord(const std::string& name, bool probe);
    std::string probeLine(const JsonValue& line, const JsonValue& p, int actor);
    std::string stateLine(const JsonValue& v, int actor);
    std::string headerActors(const JsonValue& list);
    std::string addActor(const TraceActorInfo& info);

    RecordedTrace* meta_;
    TraceLimits limits_;
    Sink sink_;
    bool sawHeader_ = false;
    int64_t line_ = 0;
    int64_t probes_ = 0;
    int64_t frames_ = 0;
    int64_t lastFrame_ = -1;
    TraceLineFault fault_ = TraceLineFault::Other;
    std::vector<int64_t> stateFrame_;  // per actor: the frame of its last state line
    TraceRecord scratch_;
    std::string why_;
    std::string name_;
    const JsonValue* lineJson_ = nullptr;  // the line finishRecord reads, null for a fast line
    const JsonValue* probeJson_ =
        nullptr;  // the last probe's text (a record's why points here until the next)
};

}  // namespace ts
