// The built-in movers' field lists: which own state fields each built-in has, in what order,
// from which MoverState members (pixel_sweep: air_frames, remainder_x, remainder_y...), for
// any writer with intField and fixField. Each mover's describe hands them to ModelFields
// (movers/model_fields.h, the fields as values and text, for every mover), and the JSON and
// .tstrace writers write them straight into their output, without an indirect call and a
// ModelFields call per field (issue 19). One list per mover, so that all of them say the
// same (test_trace_writer checks it). Plugins have no list here: their describe is the list.
#pragma once
#include "base/fixed.h"
#include "movers/mover.h"

namespace ts {

template <class Out>
void pixelSweepFields(const MoverState& s, Out& out) {
    out.intField("air_frames", s.timer);
    out.fixField("remainder_x", s.x.frac());
    out.fixField("remainder_y", s.y.frac());
}

template <class Out>
void topdownAabbFields(const MoverState& s, Out& out) {
    out.intField("walk", s.timer);
    out.intField("nudge", s.aux);
}

template <class Out>
void scanlineSlideFields(const MoverState& s, Out& out) {
    out.intField("blocked_scanlines", s.timer);
    out.fixField("slide", Fix::fromRaw(s.aux));
}

}  // namespace ts
