// Keeping live-tuned parameters: the debugger tunes a copy of an actor's parameters inside its
// recording; these commands write such values into the map's actors, as one undo step, so the
// map is changed (saved, undone) like any other edit.
#pragma once
#include <cstddef>

#include "edit/edit_command.h"

namespace ts {

// True when `values` differ from the actor's parameters in any parameter of its mover (the
// slots past the mover's parameter count do not count).
bool paramsDiffer(const Actor& actor, const ParamValues& values);

// The actor's parameters become `values` (each put in its range as setActorParam does).
// Changes nothing for an out-of-range index or equal values.
CommandPtr applyParamsToActor(const Map& map, size_t index, const ParamValues& values);
// Every actor with mover `mover` gets `values`: one command (one undo step).
CommandPtr applyParamsToMover(const Map& map, MoverKind mover, const ParamValues& values);

}  // namespace ts
