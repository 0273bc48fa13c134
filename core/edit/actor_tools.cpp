#include "edit/actor_tools.h"

#include <algorithm>
#include <set>

#include "edit/map_edits.h"
#include "movers/mover.h"
#include "movers/param_set.h"
#include "world/collision.h"

namespace ts {

namespace {

constexpr int32_t kMaxActorSize = 4096;  // validateMap's limit

int64_t clampI(int64_t v, int64_t lo, int64_t hi) {
    return std::min(std::max(v, lo), hi);
}

CommandPtr nothing(const char* label) {
    return std::make_unique<CommandGroup>(label);
}

CommandPtr replaceActor(const Map& map, size_t index, Actor after, std::string label) {
    return std::make_unique<ActorEdit>(std::move(label), &Map::actors, ActorEdit::Op::Replace,
                                       index, map.actors[index], std::move(after));
}

CommandPtr refuse(std::string* error, std::string message) {
    if (error) *error = std::move(message);
    return nullptr;
}

}  // namespace

std::string uniqueActorName(const Map& map, const std::string& base) {
    std::set<std::string> used;
    for (const Actor& a : map.actors) used.insert(a.name);
    // At most actors.size() names are taken, so this ends within size() + 1 tries.
    for (size_t n = 1;; ++n) {
        std::string name = base + std::to_string(n);
        if (!used.count(name)) return name;
    }
}

CommandPtr addActor(const Map& map, MoverKind mover, int64_t x, int64_t y) {
    if (!isKnownMover(mover)) return nothing("Add actor");
    Actor a;
    a.name = uniqueActorName(map);
    a.mover = mover;
    a.x = clampI(x, 0, map.widthPx());
    a.y = clampI(y, 0, map.heightPx());
    a.params = defaultParams(mover);
    return std::make_unique<ActorEdit>("Add actor", &Map::actors, ActorEdit::Op::Insert,
                                       map.actors.size(), Actor{}, std::move(a));
}

CommandPtr addActorCentred(const Map& map, MoverKind mover, int64_t cx, int64_t cy) {
    if (!isKnownMover(mover) || moverInfo(mover).round) return addActor(map, mover, cx, cy);
    const Actor size;  // the size addActor gives
    return addActor(map, mover, cx - size.w / 2, cy - size.h / 2);
}

bool actorOverlapsSolid(const Map& map, const Actor& a) {
    return CollisionWorld(map).rectOverlapsSolid(actorBox(a));
}

RectI actorBox(const Actor& a) {
    if (moverInfo(a.mover).round) return RectI{a.x - a.w / 2, a.y - a.w / 2, a.w, a.w};
    return RectI{a.x, a.y, a.w, a.h};
}

int findActorAt(const Map& map, int64_t px, int64_t py) {
    for (size_t i = map.actors.size(); i-- > 0;)
        if (actorBox(map.actors[i]).overlaps(RectI{px, py, 1, 1})) return int(i);
    return -1;
}

CommandPtr moveActor(const Map& map, size_t index, int64_t dx, int64_t dy) {
    if (index >= map.actors.size()) return nothing("Move actor");
    Actor a = map.actors[index];
    a.x = clampI(a.x + dx, 0, map.widthPx());
    a.y = clampI(a.y + dy, 0, map.heightPx());
    return replaceActor(map, index, std::move(a), "Move actor");
}

CommandPtr deleteActor(const Map& map, size_t index) {
    if (index >= map.actors.size()) return nothing("Delete actor");
    return std::make_unique<ActorEdit>("Delete actor", &Map::actors, ActorEdit::Op::Erase, index,
                                       map.actors[index], Actor{});
}

CommandPtr renameActor(const Map& map, size_t index, const std::string& name, std::string* error) {
    if (index >= map.actors.size()) return nothing("Rename actor");
    if (name.empty()) return refuse(error, "an actor needs a name");
    for (size_t i = 0; i < map.actors.size(); ++i)
        if (i != index && map.actors[i].name == name)
            return refuse(error, "another actor is already named \"" + name + "\"");
    Actor a = map.actors[index];
    a.name = name;
    return replaceActor(map, index, std::move(a), "Rename actor");
}

CommandPtr setActorMover(const Map& map, size_t index, MoverKind mover) {
    if (index >= map.actors.size() || !isKnownMover(mover) || map.actors[index].mover == mover)
        return nothing("Change mover");
    Actor a = map.actors[index];
    a.mover = mover;
    a.params = defaultParams(mover);
    a.paramsSet = 0;
    return replaceActor(map, index, std::move(a), "Change mover");
}

CommandPtr setActorSize(const Map& map, size_t index, int32_t w, int32_t h) {
    if (index >= map.actors.size()) return nothing("Resize actor");
    Actor a = map.actors[index];
    a.w = int32_t(clampI(w, 1, kMaxActorSize));
    a.h = int32_t(clampI(h, 1, kMaxActorSize));
    return replaceActor(map, index, std::move(a), "Resize actor");
}

CommandPtr setActorParam(const Map& map, size_t index, int param, Fix value, std::string* error) {
    if (index >= map.actors.size()) return nothing("Set parameter");
    const MoverInfo& mi = moverInfo(map.actors[index].mover);
    if (param < 0 || param >= mi.paramCount)
        return refuse(
            error, "mover " + std::string(mi.id) + " has no parameter #" + std::to_string(param));
    const ParamSpec& spec = mi.params[param];
    Actor a = map.actors[index];
    a.params[size_t(param)] = spec.normalize(value);
    a.paramsSet |= paramBit(param);
    return replaceActor(map, index, std::move(a), std::string("Set ") + spec.name);
}

CommandPtr resetActorParams(const Map& map, size_t index) {
    if (index >= map.actors.size()) return nothing("Parameter defaults");
    Actor a = map.actors[index];
    a.params = defaultParams(a.mover);
    a.paramsSet = 0;
    return replaceActor(map, index, std::move(a), "Parameter defaults");
}

}  // namespace ts
