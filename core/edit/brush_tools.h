// AABB brushes (seed 003): solid pixel rectangles. Brushes are addressed by their index in
// Map::brushes; an index that is out of range gives a command that changes nothing.
// Every command keeps brushes non-empty and inside the map.
#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include "edit/edit_command.h"

namespace ts {

// The rectangle covering both corner pixels (inclusive, any order), clipped to the map.
// Empty when it lies wholly outside.
RectI rectFromCorners(const Map& map, int64_t x0, int64_t y0, int64_t x1, int64_t y1);

// Appends a brush (clipped to the map; nothing when empty). Its index is brushes.size()
// before the call.
CommandPtr addBrush(const Map& map, RectI rect);
// The topmost (last) brush containing pixel (px, py), or -1.
int findBrushAt(const Map& map, int64_t px, int64_t py);
// Moves by (dx, dy) px, stopped at the map border (the size never changes). For a drag,
// pass (start + mouse offset) - current position so the border stop does not accumulate.
CommandPtr moveBrush(const Map& map, size_t index, int64_t dx, int64_t dy);
// `r` moved by (dx, dy), stopped at the border of [0, mapW) x [0, mapH): moveBrush's result.
RectI moveRect(const RectI& r, int64_t dx, int64_t dy, int64_t mapW, int64_t mapH);
CommandPtr deleteBrush(const Map& map, size_t index);

enum class Handle : uint8_t {
    Left,
    Right,
    Top,
    Bottom,
    TopLeft,
    TopRight,
    BottomLeft,
    BottomRight
};

// The handle within `radius` px of (px, py) (corners before sides), if any.
std::optional<Handle> handleAt(const RectI& r, int64_t px, int64_t py, int64_t radius);
// `r` with the handle's edges moved so that pixel (px, py) is the new border pixel on that
// side. An edge dragged across the opposite one stops one pixel before it: the result is
// never empty or inverted. Clipped to [0, mapW) x [0, mapH).
RectI resizeRect(const RectI& r, Handle h, int64_t px, int64_t py, int64_t mapW, int64_t mapH);
CommandPtr resizeBrush(const Map& map, size_t index, Handle h, int64_t px, int64_t py);

// "" when the map can still run (and be saved) with brush `index` set to `rect`
// (index == brushes.size(): `rect` added), else the problem: the brushes would cover more
// collision buckets than CollisionWorld::kMaxBrushBucketEntries, which validateMap and the
// loaders refuse. The editor asks before an edit that grows a brush or adds one.
std::string brushLimitProblem(const Map& map, size_t index, const RectI& rect);

}  // namespace ts
