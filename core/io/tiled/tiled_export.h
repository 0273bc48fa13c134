// tilestep maps to Tiled (TMX / TMJ, as Tiled 1.8 reads them): one tile layer
// "collision" in CSV, one embedded tileset "tilestep" with a tile per kind (kind i is tile
// i - 1, GID i) carrying the kind as properties (collision, pass_mask, name, color,
// image_cell, image_flip), and an object layer "objects" with brushes (rectangles of class
// "brush"), actors (class = the mover id, parameters as float properties; round movers as
// ellipses) and edge walls (two-point polylines of class "wall", one per run). The tileset is
// marked with the property tilestep_kinds = 1 so that importing the file gives the same map back.
#pragma once
#include <string>
#include <vector>

#include "map/map.h"

namespace ts::interop {

// The tileset image the export generates so that Tiled shows the map: one cell per kind
// (kind k in cell k - 1, 16 to a row), the kind's colour over its collision shape.
struct KindSheet {
    std::string file;  // image path written in the tileset; "" = no image (image-less tiles)
    int32_t columns = 0, width = 0, height = 0;
};
// The sheet's layout (file left empty) and pixels (0xAARRGGBB); false when it would be
// larger than 4096 x 4096 px (a map with thousands of kinds exports without an image).
bool drawKindSheet(const Map& m, KindSheet* sheet, std::vector<uint32_t>* argb);

// The map's tileset image path is written as it is: relative to the exported file's folder
// (the caller rebases it first when the folders differ).
std::string mapToTmx(const Map& m, const KindSheet& sheet = {});
std::string mapToTmj(const Map& m, const KindSheet& sheet = {});

}  // namespace ts::interop
