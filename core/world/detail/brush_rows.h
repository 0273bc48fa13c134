// Which pixels of each 16-px tile the map's brushes cover, one tile row at a time, in time
// linear in the map's area plus the brushes: a sweep down the map that keeps, per pixel
// column, how many brushes start or end there (a difference row), instead of asking every
// tile for the brushes of its bucket (brushes x area: 8192 stacked half-map brushes took
// seconds). The covered pixels are the union of the brushes clipped to the map, exactly what
// the per-tile rasterising gave, so the tile masks built from them are the same bit for bit.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

namespace ts {

class CollisionWorld;

class BrushRows {
  public:
    static constexpr int kT = 16;
    BrushRows() = default;
    // For a world of 16-px tiles (gridSize().tile == 16).
    explicit BrushRows(const CollisionWorld& world);
    // Advances to the next tile row (the first call gives row 0). When `evaluate`, fills the
    // row's pixels: row(cx)[ly] has bit lx set when a brush covers pixel (lx, ly) of tile cx;
    // otherwise only moves the sweep on (rows without brush tiles need no pixels).
    void next(bool evaluate);
    const uint16_t* row(int64_t cx) const { return band_.data() + size_t(cx) * kT; }

  private:
    struct Event {
        int64_t y;  // pixel row where it takes effect
        int64_t x0, x1;
        int32_t delta;
    };
    int64_t width_ = 0, widthPx_ = 0;
    int64_t cy_ = 0;             // tile row the next call fills
    std::vector<Event> events_;  // sorted by y
    size_t nextEvent_ = 0;
    std::vector<int32_t> diff_;      // per pixel column: brushes starting minus ending there
    std::vector<int32_t> tileDiff_;  // per tile column: the sum of its pixels' diff_
    std::vector<uint16_t> band_;     // width_ tiles x 16 rows
};

}  // namespace ts
