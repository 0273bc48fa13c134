// The leading-edge queries: the detailed checks behind collision_runs.h's quick ones (walls,
// slopes, one-way tiles, brushes), the support run, and CollisionWorld's stepBlocked, freeRun
// and supportRun on top of them.
#include "world/collision_runs.h"

#include <algorithm>

namespace ts {
namespace runs {

namespace {

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

constexpr uint8_t travelOf(bool kH, int kS) {
    return kH ? (kS > 0 ? DIR_RIGHT : DIR_LEFT) : (kS > 0 ? DIR_DOWN : DIR_UP);
}
// Walls across the travel on the edge through which the leading edge enters a tile.
constexpr uint8_t entryWallOf(bool kH, int kS) {
    return kH ? (kS > 0 ? CW::kCellWallLeft : CW::kCellWallRight)
              : (kS > 0 ? CW::kCellWallTop : CW::kCellWallBottom);
}
// Walls along the travel between two tile rows (columns) strictly inside the box.
constexpr uint8_t alongWallOf(bool kH) {
    return kH ? CW::kCellWallBottom : CW::kCellWallRight;
}

}  // namespace

template <bool kH, int kS, class G>
bool stepDetail(G g, int64_t lead, int64_t a0, int64_t a1) {
    constexpr uint8_t travel = travelOf(kH, kS), entryWall = entryWallOf(kH, kS);
    constexpr uint8_t alongWall = alongWallOf(kH);
    const int64_t t = g.tile();
    const int64_t ti = g.tileOf(lead), local = lead - ti * t;
    const bool entering = local == (kS > 0 ? 0 : t - 1);
    const int64_t c0 = g.tileOf(a0), c1 = g.tileOf(a1 - 1);
    const CollisionWorld& world = g.world;
    const uint8_t* cell = g.bits() + (kH ? c0 * g.width() + ti : ti * g.width() + c0);
    bool brushes = false;
    for (int64_t c = c0; c <= c1; ++c, cell += kH ? g.width() : 1) {
        const uint8_t f = *cell;
        if (f == 0) continue;
        if (f & CW::kCellSolid) return true;
        if (entering && (f & entryWall)) return true;
        if ((f & alongWall) && c < c1) return true;
        brushes |= (f & CW::kCellBrush) != 0;
        if (!(f & CW::kCellPartial)) continue;
        const int64_t tx = kH ? ti : c, ty = kH ? c : ti;
        const uint8_t sb = g.shapes()[ty * g.width() + tx];
        const Shape shape = Shape(sb & 15);
        if (shape == Shape::OneWay) {
            if (entering && !((sb >> 4) & travel)) return true;
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

// Distances count steps: the leading edge sits at `first + kS * d` after step d + 1.
template <bool kH, int kS, class G>
int64_t runDetail(G g, int64_t ti, int64_t first, int64_t a0, int64_t a1, int64_t best) {
    constexpr uint8_t travel = travelOf(kH, kS), entryWall = entryWallOf(kH, kS);
    constexpr uint8_t alongWall = alongWallOf(kH);
    const int64_t t = g.tile();
    const CollisionWorld& world = g.world;
    auto block = [&](int64_t d) {
        if (d >= 0 && d < best) best = d;
    };
    const int64_t tileLo = ti * t, tileHi = tileLo + t - 1;
    const int64_t firstLead = kS > 0 ? std::max(tileLo, first) : std::min(tileHi, first);
    const int64_t dFirst = (firstLead - first) * kS;
    // Negative when the box already reaches into the tile: its entry edge is behind.
    const int64_t dEntry = ((kS > 0 ? tileLo : tileHi) - first) * kS;
    const int64_t c0 = g.tileOf(a0), c1 = g.tileOf(a1 - 1);
    const uint8_t* cell = g.bits() + (kH ? c0 * g.width() + ti : ti * g.width() + c0);
    for (int64_t c = c0; c <= c1; ++c, cell += kH ? g.width() : 1) {
        const uint8_t f = *cell;
        if (f == 0) continue;
        if (f & entryWall) block(dEntry);
        if ((f & alongWall) && c < c1) block(dFirst);
        if (f & CW::kCellSolid) {
            block(dFirst);
        } else if (f & CW::kCellPartial) {
            const int64_t tx = kH ? ti : c, ty = kH ? c : ti;
            const uint8_t sb = g.shapes()[ty * g.width() + tx];
            const Shape shape = Shape(sb & 15);
            if (shape == Shape::OneWay) {
                if (!((sb >> 4) & travel)) block(dEntry);
            } else if (kH) {
                // Slope, moving sideways: the first column whose solid part reaches the box's
                // rows (solid rows of column c: [t - height(c), t), tile-local).
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
    return best;
}

template <bool kH, int kS, class G>
int64_t runBrushes(G g, int64_t first, int64_t a0, int64_t a1, int64_t best) {
    // Brushes in the strip the leading edge sweeps: they lie in tiles met by the run.
    const int64_t leadA = std::min(first, first + kS * (best - 1));
    const RectI strip = kH ? RectI{leadA, a0, best, a1 - a0} : RectI{a0, leadA, a1 - a0, best};
    g.world.forEachBrushOverlapping(strip, [&](const RectI& b) {
        const int64_t bLo = kH ? b.x : b.y, bHi = kH ? b.right() : b.bottom();
        const int64_t d = ((kS > 0 ? std::max(bLo, first) : std::min(bHi - 1, first)) - first) * kS;
        if (d >= 0 && d < best) best = d;
    });
    return best;
}

template <class G>
int64_t supportRun(G g, const Box& box, int dir, int64_t maxSteps) {
    if (maxSteps <= 0) return 0;
    const int64_t t = g.tile();
    const int64_t row = box.y + box.h;         // the row the box one pixel lower newly covers
    if (row >= g.heightPx()) return maxSteps;  // outside the map is solid
    if (row < 0 || box.w <= 0) return 0;
    const int64_t ty = g.floorTile(row), ly = row - ty * t;
    const uint8_t* cells = g.bits() + ty * g.width();
    auto supports = [&](int64_t tx) {
        const uint8_t f = cells[tx];
        if (f & CW::kCellSolid) return true;
        // A horizontal wall on the line the lowered box's bottom edge crosses.
        if (ly == 0 && (f & CW::kCellWallTop)) return true;
        if (!(f & CW::kCellPartial)) return false;
        const uint8_t sb = g.shapes()[ty * g.width() + tx];
        const Shape shape = Shape(sb & 15);
        if (shape == Shape::OneWay) return ly == 0 && !((sb >> 4) & DIR_DOWN);
        return ly >= t - minColumnHeight(shape, t);
    };
    const int64_t right = box.x + box.w;
    if (dir > 0) {
        // Step k needs a supporting column in [box.x + k, right + k - 1]. The answer is the
        // end of the rightmost run of supporting tiles that starts inside the first window.
        const int64_t winLo = box.x + 1, winHi = right;
        bool found = false;
        int64_t runEnd = 0;
        for (int64_t tx = g.floorTile(winLo);; ++tx) {
            const int64_t start = tx * t;
            if (start > winHi && (!found || runEnd != start)) break;
            if (found && runEnd - 1 - box.x >= maxSteps) break;
            if (tx < 0 || tx >= g.width()) break;
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
    // Moving left: step k needs a supporting column in [box.x - k, right - 1 - k].
    const int64_t winLo = box.x - 1, winHi = right - 2;
    bool found = false;
    int64_t runStart = 0;
    for (int64_t tx = g.floorTile(winHi);; --tx) {
        const int64_t end = tx * t + t;  // exclusive
        if (end <= winLo && (!found || runStart != end)) break;
        if (found && right - 1 - runStart >= maxSteps) break;
        if (tx < 0 || tx >= g.width()) break;
        if (supports(tx)) {
            runStart = tx * t;
            found = true;
        } else if (end <= winLo) {
            break;
        }
    }
    if (!found) return 0;
    return std::clamp<int64_t>(right - 1 - runStart, 0, maxSteps);
}

// The detailed checks for both grids and all four directions.
#define TS_PIXEL_SWEEP_DIRECTION(G, kH, kS)                                                \
    template bool stepDetail<kH, kS, G>(G, int64_t, int64_t, int64_t);                     \
    template int64_t runDetail<kH, kS, G>(G, int64_t, int64_t, int64_t, int64_t, int64_t); \
    template int64_t runBrushes<kH, kS, G>(G, int64_t, int64_t, int64_t, int64_t);
#define TS_PIXEL_SWEEP_GRID(G)             \
    TS_PIXEL_SWEEP_DIRECTION(G, true, 1)   \
    TS_PIXEL_SWEEP_DIRECTION(G, true, -1)  \
    TS_PIXEL_SWEEP_DIRECTION(G, false, 1)  \
    TS_PIXEL_SWEEP_DIRECTION(G, false, -1) \
    template int64_t supportRun<G>(G, const Box&, int, int64_t);
TS_PIXEL_SWEEP_GRID(SweepGrid<4>)
TS_PIXEL_SWEEP_GRID(SweepGrid<0>)
#undef TS_PIXEL_SWEEP_GRID
#undef TS_PIXEL_SWEEP_DIRECTION

}  // namespace runs

namespace {

using runs::Box;
using runs::SweepGrid;

bool insideMap(const CollisionWorld& world, const RectI& box) {
    return box.x >= 0 && box.y >= 0 && box.right() <= world.widthPx() &&
           box.bottom() <= world.heightPx();
}

bool sixteenPxTiles(const CollisionWorld& world) {
    return world.gridSize().tile == 16;
}

template <class G>
bool stepBlockedOn(G g, const Box& b, uint8_t travel) {
    switch (travel) {
        case DIR_RIGHT:
            return runs::stepBlocked<true, 1>(g, b);
        case DIR_LEFT:
            return runs::stepBlocked<true, -1>(g, b);
        case DIR_DOWN:
            return runs::stepBlocked<false, 1>(g, b);
        default:
            return runs::stepBlocked<false, -1>(g, b);
    }
}

template <class G>
int64_t freeRunOn(G g, const Box& b, uint8_t travel, int64_t maxSteps) {
    switch (travel) {
        case DIR_RIGHT:
            return runs::freeRun<true, 1>(g, b, maxSteps);
        case DIR_LEFT:
            return runs::freeRun<true, -1>(g, b, maxSteps);
        case DIR_DOWN:
            return runs::freeRun<false, 1>(g, b, maxSteps);
        default:
            return runs::freeRun<false, -1>(g, b, maxSteps);
    }
}

}  // namespace

bool CollisionWorld::stepBlocked(const RectI& box, uint8_t travel) const {
    if (box.empty()) return false;  // rectBlocked never blocks an empty box
    if (!insideMap(*this, box)) return true;
    const Box b{box.x, box.y, box.w, box.h};
    return sixteenPxTiles(*this) ? stepBlockedOn(SweepGrid<4>{*this}, b, travel)
                                 : stepBlockedOn(SweepGrid<0>{*this}, b, travel);
}

int64_t CollisionWorld::freeRun(const RectI& box, uint8_t travel, int64_t maxSteps) const {
    if (maxSteps <= 0) return 0;
    if (box.empty()) return maxSteps;  // rectBlocked never blocks an empty box
    if (!insideMap(*this, box)) return 0;
    const Box b{box.x, box.y, box.w, box.h};
    return sixteenPxTiles(*this) ? freeRunOn(SweepGrid<4>{*this}, b, travel, maxSteps)
                                 : freeRunOn(SweepGrid<0>{*this}, b, travel, maxSteps);
}

int64_t CollisionWorld::supportRun(const RectI& box, int dir, int64_t maxSteps) const {
    const Box b{box.x, box.y, box.w, box.h};
    return sixteenPxTiles(*this) ? runs::supportRun(SweepGrid<4>{*this}, b, dir, maxSteps)
                                 : runs::supportRun(SweepGrid<0>{*this}, b, dir, maxSteps);
}

}  // namespace ts
