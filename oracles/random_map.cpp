#include "random_map.h"

#include <stdexcept>
#include <string>

#include "world/collision.h"

namespace ts::oracle {

namespace {
uint16_t kindByName(const Map& m, const char* name) {
    for (size_t i = 0; i < m.tileset.kinds.size(); ++i)
        if (m.tileset.kinds[i].name == name) return uint16_t(i);
    throw std::runtime_error(std::string("no tile kind ") + name);
}
}  // namespace

Map randomMap(uint64_t seed, const RandomMapOptions& opt) {
    SplitMix64 rng(seed);
    Map m = Map::blank(opt.width, opt.height, opt.tileSize);
    const uint16_t solid = kindByName(m, "solid");
    const uint16_t platform = kindByName(m, "platform");
    const uint16_t slope45[2] = {kindByName(m, "slope45_right"), kindByName(m, "slope45_left")};
    const uint16_t pairR[2] = {kindByName(m, "slope22_right_low"),
                               kindByName(m, "slope22_right_high")};
    const uint16_t pairL[2] = {kindByName(m, "slope22_left_high"),
                               kindByName(m, "slope22_left_low")};
    for (int32_t y = 0; y < m.height; ++y)
        for (int32_t x = 0; x < m.width; ++x) {
            bool border = x == 0 || y == 0 || x == m.width - 1 || y == m.height - 1;
            uint16_t t = 0;
            if (border || rng.chance(opt.solidPercent)) {
                t = solid;
            } else if (opt.slopes && rng.chance(4)) {
                t = slope45[rng.range(0, 1)];
            } else if (opt.oneWay && rng.chance(3)) {
                t = platform;
            }
            m.setTile(x, y, t);
        }
    if (opt.slopes)  // a few 22.5-degree pairs, the low and high pieces side by side
        for (int i = 0; i < (m.width * m.height) / 60; ++i) {
            int32_t x = int32_t(rng.range(1, m.width - 3)), y = int32_t(rng.range(1, m.height - 2));
            const uint16_t* pair = rng.chance(50) ? pairR : pairL;
            m.setTile(x, y, pair[0]);
            m.setTile(x + 1, y, pair[1]);
        }
    for (int32_t y = 1; y < m.height; ++y)
        for (int32_t x = 1; x < m.width - 1; ++x)
            if (rng.chance(opt.wallPercent)) m.walls.setH(x, y, true);
    for (int32_t y = 1; y < m.height - 1; ++y)
        for (int32_t x = 1; x < m.width; ++x)
            if (rng.chance(opt.wallPercent)) m.walls.setV(x, y, true);
    const int64_t t = m.tileSize;
    for (int i = 0; i < opt.brushes; ++i) {
        int64_t w = rng.range(3, 3 * t), h = rng.range(2, 2 * t);
        int64_t x = rng.range(t, m.widthPx() - t - w), y = rng.range(t, m.heightPx() - t - h);
        if (x >= t && y >= t) m.brushes.push_back(Brush{RectI{x, y, w, h}});
    }
    return m;
}

bool findFreeBox(const Map& m, uint64_t seed, int32_t w, int32_t h, int64_t* x, int64_t* y) {
    CollisionWorld world(m);
    SplitMix64 rng(seed);
    for (int tries = 0; tries < 20000; ++tries) {
        int64_t cx = rng.range(0, m.widthPx() - w), cy = rng.range(0, m.heightPx() - h);
        if (!world.rectOverlapsSolid(RectI{cx, cy, w, h})) {
            *x = cx;
            *y = cy;
            return true;
        }
    }
    return false;
}

void clearBorder(Map& m) {
    for (int32_t y = 0; y < m.height; ++y)
        for (int32_t x = 0; x < m.width; ++x)
            if (x == 0 || y == 0 || x == m.width - 1 || y == m.height - 1) m.setTile(x, y, 0);
}

Map scatterMap(const ScatterOptions& o, SplitMix64& rng) {
    const int32_t n = o.tiles;
    Map m = Map::blank(n, n, 16);
    for (int32_t y = 0; y < n; ++y)
        for (int32_t x = 0; x < n; ++x) {
            const bool border = o.border && (x == 0 || y == 0 || x == n - 1 || y == n - 1);
            const int64_t r = rng.range(0, 99);
            const int64_t slope = o.solidPercent + o.slopePercent;
            // Tileset::defaults(): 1 solid, 2..7 slopes, 8 one-way platform.
            m.setTile(x, y,
                      border || r < o.solidPercent  ? 1
                      : r < slope                   ? uint16_t(2 + rng.range(0, 5))
                      : r < slope + o.oneWayPercent ? 8
                                                    : 0);
        }
    for (int32_t y = 1; y < n; ++y)
        for (int32_t x = 0; x < n; ++x)
            if (rng.chance(o.wallPercent)) m.walls.setH(x, y, true);
    for (int32_t y = 0; y < n; ++y)
        for (int32_t x = 1; x < n; ++x)
            if (rng.chance(o.wallPercent)) m.walls.setV(x, y, true);
    const int64_t px = m.widthPx();
    for (int i = 0; i < o.brushes; ++i)
        m.brushes.push_back(Brush{RectI{rng.range(0, px - 96), rng.range(0, px - 96),
                                        rng.range(3, 48), rng.range(3, 48)}});
    return m;
}

}  // namespace ts::oracle
