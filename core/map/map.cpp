#include "map/map.h"

namespace ts {

void EdgeWalls::resize(int32_t w, int32_t h) {
    width = w;
    height = h;
    horiz.assign(size_t(w) * size_t(h + 1), 0);
    vert.assign(size_t(w + 1) * size_t(h), 0);
}

size_t EdgeWalls::count() const {
    size_t n = 0;
    for (uint8_t b : horiz) n += b != 0;
    for (uint8_t b : vert) n += b != 0;
    return n;
}

Map Map::blank(int32_t width, int32_t height, int32_t tileSize) {
    Map m;
    m.tileSize = tileSize;
    m.width = width;
    m.height = height;
    m.tiles.assign(size_t(width) * size_t(height), 0);
    m.tileset = Tileset::defaults();
    m.walls.resize(width, height);
    return m;
}

const Actor* Map::findActor(const std::string& name) const {
    for (const Actor& a : actors)
        if (a.name == name) return &a;
    return nullptr;
}

}  // namespace ts
