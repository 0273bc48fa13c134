// The map feature a finding names (hunt.h featureNear).
//
// Rule: look at the strip of pixels 1, 2, 3 and 4 px beyond the box's side in the travel
// direction (the first Dir bit of L, R, U, D; the box itself when there is none), nearest
// first, and name the first of these found in a strip:
//   "map edge"    the strip leaves the map;
//   "brush"       a brush overlaps it (the lowest index);
//   "wall"        an edge wall lies on the grid line at the box's leading side;
//   "one-way"     a one-way tile overlaps it;
//   "slope joint" a slope tile next (across the strip) to a tile of another non-empty shape;
//   "seam"        two solid tiles side by side across the strip: the seam between them;
//   "corner"      one solid tile that the strip meets only with its last 2 px;
//   "tile"        one solid (or slope) tile.
// Nothing within 4 px: the same over the strip below the box, one pixel wider toward a
// horizontal travel (the floor: ghost collisions on floor seams), then "open". The text names cells
// as (column,row) and brushes by their index in the map, so that a finding keeps its identity
// (SnagFinding::key) while it is shrunk.
#include <string>
#include <vector>

#include "hunt/detail/model_rules.h"
#include "hunt/hunt.h"

namespace ts {

namespace {

std::string cellText(int64_t cx, int64_t cy) {
    return "(" + std::to_string(cx) + "," + std::to_string(cy) + ")";
}

// The strip `dist` px beyond the box's `dir` side (the box itself for dir 0).
RectI stripAt(const RectI& b, uint8_t dir, int64_t dist) {
    switch (dir) {
        case DIR_LEFT:
            return RectI{b.x - dist, b.y, 1, b.h};
        case DIR_RIGHT:
            return RectI{b.right() + dist - 1, b.y, 1, b.h};
        case DIR_UP:
            return RectI{b.x, b.y - dist, b.w, 1};
        case DIR_DOWN:
            return RectI{b.x, b.bottom() + dist - 1, b.w, 1};
        default:
            return b;
    }
}

bool featureInStrip(const CollisionWorld& world, const RectI& box, uint8_t dir, int64_t dist,
                    MapFeature* f) {
    const Map& map = world.map();
    const int64_t t = world.tileSize();
    const RectI s = stripAt(box, dir, dist);
    if (s.empty()) return false;
    const int64_t W = world.widthPx(), H = world.heightPx();
    auto clampCell = [&](int64_t px, int64_t n) {
        const int64_t c = floorDiv(px, t);
        return c < 0 ? 0 : (c >= n ? n - 1 : c);
    };
    if (s.x < 0 || s.y < 0 || s.right() > W || s.bottom() > H) {
        const char* side = s.x < 0 ? "left" : s.right() > W ? "right" : s.y < 0 ? "top" : "bottom";
        *f = MapFeature{"map edge", clampCell(s.x, map.width), clampCell(s.y, map.height),
                        std::string("map edge (") + side + ")"};
        return true;
    }
    for (size_t i = 0; i < map.brushes.size(); ++i) {
        const RectI& r = map.brushes[i].rect;
        if (!r.overlaps(s)) continue;
        *f = MapFeature{"brush", floorDiv(r.x, t), floorDiv(r.y, t),
                        "brush #" + std::to_string(i) + " at (" + std::to_string(r.x) + "," +
                            std::to_string(r.y) + ") " + std::to_string(r.w) + "x" +
                            std::to_string(r.h)};
        return true;
    }
    // A wall on the grid line at the leading side (only for the nearest strip).
    if (dist == 1 && dir) {
        const bool horizontal = dir == DIR_LEFT || dir == DIR_RIGHT;
        const int64_t line = dir == DIR_LEFT    ? box.x
                             : dir == DIR_RIGHT ? box.right()
                             : dir == DIR_UP    ? box.y
                                                : box.bottom();
        if (floorDiv(line, t) * t == line) {
            const int64_t k = line / t;
            const int64_t a0 = floorDiv(horizontal ? box.y : box.x, t);
            const int64_t a1 = floorDiv((horizontal ? box.bottom() : box.right()) - 1, t);
            for (int64_t a = a0; a <= a1; ++a)
                if (horizontal ? world.wallV(k, a) : world.wallH(a, k)) {
                    const int64_t cx = horizontal ? k : a, cy = horizontal ? a : k;
                    *f = MapFeature{"wall", cx, cy,
                                    std::string("wall on the ") + (horizontal ? "left" : "top") +
                                        " edge of cell " + cellText(cx, cy)};
                    return true;
                }
        }
    }
    // Tiles across the strip, in order.
    struct Hit {
        int64_t cx, cy;
        Shape shape;
        int64_t overlap;  // px of the strip inside the tile, across the travel
    };
    std::vector<Hit> hits;
    const int64_t cx0 = floorDiv(s.x, t), cx1 = floorDiv(s.right() - 1, t);
    const int64_t cy0 = floorDiv(s.y, t), cy1 = floorDiv(s.bottom() - 1, t);
    for (int64_t cy = cy0; cy <= cy1; ++cy)
        for (int64_t cx = cx0; cx <= cx1; ++cx) {
            const Shape sh = world.shapeAt(cx, cy);
            if (sh == Shape::Empty) continue;
            const RectI cell{cx * t, cy * t, t, t};
            const int64_t ox = std::min(cell.right(), s.right()) - std::max(cell.x, s.x);
            const int64_t oy = std::min(cell.bottom(), s.bottom()) - std::max(cell.y, s.y);
            hits.push_back(Hit{cx, cy, sh, dir == DIR_LEFT || dir == DIR_RIGHT ? oy : ox});
        }
    if (hits.empty()) return false;
    for (const Hit& h : hits)
        if (h.shape == Shape::OneWay) {
            *f = MapFeature{"one-way", h.cx, h.cy, "one-way tile " + cellText(h.cx, h.cy)};
            return true;
        }
    for (size_t i = 0; i + 1 < hits.size(); ++i)
        if (isSlope(hits[i].shape) != isSlope(hits[i + 1].shape) ||
            (isSlope(hits[i].shape) && hits[i].shape != hits[i + 1].shape)) {
            *f = MapFeature{"slope joint", hits[i].cx, hits[i].cy,
                            "slope joint between cells " + cellText(hits[i].cx, hits[i].cy) +
                                " and " + cellText(hits[i + 1].cx, hits[i + 1].cy)};
            return true;
        }
    if (hits.size() >= 2) {
        *f = MapFeature{"seam", hits[0].cx, hits[0].cy,
                        "seam between cells " + cellText(hits[0].cx, hits[0].cy) + " and " +
                            cellText(hits[1].cx, hits[1].cy)};
        return true;
    }
    const Hit& h = hits[0];
    const int64_t across = dir == DIR_LEFT || dir == DIR_RIGHT ? s.h : s.w;
    if (dir && h.overlap <= 2 && across > 2 && !isSlope(h.shape)) {
        *f = MapFeature{"corner", h.cx, h.cy, "corner of cell " + cellText(h.cx, h.cy)};
        return true;
    }
    *f = MapFeature{"tile", h.cx, h.cy,
                    std::string(isSlope(h.shape) ? "slope tile " : "tile ") + cellText(h.cx, h.cy)};
    return true;
}

}  // namespace

MapFeature featureNear(const CollisionWorld& world, const RectI& box, uint8_t dir) {
    uint8_t d = 0;
    for (uint8_t bit : {DIR_LEFT, DIR_RIGHT, DIR_UP, DIR_DOWN})
        if (dir & bit) {
            d = bit;
            break;
        }
    MapFeature f;
    const int64_t far = d ? 4 : 1;
    for (int64_t dist = 1; dist <= far; ++dist)
        if (featureInStrip(world, box, d, dist, &f)) return f;
    // The floor, one pixel wider toward a horizontal travel (the seam the leading corner meets).
    RectI floor = box;
    if (d == DIR_LEFT) floor.x -= 1;
    if (d == DIR_LEFT || d == DIR_RIGHT) floor.w += 1;
    if (d != DIR_DOWN && featureInStrip(world, floor, DIR_DOWN, 1, &f)) return f;
    const int64_t t = world.tileSize();
    return MapFeature{"open", floorDiv(box.x + box.w / 2, t), floorDiv(box.y + box.h / 2, t),
                      "open space at cell " +
                          cellText(floorDiv(box.x + box.w / 2, t), floorDiv(box.y + box.h / 2, t))};
}

}  // namespace ts
