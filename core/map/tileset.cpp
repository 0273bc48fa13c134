#include "map/tileset.h"

#include "base/geom.h"

namespace ts {

namespace {
const char* const kShapeNames[] = {"empty",
                                   "solid",
                                   "slope45_right",
                                   "slope45_left",
                                   "slope22_right_low",
                                   "slope22_right_high",
                                   "slope22_left_low",
                                   "slope22_left_high",
                                   "one_way"};
static_assert(sizeof(kShapeNames) / sizeof(kShapeNames[0]) == size_t(Shape::Count), "names");
}  // namespace

const char* shapeName(Shape s) {
    return size_t(s) < size_t(Shape::Count) ? kShapeNames[size_t(s)] : "?";
}

bool shapeFromName(const std::string& name, Shape* out) {
    for (size_t i = 0; i < size_t(Shape::Count); ++i)
        if (name == kShapeNames[i]) {
            *out = Shape(i);
            return true;
        }
    return false;
}

bool isSlope(Shape s) {
    return s >= Shape::Slope45Right && s <= Shape::Slope22LeftHigh;
}

int shapeColumnHeight(Shape s, int c, int tile) {
    const int half = tile / 2;
    switch (s) {
        case Shape::Empty:
            return 0;
        case Shape::Solid:
        case Shape::OneWay:
            return tile;
        case Shape::Slope45Right:
            return c + 1;
        case Shape::Slope45Left:
            return tile - c;
        // Two tiles rise one tile: one pixel every two columns.
        case Shape::Slope22RightLow:
            return (c + 1) / 2;
        case Shape::Slope22RightHigh:
            return half + (c + 1) / 2;
        case Shape::Slope22LeftLow:
            return (tile - c) / 2;
        case Shape::Slope22LeftHigh:
            return half + (tile - c) / 2;
        default:
            return 0;
    }
}

Tileset Tileset::defaults() {
    Tileset t;
    t.kinds = {
        {"empty", 0x00000000, Shape::Empty, 0, -1},
        {"solid", 0xff5a6472, Shape::Solid, 0, -1},
        {"slope45_right", 0xff7a8a5a, Shape::Slope45Right, 0, -1},
        {"slope45_left", 0xff7a8a5a, Shape::Slope45Left, 0, -1},
        {"slope22_right_low", 0xff8a9a6a, Shape::Slope22RightLow, 0, -1},
        {"slope22_right_high", 0xff8a9a6a, Shape::Slope22RightHigh, 0, -1},
        {"slope22_left_low", 0xff8a9a6a, Shape::Slope22LeftLow, 0, -1},
        {"slope22_left_high", 0xff8a9a6a, Shape::Slope22LeftHigh, 0, -1},
        {"platform", 0xffc08040, Shape::OneWay, DIR_UP | DIR_LEFT | DIR_RIGHT, -1},
    };
    return t;
}

}  // namespace ts
