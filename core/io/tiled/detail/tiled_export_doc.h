// What the Tiled export writes, gathered by one walk over the map (tiled_export.cpp): the
// TMX and TMJ writers (tiled_export_tmx.cpp, tiled_export_tmj.cpp) only spell it, so the two
// files always say the same thing.
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace ts::interop {

struct ExportProperty {
    std::string name, type, value;  // type "" = string
};

struct ExportTile {
    int64_t id = 0;
    std::string type;
    std::vector<ExportProperty> properties;
};

struct ExportObject {
    int64_t id = 0;
    std::string name, type;
    double x = 0, y = 0, w = 0, h = 0;
    bool ellipse = false;
    std::vector<std::pair<int64_t, int64_t>> polyline;  // relative points
    std::vector<ExportProperty> properties;
};

// Layer 1 is the tile layer "collision", layer 2 the object layer "objects"; the one
// tileset, "tilestep", starts at GID 1.
struct ExportDoc {
    int32_t width = 0, height = 0, tileSize = 0;
    std::vector<ExportProperty> properties;
    int64_t tileCount = 0;
    int32_t columns = 0;
    std::string image;  // "" = image-less tiles (Tiled's "collection of images" form)
    int32_t imageWidth = 0, imageHeight = 0;
    std::vector<ExportProperty> tilesetProperties;
    std::vector<ExportTile> tiles;
    std::string csv;  // the GIDs, a line per row, each line ending in '\n', "\n" first
    std::vector<ExportObject> objects;
};

// A coordinate as both files write it: "%.17g", so it reads back exactly.
std::string exportNumber(double v);

std::string writeTmx(const ExportDoc& d);
std::string writeTmj(const ExportDoc& d);

}  // namespace ts::interop
