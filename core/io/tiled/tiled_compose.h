// The picture of a Tiled map as Tiled's own renderer (tmxrasterizer) draws it, composed in
// software: every visible layer in order, tiles nearest-neighbour at whole-pixel positions,
// alpha blended with Qt's integer arithmetic (premultiplied, x/255 rounded as qt_div_255),
// layer opacity as Qt's painter opacity, tint as Qt's Multiply composition. The reference
// the editor's GL drawing (app/gfx/tiled_art_layer) is checked against.
#pragma once
#include <cstdint>
#include <vector>

#include "io/tiled/tiled_layers.h"

namespace ts::interop {

// Larger pictures are not composed (1 GiB of pixels).
constexpr int64_t kMaxComposedPixels = int64_t(1) << 28;

// The whole map (pixelWidth x pixelHeight), transparent where nothing is drawn; an empty
// image above kMaxComposedPixels. `shown`,
// when given, has one flag per layer of `art` and replaces the layers' own visibility.
// Tile objects with a rotation and shape objects are not drawn.
RgbaImage composeTiledArt(const TiledArt& art, const std::vector<bool>* shown = nullptr);

// One pixel of a tile: the source pixel a destination pixel (dx, dy) of a w x h drawn tile
// shows, for the flip bits of `gid` (Tiled's: anti-diagonal first, then horizontal, then
// vertical).
void flippedSource(uint32_t gid, int32_t w, int32_t h, int32_t dx, int32_t dy, int32_t* sx,
                   int32_t* sy);

}  // namespace ts::interop
