#include "sim/spawn_view.h"

namespace ts {

MoverState spawnAsShown(MoverKind mover, const MoverState& spawn, const ParamValues& params,
                        const CollisionWorld& world) {
    // Plugin movers step in another process, with steps ahead cached for the timeline: an
    // extra step there is not free and not without effect, so they are shown as they spawn.
    if (spawn.grounded || !isBuiltinMover(mover)) return spawn;
    const MoverState next = moverInfo(mover).step(spawn, 0, params, world, nullptr);
    MoverState shown = spawn;
    shown.grounded =
        next.grounded && next.x.floor() == spawn.x.floor() && next.y.floor() == spawn.y.floor();
    return shown;
}

}  // namespace ts
