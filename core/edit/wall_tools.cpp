#include "edit/wall_tools.h"

#include <algorithm>

#include "edit/map_edits.h"

namespace ts {

namespace {

size_t wallIndex(const Map& map, Edge e) {
    return e.horizontal ? size_t(e.y) * size_t(map.width) + size_t(e.x)
                        : size_t(e.y) * size_t(map.width + 1) + size_t(e.x);
}

}  // namespace

bool edgeInMap(const Map& map, Edge e) {
    if (e.horizontal) return e.x >= 0 && e.x < map.width && e.y >= 0 && e.y <= map.height;
    return e.x >= 0 && e.x <= map.width && e.y >= 0 && e.y < map.height;
}

bool hasWall(const Map& map, Edge e) {
    return e.horizontal ? map.walls.h(e.x, e.y) : map.walls.v(e.x, e.y);
}

std::optional<Edge> nearestEdge(const Map& map, int64_t px, int64_t py) {
    if (px < 0 || py < 0 || px >= map.widthPx() || py >= map.heightPx()) return std::nullopt;
    const int64_t ts = map.tileSize;
    const int32_t cx = int32_t(px / ts), cy = int32_t(py / ts);
    const int64_t lx = px % ts, ly = py % ts;
    // Doubled distances from the pixel's centre to the cell's four sides.
    const int64_t dist[4] = {2 * ly + 1, 2 * lx + 1, 2 * (ts - ly) - 1, 2 * (ts - lx) - 1};
    const Edge edges[4] = {
        {true, cx, cy}, {false, cx, cy}, {true, cx, cy + 1}, {false, cx + 1, cy}};
    return edges[std::min_element(dist, dist + 4) - dist];
}

std::vector<Edge> edgesBetween(Edge a, Edge b) {
    std::vector<Edge> out;
    if (a.horizontal == b.horizontal && a.horizontal && a.y == b.y) {
        int32_t step = a.x <= b.x ? 1 : -1;
        for (int32_t x = a.x;; x += step) {
            out.push_back({true, x, a.y});
            if (x == b.x) break;
        }
    } else if (a.horizontal == b.horizontal && !a.horizontal && a.x == b.x) {
        int32_t step = a.y <= b.y ? 1 : -1;
        for (int32_t y = a.y;; y += step) {
            out.push_back({false, a.x, y});
            if (y == b.y) break;
        }
    } else {
        out.push_back(b);
    }
    return out;
}

CommandPtr setWall(const Map& map, Edge e, bool on) {
    return setWalls(map, {e}, on);
}

CommandPtr setWalls(const Map& map, const std::vector<Edge>& edges, bool on) {
    std::vector<WallChange> changes;
    const uint8_t after = on ? 1 : 0;
    for (const Edge& e : edges) {
        if (!edgeInMap(map, e)) continue;
        uint32_t i = uint32_t(wallIndex(map, e));
        uint8_t before = (e.horizontal ? map.walls.horiz : map.walls.vert)[i];
        if (before != after) changes.push_back({e.horizontal, i, before, after});
    }
    // An edge listed twice must be changed once, or undo would restore the wrong value.
    auto key = [](const WallChange& c) { return std::make_pair(c.horizontal, c.index); };
    std::sort(changes.begin(), changes.end(),
              [&](const WallChange& a, const WallChange& b) { return key(a) < key(b); });
    changes.erase(
        std::unique(changes.begin(), changes.end(),
                    [&](const WallChange& a, const WallChange& b) { return key(a) == key(b); }),
        changes.end());
    return std::make_unique<WallEdit>(on ? "Add wall" : "Remove wall", std::move(changes));
}

}  // namespace ts
