// Adding movers to the registry at run time (mover.h answers the lookups). core/plugin adds
// each loaded plugin here and puts a rebuilt one in its place; the built-ins are in the list
// from the start (mover_registry.cpp).
//
// Register and replace on one thread. Lookups may run on other threads meanwhile: an entry,
// once published, is never changed or freed (replacing publishes a new one), so a thread that
// read an entry just before it was replaced steps the mover that entry names.
#pragma once
#include <string>

#include "movers/mover.h"

namespace ts {

// At most this many movers in all: every value of MoverKind.
constexpr int kMaxMovers = 256;

// Adds a copy of `info` under the next kind (in *kind). False with *error when its id is
// taken or every kind is.
bool registerMover(const MoverInfo& info, MoverKind* kind, std::string* error);
// Puts a copy of `info` in the place of the registered, not built-in, mover `kind`. The same
// functions, ctx and texts as an entry `kind` had before reuse that entry (undo and redo
// swapping two builds do not grow the list). False when `kind` is built-in or unknown.
bool replaceMover(MoverKind kind, const MoverInfo& info);

}  // namespace ts
