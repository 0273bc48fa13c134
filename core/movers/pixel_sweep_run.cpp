#include "pixel_sweep_run.h"

#include <algorithm>

namespace ts {

namespace {

using CW = CollisionWorld;

// Pixel -> tile, floored. Tile sizes are usually powers of two: then a shift, which costs
// far less than a 64-bit division (these queries run several times per actor per frame).
struct TileDiv {
    int64_t t;
    int shift = -1;
    explicit TileDiv(int64_t tile) : t(tile) {
        if ((tile & (tile - 1)) == 0) shift = __builtin_ctzll(uint64_t(tile));
    }
    // Arithmetic right shift floors negative values too.
    int64_t operator()(int64_t a) const { return shift >= 0 ? a >> shift : floorDiv(a, t); }
};

// Smallest column height of a floor shape: rows [tile - minH, tile) are solid all across.
int64_t minColumnHeight(Shape s, int64_t tile) {
    switch (s) {
        case Shape::Solid:
        case Shape::OneWay:
            return tile;
        case Shape::Slope45Right:
        case Shape::Slope45Left:
            return 1;
        case Shape::Slope22RightHigh:
        case Shape::Slope22LeftHigh:
            return tile / 2;
        default:
            return 0;
    }
}

// sweepFreeRun for one direction: kH horizontal travel, kS = +1 right/down, -1 left/up.
// Distances count steps: the leading edge (the column or row the moved box newly covers)
// sits at `first + kS * d` after step d + 1; `best` is the number of free steps so far.
template <bool kH, int kS>
int64_t freeRun(const CW& world, const RectI& box, int64_t maxSteps) {
    constexpr uint8_t travel = kH ? (kS > 0 ? DIR_RIGHT : DIR_LEFT) : (kS > 0 ? DIR_DOWN : DIR_UP);
    // Walls across the travel on the edge through which the leading edge enters a tile, and
    // walls along the travel between two tile rows (columns) strictly inside the box.
    constexpr uint8_t entryWall = kH ? (kS > 0 ? CW::kCellWallLeft : CW::kCellWallRight)
                                     : (kS > 0 ? CW::kCellWallTop : CW::kCellWallBottom);
    constexpr uint8_t alongWall = kH ? CW::kCellWallBottom : CW::kCellWallRight;

    const int64_t t = world.tileSize();
    // "across" is the axis perpendicular to travel: the box covers [a0, a1) on it.
    const int64_t a0 = kH ? box.y : box.x, a1 = kH ? box.bottom() : box.right();
    const int64_t first = kS > 0 ? (kH ? box.right() : box.bottom()) : (kH ? box.x : box.y) - 1;
    const int64_t limit = kH ? world.widthPx() : world.heightPx();
    // Outside the map is solid: the leading edge may reach limit - 1 (or 0) at most.
    int64_t best = std::min(maxSteps, kS > 0 ? limit - first : first + 1);
    if (best <= 0) return 0;
    auto block = [&](int64_t d) {
        if (d >= 0 && d < best) best = d;
    };

    const TileDiv tileOf(t);
    const int64_t c0 = tileOf(a0), c1 = tileOf(a1 - 1);  // tiles across the box
    const int64_t width = world.map().width;
    const uint8_t* cells = world.cellBitsData();
    uint8_t seen = 0;  // union of the cell bits met
    for (int64_t ti = tileOf(first);; ti += kS) {
        const int64_t tileLo = ti * t, tileHi = tileLo + t - 1;
        const int64_t firstLead = kS > 0 ? std::max(tileLo, first) : std::min(tileHi, first);
        const int64_t dFirst = (firstLead - first) * kS;
        if (dFirst >= best) break;
        // Negative when the box already reaches into the tile: its entry edge is behind.
        const int64_t dEntry = ((kS > 0 ? tileLo : tileHi) - first) * kS;
        const uint8_t* cell = kH ? cells + c0 * width + ti : cells + ti * width + c0;
        for (int64_t c = c0; c <= c1; ++c, cell += kH ? width : 1) {
            const uint8_t f = *cell;
            if (f == 0) continue;
            seen |= f;
            if (f & entryWall) block(dEntry);
            if ((f & alongWall) && c < c1) block(dFirst);
            if (f & CW::kCellSolid) {
                block(dFirst);
            } else if (f & CW::kCellPartial) {
                const int64_t tx = kH ? ti : c, ty = kH ? c : ti;
                const Shape shape = world.shapeAt(tx, ty);
                if (shape == Shape::OneWay) {
                    if (!(world.passMaskAt(tx, ty) & travel)) block(dEntry);
                } else if (kH) {
                    // Slope, moving sideways: the first column whose solid part reaches the
                    // box's rows (solid rows of column c: [t - height(c), t), tile-local).
                    const int64_t rowsEnd = std::min<int64_t>(a1 - ty * t, t);
                    const uint16_t* col = world.columnHeights(shape);
                    for (int64_t lead = firstLead; lead >= tileLo && lead <= tileHi; lead += kS) {
                        const int64_t d = (lead - first) * kS;
                        if (d >= best) break;
                        const int64_t hgt = col[lead - tileLo];
                        if (hgt > 0 && rowsEnd > t - hgt) {
                            block(d);
                            break;
                        }
                    }
                } else {
                    // Slope, moving vertically: only the highest column under the box matters.
                    const int64_t ox = tx * t;
                    const int64_t lx0 = std::max<int64_t>(a0 - ox, 0),
                                  lx1 = std::min<int64_t>(a1 - ox, t);
                    // Slopes are monotonic: the highest column is at one end.
                    const uint16_t* col = world.columnHeights(shape);
                    const int64_t maxH = std::max(col[lx0], col[lx1 - 1]);
                    if (maxH == 0) continue;
                    if (kS > 0)
                        block((std::max(tileLo + t - maxH, firstLead) - first) * kS);
                    else  // from below, the bottom row of the tile is hit first
                        block(dEntry);
                }
            }
        }
        if (best == 0) return 0;
    }
    if (!(seen & CW::kCellBrush)) return best;

    // Brushes in the strip the leading edge sweeps: they lie in tiles met above.
    const int64_t leadA = std::min(first, first + kS * (best - 1));
    const RectI strip = kH ? RectI{leadA, a0, best, a1 - a0} : RectI{a0, leadA, a1 - a0, best};
    world.forEachBrushOverlapping(strip, [&](const RectI& b) {
        const int64_t bLo = kH ? b.x : b.y, bHi = kH ? b.right() : b.bottom();
        block(((kS > 0 ? std::max(bLo, first) : std::min(bHi - 1, first)) - first) * kS);
    });
    return best;
}

// sweepStepBlocked for one direction (see freeRun for kH, kS).
template <bool kH, int kS>
bool stepBlocked(const CW& world, const RectI& box) {
    constexpr uint8_t travel = kH ? (kS > 0 ? DIR_RIGHT : DIR_LEFT) : (kS > 0 ? DIR_DOWN : DIR_UP);
    constexpr uint8_t entryWall = kH ? (kS > 0 ? CW::kCellWallLeft : CW::kCellWallRight)
                                     : (kS > 0 ? CW::kCellWallTop : CW::kCellWallBottom);
    constexpr uint8_t alongWall = kH ? CW::kCellWallBottom : CW::kCellWallRight;
    const int64_t t = world.tileSize();
    const int64_t a0 = kH ? box.y : box.x, a1 = kH ? box.bottom() : box.right();
    // The leading edge: the column (row) the moved box newly covers.
    const int64_t lead = kS > 0 ? (kH ? box.right() : box.bottom()) : (kH ? box.x : box.y) - 1;
    if (lead < 0 || lead >= (kH ? world.widthPx() : world.heightPx())) return true;
    const TileDiv tileOf(t);
    const int64_t ti = tileOf(lead), local = lead - ti * t;
    const bool entering = local == (kS > 0 ? 0 : t - 1);
    const int64_t c0 = tileOf(a0), c1 = tileOf(a1 - 1);
    const int64_t width = world.map().width;
    const uint8_t* cell = world.cellBitsData() + (kH ? c0 * width + ti : ti * width + c0);
    bool brushes = false;
    for (int64_t c = c0; c <= c1; ++c, cell += kH ? width : 1) {
        const uint8_t f = *cell;
        if (f == 0) continue;
        if (f & CW::kCellSolid) return true;
        if (entering && (f & entryWall)) return true;
        if ((f & alongWall) && c < c1) return true;
        brushes |= (f & CW::kCellBrush) != 0;
        if (!(f & CW::kCellPartial)) continue;
        const int64_t tx = kH ? ti : c, ty = kH ? c : ti;
        const Shape shape = world.shapeAt(tx, ty);
        if (shape == Shape::OneWay) {
            if (entering && !(world.passMaskAt(tx, ty) & travel)) return true;
            continue;
        }
        const uint16_t* col = world.columnHeights(shape);
        if (kH) {
            // Column `local` is solid in rows [t - height, t) of the tile: does that reach
            // the box's rows?
            if (std::min<int64_t>(a1 - ty * t, t) > t - col[local]) return true;
        } else {
            // Row `local` is solid where a column under the box is high enough; slopes are
            // monotonic, so the highest column is at one end.
            const int64_t ox = tx * t;
            const int64_t lx0 = std::max<int64_t>(a0 - ox, 0), lx1 = std::min<int64_t>(a1 - ox, t);
            if (local >= t - std::max(col[lx0], col[lx1 - 1])) return true;
        }
    }
    if (!brushes) return false;
    const RectI strip = kH ? RectI{lead, a0, 1, a1 - a0} : RectI{a0, lead, a1 - a0, 1};
    bool hit = false;
    world.forEachBrushOverlapping(strip, [&](const RectI&) { hit = true; });
    return hit;
}

}  // namespace

bool sweepStepBlocked(const CollisionWorld& world, const RectI& box, uint8_t travel) {
    if (box.empty()) return false;  // rectBlocked never blocks an empty box
    if (box.x < 0 || box.y < 0 || box.right() > world.widthPx() || box.bottom() > world.heightPx())
        return true;
    switch (travel) {
        case DIR_RIGHT:
            return stepBlocked<true, 1>(world, box);
        case DIR_LEFT:
            return stepBlocked<true, -1>(world, box);
        case DIR_DOWN:
            return stepBlocked<false, 1>(world, box);
        default:
            return stepBlocked<false, -1>(world, box);
    }
}

int64_t sweepFreeRun(const CollisionWorld& world, const RectI& box, uint8_t travel,
                     int64_t maxSteps) {
    if (maxSteps <= 0) return 0;
    if (box.empty()) return maxSteps;  // rectBlocked never blocks an empty box
    if (box.x < 0 || box.y < 0 || box.right() > world.widthPx() || box.bottom() > world.heightPx())
        return 0;
    switch (travel) {
        case DIR_RIGHT:
            return freeRun<true, 1>(world, box, maxSteps);
        case DIR_LEFT:
            return freeRun<true, -1>(world, box, maxSteps);
        case DIR_DOWN:
            return freeRun<false, 1>(world, box, maxSteps);
        default:
            return freeRun<false, -1>(world, box, maxSteps);
    }
}

int64_t sweepSupportRun(const CollisionWorld& world, const RectI& box, int dir, int64_t maxSteps) {
    if (maxSteps <= 0) return 0;
    const int64_t t = world.tileSize();
    const int64_t row = box.bottom();              // the row the box one pixel lower newly covers
    if (row >= world.heightPx()) return maxSteps;  // outside the map is solid
    if (row < 0 || box.w <= 0) return 0;
    const TileDiv tileOf(t);
    const int64_t ty = tileOf(row), ly = row - ty * t;
    const uint8_t* cells = world.cellBitsData() + ty * world.map().width;
    auto supports = [&](int64_t tx) {
        const uint8_t f = cells[tx];
        if (f & CW::kCellSolid) return true;
        // A horizontal wall on the line the lowered box's bottom edge crosses.
        if (ly == 0 && (f & CW::kCellWallTop)) return true;
        if (!(f & CW::kCellPartial)) return false;
        const Shape shape = world.shapeAt(tx, ty);
        if (shape == Shape::OneWay) return ly == 0 && !(world.passMaskAt(tx, ty) & DIR_DOWN);
        return ly >= t - minColumnHeight(shape, t);
    };
    if (dir > 0) {
        // Step k needs a supporting column in [box.x + k, box.right() + k - 1]. B is the end
        // of the rightmost run of supporting tiles that starts inside the first window.
        const int64_t winLo = box.x + 1, winHi = box.right();
        bool found = false;
        int64_t runEnd = 0;
        for (int64_t tx = tileOf(winLo);; ++tx) {
            const int64_t start = tx * t;
            if (start > winHi && (!found || runEnd != start)) break;
            if (found && runEnd - 1 - box.x >= maxSteps) break;
            if (tx < 0 || tx >= world.map().width) break;
            if (supports(tx)) {
                runEnd = start + t;
                found = true;
            } else if (start > winHi) {
                break;
            }
        }
        if (!found) return 0;
        return std::clamp<int64_t>(runEnd - 1 - box.x, 0, maxSteps);
    }
    // Moving left: step k needs a supporting column in [box.x - k, box.right() - 1 - k].
    const int64_t winLo = box.x - 1, winHi = box.right() - 2;
    bool found = false;
    int64_t runStart = 0;
    for (int64_t tx = tileOf(winHi);; --tx) {
        const int64_t end = tx * t + t;  // exclusive
        if (end <= winLo && (!found || runStart != end)) break;
        if (found && box.right() - 1 - runStart >= maxSteps) break;
        if (tx < 0 || tx >= world.map().width) break;
        if (supports(tx)) {
            runStart = tx * t;
            found = true;
        } else if (end <= winLo) {
            break;
        }
    }
    if (!found) return 0;
    return std::clamp<int64_t>(box.right() - 1 - runStart, 0, maxSteps);
}

}  // namespace ts
