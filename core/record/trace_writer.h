// The one trace writer, used by `tilestep run` and the debugger's --trace: formats the
// header, actor state lines and probe lines (docs/trace-format.md) into one reused buffer.
// Numbers are exact decimals (Fix). No line builds a temporary string: formatting used to
// cost most of a traced run's time (issue 12).
#pragma once
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "map/map.h"
#include "movers/mover.h"
#include "base/text_buffer.h"
#include "trace/trace.h"
#include "record/recorded_trace.h"
#include "record/trace_format.h"

namespace ts {

class TraceWriter {
  public:
    // The lines written since the last clear(), each ending in '\n'.
    std::string_view text() const { return out_.text(); }
    size_t size() const { return out_.size(); }
    // Forgets the text but keeps the buffer's memory for the next lines.
    void clear() { out_.clear(); }

    void header(const TraceHeader& h);
    // `{"frame":F,"actor":"NAME","x":X,"y":Y,"vx":..,"vy":..,"grounded":..,"facing":..,
    //   "pushing":..,<the model's own fields>}`
    void state(int64_t frame, const std::string& actor, MoverKind kind, const MoverState& s);
    // `{"frame":F,"actor":"NAME","probe":{"kind":..,"verdict":..,"why":..,<by shape>}}`
    void probe(int64_t frame, const std::string& actor, const Probe& p);
    // One frame as `run` prints it: each actor's state line in map order, followed (when
    // `trace` is not null) by that actor's probe lines. Sorts the probes by actor first
    // when they are not grouped already (stable: each actor's keep their order).
    void frame(int64_t frame, const std::vector<Actor>& actors,
               const std::vector<MoverState>& states, Trace* trace);

    // A line read back (JSON lines or .tstrace) as its JSON line: the fields in their order,
    // numbers as their recorded text (what `convert` writes).
    void record(const TraceRecord& r, const std::string& actor);

    // The body of a probe line alone: `{"kind":..,...}` (no newline).
    void probeObject(const Probe& p);

  private:
    char* room(size_t n) { return out_.room(n); }
    void end(char* p) { out_.end(p); }
    char* probeBody(char* p, const Probe& p2);

    TextBuffer out_;  // the lines; the movers' describe functions append to it too
};

// A JSON object per call, without a newline (tests and tools that want one line).
std::string stateJsonLine(int64_t frame, const std::string& actor, MoverKind kind,
                          const MoverState& s);
// `{"kind":"point","verdict":"hit","why":"climb","x":1,"y":2}` (fields depend on the shape).
std::string probeJson(const Probe& p);

}  // namespace ts
