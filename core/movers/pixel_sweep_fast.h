// The pixel sweep's (seed 001) step without a trace: the same rules and results as the
// per-pixel step in pixel_sweep.cpp, with runs of pixels answered tile by tile
// (pixel_sweep_grid.h). Rules: docs/movers/pixel_sweep.md.
#pragma once
#include "pixel_sweep.h"

namespace ts {

class CollisionWorld;

namespace pixel_sweep {

// Steps s0 into *out and returns true; returns false (and leaves *out alone) when the actor's
// box is empty or not inside the map, which only the per-pixel step handles.
bool fastStep(const MoverState& s0, InputBits in, const ParamValues& p, const CollisionWorld& world,
              MoverState* out);

}  // namespace pixel_sweep
}  // namespace ts
