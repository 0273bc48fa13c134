// An LDtk level as LDtk draws it, in the Tiled art model (core/io/tiled/tiled_layers.h) so
// that the editor and composeTiledArt draw it the same way as a Tiled map: every layer's
// tiles (Tiles layers' gridTiles, AutoLayer and IntGrid layers' autoLayerTiles), bottom-most
// first, each tile a tile object at its px (LDtk's flips as Tiled's flip bits), with the
// layer's visibility, opacity and offsets; the project's tilesets cut by padding and
// spacing. The collision IntGrid layer is one empty tile layer in its place, named like it:
// the document's kinds are drawn there (the kinds show the layer of tiles the import chose,
// core/io/ldtk/detail/ldtk_tiles.h, which is left out of the art so as not to draw twice).
#pragma once
#include <cstddef>
#include <string>

#include "io/tiled/tiled_layers.h"

namespace ts::interop {

struct LdtkArt {
    TiledArt art;
    size_t collisionLayer = SIZE_MAX;  // the collision IntGrid layer's index in art.layers
};

// The level LEVEL (its index, as ForeignSource::levelIndex) of the project PATH, its
// collision layer the layer instance COLLISION (ImportResult::collisionLayerIndex). Throws
// MapError("PATH: problem") when the project cannot be read; an unreadable tileset image is
// a warning in art.warnings and its tiles are not drawn.
LdtkArt readLdtkArt(const std::string& path, size_t level, size_t collision);

}  // namespace ts::interop
