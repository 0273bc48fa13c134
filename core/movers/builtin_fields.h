// The own state fields of the built-in movers whose fields are numbers (what their describe
// gives), for any writer with intField and fixField: each mover's describe hands them to
// ModelFields, and the JSON trace writer writes them straight into its line, without an
// indirect call and a ModelFields call per field (issue 19). One list per mover, so that
// both say the same.
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
