// Tile painting tools. Cells are in tiles (px / tileSize, use cellAt()); cells outside the
// map are ignored. Each returns a command to hand to Document::apply (never null; it may
// change nothing, which the document drops).
#pragma once
#include <cstdint>
#include <utility>
#include <vector>

#include "edit/edit_command.h"

namespace ts {

// A w x h pattern of tile kinds, row-major. Stamped with its top-left at the target cell.
struct Stamp {
    int32_t w = 1, h = 1;
    std::vector<uint16_t> ids{0};

    static Stamp single(uint16_t id) { return Stamp{1, 1, {id}}; }
    // Tools ignore a malformed stamp (no cells, or ids not w * h).
    bool valid() const { return w > 0 && h > 0 && ids.size() == size_t(w) * size_t(h); }
    uint16_t at(int64_t x, int64_t y) const { return ids[size_t(y * w + x)]; }
    bool operator==(const Stamp& o) const { return w == o.w && h == o.h && ids == o.ids; }
};

struct CellPos {
    int64_t x = 0, y = 0;
    bool operator==(const CellPos& o) const { return x == o.x && y == o.y; }
};

// The cell under a pixel (may be outside the map).
CellPos cellAt(const Map& map, int64_t px, int64_t py);

// Captures the map's cells between two corner cells (inclusive, any order, clamped to the
// map) as a stamp: the right-drag of the stamp tool.
Stamp captureStamp(const Map& map, CellPos a, CellPos b);

// Stamp tool (B): one click, or one step of a drag (inside a stroke).
CommandPtr stampAt(const Map& map, CellPos at, const Stamp& stamp);
// Eraser (E): sets the cell to kind 0.
CommandPtr eraseAt(const Map& map, CellPos at);
// Shift+click: the stamp at every cell of the line from `a` to `b` (both included).
CommandPtr stampLine(const Map& map, CellPos a, CellPos b, const Stamp& stamp);
// Rectangle fill (R): the rectangle between two corner cells (inclusive, any order), tiled
// with the stamp starting at its top-left corner.
CommandPtr fillRect(const Map& map, CellPos a, CellPos b, const Stamp& stamp);
// Bucket fill (F): the 4-connected region of cells with the same kind as `at` becomes `id`.
// Iterative (no recursion), so a 4096 x 4096 region is fine.
CommandPtr bucketFill(const Map& map, CellPos at, uint16_t id);
// Eyedropper (I, Alt+click): the kind id at a cell, -1 outside the map.
int32_t kindAt(const Map& map, CellPos at);

// Bresenham line from a to b inclusive; each step moves to an 8-neighbour.
std::vector<CellPos> lineCells(CellPos a, CellPos b);

}  // namespace ts
