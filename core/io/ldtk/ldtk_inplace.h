// Saving a map imported from an LDtk project back into that project: the collision IntGrid
// layer's changed cells are written into the level's `intGridCsv` (in the project, or in the
// level's own .ldtkl file for "Separate level files" projects, which is then the only file
// written); every other field of every file stays as it was read. Changes with no place in
// the project yet (entities, walls, brushes, kinds, the map's size) are refused, naming them,
// before anything is written. LDtk redraws auto-layer tiles from the IntGrid when it next
// runs the rules on the level.
#pragma once
#include <string>

#include "io/foreign_source.h"
#include "map/map.h"

namespace ts::interop {

// OUT must be the project SRC was read from (by identity). Throws MapError("OUT: not saved
// in place: PROBLEM; ...").
void saveLdtkInPlace(const ForeignSource& src, const Map& edited, const std::string& out);

}  // namespace ts::interop
