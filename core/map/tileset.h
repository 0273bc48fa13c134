// Tile kinds: what a tile looks like and what shape it has for collision.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace ts {

// Collision shape of one tile. Slopes are floor slopes: the solid part is below the
// surface line. "Rising right" means the surface goes up as x grows. The 22.5-degree
// pieces come in pairs (low, high) spanning two tiles, rising half a tile per tile.
enum class Shape : uint8_t {
    Empty = 0,
    Solid,
    Slope45Right,      // rises one pixel per pixel to the right
    Slope45Left,       // rises one pixel per pixel to the left
    Slope22RightLow,   // rises one pixel per two to the right, bottom half of the pair
    Slope22RightHigh,  // top half of the same pair
    Slope22LeftLow,
    Slope22LeftHigh,
    OneWay,  // full tile, passable for the directions in its pass mask
    Count
};

const char* shapeName(Shape s);  // "empty", "solid", "slope45_right", ...
bool shapeFromName(const std::string& name, Shape* out);
bool isSlope(Shape s);

// Height of the solid column at local column c (0..tile-1) for floor-type shapes: the
// pixels at local rows [tile - h, tile) are solid. Empty: 0, Solid/OneWay: tile.
int shapeColumnHeight(Shape s, int c, int tile);

struct TileKind {
    std::string name;
    uint32_t color = 0xff808080;  // 0xAARRGGBB display colour
    Shape shape = Shape::Empty;
    uint8_t passMask = 0;    // Dir bits; meaningful for Shape::OneWay only
    int32_t imageCell = -1;  // cell index in the tileset image, -1 = colour only
    uint8_t imageFlip = 0;   // how the cell is turned when drawn: image_flip.h (0..7)

    bool operator==(const TileKind& o) const {
        return name == o.name && color == o.color && shape == o.shape && passMask == o.passMask &&
               imageCell == o.imageCell && imageFlip == o.imageFlip;
    }
};

// Kind 0 is always the empty tile ("empty", Shape::Empty).
struct Tileset {
    std::vector<TileKind> kinds;
    std::string image;          // optional PNG path, relative to the map file; the app loads it
    int32_t imageCellSize = 0;  // px of one cell in the image, 0 = the map's tile size

    static Tileset defaults();  // empty, solid, the six slopes, a one-way platform (UP|LEFT|RIGHT)
    bool operator==(const Tileset& o) const {
        return kinds == o.kinds && image == o.image && imageCellSize == o.imageCellSize;
    }
};

}  // namespace ts
