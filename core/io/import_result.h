// What a Tiled or LDtk import produces, and the options it takes.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "map/map.h"

namespace ts::interop {

struct ForeignSource;

struct ImportOptions {
    // The tile layer (Tiled) or IntGrid layer (LDtk) that becomes the map's tiles; "" picks
    // the default: a layer named "collision" (any case), else the first such layer. "#N"
    // (unless a layer has that name) picks the N-th such layer in file order, 1-based: the
    // way to pick one of several layers with the same name, which is otherwise an error.
    std::string collisionLayer;
    // The LDtk level to import, by its identifier (the exact one, else the only one equal in
    // any case); "" picks the first; "#N" (unless a level has that name) the N-th level,
    // 1-based, in the order `tilestep info` lists them. An unknown name is an error listing
    // the levels; two levels with the name, one listing them by number.
    std::string level;
    // Keep the file as read in ImportResult::source, for saving the map back into it
    // (core/io/tiled/tiled_inplace.h, core/io/ldtk/ldtk_inplace.h).
    bool keepSource = false;
};

struct ImportResult {
    Map map;
    // One line per thing the import skipped or changed (layers, objects, shapes), without
    // the file name; the caller prefixes it.
    std::vector<std::string> warnings;
    // Per tile kind, the source's id it came from: the Tiled GID without flip bits, or the
    // LDtk IntGrid value (0 for kind 0). Lets tests compare cell by cell with the source.
    std::vector<uint32_t> kindSource;
    std::string collisionLayer;  // the layer used
    // Which one: Tiled, its index among the tile layers in file order; LDtk, among the
    // level's layer instances. -1 when there is none.
    int64_t collisionLayerIndex = -1;
    std::string level;  // the LDtk level imported ("" for Tiled)
    // With ImportOptions::keepSource, the file as read (core/io/foreign_source.h).
    std::shared_ptr<ForeignSource> source;
};

}  // namespace ts::interop
