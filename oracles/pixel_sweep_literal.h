// The seed-001 sweep written literally: one pixel at a time, every candidate position asked
// about with one full-box collision query (FlashPunk's collideTypes), with this model's
// rules. Not part of core: it is the 1-px reference the property tests compare
// the shipped sweep with, and the baseline the benchmark measures it against.
#pragma once
#include "world/collision.h"
#include "movers/mover.h"
#include "trace/trace.h"

namespace ts::pixel_sweep {

// The box before and after a one-pixel step by (dx, dy), together.
RectI sweptStep(const RectI& r, int64_t dx, int64_t dy);
uint8_t dirOf(int64_t dx, int64_t dy);
// Full-box question: is the one-pixel step of box r by (dx, dy) blocked?
bool fullBoxBlocked(const CollisionWorld& w, const RectI& r, int64_t dx, int64_t dy);
// One frame of the literal sweep; velocities and jump come from the shipped beginFrame.
MoverState literalStep(const MoverState& s0, InputBits in, const ParamValues& p,
                       const CollisionWorld& w);
// The same frame, recording every full-box question as the shipped traced step shows its
// probes: the leading edge of the step, hit or miss, and why it was asked (step, descend,
// climb, corner, ground).
MoverState literalStepTraced(const MoverState& s0, InputBits in, const ParamValues& p,
                             const CollisionWorld& w, Trace& trace);

}  // namespace ts::pixel_sweep
