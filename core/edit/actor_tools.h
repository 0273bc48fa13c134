// Actors: spawn points with a mover and its parameters. Addressed by index in Map::actors;
// an out-of-range index gives a command that changes nothing. Functions taking `error`
// return null and set *error (if given) when the request is refused.
#pragma once
#include <cstdint>
#include <string>

#include "edit/edit_command.h"
#include "movers/mover.h"

namespace ts {

// "actor1", "actor2", ...: the first `base`N not used in the map.
std::string uniqueActorName(const Map& map, const std::string& base = "actor");

// A new actor at (x, y) px (clamped to the map) with a generated name, the default size
// and the mover's default parameters. Its index is actors.size() before the call.
CommandPtr addActor(const Map& map, MoverKind mover, int64_t x, int64_t y);
// The same actor with its box centred on pixel (cx, cy), as the editor places one where the
// user clicks: a box mover's top-left at (cx - w / 2, cy - h / 2), whole
// pixels; a round mover's position is its centre already.
CommandPtr addActorCentred(const Map& map, MoverKind mover, int64_t cx, int64_t cy);
// Does the actor's box (actorBox) overlap anything solid in `map`: solid tiles, slopes' solid
// pixels, brushes, walls crossing it, outside the map (CollisionWorld::rectOverlapsSolid)?
// Such an actor may be stuck from its first frame: the editor says so when one is placed.
bool actorOverlapsSolid(const Map& map, const Actor& a);
// The topmost (last) actor whose box contains pixel (px, py), or -1. Round movers' boxes
// are centred on their position.
int findActorAt(const Map& map, int64_t px, int64_t py);
// The actor's box in px (as findActorAt sees it), for drawing the selection.
RectI actorBox(const Actor& a);
// Moves the spawn by (dx, dy) px, clamped to the map.
CommandPtr moveActor(const Map& map, size_t index, int64_t dx, int64_t dy);
CommandPtr deleteActor(const Map& map, size_t index);

// Inspector edits.
CommandPtr renameActor(const Map& map, size_t index, const std::string& name,
                       std::string* error = nullptr);  // refused: empty or taken
// Changing the mover resets the parameters to the new mover's defaults.
CommandPtr setActorMover(const Map& map, size_t index, MoverKind mover);
CommandPtr setActorSize(const Map& map, size_t index, int32_t w, int32_t h);  // clamped 1..4096
// Parameter `param` of the actor's mover, through ParamSpec::normalize (integer parameters
// rounded to the nearest whole number, clamped to the range). Refused for an unknown parameter.
CommandPtr setActorParam(const Map& map, size_t index, int param, Fix value,
                         std::string* error = nullptr);
// Every parameter back to the mover's default and no longer set by the map, so that the
// defaults of a later build reach it (movers/param_set.h).
CommandPtr resetActorParams(const Map& map, size_t index);

}  // namespace ts
