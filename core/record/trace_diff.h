// The first place where two recorded traces diverge (`tilestep diff`): frame by frame, each
// actor's state fields (actors matched by name) then its probes in order. The headers are
// not compared: the same run of a map saved under two names is the same run. diffTraces
// reads both a frame at a time: memory does not grow with the traces' length.
#pragma once
#include <cstdint>
#include <string>

#include "record/trace_reader.h"
#include "record/trace_source.h"

namespace ts {

struct TraceDifference {
    bool same = true;
    int64_t frameIndex = -1;       // index in the frames vectors (-1: none)
    int64_t frame = -1;            // the frame number the difference is in (A's, else B's)
    std::string actor;             // "" when the difference is not an actor's
    std::string field;             // "x", "probe 3.kind", "frames", ...
    std::string a, b;              // the values as written ("(none)" when missing)
    int64_t lineA = 0, lineB = 0;  // where, when the values come from lines
};

TraceDifference firstDifference(const RecordedTrace& a, const RecordedTrace& b);

// The same over two sources read to the end (a bad line anywhere is an error, A's first as
// if A were read whole before B). *frames: A's frame count. False with *error.
bool diffTraces(TraceSource& a, TraceSource& b, TraceDifference* out, int64_t* frames,
                std::string* error);

}  // namespace ts
