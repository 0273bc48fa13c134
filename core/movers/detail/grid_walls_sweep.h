// The grid-walls model's move for one frame: the centre travels along one axis or along an
// exact diagonal (equal raw distance on both axes) and is stopped region by region.
//
// The move is split at every region boundary it reaches (the sub-steps), so no band is ever
// crossed unchecked, whatever the speed; the seed checks only the destination. Entering a
// region that regionForbidden() reports applies the seed's rule for that region: the axis
// that crossed into it stops at the last position before the boundary and the other axis
// goes on. When both axes cross at the same raw unit (a diagonal hitting a grid crossing
// exactly) the two single-axis results are re-validated and the free one is kept; when
// both are free, the seed's random choice is replaced by: stop vertical travel when a
// horizontal wall meets the crossing, else stop horizontal travel.
#pragma once
#include <cstdint>

#include "world/collision.h"
#include "trace/trace_policy.h"
#include "movers/grid_walls_region.h"

namespace ts::grid_walls {

enum BlockedAxis : int32_t { kBlockedX = 1, kBlockedY = 2 };

struct SweepResult {
    int64_t x = 0, y = 0;  // raw px
    int32_t blocked = 0;   // BlockedAxis bits
};

// Moves the centre (x, y) by dist raw px on each axis with a sign in sx / sy (-1, 0, 1).
// A start in a forbidden region (spawned there, or the band grew) may move inside that
// region and leave it, never enter another forbidden one; on an axis where that region is a
// band it may only move away from the band's line ("escape_x" / "escape_y" stops), so no
// wall is ever crossed. Through the trace policy (core/trace/trace_policy.h; instantiated for
// NoTrace and WithTrace), each stop records an Arrow (Block) from the last free position to
// the refused one with the rule in `why`, and each re-validation an Arrow (Pass/Block)
// "recheck_x" (keep x) or "recheck_y" (keep y).
template <class T>
SweepResult sweep(T tr, const CollisionWorld& world, const Lattice& l, int64_t x, int64_t y, int sx,
                  int sy, int64_t dist);

extern template SweepResult sweep(NoTrace, const CollisionWorld&, const Lattice&, int64_t, int64_t,
                                  int, int, int64_t);
extern template SweepResult sweep(WithTrace, const CollisionWorld&, const Lattice&, int64_t,
                                  int64_t, int, int, int64_t);

}  // namespace ts::grid_walls
