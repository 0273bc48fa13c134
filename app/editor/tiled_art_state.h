// The Tiled layers drawn around the collision layer of an imported Tiled map
// (core/io/tiled/tiled_layers.h), or an LDtk level's (core/io/ldtk/ldtk_art.h): which layers
// show (the Layers panel's toggles), and how each tile kind of the document maps back to the
// Tiled tile it came from, so that the collision layer's art follows edits (an LDtk level's
// kinds are its IntGrid values: drawn as kinds, in the collision layer's place). Empty for
// every other map.
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "io/foreign_source.h"
#include "io/tiled/tiled_layers.h"
#include "map/map.h"

namespace ts {

struct TiledArtState {
    std::shared_ptr<const interop::TiledArt> art;
    size_t collisionLayer = SIZE_MAX;  // index in art->layers; SIZE_MAX: drawn as the file has it
    std::vector<uint32_t> kindGid;     // per tile kind, the gid of its first cell in the file
    std::vector<char> shown;           // per art layer
    bool dim = false;                  // art at half brightness, for reading overlays
    bool kindsOverArt = false;         // the collision kinds' colours drawn over the art
    // Some kind of the map stands for a tile the art cannot draw (its tileset has no image,
    // or the image could not be read): the kinds' colours are drawn in full, or those cells
    // would be blank.
    bool kindsUndrawable = false;
    uint64_t generation = 0;       // grows when `art` changes
    const char* family = "Tiled";  // whose layers: "Tiled", "LDtk"
};

// Reads the Tiled layers of PATH for MAP (just imported from it, its collision layer named
// `collisionLayer`, "" for the import's default); clears the state for any other file or
// when PATH cannot be read (the import already said why). Returns the warnings.
// SRC, the import's kept source when there is one, places an infinite map's chunks.
std::vector<std::string> loadTiledArt(TiledArtState& st, const std::string& path,
                                      const std::string& collisionLayer, const Map& map,
                                      const interop::ForeignSource* src = nullptr);
// The same for the level LEVEL of the LDtk project PATH (ForeignSource::levelIndex), its
// collision layer the layer instance COLLISION (ImportResult::collisionLayerIndex).
std::vector<std::string> loadLdtkArt(TiledArtState& st, const std::string& path, size_t level,
                                     size_t collision, const Map& map);
void clearTiledArt(TiledArtState& st);

}  // namespace ts
