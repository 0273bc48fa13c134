#include "topdown_aabb.h"

#include "standin.h"

namespace ts {

namespace {
const ParamSpec kParams[] = {
    {"speed", "px/frame", 2.0, 0.0, 64.0, false, "Stand-in speed"},
};

MoverState step(const MoverState& s, InputBits in, const ParamValues& p,
                const CollisionWorld& world, Trace* trace) {
    return standInStep(s, in, p[0], world, trace);
}
}  // namespace

const MoverInfo kTopDownAabbMover = {MoverKind::TopDownAabb, "topdown_aabb", "Top-down AABB (Zelda-like)", kParams,
                               int(sizeof(kParams) / sizeof(kParams[0])), false, step, nullptr};

}  // namespace ts
