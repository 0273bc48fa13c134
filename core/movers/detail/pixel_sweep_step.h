// The pixel sweep's (seed 001) step: one function for the traced and the untraced run.
// Rules: docs/movers/pixel_sweep.md.
#pragma once
#include "movers/pixel_sweep.h"

namespace ts {

class CollisionWorld;
struct Trace;

namespace pixel_sweep {

// The mover's step function (pixel_sweep_step.cpp): with a trace, every leading-edge probe
// is asked one pixel at a time and recorded; without, runs of pixels are answered tile by
// tile. Same code, same decisions, same results.
MoverState step(const void* ctx, const MoverState& s0, InputBits in, const ParamValues& p,
                const CollisionWorld& world, Trace* trace, const StepContext& sc);

}  // namespace pixel_sweep
}  // namespace ts
