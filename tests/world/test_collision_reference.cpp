// rectBlocked and solidPixel against a pixel-by-pixel reference written from their contract
// (collision.h), on random maps of several tile sizes: powers of two (the queries shift) and
// others (they divide), boxes anywhere, in and around brushes, walls, slopes and one-way
// tiles, and partly or wholly outside the map. The queries' shortcuts (the cell bits' early
// answers, the brush tiles' rejection) must never change an answer.
#include <gtest/gtest.h>

#include "random_map.h"
#include "splitmix.h"
#include "world/collision.h"

using namespace ts;

namespace {

Shape shapeOf(const Map& m, int64_t cx, int64_t cy) {
    const uint16_t id = m.tile(cx, cy);
    return id < m.tileset.kinds.size() ? m.tileset.kinds[id].shape : Shape::Solid;
}

bool pixelSolidRef(const Map& m, int64_t x, int64_t y) {
    const int64_t t = m.tileSize;
    if (x < 0 || y < 0 || x >= m.width * t || y >= m.height * t) return true;
    const Shape s = shapeOf(m, x / t, y / t);
    if (s != Shape::Empty && s != Shape::OneWay &&
        y % t >= t - shapeColumnHeight(s, int(x % t), int(t)))
        return true;
    for (const Brush& b : m.brushes)
        if (!b.rect.empty() && b.rect.overlaps(RectI{x, y, 1, 1})) return true;
    return false;
}

bool rectBlockedRef(const Map& m, const RectI& r, uint8_t travel) {
    if (r.empty()) return false;
    const int64_t t = m.tileSize;
    for (int64_t y = r.y; y < r.bottom(); ++y)
        for (int64_t x = r.x; x < r.right(); ++x)
            if (pixelSolidRef(m, x, y)) return true;
    // Every pixel is inside the map from here on.
    const int64_t cx0 = r.x / t, cx1 = (r.right() - 1) / t;
    const int64_t cy0 = r.y / t, cy1 = (r.bottom() - 1) / t;
    for (int64_t cy = cy0; cy <= cy1; ++cy)
        for (int64_t cx = cx0; cx <= cx1; ++cx) {
            // A wall on the tile's left or top edge, strictly inside the box.
            if (cx * t > r.x && m.walls.v(cx, cy)) return true;
            if (cy * t > r.y && m.walls.h(cx, cy)) return true;
            // A one-way tile stops only the leading edge entering through its entry edge.
            if (shapeOf(m, cx, cy) != Shape::OneWay || travel == DIR_NONE) continue;
            if (m.tileset.kinds[m.tile(cx, cy)].passMask & travel) continue;
            if ((travel == DIR_DOWN && r.bottom() - 1 == cy * t) ||
                (travel == DIR_UP && r.y == cy * t + t - 1) ||
                (travel == DIR_RIGHT && r.right() - 1 == cx * t) ||
                (travel == DIR_LEFT && r.x == cx * t + t - 1))
                return true;
        }
    return false;
}

}  // namespace

TEST(CollisionReference, RectBlockedAndSolidPixelMatchThePixelReference) {
    const uint8_t kTravel[] = {DIR_NONE, DIR_LEFT, DIR_RIGHT, DIR_UP, DIR_DOWN};
    int64_t blocked = 0, free = 0;
    for (int32_t tile : {16, 8, 32, 12, 10}) {
        for (uint64_t seed = 1; seed <= 3; ++seed) {
            oracle::RandomMapOptions opt;
            opt.width = 20;
            opt.height = 14;
            opt.tileSize = tile;
            opt.solidPercent = 10;
            opt.brushes = 12;
            Map m = oracle::randomMap(seed * 1000 + uint64_t(tile), opt);
            oracle::clearBorder(m);
            const CollisionWorld w(m);
            SplitMix64 rng(seed);
            const int64_t wpx = int64_t(m.width) * tile, hpx = int64_t(m.height) * tile;
            for (int i = 0; i < 3000; ++i) {
                // Half the boxes start at a brush's corner, where its rejection is decided.
                int64_t x = int64_t(rng.next() % uint64_t(wpx + 40)) - 20;
                int64_t y = int64_t(rng.next() % uint64_t(hpx + 40)) - 20;
                if (i % 2 && !m.brushes.empty()) {
                    const RectI& b = m.brushes[rng.next() % m.brushes.size()].rect;
                    x = b.x + int64_t(rng.next() % 9) - 4 + (i % 4 == 1 ? b.w : 0);
                    y = b.y + int64_t(rng.next() % 9) - 4 + (i % 8 < 4 ? b.h : 0);
                }
                const RectI r{x, y, 1 + int64_t(rng.next() % 40), 1 + int64_t(rng.next() % 40)};
                const uint8_t d = kTravel[i % 5];
                const bool ref = rectBlockedRef(m, r, d);
                ASSERT_EQ(w.rectBlocked(r, d), ref)
                    << "tile " << tile << " seed " << seed << " box " << r.x << "," << r.y << " "
                    << r.w << "x" << r.h << " travel " << int(d);
                ASSERT_EQ(w.solidPixel(x, y), pixelSolidRef(m, x, y))
                    << "tile " << tile << " seed " << seed << " pixel " << x << "," << y;
                (ref ? blocked : free) += 1;
            }
        }
    }
    // Both answers are exercised plentifully.
    EXPECT_GT(blocked, 5000);
    EXPECT_GT(free, 5000);
}
