// The per-tile pixel masks (core/world/detail/tile_masks.h) against CollisionWorld::rectBlocked, on
// random 16-px maps with every feature the masks encode: slopes, one-way tiles with every pass
// mask, edge walls (also on the map's outer lines), brushes (also reaching outside the map), and no
// solid border, so that boxes meet the map edge. Two levels: every mask bit against a
// one-pixel box stepping onto that pixel, and the sweep queries built on the masks
// (CollisionWorld::stepBlocked, freeRun) against stepping a box one pixel at a time, with the
// full mask table and with tables too small for the map (the detailed checks answer the
// rest).
#include <gtest/gtest.h>

#include "world/collision.h"
#include "property.h"

using namespace ts;
using test::Rng;

namespace {

const int64_t kDx[4] = {1, -1, 0, 0}, kDy[4] = {0, 0, 1, -1};
const uint8_t kTravel[4] = {DIR_RIGHT, DIR_LEFT, DIR_DOWN, DIR_UP};  // TileMasks slot order

RectI shifted(const RectI& r, int64_t dx, int64_t dy) {
    return RectI{r.x + dx, r.y + dy, r.w, r.h};
}

// The box before and after a one-pixel step in direction d, together: what the sweep asks.
RectI swept(const RectI& r, int d) {
    return RectI{std::min(r.x, r.x + kDx[d]), std::min(r.y, r.y + kDy[d]), r.w + (kDx[d] != 0),
                 r.h + (kDy[d] != 0)};
}

// A random 16-px map without its solid border, one-way tiles with all 16 pass masks, walls
// also on the outer grid lines, brushes also across the map edge.
Map randomMaskMap(uint64_t seed) {
    Rng rng(seed);
    test::RandomMapOptions o;
    o.width = int32_t(rng.range(6, 20));
    o.height = int32_t(rng.range(6, 14));
    o.solidPercent = int(rng.range(5, 25));
    o.wallPercent = int(rng.range(4, 20));
    o.brushes = int(rng.range(0, 16));
    Map m = test::randomMap(seed, o);
    const uint16_t firstOneWay = uint16_t(m.tileset.kinds.size());
    for (uint8_t pass = 0; pass < 16; ++pass) {
        TileKind k;
        k.name = "oneway" + std::to_string(pass);
        k.shape = Shape::OneWay;
        k.passMask = pass;
        m.tileset.kinds.push_back(k);
    }
    for (int32_t y = 0; y < m.height; ++y)
        for (int32_t x = 0; x < m.width; ++x) {
            const bool border = x == 0 || y == 0 || x == m.width - 1 || y == m.height - 1;
            if (border) m.setTile(x, y, 0);
            if (rng.chance(6)) m.setTile(x, y, uint16_t(firstOneWay + rng.range(0, 15)));
        }
    for (int32_t x = 0; x < m.width; ++x) {
        if (rng.chance(30)) m.walls.setH(x, 0, true);
        if (rng.chance(30)) m.walls.setH(x, m.height, true);
    }
    for (int32_t y = 0; y < m.height; ++y) {
        if (rng.chance(30)) m.walls.setV(0, y, true);
        if (rng.chance(30)) m.walls.setV(m.width, y, true);
    }
    for (int i = 0; i < 3; ++i) {  // across the map's edges
        const int64_t w = rng.range(3, 40), h = rng.range(3, 40);
        m.brushes.push_back(Brush{RectI{rng.range(-20, m.widthPx()), -h / 2, w, h}});
        m.brushes.push_back(Brush{RectI{m.widthPx() - w / 2, rng.range(-20, m.heightPx()), w, h}});
    }
    return m;
}

// Every bit of every mask: a one-pixel box stepping onto pixel (px, py) from the side the
// slot travels from is blocked exactly where the mask of (px, py)'s tile, at the pixel's line
// along the travel, has the pixel's bit across. Boxes that are not free themselves are not
// the sweep's case and are skipped. Adds the number of bits compared to *compared.
void checkEveryMaskBit(const Map& m, const CollisionWorld& w, uint64_t seed, int* compared) {
    const TileMasks& tm = w.tileMasks();
    for (int64_t py = 0; py < m.heightPx(); ++py)
        for (int64_t px = 0; px < m.widthPx(); ++px) {
            const uint16_t id = tm.ids()[(py >> 4) * m.width + (px >> 4)];
            if (id == TileMasks::kFallback) continue;
            const TileMasks::Entry& e = tm.entry(id);
            for (int d = 0; d < 4; ++d) {
                const RectI from{px - kDx[d], py - kDy[d], 1, 1};
                if (w.rectOverlapsSolid(from)) continue;  // also: outside the map
                const bool sideways = kDx[d] != 0;
                const int64_t lead = sideways ? px & 15 : py & 15;
                const int64_t across = sideways ? py & 15 : px & 15;
                const bool bit = (e.lines[d][lead] >> across) & 1;
                ASSERT_EQ(bit, w.rectBlocked(swept(from, d), kTravel[d]))
                    << "seed " << seed << " pixel " << px << "," << py << " travel " << d;
                ++*compared;
            }
        }
}

// CollisionWorld::stepBlocked and freeRun against one pixel at a time, for random free boxes
// (many touching the map's edges) in every direction. Adds the number of boxes to *boxes.
void checkSweeps(const Map& m, const CollisionWorld& w, Rng& rng, uint64_t seed, int* boxes) {
    for (int i = 0; i < 120; ++i) {
        const int64_t bw = rng.chance(15) ? 1 : rng.range(1, 40);
        const int64_t bh = rng.chance(15) ? 1 : rng.range(1, 40);
        if (bw > m.widthPx() || bh > m.heightPx()) continue;
        int64_t bx = rng.range(0, m.widthPx() - bw), by = rng.range(0, m.heightPx() - bh);
        if (rng.chance(25)) bx = rng.chance(50) ? 0 : m.widthPx() - bw;
        if (rng.chance(25)) by = rng.chance(50) ? 0 : m.heightPx() - bh;
        const RectI box{bx, by, bw, bh};
        if (w.rectOverlapsSolid(box)) continue;
        for (int d = 0; d < 4; ++d) {
            const int64_t maxSteps = rng.range(1, 70);
            int64_t expect = 0;
            while (expect < maxSteps &&
                   !w.rectBlocked(swept(shifted(box, kDx[d] * expect, kDy[d] * expect), d),
                                  kTravel[d]))
                ++expect;
            ASSERT_EQ(w.stepBlocked(box, kTravel[d]), w.rectBlocked(swept(box, d), kTravel[d]))
                << "seed " << seed << " box " << bx << "," << by << " " << bw << "x" << bh
                << " travel " << d;
            ASSERT_EQ(w.freeRun(box, kTravel[d], maxSteps), expect)
                << "seed " << seed << " box " << bx << "," << by << " " << bw << "x" << bh
                << " travel " << d << " max " << maxSteps;
        }
        ++*boxes;
    }
}

}  // namespace

