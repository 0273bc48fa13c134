// Saving a map imported from an LDtk project back into that project: the collision IntGrid
// layer's changed cells are written into the level's `intGridCsv`, and the actors into the
// level's entities (detail/ldtk_entities_out.h), in the project or in the level's own .ldtkl
// file for "Separate level files" projects, which is then the only file written; every other
// field of every file stays as it was read. Changes with no place in the project (walls,
// brushes, kinds, the map's size, a parameter with no entity field) are refused, naming
// them, before anything is written. LDtk redraws auto-layer tiles from the IntGrid when it
// next runs the rules on the level.
//
// Another .ldtk as OUT (`tilestep convert a.ldtk b.ldtk`) gets the whole project: with no
// change, into the same folder, its bytes; in another folder, its relative paths rebased.
#pragma once
#include <string>

#include "io/foreign_source.h"
#include "map/map.h"

namespace ts::interop {

// True when OUT is an LDtk project and SRC one too (saveLdtkInPlace writes it).
bool savesLdtkInPlace(const ForeignSource& src, const std::string& out);

// OUT: the project SRC was read from (by identity), or a copy of it. Throws MapError("OUT: not
// saved in place: PROBLEM; ..."), with nothing written.
void saveLdtkInPlace(const ForeignSource& src, const Map& edited, const std::string& out);

}  // namespace ts::interop
