// Seed 002 movement model. STAND-IN until issue 3 lands its real rules.
#pragma once
#include "../mover.h"

namespace ts {

extern const MoverInfo kGridWallsMover;

}  // namespace ts
