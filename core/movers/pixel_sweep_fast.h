// The pixel sweep's (seed 001) step without a trace: the same rules and results as the
// per-pixel step in pixel_sweep.cpp, with runs of pixels answered tile by tile
// (pixel_sweep_grid.h). Rules: docs/movers/pixel_sweep.md.
#pragma once
#include "pixel_sweep.h"

namespace ts {

class CollisionWorld;
struct Trace;

namespace pixel_sweep {

// The mover's step function: with a trace, pixelStep; without, the runs. An actor whose box
// is empty or not inside the map also goes to pixelStep.
MoverState step(const MoverState& s0, InputBits in, const ParamValues& p,
                const CollisionWorld& world, Trace* trace);

// The step one pixel at a time, every probe traced when `trace` is not null
// (pixel_sweep.cpp).
MoverState pixelStep(const MoverState& s0, InputBits in, const ParamValues& p,
                     const CollisionWorld& world, Trace* trace);

}  // namespace pixel_sweep
}  // namespace ts
