// Tile kinds and the tileset image. Kind 0 is the empty tile and cannot be edited or
// deleted. Deleting a kind turns its cells into kind 0 and renumbers the kinds after it
// (their cells follow), so nothing is lost but the deleted kind; undo restores it all.
// Functions taking `error` return null and set *error (if given) when refused.
#pragma once
#include <cstdint>
#include <string>

#include "edit/edit_command.h"

namespace ts {

// Appends a kind (its id is kinds.size() before the call). Refused past 65535 kinds or
// for an invalid shape; the pass mask is cut to its 4 bits.
CommandPtr addTileKind(const Map& map, TileKind kind, std::string* error = nullptr);
// Replaces kind `id` (name, colour, shape, pass mask, image cell).
CommandPtr setTileKind(const Map& map, uint16_t id, TileKind kind, std::string* error = nullptr);
CommandPtr deleteTileKind(const Map& map, uint16_t id, std::string* error = nullptr);
// True when some cell uses kind `id` (the UI may ask before deleting).
bool tileKindUsed(const Map& map, uint16_t id);

// The tileset image (path relative to the map file, "" for none) and its cell size in px
// (0 = the map's tile size). Refused for a negative cell size.
CommandPtr setTilesetImage(const Map& map, std::string path, int32_t cellSize,
                           std::string* error = nullptr);

}  // namespace ts
