#include "io/detail/collision_mapping.h"

#include <array>
#include <cmath>
#include <cstdlib>
#include <vector>

#include "base/geom.h"
#include "io/layer_data.h"

namespace ts::interop {

namespace {

constexpr int kGrid = 16;  // shapes are compared as 16 x 16 pixel masks
using Mask = std::array<bool, kGrid * kGrid>;

Mask shapeMask(Shape s) {
    Mask m{};
    for (int x = 0; x < kGrid; ++x) {
        int h = shapeColumnHeight(s, x, kGrid);
        for (int y = kGrid - h; y < kGrid; ++y) m[size_t(y * kGrid + x)] = true;
    }
    return m;
}

// The corners of each sloped shape's solid part in a tile of size 1.
struct Corners {
    Shape shape;
    std::vector<TiledPoint> points;
};
const std::vector<Corners>& shapeCorners() {
    static const std::vector<Corners> list = {
        {Shape::Solid, {{0, 0}, {1, 0}, {1, 1}, {0, 1}}},
        {Shape::Slope45Right, {{0, 1}, {1, 1}, {1, 0}}},
        {Shape::Slope45Left, {{0, 0}, {0, 1}, {1, 1}}},
        {Shape::Slope22RightLow, {{0, 1}, {1, 1}, {1, 0.5}}},
        {Shape::Slope22RightHigh, {{0, 0.5}, {0, 1}, {1, 1}, {1, 0}}},
        {Shape::Slope22LeftLow, {{0, 0.5}, {0, 1}, {1, 1}}},
        {Shape::Slope22LeftHigh, {{0, 0}, {0, 1}, {1, 1}, {1, 0.5}}},
    };
    return list;
}

bool near(double a, double b) {
    return std::fabs(a - b) <= 0.5;
}

// Same corner set (in any order, repeated points ignored), within half a pixel.
bool sameCorners(const std::vector<TiledPoint>& got, const std::vector<TiledPoint>& unit,
                 double size) {
    auto contains = [&](const std::vector<TiledPoint>& list, TiledPoint p, double scale) {
        for (const TiledPoint& q : list)
            if (near(q.x * scale, p.x) && near(q.y * scale, p.y)) return true;
        return false;
    };
    for (const TiledPoint& p : got)
        if (!contains(unit, p, size)) return false;
    for (const TiledPoint& q : unit)
        if (!contains(got, {q.x * size, q.y * size}, 1)) return false;
    return true;
}

bool shapeOfObject(const TiledObject& o, double size, Shape* out) {
    if (o.rotation != 0) return false;
    std::vector<TiledPoint> corners;
    if (o.shape == ObjectShape::Rectangle && o.gid == 0) {
        corners = {{o.x, o.y},
                   {o.x + o.width, o.y},
                   {o.x + o.width, o.y + o.height},
                   {o.x, o.y + o.height}};
    } else if (o.shape == ObjectShape::Polygon) {
        for (const TiledPoint& p : o.points) corners.push_back({o.x + p.x, o.y + p.y});
    } else {
        return false;
    }
    for (const Corners& c : shapeCorners())
        if (sameCorners(corners, c.points, size)) {
            *out = c.shape;
            return true;
        }
    return false;
}

uint8_t flipMask(uint8_t mask, uint32_t flips) {
    auto has = [&](uint8_t bit) { return (mask & bit) != 0; };
    if (flips & kFlipD) {  // x and y swap: left <-> up, right <-> down
        mask = uint8_t((has(DIR_UP) ? DIR_LEFT : 0) | (has(DIR_LEFT) ? DIR_UP : 0) |
                       (has(DIR_DOWN) ? DIR_RIGHT : 0) | (has(DIR_RIGHT) ? DIR_DOWN : 0));
    }
    if (flips & kFlipH)
        mask = uint8_t((mask & (DIR_UP | DIR_DOWN)) | (has(DIR_LEFT) ? DIR_RIGHT : 0) |
                       (has(DIR_RIGHT) ? DIR_LEFT : 0));
    if (flips & kFlipV)
        mask = uint8_t((mask & (DIR_LEFT | DIR_RIGHT)) | (has(DIR_UP) ? DIR_DOWN : 0) |
                       (has(DIR_DOWN) ? DIR_UP : 0));
    return mask;
}

}  // namespace

bool collisionFromName(const std::string& name, TileCollision* out) {
    Shape s;
    if (name == "platform") {
        *out = {Shape::OneWay, uint8_t(DIR_UP | DIR_LEFT | DIR_RIGHT)};
        return true;
    }
    if (!shapeFromName(name, &s)) return false;
    *out = {s, uint8_t(s == Shape::OneWay ? DIR_UP | DIR_LEFT | DIR_RIGHT : 0)};
    return true;
}

CollisionSource collisionOfTile(const TiledTile& tile, int32_t tileSize, TileCollision* out,
                                std::string* warning) {
    warning->clear();
    auto withMask = [&](TileCollision c) {
        if (const TiledProperty* p = findProperty(tile.properties, "pass_mask")) {
            char* end = nullptr;
            long v = std::strtol(p->value.c_str(), &end, 10);
            if (end != p->value.c_str() && *end == '\0' && v >= 0 && v <= 15)
                c.passMask = uint8_t(v);
            else
                *warning = "pass_mask \"" + p->value + "\" is not 0..15: using " +
                           std::to_string(c.passMask);
        }
        if (c.shape != Shape::OneWay) c.passMask = 0;
        return c;
    };
    if (const TiledProperty* p = findProperty(tile.properties, "collision")) {
        TileCollision c;
        if (collisionFromName(p->value, &c)) {
            *out = withMask(c);
            return CollisionSource::Property;
        }
        *warning = "collision \"" + p->value + "\" is no tilestep shape: treated as solid";
        *out = {Shape::Solid, 0};
        return CollisionSource::Property;
    }
    TileCollision c;
    if (!tile.type.empty() && collisionFromName(tile.type, &c)) {
        *out = withMask(c);
        return CollisionSource::Type;
    }
    if (!tile.collision.empty()) {
        Shape s;
        if (tile.collision.size() == 1 && shapeOfObject(tile.collision[0], tileSize, &s)) {
            *out = {s, 0};
        } else {
            *warning =
                "collision objects that are neither a full box nor a slope: treated as "
                "solid";
            *out = {Shape::Solid, 0};
        }
        return CollisionSource::Objects;
    }
    return CollisionSource::None;
}

bool flipCollision(TileCollision c, uint32_t flips, TileCollision* out) {
    flips &= kFlipH | kFlipV | kFlipD;
    if (c.shape == Shape::OneWay) {
        *out = {Shape::OneWay, flipMask(c.passMask, flips)};
        return true;
    }
    if (flips == 0 || c.shape == Shape::Empty || c.shape == Shape::Solid) {
        *out = c;
        return true;
    }
    const Mask before = shapeMask(c.shape);
    Mask after{};
    for (int y = 0; y < kGrid; ++y)
        for (int x = 0; x < kGrid; ++x) {
            if (!before[size_t(y * kGrid + x)]) continue;
            int nx = x, ny = y;
            if (flips & kFlipD) std::swap(nx, ny);
            if (flips & kFlipH) nx = kGrid - 1 - nx;
            if (flips & kFlipV) ny = kGrid - 1 - ny;
            after[size_t(ny * kGrid + nx)] = true;
        }
    for (size_t s = 0; s < size_t(Shape::Count); ++s)
        if (Shape(s) != Shape::OneWay && shapeMask(Shape(s)) == after) {
            *out = {Shape(s), 0};
            return true;
        }
    return false;
}

uint32_t defaultColor(Shape s) {
    for (const TileKind& k : Tileset::defaults().kinds)
        if (k.shape == s) return k.color;
    return 0xff808080;
}

}  // namespace ts::interop
