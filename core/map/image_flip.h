// How a tile kind's image cell is turned when it is drawn: Tiled's three flip bits, kept in a
// kind (TileKind::imageFlip) as the top three bits of a Tiled GID shifted down by 29, and
// applied in Tiled's order (its docs, "Tile Flipping"): the diagonal flip first, then the
// horizontal, then the vertical. The orientation only changes the picture, never the
// collision shape (the Tiled importer maps flipped shapes itself: collision_mapping.h).
#pragma once
#include <cstdint>

namespace ts {

constexpr uint8_t kImageFlipD = 1;    // x and y swapped (GID bit 0x20000000), applied first
constexpr uint8_t kImageFlipV = 2;    // mirrored top to bottom (GID bit 0x40000000)
constexpr uint8_t kImageFlipH = 4;    // mirrored left to right (GID bit 0x80000000)
constexpr uint8_t kImageFlipMax = 7;  // all three; anything above is not an orientation

// The pixel (*sx, *sy) of the unturned size x size cell that shows at (x, y) when the cell
// is drawn with `flip`.
void imageFlipSource(uint8_t flip, int32_t size, int32_t x, int32_t y, int32_t* sx, int32_t* sy);

// The one orientation that draws like `first` followed by `then` (a Tiled tile flipped on a
// map whose kind is already turned; the editor's rotate buttons).
uint8_t composeImageFlips(uint8_t first, uint8_t then);

// "h", "v", "d" letters of the bits that are set, in that order ("" for none): kind names.
const char* imageFlipLetters(uint8_t flip);
// What it looks like: "as in the image", "rotated 90 degrees clockwise", ...
const char* imageFlipDescription(uint8_t flip);

}  // namespace ts
