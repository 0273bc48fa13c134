#include "edit/tile_tools.h"

#include <algorithm>
#include <cstdlib>

#include "edit/map_edits.h"

namespace ts {

namespace {

void putStamp(TileEditBuilder& b, CellPos at, const Stamp& s) {
    if (!s.valid()) return;
    for (int32_t y = 0; y < s.h; ++y)
        for (int32_t x = 0; x < s.w; ++x) b.set(at.x + x, at.y + y, s.at(x, y));
}

int64_t clampI(int64_t v, int64_t lo, int64_t hi) {
    return std::min(std::max(v, lo), hi);
}

}  // namespace

CellPos cellAt(const Map& map, int64_t px, int64_t py) {
    return {floorDiv(px, map.tileSize), floorDiv(py, map.tileSize)};
}

Stamp captureStamp(const Map& map, CellPos a, CellPos b) {
    int64_t x0 = clampI(std::min(a.x, b.x), 0, map.width - 1);
    int64_t x1 = clampI(std::max(a.x, b.x), 0, map.width - 1);
    int64_t y0 = clampI(std::min(a.y, b.y), 0, map.height - 1);
    int64_t y1 = clampI(std::max(a.y, b.y), 0, map.height - 1);
    Stamp s;
    s.w = int32_t(x1 - x0 + 1);
    s.h = int32_t(y1 - y0 + 1);
    s.ids.clear();
    for (int64_t y = y0; y <= y1; ++y)
        for (int64_t x = x0; x <= x1; ++x) s.ids.push_back(map.tile(x, y));
    return s;
}

CommandPtr stampAt(const Map& map, CellPos at, const Stamp& stamp) {
    TileEditBuilder b(map);
    putStamp(b, at, stamp);
    return b.build("Stamp");
}

CommandPtr eraseAt(const Map& map, CellPos at) {
    TileEditBuilder b(map);
    b.set(at.x, at.y, 0);
    return b.build("Erase");
}

CommandPtr stampLine(const Map& map, CellPos a, CellPos b, const Stamp& stamp) {
    TileEditBuilder builder(map);
    for (CellPos p : lineCells(a, b)) putStamp(builder, p, stamp);
    return builder.build("Line");
}

CommandPtr fillRect(const Map& map, CellPos a, CellPos b, const Stamp& stamp) {
    const int64_t ox = std::min(a.x, b.x), oy = std::min(a.y, b.y);
    // Only the part inside the map is visited, so a huge rectangle costs nothing extra.
    int64_t x0 = std::max<int64_t>(ox, 0),
            x1 = std::min<int64_t>(std::max(a.x, b.x), map.width - 1);
    int64_t y0 = std::max<int64_t>(oy, 0),
            y1 = std::min<int64_t>(std::max(a.y, b.y), map.height - 1);
    TileEditBuilder builder(map);
    if (!stamp.valid()) return builder.build("Rectangle fill");
    for (int64_t y = y0; y <= y1; ++y)
        for (int64_t x = x0; x <= x1; ++x)
            builder.set(x, y, stamp.at(floorMod(x - ox, stamp.w), floorMod(y - oy, stamp.h)));
    return builder.build("Rectangle fill");
}

CommandPtr bucketFill(const Map& map, CellPos at, uint16_t id) {
    std::vector<CellChange> changes;
    if (!map.inside(at.x, at.y) || map.tile(at.x, at.y) == id)
        return std::make_unique<TileEdit>("Bucket fill", std::move(changes));
    const uint16_t from = map.tile(at.x, at.y);
    const int64_t w = map.width, h = map.height;
    std::vector<bool> seen(map.tiles.size(), false);
    auto fillable = [&](int64_t x, int64_t y) {
        size_t i = size_t(y * w + x);
        return !seen[i] && map.tiles[i] == from;
    };
    // Scanline fill with an explicit stack of seeds: each seed grows into a horizontal run,
    // then one seed per run of fillable cells above and below is pushed.
    std::vector<CellPos> seeds{at};
    while (!seeds.empty()) {
        CellPos s = seeds.back();
        seeds.pop_back();
        if (!fillable(s.x, s.y)) continue;
        int64_t x0 = s.x, x1 = s.x;
        while (x0 > 0 && fillable(x0 - 1, s.y)) --x0;
        while (x1 + 1 < w && fillable(x1 + 1, s.y)) ++x1;
        for (int64_t x = x0; x <= x1; ++x) {
            size_t i = size_t(s.y * w + x);
            seen[i] = true;
            changes.push_back({uint32_t(i), from, id});
        }
        for (int64_t ny : {s.y - 1, s.y + 1}) {
            if (ny < 0 || ny >= h) continue;
            bool inRun = false;
            for (int64_t x = x0; x <= x1; ++x) {
                bool f = fillable(x, ny);
                if (f && !inRun) seeds.push_back({x, ny});
                inRun = f;
            }
        }
    }
    return std::make_unique<TileEdit>("Bucket fill", std::move(changes));
}

int32_t kindAt(const Map& map, CellPos at) {
    return map.inside(at.x, at.y) ? int32_t(map.tile(at.x, at.y)) : -1;
}

std::vector<CellPos> lineCells(CellPos a, CellPos b) {
    std::vector<CellPos> out;
    const int64_t dx = std::llabs(b.x - a.x), dy = -std::llabs(b.y - a.y);
    const int64_t sx = a.x < b.x ? 1 : -1, sy = a.y < b.y ? 1 : -1;
    int64_t err = dx + dy;
    CellPos p = a;
    for (;;) {
        out.push_back(p);
        if (p == b) break;
        int64_t e2 = 2 * err;
        if (e2 >= dy) {
            err += dy;
            p.x += sx;
        }
        if (e2 <= dx) {
            err += dx;
            p.y += sy;
        }
    }
    return out;
}

}  // namespace ts
