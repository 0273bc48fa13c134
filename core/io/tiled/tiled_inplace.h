// Saving a map imported from a Tiled file back in that file's form: the file as it was read
// (core/io/foreign_source.h) with only what tilestep owns changed, so that every layer,
// tileset, property, object, Wang set and animation tilestep does not model stays as Tiled
// reads it. What changes:
//   - the collision layer's changed cells, in the layer's own encoding and compression
//     (CSV, base64 with or without zlib / gzip / zstd, XML tiles), each cell the GID the
//     import made its kind from;
//   - the collision shape of a kind, as the `collision` (and `pass_mask`) property of its
//     tile, in the map or in its external .tsx (saved atomically the same way);
//   - the actors, brushes or walls, when they changed: the objects the import made them from
//     are replaced by the export's objects for them (core/io/tiled/tiled_export.h), in the
//     object layer the first of them was in; other objects stay;
//   - the map property sim_rate, when it changed;
//   - relative paths (images, tilesets, templates, file properties), when OUT is in another
//     folder than the source.
// With nothing changed, into the same folder, the bytes are the source's.
#pragma once
#include <memory>
#include <string>

#include "io/foreign_source.h"
#include "map/map.h"

namespace ts::interop {

// True when OUT is a file of SRC's own format (.tmx for .tmx, .tmj for .tmj), which a save
// writes in place (saveTiledInPlace) rather than exporting a new map.
bool savesInPlace(const ForeignSource& src, const std::string& out);

// Writes EDITED into OUT as SRC's file with tilestep's changes. `mapFolder` is the folder
// EDITED's tileset image path is relative to. A change the file has no place for (a new
// kind, a resized map, a cell of an infinite map's chunk, a kind's colour) is refused before
// anything is written: MapError("OUT: not saved in place: PROBLEM; PROBLEM ...").
void saveTiledInPlace(const ForeignSource& src, const Map& edited, const std::string& out,
                      const std::string& mapFolder);

// The sources of the Tiled files opened for editing (the editor's import), one per file:
// exportMapFile saves into such a file in place instead of exporting a new map over it.
void rememberForeignSource(std::shared_ptr<const ForeignSource> src);
// The remembered source read from PATH (the same file by identity), or null.
std::shared_ptr<const ForeignSource> rememberedSource(const std::string& path);

}  // namespace ts::interop
