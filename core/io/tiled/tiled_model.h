// A Tiled map as read from a TMX or TMJ file (with its TSX / TSJ tilesets), reduced to what
// the import uses. detail/tiled_walk.cpp fills it from either form (tiled_tmx.cpp, tiled_tmj.cpp);
// tiled_import.cpp turns it into a tilestep Map. Coordinates are Tiled's: pixels, y down, objects'
// x/y their top-left (tile objects: bottom-left, as in Tiled).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace ts::interop {

// A custom property; the value as text ("true", "0.25", "#ff00ff00"), whatever its type.
struct TiledProperty {
    std::string name, type, value;
};
using TiledProperties = std::vector<TiledProperty>;
const TiledProperty* findProperty(const TiledProperties& props, const std::string& name);

enum class ObjectShape { Rectangle, Ellipse, Point, Polygon, Polyline, Text };
const char* objectShapeName(ObjectShape s);

struct TiledPoint {
    double x = 0, y = 0;
};

struct TiledObject {
    int64_t id = 0;
    std::string name;
    std::string type;  // `class` (Tiled 1.9+) or `type` (up to 1.8), whichever is set
    double x = 0, y = 0, width = 0, height = 0, rotation = 0;
    uint32_t gid = 0;  // a tile object when non-zero (flip bits included)
    ObjectShape shape = ObjectShape::Rectangle;
    std::vector<TiledPoint> points;  // polygon / polyline, relative to x, y
    TiledProperties properties;
};

struct TiledTile {
    uint32_t id = 0;   // local id in its tileset
    std::string type;  // `class` or `type`
    TiledProperties properties;
    std::vector<TiledObject> collision;  // the tile's own objectgroup (collision editor)
    bool hasImage = false;               // image-collection tilesets: the tile's own image
};

struct TiledTileset {
    uint32_t firstGid = 1;
    std::string name;
    std::string source;  // the .tsx / .tsj path as written in the map, "" when embedded
    int32_t tileWidth = 0, tileHeight = 0;
    int32_t margin = 0, spacing = 0, columns = 0;
    int64_t tileCount = 0;
    std::string image;  // path relative to the map's folder, "" for none
    int32_t imageWidth = 0, imageHeight = 0;
    TiledProperties properties;
    std::vector<TiledTile> tiles;  // only the tiles the file describes
    const TiledTile* tile(uint32_t localId) const;
};

// A tile layer. Finite maps: x0 = y0 = 0 and the map's size. Infinite maps: the chunks
// merged into their bounding rectangle, x0/y0 in tiles (may be negative).
struct TiledTileLayer {
    std::string name;
    int64_t x0 = 0, y0 = 0, width = 0, height = 0;
    std::vector<uint32_t> gids;       // width * height, row-major, flip bits included
    double offsetX = 0, offsetY = 0;  // px: the layer's own offset plus its groups'
};

struct TiledObjectLayer {
    std::string name;
    double offsetX = 0, offsetY = 0;  // px: the layer's own offset plus its groups'
    std::vector<TiledObject> objects;
};

struct TiledMap {
    std::string orientation;
    int32_t width = 0, height = 0;  // tiles (finite maps)
    int32_t tileWidth = 0, tileHeight = 0;
    bool infinite = false;
    TiledProperties properties;
    std::vector<TiledTileset> tilesets;  // sorted by firstGid
    // Tilesets only object templates use, numbered after the map's own (tiled_template.h);
    // source is the file's absolute path. Tile layers never refer to them.
    std::vector<TiledTileset> templateTilesets;
    std::vector<TiledTileLayer> tileLayers;
    std::vector<TiledObjectLayer> objectLayers;
    std::vector<std::string> warnings;  // things the reader skipped (image layers, ...)
};

// Most tiles of one imported layer (all chunks together): far above a hand-made level,
// small enough that a sparse infinite map cannot make us allocate gigabytes.
constexpr int64_t kMaxImportCells = int64_t(1) << 26;

// Refuses what tilestep cannot represent (not orthogonal, tiles not square or outside the
// tile size range, a finite map of more than kMaxImportCells) with MapError("PATH: problem");
// the readers call it before decoding.
void checkTiledMapShape(const std::string& path, const TiledMap& m);

// Throws MapError("PATH: problem") on anything unreadable. Tilesets in other files are
// read relative to the map's folder.
TiledMap readTmx(const std::string& path);
TiledMap readTmj(const std::string& path);
// A tileset file (.tsx / .tsj) into `ts` (firstGid and source untouched); its image path is
// joined to `relFolder` (the tileset's folder relative to the map's).
void readTsx(const std::string& path, const std::string& relFolder, TiledTileset& ts);
void readTsj(const std::string& path, const std::string& relFolder, TiledTileset& ts);

}  // namespace ts::interop
