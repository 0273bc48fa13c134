// The spawn as the debugger shows it and breakpoints compare it. A mover learns what its
// actor stands on only by stepping, so a spawn state says "not grounded" even on the floor
// and "grounded changes" would fire on the first step of every play. The state shown at
// position 0 takes the flag from one step without keys that leaves the actor on its pixel;
// the simulation itself (and every trace) still starts from the spawn as it is.
#pragma once
#include "movers/mover.h"
#include "world/collision.h"

namespace ts {

MoverState spawnAsShown(MoverKind mover, const MoverState& spawn, const ParamValues& params,
                        const CollisionWorld& world);

}  // namespace ts
