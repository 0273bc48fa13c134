// TEMPORARY stand-in step used by the movers until their real models land (issue 3).
// Moves the box 1 px at a time in the input direction at `speed` px/frame, stopping at
// anything rectBlocked reports. Delete once no mover includes it.
#pragma once
#include "../collision.h"
#include "../geom.h"
#include "../mover.h"
#include "../trace.h"

namespace ts {

inline MoverState standInStep(const MoverState& s0, InputBits in, Fix speed,
                              const CollisionWorld& world, Trace* trace) {
    MoverState s = s0;
    int dx = ((in & KEY_R) ? 1 : 0) - ((in & KEY_L) ? 1 : 0);
    int dy = ((in & KEY_D) ? 1 : 0) - ((in & KEY_U) ? 1 : 0);
    s.vx = speed * dx;
    s.vy = speed * dy;
    auto axis = [&](Fix& pos, Fix v, bool horizontal) {
        Fix target = pos + v;
        int64_t steps = target.floor() - pos.floor();
        int step = steps > 0 ? 1 : -1;
        for (int64_t i = 0; i != steps; i += step) {
            RectI r{s.x.floor(), s.y.floor(), s.w, s.h};
            if (horizontal) r.x += step; else r.y += step;
            uint8_t dir = horizontal ? (step > 0 ? DIR_RIGHT : DIR_LEFT) : (step > 0 ? DIR_DOWN : DIR_UP);
            bool hit = world.rectBlocked(r, dir);
            if (trace) trace->rect(hit ? Verdict::Hit : Verdict::Miss, "step", r.x, r.y, r.right(), r.bottom());
            if (hit) { pos = Fix::fromInt(pos.floor()); return; }
            pos += Fix::fromInt(step);
        }
        pos = target;
    };
    axis(s.x, s.vx, true);
    axis(s.y, s.vy, false);
    return s;
}

}  // namespace ts
