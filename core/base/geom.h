// Integer pixel geometry and travel directions shared by the collision layer and the movers.
#pragma once
#include <cstdint>

namespace ts {

// Directions of travel, as the pass mask bits of seed 004 (a tile's mask says from which
// directions of travel it can be entered).
enum Dir : uint8_t { DIR_NONE = 0, DIR_LEFT = 1, DIR_RIGHT = 2, DIR_UP = 4, DIR_DOWN = 8 };

// Half-open pixel rectangle [x, x+w) x [y, y+h).
struct RectI {
    int64_t x = 0, y = 0, w = 0, h = 0;
    int64_t right() const { return x + w; }
    int64_t bottom() const { return y + h; }
    bool empty() const { return w <= 0 || h <= 0; }
    bool overlaps(const RectI& o) const {
        return x < o.right() && o.x < right() && y < o.bottom() && o.y < bottom();
    }
    bool operator==(const RectI& o) const { return x == o.x && y == o.y && w == o.w && h == o.h; }
};

// Floor division for negative coordinates (pixel -> tile).
constexpr int64_t floorDiv(int64_t a, int64_t b) {
    int64_t q = a / b;
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}
constexpr int64_t floorMod(int64_t a, int64_t b) {
    return a - floorDiv(a, b) * b;
}

}  // namespace ts
