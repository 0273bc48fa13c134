// The trace readers' state-line fields: what the fields every state line has mean for
// drawing (x, y, vx, vy, grounded, facing, pushing, w, h), checked once for every reader
// (JSON lines, .tstrace, RecordedTrace's own frames), and the exact number text those
// readers accept. Not a mover's own fields (air_frames, walk...: movers/model_fields.h):
// a reader keeps those as the TraceFields it read, whatever the mover.
#pragma once
#include <string>
#include <vector>

#include "movers/mover.h"
#include "record/recorded_trace.h"

namespace ts {

// Fills *st from the fields (st->w, st->h preset to the actor's size). Returns "" or the
// problem: `field "x": missing`, `field "facing": expected "left", ...`.
std::string stateFromFields(const std::vector<TraceField>& fields, MoverState* st);

// A field's type as the JSON reader names it ("a number", "a string", ...).
const char* traceFieldTypeName(TraceField::Type t);

// A number exactly as writeInt / writeFix print it (no exponent, no leading or trailing
// zeros, below 2^46) to its raw 1/65536 value; false for any other text. No division wider
// than 64 bits: the writer and the readers run it for every number of a trace.
bool canonicalFixText(const char* s, size_t n, int64_t* raw);
// The same for the number at the start of s (up to the first character no number has),
// its length in *used: a reader finds where a number ends and what it is in one pass.
bool canonicalFixPrefix(const char* s, size_t n, size_t* used, int64_t* raw);

// The exact text tilestep writes for a number (Fix::str without a temporary).
bool isCanonicalFix(const TraceField& f);

}  // namespace ts
