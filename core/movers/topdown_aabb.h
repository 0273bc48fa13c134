// Seed 003 movement model: a top-down, Zelda-like box on whole pixels. Four keys, opposite keys
// cancel, 3 px/frame straight and 2 px/frame diagonal, a one-pixel nudge toward a 16-px
// alignment grid while walking along one axis, facing that sticks while its key is held, and a
// pushing flag. Rules, parameters and departures from the seed: docs/movers/topdown_aabb.md.
#pragma once
#include "movers/mover.h"

namespace ts {

extern const MoverInfo kTopDownAabbMover;

// Indices of the model's parameters in ParamValues (the order of its ParamSpec table).
enum TopDownAabbParam : int {
    kTdStraightSpeed = 0,  // px/frame with one axis pressed
    kTdDiagonalSpeed,      // px/frame on each axis with both axes pressed
    kTdPushSpeed,          // px/frame on the frame after one that ended pushing
    kTdAlignGrid,          // px between alignment lines (the box's top-left is aligned)
    kTdNudgeStep,          // px/frame of alignment nudge
    kTdParamCount
};

// State fields the model owns: MoverState::timer is the walk counter (frames with a direction
// pressed, 0 when idle); MoverState::aux is the signed nudge of the last frame in px (on y
// when walking horizontally, on x when walking vertically).

}  // namespace ts
