// The sample maps in maps/: every one loads, validates, round-trips through both forms, and
// places its actors in free space; the four required ones exercise what their model needs.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "world/collision.h"
#include "io/map_io.h"
#include "test_support.h"
#include "movers/mover.h"

namespace ts {
namespace {

RectI spawnBox(const Actor& a) {
    // Round movers: (x, y) is the centre of a circle of diameter w.
    if (moverInfo(a.mover).round) return RectI{a.x - a.w / 2, a.y - a.w / 2, a.w, a.w};
    return RectI{a.x, a.y, a.w, a.h};
}

TEST(MapSamples, EveryMapLoadsValidatesAndRoundTrips) {
    std::vector<std::string> maps = test::sampleMapPaths();
    ASSERT_GE(maps.size(), 4u);
    for (const std::string& path : maps) {
        SCOPED_TRACE(path);
        Map m = loadMap(path);
        EXPECT_EQ(validateMap(m), "");
        EXPECT_GE(m.width, 20);
        EXPECT_LE(m.width, 40);
        EXPECT_FALSE(m.actors.empty());
        const std::string json = mapToJson(m);
        EXPECT_TRUE(mapFromJson(json, path) == m);
        EXPECT_TRUE(mapFromBinary(mapToBinary(m), path) == m);
        EXPECT_EQ(mapToJson(mapFromBinary(mapToBinary(m), path)), json);
    }
}

TEST(MapSamples, ActorsSpawnInFreeSpace) {
    for (const std::string& path : test::sampleMapPaths()) {
        Map m = loadMap(path);
        CollisionWorld world(m);
        for (const Actor& a : m.actors) {
            SCOPED_TRACE(path + " " + a.name);
            const RectI box = spawnBox(a);
            EXPECT_FALSE(world.rectOverlapsSolid(box));
            // Platformer actors start standing: something solid right under their feet.
            if (a.mover == MoverKind::PixelSweep) {
                EXPECT_TRUE(world.rectOverlapsSolid(RectI{box.x, box.y + 1, box.w, box.h}));
            }
        }
    }
}

std::set<Shape> shapesUsed(const Map& m) {
    std::set<Shape> s;
    for (uint16_t t : m.tiles) s.insert(m.tileset.kinds[t].shape);
    return s;
}

bool hasMover(const Map& m, MoverKind k) {
    for (const Actor& a : m.actors)
        if (a.mover == k) return true;
    return false;
}

TEST(MapSamples, PlatformerHasSlopesStepsAndPlatforms) {
    Map m = loadMap(test::sourcePath("maps/platformer-slopes.json"));
    EXPECT_TRUE(hasMover(m, MoverKind::PixelSweep));
    std::set<Shape> used = shapesUsed(m);
    for (Shape s :
         {Shape::Slope45Right, Shape::Slope45Left, Shape::Slope22RightLow, Shape::Slope22RightHigh,
          Shape::Slope22LeftLow, Shape::Slope22LeftHigh, Shape::OneWay})
        EXPECT_TRUE(used.count(s)) << shapeName(s);
    bool twoPxStep = false;
    for (const Brush& b : m.brushes) twoPxStep = twoPxStep || b.rect.h == 2;
    EXPECT_TRUE(twoPxStep);
}

TEST(MapSamples, GridWallsHasWallCornersAndCorridors) {
    Map m = loadMap(test::sourcePath("maps/grid-walls.json"));
    EXPECT_TRUE(hasMover(m, MoverKind::GridWalls));
    // A corner: a grid point where a horizontal and a vertical wall meet; a corridor: two
    // parallel horizontal walls one cell apart over three cells or more.
    int corners = 0, corridorCells = 0;
    for (int y = 0; y <= m.height; ++y)
        for (int x = 0; x <= m.width; ++x) {
            bool h = m.walls.h(x, y) || m.walls.h(x - 1, y);
            bool v = m.walls.v(x, y) || m.walls.v(x, y - 1);
            corners += h && v;
            corridorCells += m.walls.h(x, y) && m.walls.h(x, y + 1);
        }
    EXPECT_GE(corners, 5);
    EXPECT_GE(corridorCells, 3);
}

TEST(MapSamples, ZeldaRoomHasOddBrushesAndOneTileCorridors) {
    Map m = loadMap(test::sourcePath("maps/zelda-room.json"));
    EXPECT_TRUE(hasMover(m, MoverKind::TopDownAabb));
    int odd = 0, corridors = 0;
    for (const Brush& a : m.brushes) {
        odd += a.rect.w % m.tileSize != 0 || a.rect.h % m.tileSize != 0;
        for (const Brush& b : m.brushes) {
            bool overlapY = a.rect.y < b.rect.bottom() && b.rect.y < a.rect.bottom();
            bool overlapX = a.rect.x < b.rect.right() && b.rect.x < a.rect.right();
            corridors += overlapY && b.rect.x - a.rect.right() == m.tileSize;
            corridors += overlapX && b.rect.y - a.rect.bottom() == m.tileSize;
        }
    }
    EXPECT_GE(odd, 4);
    EXPECT_GE(corridors, 3);
}

TEST(MapSamples, BomberHasPillarsAndOneWayTiles) {
    Map m = loadMap(test::sourcePath("maps/bomber.json"));
    EXPECT_TRUE(hasMover(m, MoverKind::ScanlineSlide));
    std::set<uint8_t> masks;
    for (uint16_t t : m.tiles)
        if (m.tileset.kinds[t].shape == Shape::OneWay) masks.insert(m.tileset.kinds[t].passMask);
    EXPECT_GE(masks.size(), 4u);
    // Bomberman pillars: solid at every even (x, y) inside the border.
    for (int y = 2; y < m.height - 1; y += 2)
        for (int x = 2; x < m.width - 1; x += 2)
            EXPECT_EQ(m.tileset.kinds[m.tile(x, y)].shape, Shape::Solid) << x << "," << y;
}

}  // namespace
}  // namespace ts
