// A Tiled map (or LDtk project) as it was read, kept beside the Map imported from it, so that
// saving the map back into that file (core/io/tiled/tiled_inplace.h, ldtk/ldtk_inplace.h) changes
// only what tilestep owns: the collision layer's cells, the collision shapes of the tiles, and the
// objects tilestep models. Everything else is written back as the file had it.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "io/import_result.h"
#include "map/map.h"

namespace ts::interop {

struct ForeignSource {
    std::string path;   // the file read
    std::string bytes;  // its bytes, as read
    ImportOptions options;
    Map imported;  // the import's result, its image path relative to `path`'s folder

    // The collision layer: its index among the tile layers in file order (-1: none), its
    // GIDs as read (flip bits included, layerWidth x layerHeight, row-major), and where its
    // cell (0, 0) lies on the map (its x/y, offset and the infinite map's origin, in tiles).
    int64_t layerIndex = -1;
    bool layerChunked = false;  // an infinite map's chunks
    int64_t layerWidth = 0, layerHeight = 0, cellX = 0, cellY = 0;
    int64_t originX = 0, originY = 0;  // an infinite map's top-left cell, in Tiled's tiles
    std::vector<uint32_t> layerGids;
    // Per kind of `imported`, a GID (flip bits included) that the import makes that kind;
    // 0 for kind 0 and for kinds no GID gives.
    std::vector<uint32_t> kindGid;
    // LDtk: the level's index among the project's levels (as `tilestep info` lists them);
    // kindGid holds each kind's IntGrid value and layerIndex the collision layer's index
    // among the level's layer instances.
    int64_t levelIndex = -1;
    // LDtk "separate level files": the level's .ldtkl as read (every save patches these bytes,
    // not the file as an earlier save left it), and its path relative to the project.
    std::string levelFile, levelBytes;
    // Tiled: the external tilesets (.tsx, .tsj) the map names, as paths joined to `path`'s
    // folder; an in-place save may write them, and the editor watches them for outside
    // changes (core/edit/disk_watch.h).
    std::vector<std::string> tilesetFiles;
    // LDtk: per actor of `imported`, the level's layer instance and the entity in its
    // entityInstances that the import made it from.
    struct EntityAt {
        int64_t layer = 0, entity = 0;
    };
    std::vector<EntityAt> actorEntities;
    // The Tiled object ids the import made the map's actors, brushes and walls from.
    std::vector<int64_t> actorObjects, brushObjects, wallObjects;
};

}  // namespace ts::interop
