// What a state line's fields mean for drawing (x, y, vx, vy, grounded, facing, pushing, w,
// h), checked once for every reader (JSON lines, .tstrace, RecordedTrace's own frames).
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

// The exact text tilestep writes for a number (Fix::str without a temporary).
bool isCanonicalFix(const TraceField& f);

}  // namespace ts
