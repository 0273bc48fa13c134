#include "pixel_sweep_run.h"

#include <algorithm>

namespace ts {

namespace {

// Distances along the travel axis. `lead` is the coordinate (column for horizontal travel,
// row for vertical) of the moved box's leading edge; step k puts it at first + s * (k - 1).
struct LeadRun {
    int64_t first;  // leading edge after the first step
    int s;          // +1 right/down, -1 left/up
    int64_t best;   // free steps found so far

    int64_t dist(int64_t lead) const { return (lead - first) * s; }
    // Something blocks the box when its leading edge reaches `lead`.
    void block(int64_t lead) {
        int64_t d = dist(lead);
        if (d >= 0 && d < best) best = d;
    }
};

// Pixel -> tile, floored. Tile sizes are usually powers of two: then a shift, which costs
// far less than a 64-bit division (these queries run several times per actor per frame).
struct TileDiv {
    int64_t t;
    int shift = -1;
    explicit TileDiv(int64_t tile) : t(tile) {
        if ((tile & (tile - 1)) == 0)
            for (shift = 0; (int64_t(1) << shift) < tile;) ++shift;
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

}  // namespace

void gatherBrushes(const CollisionWorld& world, const RectI& area, NearBrushes& out) {
    out.area = area;
    out.count = 0;
    out.complete = true;
    if (world.map().brushes.empty()) return;
    world.forEachBrushOverlapping(area, [&](const RectI& b) {
        for (int i = 0; i < out.count; ++i)  // a brush may be reported by several buckets
            if (out.x0[i] == b.x && out.y0[i] == b.y && out.x1[i] == b.right() &&
                out.y1[i] == b.bottom())
                return;
        if (out.count == NearBrushes::kMax) {
            out.complete = false;
            return;
        }
        out.x0[out.count] = b.x;
        out.y0[out.count] = b.y;
        out.x1[out.count] = b.right();
        out.y1[out.count] = b.bottom();
        ++out.count;
    });
}

namespace {
bool contains(const RectI& outer, const RectI& r) {
    return r.x >= outer.x && r.y >= outer.y && r.right() <= outer.right() &&
           r.bottom() <= outer.bottom();
}
}  // namespace

int64_t sweepFreeRun(const CollisionWorld& world, const RectI& box, uint8_t travel,
                     int64_t maxSteps, const NearBrushes* near) {
    if (maxSteps <= 0) return 0;
    if (box.empty()) return maxSteps;  // rectBlocked never blocks an empty box
    const int64_t t = world.tileSize();
    const int64_t widthPx = world.widthPx(), heightPx = world.heightPx();
    if (box.x < 0 || box.y < 0 || box.right() > widthPx || box.bottom() > heightPx) return 0;

    const bool horizontal = travel == DIR_LEFT || travel == DIR_RIGHT;
    const int s = (travel == DIR_RIGHT || travel == DIR_DOWN) ? 1 : -1;
    // "across" is the axis perpendicular to travel: the box covers [a0, a1) on it.
    const int64_t a0 = horizontal ? box.y : box.x;
    const int64_t a1 = horizontal ? box.bottom() : box.right();
    const int64_t lo = horizontal ? box.x : box.y;
    const int64_t hi = horizontal ? box.right() : box.bottom();
    LeadRun run{s > 0 ? hi : lo - 1, s, maxSteps};
    run.block(s > 0 ? (horizontal ? widthPx : heightPx) : -1);  // outside the map
    if (run.best == 0) return 0;

    const EdgeWalls& walls = world.map().walls;
    // The box is inside the map, so plain division is floor division here.
    const TileDiv tileOf(t);
    const int64_t c0 = tileOf(a0), c1 = tileOf(a1 - 1);  // tiles across the box
    const int64_t k0 = c0 + 1, k1 = c1;                  // grid lines strictly inside it
    for (int64_t ti = tileOf(run.first);; ti += s) {
        const int64_t tileLo = ti * t, tileHi = ti * t + t - 1;
        const int64_t firstLead = s > 0 ? std::max(tileLo, run.first) : std::min(tileHi, run.first);
        if (run.dist(firstLead) >= run.best) break;
        // The edge through which the leading edge enters this tile, if it does so during
        // the run (it does not when the box already reaches into the tile).
        const int64_t entryLead = s > 0 ? tileLo : tileHi;
        const bool enters = run.dist(entryLead) >= 0;

        // Walls across the travel on the tile's entry edge: the swept area contains the
        // line once the leading edge moves onto the pixel just past it.
        if (enters) {
            const int64_t line = s > 0 ? ti : ti + 1;
            for (int64_t c = c0; c <= c1; ++c)
                if (horizontal ? walls.v(line, c) : walls.h(c, line)) run.block(entryLead);
        }
        // Walls along the travel, strictly inside the box's across range, in this tile.
        for (int64_t k = k0; k <= k1; ++k)
            if (horizontal ? walls.h(ti, k) : walls.v(k, ti)) run.block(firstLead);

        for (int64_t c = c0; c <= c1; ++c) {
            const int64_t tx = horizontal ? ti : c, ty = horizontal ? c : ti;
            const Shape shape = world.shapeAt(tx, ty);
            if (shape == Shape::Empty) continue;
            if (shape == Shape::Solid) {
                run.block(firstLead);
            } else if (shape == Shape::OneWay) {
                if (enters && !(world.passMaskAt(tx, ty) & travel)) run.block(entryLead);
            } else if (horizontal) {
                // Slope, moving sideways: the first column whose solid part reaches the box's
                // rows (solid rows of column c: [t - height(c), t), local to the tile).
                const int64_t rowsEnd = std::min<int64_t>(a1 - ty * t, t);
                for (int64_t lead = firstLead; lead >= tileLo && lead <= tileHi; lead += s) {
                    if (run.dist(lead) >= run.best) break;
                    const int64_t hgt = shapeColumnHeight(shape, int(lead - tileLo), int(t));
                    if (hgt > 0 && rowsEnd > t - hgt) {
                        run.block(lead);
                        break;
                    }
                }
            } else {
                // Slope, moving vertically: only the highest column under the box matters.
                const int64_t ox = tx * t;
                const int64_t lx0 = std::max<int64_t>(a0 - ox, 0),
                              lx1 = std::min<int64_t>(a1 - ox, t);
                int64_t maxH = 0;
                for (int64_t lx = lx0; lx < lx1; ++lx)
                    maxH = std::max<int64_t>(maxH, shapeColumnHeight(shape, int(lx), int(t)));
                if (maxH == 0) continue;
                if (s > 0)
                    run.block(std::max(tileLo + t - maxH, firstLead));
                else if (enters)  // from below, the bottom row of the tile is hit first
                    run.block(entryLead);
            }
        }
        if (run.best == 0) return 0;
    }

    // Brushes in the strip the leading edge sweeps.
    const int64_t leadA = std::min(run.first, run.first + s * (run.best - 1));
    const RectI strip =
        horizontal ? RectI{leadA, a0, run.best, a1 - a0} : RectI{a0, leadA, a1 - a0, run.best};
    auto brush = [&](const RectI& b) {
        const int64_t bLo = horizontal ? b.x : b.y;
        const int64_t bHi = horizontal ? b.right() : b.bottom();
        run.block(s > 0 ? std::max(bLo, run.first) : std::min(bHi - 1, run.first));
    };
    if (near && near->complete && contains(near->area, strip)) {
        for (int i = 0; i < near->count; ++i) {
            const RectI b{near->x0[i], near->y0[i], near->x1[i] - near->x0[i],
                          near->y1[i] - near->y0[i]};
            if (b.overlaps(strip)) brush(b);
        }
    } else {
        world.forEachBrushOverlapping(strip, brush);
    }
    return run.best;
}

int64_t sweepSupportRun(const CollisionWorld& world, const RectI& box, int dir, int64_t maxSteps) {
    if (maxSteps <= 0) return 0;
    const int64_t t = world.tileSize();
    const int64_t row = box.bottom();              // the row the box one pixel lower newly covers
    if (row >= world.heightPx()) return maxSteps;  // outside the map is solid
    if (row < 0 || box.w <= 0) return 0;
    const TileDiv tileOf(t);
    const int64_t ty = tileOf(row), ly = row - ty * t;
    const EdgeWalls& walls = world.map().walls;
    auto supports = [&](int64_t tx) {
        const Shape shape = world.shapeAt(tx, ty);
        if (shape == Shape::OneWay) return ly == 0 && !(world.passMaskAt(tx, ty) & DIR_DOWN);
        if (ly >= t - minColumnHeight(shape, t)) return true;
        // A horizontal wall on the line the lowered box's bottom edge crosses.
        return ly == 0 && walls.h(tx, ty);
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
