// tilestep maps to Tiled (TMX / TMJ, as Tiled 1.8 reads them): one tile layer
// "collision" in CSV, one embedded tileset "tilestep" with a tile per kind (kind i is tile
// i - 1, GID i) carrying the kind as properties (collision, pass_mask, name, color,
// image_cell), and an object layer "objects" with brushes (rectangles of class "brush"),
// actors (class = the mover id, parameters as float properties; round movers as ellipses)
// and edge walls (two-point polylines of class "wall", one per run). The tileset is marked
// with the property tilestep_kinds = 1 so that importing the file gives the same map back.
#pragma once
#include <string>

#include "map.h"

namespace ts::interop {

// The map's tileset image path is written as it is: relative to the exported file's folder
// (the caller rebases it first when the folders differ).
std::string mapToTmx(const Map& m);
std::string mapToTmj(const Map& m);

}  // namespace ts::interop
