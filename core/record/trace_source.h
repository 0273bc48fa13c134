// A trace file read one line (record) at a time, JSON lines or .tstrace alike, so that
// `tilestep diff` and `convert` hold one frame, not the whole trace (issue 21). The header is
// read when the source opens; actors met in lines are added to meta() as they come.
#pragma once
#include <cstdint>
#include <memory>
#include <string>

#include "record/recorded_trace.h"
#include "record/trace_reader.h"

namespace ts {

class TraceSource {
  public:
    virtual ~TraceSource() = default;
    // The header, the actors so far and the line count so far.
    const RecordedTrace& meta() const { return meta_; }
    // The next record into *r: 1; 0 at the end; -1 with *error ("PATH: line 3: ...").
    virtual int next(TraceRecord* r, std::string* error) = 0;
    virtual bool compact() const = 0;  // a .tstrace

  protected:
    RecordedTrace meta_;
};

// Opens `path` (`name` in errors) and reads its header. Null with *error.
std::unique_ptr<TraceSource> openTraceSource(const std::string& path, std::string* error,
                                             const TraceLimits& limits = {});
// The same over text in memory (JSON lines or .tstrace bytes).
std::unique_ptr<TraceSource> traceSourceFromText(const std::string& text, const std::string& name,
                                                 std::string* error,
                                                 const TraceLimits& limits = {});

}  // namespace ts
