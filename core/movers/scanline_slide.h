// Seed 004 movement model: scanlines across the leading edge, a shrink tolerance, a pass
// rate and sliding toward the free side (Bomberman-like, top-down). Rules, parameters and
// departures from the seed: docs/movers/scanline_slide.md.
#pragma once
#include "movers/mover.h"

namespace ts {

extern const MoverInfo kScanlineSlideMover;

// Indices into the model's ParamValues (order of the ParamSpec table).
enum ScanlineSlideParam : int {
    kSsSpeed = 0,    // px/frame on each pressed axis
    kSsShrink,       // px the leading edge is shrunk by at each end (the tolerance)
    kSsStepCount,    // gaps between scanlines: step_count + 1 scanlines
    kSsMovableRate,  // pass rate (free / total) needed to slide
    kSsSliding,      // 0/1
    kSsSlideCap,     // px/frame, the most a slide moves in one frame
    kSsParamCount
};

}  // namespace ts
