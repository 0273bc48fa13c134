// The brush sweeps of the collision world (core/world/detail/brush_rows.h for the tile masks'
// pixels, the kCellBrush bits of CollisionWorld) against the per-tile rasterising they
// replace, written here as it was: for each tile, the brushes of its bucket clipped to the
// tile (pixels), and for each brush, the tiles of its clamped range (cell bits). Random brush
// sets stacked, nested, touching, empty, and reaching past every edge of the map.
#include <gtest/gtest.h>

#include <algorithm>

#include "property.h"
#include "world/collision.h"
#include "world/detail/brush_rows.h"

using namespace ts;
using test::Rng;

namespace {

Map randomBrushMap(uint64_t seed) {
    Rng rng(seed);
    Map m = Map::blank(int32_t(rng.range(1, 40)), int32_t(rng.range(1, 30)));
    const int64_t wPx = int64_t(m.width) * 16, hPx = int64_t(m.height) * 16;
    const int count = int(rng.range(0, 60));
    for (int i = 0; i < count; ++i) {
        RectI r;
        r.x = int64_t(rng.range(0, wPx + 80)) - 40;
        r.y = int64_t(rng.range(0, hPx + 80)) - 40;
        r.w = int64_t(rng.range(0, 9)) == 0 ? int64_t(rng.range(0, 3)) - 1  // empty ones too
                                            : int64_t(rng.range(1, wPx));
        r.h = int64_t(rng.range(1, hPx));
        if (rng.chance(20) && !m.brushes.empty()) r = m.brushes.back().rect;  // stacked
        if (rng.chance(10)) r.x = -int64_t(rng.range(1, 100));                // far outside too
        m.brushes.push_back({r});
    }
    return m;
}

// The pixels of tile (cx, cy) covered by a brush, as TileMasks::build asked for them before.
void referenceTileRows(const CollisionWorld& world, int64_t cx, int64_t cy, uint16_t rows[16]) {
    std::fill(rows, rows + 16, uint16_t(0));
    const RectI tileRect{cx * 16, cy * 16, 16, 16};
    world.forEachBrushOverlapping(tileRect, [&](const RectI& b) {
        const int64_t x0 = std::max(b.x, tileRect.x) - tileRect.x;
        const int64_t x1 = std::min(b.right(), tileRect.right()) - tileRect.x;
        const int64_t y0 = std::max(b.y, tileRect.y) - tileRect.y;
        const int64_t y1 = std::min(b.bottom(), tileRect.bottom()) - tileRect.y;
        const uint16_t span = uint16_t(((1u << x1) - 1) & ~((1u << x0) - 1));
        for (int64_t y = y0; y < y1; ++y) rows[y] |= span;
    });
}

TEST(BrushRows, EveryTilesPixelsAreThoseOfThePerTileRasterising) {
    int covered = 0;
    for (uint64_t seed = 1; seed <= 300; ++seed) {
        const Map m = randomBrushMap(seed);
        const CollisionWorld world(m);
        BrushRows sweep(world);
        for (int64_t cy = 0; cy < m.height; ++cy) {
            sweep.next(true);
            for (int64_t cx = 0; cx < m.width; ++cx) {
                uint16_t want[16];
                referenceTileRows(world, cx, cy, want);
                const uint16_t* got = sweep.row(cx);
                for (int ly = 0; ly < 16; ++ly) {
                    covered += want[ly] != 0;
                    ASSERT_EQ(got[ly], want[ly])
                        << "seed " << seed << " tile (" << cx << ", " << cy << ") row " << ly;
                }
            }
        }
    }
    EXPECT_GT(covered, 10000);  // the maps do have brushes inside
}

TEST(BrushRows, CellBrushBitsAreThoseOfEachBrushsTileRange) {
    for (uint64_t seed = 1; seed <= 300; ++seed) {
        const Map m = randomBrushMap(seed);
        const CollisionWorld world(m);
        std::vector<uint8_t> want(size_t(m.width) * size_t(m.height), 0);
        for (const Brush& br : m.brushes) {
            if (br.rect.empty()) continue;
            const int64_t cx0 = std::max<int64_t>(0, floorDiv(br.rect.x, 16));
            const int64_t cy0 = std::max<int64_t>(0, floorDiv(br.rect.y, 16));
            const int64_t cx1 = std::min<int64_t>(m.width - 1, floorDiv(br.rect.right() - 1, 16));
            const int64_t cy1 = std::min<int64_t>(m.height - 1, floorDiv(br.rect.bottom() - 1, 16));
            for (int64_t cy = cy0; cy <= cy1; ++cy)
                for (int64_t cx = cx0; cx <= cx1; ++cx) want[size_t(cy * m.width + cx)] = 1;
        }
        for (size_t i = 0; i < want.size(); ++i)
            ASSERT_EQ((world.cellBitsData()[i] & CollisionWorld::kCellBrush) != 0, want[i] != 0)
                << "seed " << seed << " tile " << i % size_t(m.width) << ", "
                << i / size_t(m.width);
    }
}

}  // namespace
