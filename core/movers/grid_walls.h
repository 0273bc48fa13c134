// Seed 002 movement model: a round actor among walls on grid edges. The centre moves in
// exact fixed point and may not come closer than a band (default 1/4 cell) to any wall line;
// regions a/b/c and the seed's per-region rules decide which axis a wall stops. Rules,
// parameters and departures from the seed: docs/movers/grid_walls.md.
#pragma once
#include "movers/mover.h"

namespace ts {

extern const MoverInfo kGridWallsMover;

// Indices of the model's parameters in ParamValues (the order of its ParamSpec table).
enum GridWallsParam : int {
    kGwSpeed = 0,          // cells/frame along each pressed axis (before normalising)
    kGwBand,               // cells: half-width of a wall line's forbidden band
    kGwNormalizeDiagonal,  // 0/1: diagonal input moves speed / sqrt(2) on each axis
    kGwParamCount
};

// State fields the model owns: MoverState::x, y are the centre in px; vx, vy the distance
// actually moved in the last frame (px); aux holds the axes stopped in the last frame (bit 0
// x, bit 1 y) and, in bits 2-3, the class of the region the centre ended in (0 a, 1 b, 2 c).
// timer is unused (0).
constexpr int32_t kGwAuxBlockedX = 1, kGwAuxBlockedY = 2, kGwAuxRegionShift = 2;

}  // namespace ts
