#include "edit/tuning_edits.h"

#include "edit/actor_tools.h"
#include "edit/map_edits.h"
#include "movers/mover.h"
#include "movers/param_set.h"

namespace ts {

namespace {

ParamValues inRange(MoverKind mover, ParamValues values) {
    const MoverInfo& mi = moverInfo(mover);
    for (int i = 0; i < mi.paramCount; ++i)
        values[size_t(i)] = mi.params[i].normalize(values[size_t(i)]);
    return values;
}

CommandPtr replaceParams(const Map& map, size_t index, const ParamValues& values,
                         const char* label) {
    Actor a = map.actors[index];
    a.params = inRange(a.mover, values);
    for (int i = 0; i < moverInfo(a.mover).paramCount; ++i)
        if (!(a.params[size_t(i)] == map.actors[index].params[size_t(i)]))
            a.paramsSet |= paramBit(i);
    return std::make_unique<ActorEdit>(label, &Map::actors, ActorEdit::Op::Replace, index,
                                       map.actors[index], std::move(a));
}

}  // namespace

bool paramsDiffer(const Actor& actor, const ParamValues& values) {
    const MoverInfo& mi = moverInfo(actor.mover);
    for (int i = 0; i < mi.paramCount; ++i)
        if (!(actor.params[size_t(i)] == values[size_t(i)])) return true;
    return false;
}

CommandPtr applyParamsToActor(const Map& map, size_t index, const ParamValues& values) {
    if (index >= map.actors.size()) return std::make_unique<CommandGroup>("Apply tuning");
    return replaceParams(map, index, values, "Apply tuning");
}

CommandPtr applyParamsToMover(const Map& map, MoverKind mover, const ParamValues& values) {
    auto group = std::make_unique<CommandGroup>("Apply tuning to all");
    for (size_t i = 0; i < map.actors.size(); ++i)
        if (map.actors[i].mover == mover)
            group->add(replaceParams(map, i, values, "Apply tuning to all"));
    return group;
}

}  // namespace ts
