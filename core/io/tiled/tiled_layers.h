// A Tiled map as Tiled draws it: every layer in order (tile layers, image layers, the tile
// objects of object layers) with visibility, opacity, tint and offsets (groups folded in),
// and every tileset with its decoded image(s). The import (tiled_import.h) keeps only the
// collision layer; this is what the editor draws around it and what composeTiledMap()
// turns into the picture tmxrasterizer makes. Read from .tmx files (tilesets .tsx or
// embedded); images are decoded here (stb_image).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace ts::interop {

struct RgbaImage {
    int32_t width = 0, height = 0;
    std::vector<uint8_t> rgba;  // row-major, top row first, not premultiplied
};

// One tileset: an atlas image cut by margin and spacing, or one image per tile.
struct ArtTileset {
    uint32_t firstGid = 1;
    int32_t tileWidth = 0, tileHeight = 0, margin = 0, spacing = 0, columns = 0;
    int32_t offsetX = 0, offsetY = 0;  // <tileoffset>
    int32_t image = -1;                // index into TiledArt::images, -1 for a collection
    uint32_t tileCount = 0;            // tiles the atlas holds (from the image's real size)
    struct Tile {
        uint32_t id = 0;
        int32_t image = -1;       // a collection's own image
        uint32_t firstFrame = 0;  // animated tiles: the tile id of frame 0, else `id`
        bool animated = false;
    };
    std::vector<Tile> tiles;  // sorted by id; only the tiles the file describes
};

// Where a tile's pixels come from and how large it is drawn.
struct TileArt {
    int32_t image = -1;
    int32_t srcX = 0, srcY = 0, width = 0, height = 0;
    int32_t offsetX = 0, offsetY = 0;
};

struct ArtObject {
    uint32_t gid = 0;                                          // flip bits included
    double x = 0, y = 0, width = 0, height = 0, rotation = 0;  // Tiled's: x, y bottom-left
};

struct ArtLayer {
    enum class Kind { Tiles, Image, Objects };
    Kind kind = Kind::Tiles;
    std::string name;
    bool visible = true;         // its own flag and its groups'
    double opacity = 1;          // its own times its groups'
    uint32_t tint = 0xffffffff;  // 0xAARRGGBB, its groups' multiplied in
    double offsetX = 0, offsetY = 0;
    // Tiles: width * height gids from (x0, y0) in tiles (infinite maps: the chunks' bounds).
    int64_t x0 = 0, y0 = 0, width = 0, height = 0;
    std::vector<uint32_t> gids;
    int32_t image = -1;              // Image
    std::vector<ArtObject> objects;  // Objects: the tile objects only, in drawing order
};

struct TiledArt {
    int32_t tileWidth = 0, tileHeight = 0;  // the map's grid
    int32_t width = 0, height = 0;          // tiles (finite maps)
    std::string renderOrder = "right-down";
    std::vector<ArtTileset> tilesets;  // sorted by firstGid
    std::vector<RgbaImage> images;
    std::vector<ArtLayer> layers;       // in drawing order, groups flattened
    std::vector<std::string> warnings;  // images that could not be read, ...

    // The art of a gid (flip bits ignored); false for 0 and for tiles no tileset has.
    bool tileArt(uint32_t gid, TileArt* out) const;
    int64_t pixelWidth() const { return int64_t(width) * tileWidth; }
    int64_t pixelHeight() const { return int64_t(height) * tileHeight; }
};

// Reads PATH (.tmx). Throws MapError("PATH: problem") when the map itself is unreadable; an
// image that cannot be read (missing, not a regular file, not an image) is a warning and its
// tiles are not drawn. Files are opened without blocking and only when regular.
TiledArt readTiledArt(const std::string& path);

// An infinite map's art moved as its import moves the map (ForeignSource::originX/Y: the
// top-left cell of the painted area becomes cell (0, 0)) and given the import's size, so that
// it lies under the map's cells and composeTiledArt draws the painted area.
void moveArtOrigin(TiledArt& art, int64_t originX, int64_t originY, int32_t width, int32_t height);

// Decodes an image file (PNG, ...) that is a regular file; false with *problem.
bool decodeImageFile(const std::string& path, RgbaImage* out, std::string* problem);

// The bytes of a regular file; "" and *problem set for anything else (a FIFO, a device, a
// folder, missing), never blocking on it.
std::string readRegularFile(const std::string& path, std::string* problem);

}  // namespace ts::interop
