// `tilestep check MAP TRACE`: the snag hunt's detectors (hunt.h SnagDetectors) over a trace
// recorded from any engine (`tilestep record`, TILESTEP_TRACE, `run --trace`), read one line at
// a time through core/record's TraceSource. Nothing is simulated, so findings are the recorded
// frames themselves: not shrunk, no input log.
//
// Each trace actor is matched to the map's actor of the same name (its mover, parameters and
// the map's collision world judge the steps); actors the map does not have are skipped with a
// note. Frame F's step is judged from the actor's state line of the frame before (F-1) to its
// line of frame F; a gap in an actor's frames starts its detectors afresh.
//
// Keys: a state line's own "keys" field when the trace has one (a string "R,J" as input logs
// write keys, or the KEY_* bit mask as a number). Without it they are inferred per line (see
// inferTraceKeys), which cannot tell a released key from a ghost stop: docs/hunt.md says what
// each detector can then find.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "hunt/hunt.h"
#include "record/recorded_trace.h"

namespace ts {

class TraceSource;

struct TraceCheckResult {
    std::vector<SnagFinding> findings;  // sorted as the hunt's (kind, actor, frame)
    int64_t frames = 0;                 // state lines judged (steps)
    size_t actorsMatched = 0;           // trace actors found in the map
    bool keysRecorded = false;          // some line had a "keys" field
    bool keysInferred = false;          // some line had none
    std::vector<std::string> notes;     // "actor 'x' is not in MAP: skipped"
};

// The keys a state line implies when it has no "keys" field: toward each side the line's
// velocity points (vx < 0: L, vx > 0: R; vy likewise U / D, only for a model without gravity),
// plus the facing direction when `pushing` is set (pressing into something while not moving).
// Jump is never inferred.
InputBits inferTraceKeys(const MoverState& s, bool gravity);

// The "keys" field of a state line: true and *keys when present; *error when malformed.
bool traceLineKeys(const RecordedState& st, InputBits* keys, bool* present, std::string* error);

// Reads `src` (named `traceName` in errors) to its end. `kinds`: the detectors to run; `actors`:
// empty = every one. False with *error on a bad trace (the reader's "PATH: line N: ..."), a bad
// "keys" field, or an actor name in `actors` that the trace does not have.
bool checkTrace(const Map& map, TraceSource& src, const std::string& traceName, uint32_t kinds,
                const std::vector<std::string>& actors, TraceCheckResult* out, std::string* error);

}  // namespace ts
