// The tiles LDtk draws over the collision layer, for tilestep to show them: the collision
// IntGrid layer's own auto-tiles (`autoLayerTiles`), else the first Tiles or AutoLayer layer
// on the same grid (`gridTiles` / `autoLayerTiles`), from a tileset whose image is a plain
// grid of square cells. docs/interop.md "LDtk import", "Tiles".
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "io/ldtk/detail/ldtk_json.h"

namespace ts::interop {

struct LdtkCellTiles {
    const rapidjson::Value* source = nullptr;  // the layer the tiles come from
    std::string layer;                         // its identifier
    std::string image;                         // the tileset image, relative to the project
    int32_t cellSize = 0;                      // the tileset's cell size in px
    // Per map cell (row by row): the top-most tile, as tile id * 4 + LDtk's flip bits
    // (1 = X, 2 = Y), or -1 for none.
    std::vector<int64_t> tiles;
};

// `project` reads the tileset definitions (root: the project), `level` the level's layers
// (layers, of which `grid` is the collision layer of w x h cells of cellSize px). False when
// no layer gives usable tiles; every tile layer not used, and why, is a warning.
bool readLdtkCellTiles(const LdtkJson& project, const rapidjson::Value& root, const LdtkJson& level,
                       const rapidjson::Value& layers, const rapidjson::Value& grid,
                       int32_t cellSize, int32_t w, int32_t h, LdtkCellTiles* out,
                       std::vector<std::string>* warnings);

}  // namespace ts::interop
