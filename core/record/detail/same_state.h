// Whether two states are equal, slot by slot: MoverState's == compares `vars` as a
// std::array, a memcmp call, and the trace writers compare every actor's state with its
// last line's.
#pragma once
#include "movers/mover.h"

namespace ts {

inline bool sameState(const MoverState& a, const MoverState& b) {
    return a.x == b.x && a.y == b.y && a.vx == b.vx && a.vy == b.vy && a.w == b.w && a.h == b.h &&
           a.facing == b.facing && a.grounded == b.grounded && a.pushing == b.pushing &&
           a.timer == b.timer && a.aux == b.aux && a.vars[0] == b.vars[0] &&
           a.vars[1] == b.vars[1] && a.vars[2] == b.vars[2] && a.vars[3] == b.vars[3];
}

}  // namespace ts
