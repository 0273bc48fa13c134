#include "edit/map_tools.h"

#include <algorithm>

#include "edit/map_edits.h"

namespace ts {

namespace {

int64_t clampI(int64_t v, int64_t lo, int64_t hi) {
    return std::min(std::max(v, lo), hi);
}

CommandPtr refuse(std::string* error, std::string message) {
    if (error) *error = std::move(message);
    return nullptr;
}

// How far the old content moves, in tiles, along one axis.
int64_t anchorShift(int anchorPos, int64_t oldSize, int64_t newSize) {
    if (anchorPos == 0) return 0;                  // left / top stays
    if (anchorPos == 2) return newSize - oldSize;  // right / bottom stays
    return floorDiv(newSize - oldSize, 2);         // centre
}

}  // namespace

TileShift resizeShift(const Map& map, int32_t width, int32_t height, Anchor anchor) {
    return TileShift{anchorShift(int(anchor) % 3, map.width, width),
                     anchorShift(int(anchor) / 3, map.height, height)};
}

CommandPtr resizeMap(const Map& map, int32_t width, int32_t height, Anchor anchor,
                     std::string* error) {
    if (width < 1 || height < 1 || width > kMaxMapTiles || height > kMaxMapTiles)
        return refuse(error, "map size " + std::to_string(width) + " x " + std::to_string(height) +
                                 " is outside 1.." + std::to_string(kMaxMapTiles) +
                                 " tiles per side");
    if (width == map.width && height == map.height)
        return std::make_unique<CommandGroup>("Resize map");
    const TileShift shift = resizeShift(map, width, height, anchor);
    const int64_t ox = shift.x, oy = shift.y;

    Map out = Map::blank(width, height, map.tileSize);
    out.simRate = map.simRate;
    out.tileset = map.tileset;
    for (int64_t y = std::max<int64_t>(0, -oy); y < map.height && y + oy < height; ++y)
        for (int64_t x = std::max<int64_t>(0, -ox); x < map.width && x + ox < width; ++x)
            out.setTile(x + ox, y + oy, map.tile(x, y));
    for (int64_t y = 0; y <= map.height; ++y)
        for (int64_t x = 0; x <= map.width; ++x) {
            const int64_t nx = x + ox, ny = y + oy;
            if (map.walls.h(x, y) && nx >= 0 && nx < width && ny >= 0 && ny <= height)
                out.walls.setH(int32_t(nx), int32_t(ny), true);
            if (map.walls.v(x, y) && nx >= 0 && nx <= width && ny >= 0 && ny < height)
                out.walls.setV(int32_t(nx), int32_t(ny), true);
        }
    const int64_t dx = ox * map.tileSize, dy = oy * map.tileSize;
    const int64_t wpx = out.widthPx(), hpx = out.heightPx();
    for (const Brush& b : map.brushes) {
        int64_t left = std::max<int64_t>(b.rect.x + dx, 0);
        int64_t top = std::max<int64_t>(b.rect.y + dy, 0);
        int64_t right = std::min(b.rect.right() + dx, wpx);
        int64_t bottom = std::min(b.rect.bottom() + dy, hpx);
        if (right > left && bottom > top)
            out.brushes.push_back(Brush{RectI{left, top, right - left, bottom - top}});
    }
    for (Actor a : map.actors) {
        a.x = clampI(a.x + dx, 0, wpx);
        a.y = clampI(a.y + dy, 0, hpx);
        out.actors.push_back(std::move(a));
    }
    return std::make_unique<SwapMapEdit>("Resize map", std::move(out), ContentShift{dx, dy});
}

CommandPtr setTileSize(const Map& map, int32_t tileSize, std::string* error) {
    if (tileSize < kMinTileSize || tileSize > kMaxTileSize)
        return refuse(error, "tile size " + std::to_string(tileSize) + " is outside " +
                                 std::to_string(kMinTileSize) + ".." +
                                 std::to_string(kMaxTileSize));
    auto group = std::make_unique<CommandGroup>("Tile size");
    if (tileSize == map.tileSize) return group;
    const int64_t n = tileSize, o = map.tileSize;
    group->add(std::make_unique<HeaderEdit>("Tile size", MapHeader{map.tileSize, map.simRate},
                                            MapHeader{tileSize, map.simRate}));
    // Scaled outward (floor for left/top, ceil for right/bottom): the brush covers the same
    // tiles and at least one pixel; right <= width * o implies right' <= width * n.
    for (size_t i = 0; i < map.brushes.size(); ++i) {
        const RectI& r = map.brushes[i].rect;
        int64_t left = floorDiv(r.x * n, o), top = floorDiv(r.y * n, o);
        int64_t right = std::max(left + 1, -floorDiv(-r.right() * n, o));
        int64_t bottom = std::max(top + 1, -floorDiv(-r.bottom() * n, o));
        group->add(std::make_unique<BrushEdit>(
            "Tile size", &Map::brushes, BrushEdit::Op::Replace, i, map.brushes[i],
            Brush{RectI{left, top, right - left, bottom - top}}));
    }
    for (size_t i = 0; i < map.actors.size(); ++i) {
        Actor a = map.actors[i];
        a.x = floorDiv(a.x * n, o);
        a.y = floorDiv(a.y * n, o);
        group->add(std::make_unique<ActorEdit>("Tile size", &Map::actors, ActorEdit::Op::Replace, i,
                                               map.actors[i], std::move(a)));
    }
    return group;
}

CommandPtr setSimRate(const Map& map, int32_t simRate, std::string* error) {
    if (simRate < 1 || simRate > 1000)
        return refuse(error, "simulation rate " + std::to_string(simRate) + " is outside 1..1000");
    return std::make_unique<HeaderEdit>("Simulation rate", MapHeader{map.tileSize, map.simRate},
                                        MapHeader{map.tileSize, simRate});
}

}  // namespace ts
