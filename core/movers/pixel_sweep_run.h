// Leading-edge queries for the pixel sweep (seed 001): how far a box can move one pixel at a
// time before something stops it, answered tile by tile (one byte per tile, from
// CollisionWorld::cellBits) instead of pixel by pixel. The mover itself uses the inline,
// per-direction versions in pixel_sweep_grid.h; these are the same answers for any box.
#pragma once
#include <cstdint>

#include "../collision.h"
#include "../geom.h"

namespace ts {

// Number of one-pixel steps (0..maxSteps) that `box` can take in `travel` (one Dir bit)
// before a step is blocked, with exactly the answer of stepping one pixel at a time and
// asking CollisionWorld::rectBlocked(swept, travel) for each step, where `swept` is the box
// before and after the step together. (For boxes at least 2 px long in the travel direction
// that is the same as asking about the moved box alone; a 1-px box would otherwise slip
// through an edge wall, which is never strictly inside it.)
// Precondition: the box itself is free (inside the map, rectOverlapsSolid false, no wall
// crossing it); a box that is not inside the map gets 0. It only looks at what the box's
// leading edge enters, one tile at a time, so a long free stretch costs O(tiles); brushes
// are searched only when a tile on the way is marked as touched by one.
int64_t sweepFreeRun(const CollisionWorld& world, const RectI& box, uint8_t travel,
                     int64_t maxSteps);

// sweepFreeRun(world, box, travel, 1) == 0, the single step most probes ask about, without
// the run's bookkeeping: only the tiles of the leading edge are read.
bool sweepStepBlocked(const CollisionWorld& world, const RectI& box, uint8_t travel);

// Number of one-pixel horizontal steps (0..maxSteps, sign of `dir` = +1 right, -1 left)
// after each of which the box one pixel lower is certainly blocked for DIR_DOWN, judged only
// from whole tiles (solid, bottom rows of slopes, one-way tops, horizontal walls) under the
// box. A conservative lower bound: the exact answer may be larger (brushes, partial
// slopes), never smaller. Lets the walking sweep skip its per-pixel ground probes on flat
// floors.
int64_t sweepSupportRun(const CollisionWorld& world, const RectI& box, int dir, int64_t maxSteps);

}  // namespace ts
