// The map: everything a user edits and saves. Plain data; the collision layer is built from it.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "base/fixed.h"
#include "base/geom.h"
#include "map/mover_kind.h"
#include "map/tileset.h"

namespace ts {

constexpr int32_t kMinTileSize = 4;
constexpr int32_t kMaxTileSize = 256;
constexpr int32_t kMaxMapTiles = 16384;  // per side
constexpr int32_t kDefaultTileSize = 16;
constexpr int32_t kDefaultSimRate = 60;

// Walls on grid lines (seed 002). Horizontal walls lie on the top edge of cell (x, y),
// y in [0, height]; vertical walls on the left edge of cell (x, y), x in [0, width].
// The map border needs no walls: outside the map is solid anyway.
struct EdgeWalls {
    int32_t width = 0, height = 0;  // in tiles, same as the map
    std::vector<uint8_t> horiz;     // (height + 1) rows of width
    std::vector<uint8_t> vert;      // height rows of (width + 1)

    void resize(int32_t w, int32_t h);
    bool h(int64_t x, int64_t y) const {
        return x >= 0 && x < width && y >= 0 && y <= height && horiz[size_t(y * width + x)];
    }
    bool v(int64_t x, int64_t y) const {
        return x >= 0 && x <= width && y >= 0 && y < height && vert[size_t(y * (width + 1) + x)];
    }
    void setH(int32_t x, int32_t y, bool on) { horiz[size_t(y * width + x)] = on; }
    void setV(int32_t x, int32_t y, bool on) { vert[size_t(y * (width + 1) + x)] = on; }
    size_t count() const;
    bool operator==(const EdgeWalls& o) const {
        return width == o.width && height == o.height && horiz == o.horiz && vert == o.vert;
    }
};

// Axis-aligned solid rectangle in pixels (seed 003's terrain "brushes").
struct Brush {
    RectI rect;
    bool operator==(const Brush& o) const { return rect == o.rect; }
};

struct Actor {
    std::string name;  // unique in the map
    MoverKind mover = MoverKind::PixelSweep;
    int64_t x = 0, y = 0;    // spawn in px: top-left of the box, centre for round movers
    int32_t w = 12, h = 16;  // box size in px; round movers use w as the diameter
    ParamValues params{};    // every parameter of the mover, defaults filled in
    // Bit i: the map sets parameter i (movers/param_set.h). A parameter not set follows the
    // mover's default: a save leaves it out and a rebuilt plugin's new default reaches it.
    // Not compared: the values are what the map does; this only says where they come from.
    uint32_t paramsSet = 0;

    bool operator==(const Actor& o) const {
        return name == o.name && mover == o.mover && x == o.x && y == o.y && w == o.w && h == o.h &&
               params == o.params;
    }
};

struct Map {
    int32_t tileSize = kDefaultTileSize;
    int32_t width = 0, height = 0;      // in tiles
    int32_t simRate = kDefaultSimRate;  // simulation frames per second
    std::vector<uint16_t> tiles;        // row-major tile kind ids, width * height
    Tileset tileset;
    EdgeWalls walls;
    std::vector<Brush> brushes;
    std::vector<Actor> actors;
    // The JSON text the map was read from; null for a new map, a binary one or an import.
    // Saving as JSON patches this text (core/io/map_json_patch.h), so that the file keeps its
    // key order, layout and number spelling, leaves out what it left out, and an edit is a
    // diff of the lines it touched. Not compared: it says where the map came from, not what
    // it is.
    std::shared_ptr<const std::string> jsonSource;

    // A blank map of the given size with the default tileset.
    static Map blank(int32_t width, int32_t height, int32_t tileSize = kDefaultTileSize);

    uint16_t tile(int64_t x, int64_t y) const { return tiles[size_t(y * width + x)]; }
    void setTile(int64_t x, int64_t y, uint16_t id) { tiles[size_t(y * width + x)] = id; }
    bool inside(int64_t x, int64_t y) const { return x >= 0 && y >= 0 && x < width && y < height; }
    int64_t widthPx() const { return int64_t(width) * tileSize; }
    int64_t heightPx() const { return int64_t(height) * tileSize; }
    const Actor* findActor(const std::string& name) const;

    bool operator==(const Map& o) const {
        return tileSize == o.tileSize && width == o.width && height == o.height &&
               simRate == o.simRate && tiles == o.tiles && tileset == o.tileset &&
               walls == o.walls && brushes == o.brushes && actors == o.actors;
    }
    bool operator!=(const Map& o) const { return !(*this == o); }
};

}  // namespace ts
