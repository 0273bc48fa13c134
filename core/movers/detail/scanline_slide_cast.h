// Seed 004's scanline cast for one sub-step of one axis: which of the scanlines across the
// box's leading edge (shrunk by the shrink size) run into something, and how far the box may
// go. The mover (scanline_slide.cpp) turns this into moves and slides.
//
// Geometry, in the axes of the move: "main" is the axis of travel, "perp" the other one.
// The shrunk edge is the perp interval [lo, hi) = [perp + shrink, perp + perpSize - shrink).
// Scanlines sit at lo + i * (hi - lo) / gaps, i = 0..gaps (both ends included, as the
// seed's loop). Obstacles are blocked cells (CollisionWorld::cellBlocked for the direction
// of travel; slopes count as solid cells), edge walls (lines) and brushes (rectangles)
// inside the swept area. Every obstacle blocks at least one scanline; see castEdge.
#pragma once
#include <cstdint>

#include "world/collision.h"
#include "base/fixed.h"
#include "trace/trace_policy.h"

namespace ts::scanline_slide {

constexpr int kMaxGaps = 31;  // at most 32 scanlines: one bit each in EdgeCast::blockedMask

struct EdgeSweep {
    bool vertical = false;  // true: the box moves along y; false: along x
    Fix from, to;           // main coordinate of the box (its top-left) before and after;
                            // from != to and |to - from| <= one tile
    int32_t mainSize = 0;   // box size along the move
    Fix perp;               // perp coordinate of the box (its top-left)
    int32_t perpSize = 0;
    Fix shrink;    // 0 <= 2 * shrink < min(mainSize, perpSize) (the mover clamps it)
    int gaps = 3;  // 1..kMaxGaps; gaps + 1 scanlines
};

// The verdict of one cast. Only the obstacles at the stop (the nearest contact) block
// scanlines; anything further along the same sub-step waits for a later cast.
struct EdgeCast {
    int total = 0;             // scanlines cast (gaps + 1)
    int blocked = 0;           // how many of them are blocked at the stop
    uint32_t blockedMask = 0;  // bit i: scanline i (counted from lo) is blocked
    bool hit = false;          // something is in the way (then blocked > 0 and stop != to)
    Fix stop;                  // main coordinate the box may reach: `to` when nothing is hit
    // Where the obstacles at the stop lie across the edge, judged by the middle of the part
    // of each that overlaps [lo, hi): toward lo (low), toward hi (high) or exactly centred.
    bool low = false, high = false, centred = false;
    // Perp distances that take [lo, hi) clear of every low obstacle at the stop by moving
    // toward +perp, or of every high one by moving toward -perp.
    Fix clearLow, clearHigh;
};

// Casts the scanlines of one sub-step. Through the trace policy (core/trace/trace_policy.h;
// instantiated for NoTrace and WithTrace), records one Segment per scanline (pass or block,
// why "scanline") from the current leading edge to the destination one.
template <class T>
EdgeCast castEdge(T tr, const CollisionWorld& world, const EdgeSweep& sweep);

extern template EdgeCast castEdge(NoTrace, const CollisionWorld&, const EdgeSweep&);
extern template EdgeCast castEdge(WithTrace, const CollisionWorld&, const EdgeSweep&);

// Perp position of scanline i, for drawing (rounded to 1/65536 px toward the edge's middle).
Fix scanlinePos(const EdgeSweep& sweep, int i);

}  // namespace ts::scanline_slide