TEST(TileMasks, OnlyFor16PxTiles) {
    Map m = Map::blank(4, 3, 12);
    CollisionWorld w(m);
    EXPECT_FALSE(w.tileMasks().active());
    m = Map::blank(4, 3, 16);
    w.rebuild();
    EXPECT_TRUE(w.tileMasks().active());
    EXPECT_EQ(w.tileMasks().entryCount(), 1u);  // empty tiles only: the all-free mask
    EXPECT_GE(w.tileMasks().bytes(), 4u * 3u * 2u);
}

TEST(TileMasks, EveryBitMatchesAOnePixelStep) {
    int compared = 0;
    for (uint64_t seed = 1; seed <= 12; ++seed) {
        const Map m = randomMaskMap(seed);
        const CollisionWorld w(m);
        checkEveryMaskBit(m, w, seed, &compared);
        if (HasFatalFailure()) return;
    }
    EXPECT_GT(compared, 200000);
}

TEST(TileMasks, AlongFlagsAreTheWallsBetweenTiles) {
    for (uint64_t seed = 1; seed <= 12; ++seed) {
        const Map m = randomMaskMap(seed);
        const CollisionWorld w(m);
        const TileMasks& tm = w.tileMasks();
        for (int64_t cy = 0; cy < m.height; ++cy)
            for (int64_t cx = 0; cx < m.width; ++cx) {
                const uint8_t along = tm.along(tm.ids()[cy * m.width + cx]);
                ASSERT_EQ((along & TileMasks::kAlongH) != 0, m.walls.h(cx, cy + 1))
                    << cx << "," << cy;
                ASSERT_EQ((along & TileMasks::kAlongV) != 0, m.walls.v(cx + 1, cy))
                    << cx << "," << cy;
            }
    }
}

TEST(TileMasks, SweepsMatchOnePixelAtATime) {
    int boxes = 0;
    for (uint64_t seed = 1; seed <= 60; ++seed) {
        const Map m = randomMaskMap(seed);
        const CollisionWorld w(m);
        Rng rng(seed * 1000 + 7);
        checkSweeps(m, w, rng, seed, &boxes);
        if (HasFatalFailure()) return;
    }
    EXPECT_GT(boxes, 2500);
}

TEST(TileMasks, TablesTooSmallFallBackToTheDetailedChecks) {
    int fellBack = 0;
    for (uint64_t seed = 1; seed <= 12; ++seed) {
        const Map m = randomMaskMap(seed);
        CollisionWorld w(m);
        Rng rng(seed * 31);
        for (size_t limit : {size_t(0), size_t(1), size_t(4), size_t(20)}) {
            w.limitTileMasks(limit);
            const TileMasks& tm = w.tileMasks();
            EXPECT_LE(tm.entryCount(), limit);
            for (int64_t i = 0; i < m.width * m.height; ++i)
                fellBack += tm.ids()[i] == TileMasks::kFallback;
            int boxes = 0;
            checkSweeps(m, w, rng, seed, &boxes);
            if (HasFatalFailure()) return;
        }
    }
    EXPECT_GT(fellBack, 1000);
}

TEST(TileMasks, RebuildFollowsMapEdits) {
    for (uint64_t seed = 1; seed <= 8; ++seed) {
        Map m = randomMaskMap(seed);
        CollisionWorld w(m);
        Rng rng(seed * 5);
        // Move things around: tiles, walls and brushes, then rebuild as every edit does.
        for (int i = 0; i < 20; ++i)
            m.setTile(int32_t(rng.range(0, m.width - 1)), int32_t(rng.range(0, m.height - 1)),
                      uint16_t(rng.range(0, int64_t(m.tileset.kinds.size()) - 1)));
        for (int i = 0; i < 10; ++i) {
            m.walls.setH(int32_t(rng.range(0, m.width - 1)), int32_t(rng.range(0, m.height)), true);
            m.walls.setV(int32_t(rng.range(0, m.width)), int32_t(rng.range(0, m.height - 1)), true);
        }
        m.brushes.push_back(
            Brush{RectI{rng.range(0, m.widthPx() - 8), rng.range(0, m.heightPx() - 8),
                        rng.range(1, 30), rng.range(1, 30)}});
        w.rebuild();
        int count = 0;
        checkEveryMaskBit(m, w, seed, &count);
        if (HasFatalFailure()) return;
        checkSweeps(m, w, rng, seed, &count);
        if (HasFatalFailure()) return;
    }
}
