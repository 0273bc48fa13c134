// Seed 002's regions, generalised to any band width, and the walls that make a region
// forbidden. Pure integer arithmetic on raw fixed-point pixels (Fix::raw units), so the
// model is exact anywhere, including negative coordinates.
//
// Along one axis, grid line k (k * cell) owns the band [k*cell - band, k*cell + band); the
// rest of the cell lies between two bands. Region index h numbers these intervals in order:
// h = 2k for the band of line k, h = 2k + 1 for the part between lines k and k + 1. With
// band = cell / 4 this is exactly the seed's Math.round(2x) = floor(2x + 0.5), x in cells.
// The class of a region (hx, hy) follows the seed: both odd "a" (no wall can be near), one
// even "b" (near one wall line), both even "c" (near a grid crossing).
#pragma once
#include <cstdint>

#include "base/fixed.h"
#include "base/geom.h"

namespace ts {

class CollisionWorld;

namespace grid_walls {

enum class RegionClass : uint8_t { A = 0, B = 1, C = 2 };

const char* regionClassName(RegionClass c);  // "a", "b", "c"

struct Lattice {
    int64_t cell = 0;  // tile size in raw px
    int64_t band = 0;  // half-width of a wall line's band in raw px, 0 < band < cell / 2
};

// The lattice of a map with tileSize px tiles and a band of bandCells cells, clamped to
// the range the model supports ([1/64, 15/32] cell).
Lattice makeLattice(int32_t tileSize, Fix bandCells);

// Region index of a raw px coordinate (see the file comment).
constexpr int64_t regionIndex(int64_t pos, const Lattice& l) {
    const int64_t u = pos + l.band;
    const int64_t k = floorDiv(u, l.cell);
    return u - k * l.cell < 2 * l.band ? 2 * k : 2 * k + 1;
}

// First raw px coordinate of region h; region h is [regionStart(h), regionStart(h + 1)).
constexpr int64_t regionStart(int64_t h, const Lattice& l) {
    return floorDiv(h, 2) * l.cell + ((h & 1) ? l.band : -l.band);
}

constexpr RegionClass regionClass(int64_t hx, int64_t hy) {
    return RegionClass(int((hx & 1) == 0) + int((hy & 1) == 0));
}

// The seed's literal Math.round(2x) for x in cells: floor(2x + 1/2), halves rounded up.
constexpr int64_t seedHalfIndex(Fix cells) {
    return (cells * 2 + Fix::ratio(1, 2)).floor();
}
constexpr RegionClass seedRegion(Fix xCells, Fix yCells) {
    return regionClass(seedHalfIndex(xCells), seedHalfIndex(yCells));
}

// Walls as this model sees them: edge walls (the map border included, as CollisionWorld
// reports it) and the four edges of every solid or slope cell. One-way tiles and brushes
// are not walls. H: the top edge of cell (cx, ky); V: the left edge of cell (kx, cy).
bool solidCell(const CollisionWorld& w, int64_t cx, int64_t cy);
bool wallOnH(const CollisionWorld& w, int64_t cx, int64_t ky);
bool wallOnV(const CollisionWorld& w, int64_t kx, int64_t cy);
// Is there a horizontal wall ending at the crossing of lines (kx, ky)?
bool crossingHasHWall(const CollisionWorld& w, int64_t kx, int64_t ky);

// May the centre lie in region (hx, hy)? A "b" region is forbidden when its wall exists, a
// "c" region when any of the four walls meeting at its crossing exists, an "a" region when
// its cell is solid.
bool regionForbidden(const CollisionWorld& w, int64_t hx, int64_t hy);

}  // namespace grid_walls
}  // namespace ts
