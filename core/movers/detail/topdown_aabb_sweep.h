// Whole-pixel box movement for the top-down AABB model (seed 003): the exact sweep that stops
// at the first blocking pixel, and the seed's border probes. Every question goes through
// CollisionWorld::rectBlocked with the direction of travel, so solid tiles, slopes (as
// solid), brushes, edge walls and one-way tiles all block the way the collision layer says.
#pragma once
#include <cstdint>

#include "world/collision.h"
#include "base/geom.h"
#include "trace/trace_policy.h"

namespace ts::topdown {

// The actor's box on whole pixels.
struct Box {
    int64_t x = 0, y = 0, w = 1, h = 1;
    RectI rect() const { return RectI{x, y, w, h}; }
};

// One pixel of travel in direction d (a single Dir bit).
Box shifted(const Box& b, uint8_t d, int64_t px);

// The box's outermost pixel line on side d plus the line just beyond it. For a box that does
// not overlap solid, rectBlocked(leadingStrip(b, d), d) equals rectBlocked(shifted(b, d, 1),
// d) (the inner line is free, and a wall on the side's grid line crosses the strip's
// interior), but it touches fewer tiles.
RectI leadingStrip(const Box& b, uint8_t d);

// The seed's border probe on side d: the middle pixel (the two middle pixels for an even
// size, so that the probe mirrors exactly) of the side's outermost line plus the pixel beyond.
RectI probeRect(const Box& b, uint8_t d);
// The pixel just outside side d at the middle (the first middle pixel for even sizes): where
// the probe is drawn.
void probePixel(const Box& b, uint8_t d, int64_t* x, int64_t* y);

// Moves b up to `dist` whole pixels in direction d, one pixel at a time, and stops before the
// first pixel whose leading strip is blocked: exact at any distance, no tunnelling. Returns
// the pixels moved. Through the trace policy (core/trace/trace_policy.h; instantiated for NoTrace
// and WithTrace), a stop records the geometry that stopped it (Rect, hit, "blocker").
template <class T>
int64_t sweep(T tr, Box& b, uint8_t d, int64_t dist, const CollisionWorld& world);

extern template int64_t sweep(NoTrace, Box&, uint8_t, int64_t, const CollisionWorld&);
extern template int64_t sweep(WithTrace, Box&, uint8_t, int64_t, const CollisionWorld&);

// Records the rectangles that block the strip for travel d: solid and slope tiles, brushes
// and walls from CollisionWorld::collectSolids, plus one-way tiles that refuse d.
void emitBlockers(WithTrace tr, const RectI& strip, uint8_t d, const CollisionWorld& world);

}  // namespace ts::topdown
