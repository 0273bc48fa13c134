// What the .tmx and .tmj readers of TiledArt (tiled_layers.cpp, tiled_layers_tmj.cpp) share:
// colours, images, cutting an atlas, a layer's inherited state.
#pragma once
#include <cstdint>
#include <string>

#include "io/tiled/tiled_layers.h"

namespace ts::interop::art {

// "#AARRGGBB", "#RRGGBB" (alpha ff) or the same without '#'; `def` when absent or unusable.
uint32_t parseColor(const char* s, uint32_t def);
uint32_t mulColor(uint32_t a, uint32_t b);

// Decodes FILE into art.images (an empty image and a warning when it cannot be read), its
// pixels of colour `trans` ("ff00ff", "" for none) made transparent. Returns the index.
int32_t addImage(TiledArt& art, const std::string& file, const char* trans);
// Columns and tile count from the atlas image's real size, as Tiled cuts it.
void cutAtlas(const TiledArt& art, ArtTileset& ts);
void sortTiles(ArtTileset& ts);
// A .tsx tileset file into `ts` (firstGid untouched); false with a warning when unreadable.
bool readTsxArt(TiledArt& art, ArtTileset& ts, const std::string& file);

// Visibility, opacity, offsets and tint as a layer inherits them from its groups.
struct Context {
    bool visible = true;
    double opacity = 1, offsetX = 0, offsetY = 0;
    uint32_t tint = 0xffffffff;
    Context inner(bool visible, double opacity, double offsetX, double offsetY,
                  const char* tint) const;
    void apply(ArtLayer& l) const;
};

TiledArt readTiledArtTmj(const std::string& path);

}  // namespace ts::interop::art
