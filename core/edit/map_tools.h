// Whole-map edits: size, tile size, simulation rate. Functions taking `error` return null
// and set *error (if given) when the value is out of range.
#pragma once
#include <cstdint>
#include <string>

#include "edit/edit_command.h"

namespace ts {

// Which part of the old map stays in place when resizing: TopLeft keeps the top-left
// corner, Center keeps the middle: the old content moves by
// floor((new - old) / 2) tiles, so an odd extra column goes to the right.
enum class Anchor : uint8_t {
    TopLeft,
    Top,
    TopRight,
    Left,
    Center,
    Right,
    BottomLeft,
    Bottom,
    BottomRight
};

// New size in tiles (1..kMaxMapTiles). Tiles and walls move with the anchor; the ones that
// fall outside are dropped and new cells are empty. Brushes move too and are clipped to
// the new map (dropped when nothing is left). Actors move and are clamped into the map
// (never dropped: they are few and hard to recreate). Undo restores the old map exactly
// (this command keeps a copy of it).
CommandPtr resizeMap(const Map& map, int32_t width, int32_t height, Anchor anchor,
                     std::string* error = nullptr);
// How far resizeMap moves the old content, in tiles (+x right, +y down); its command's
// contentShift() is the same in pixels.
struct TileShift {
    int64_t x = 0, y = 0;
};
TileShift resizeShift(const Map& map, int32_t width, int32_t height, Anchor anchor);
// New tile size (kMinTileSize..kMaxTileSize). Brush rectangles and actor spawns are scaled
// so they stay over the same tiles (brushes rounded outward, never empty); actor sizes and
// parameters are left alone.
CommandPtr setTileSize(const Map& map, int32_t tileSize, std::string* error = nullptr);
CommandPtr setSimRate(const Map& map, int32_t simRate, std::string* error = nullptr);  // 1..1000

}  // namespace ts
