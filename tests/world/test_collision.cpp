// The shared collision layer: pixels, slopes, one-way entry edges, walls, brushes, outside.
#include <gtest/gtest.h>

#include "world/collision.h"
#include "test_support.h"

using namespace ts;

TEST(Collision, OutsideTheMapIsSolid) {
    Map m = Map::blank(4, 3);
    CollisionWorld w(m);
    EXPECT_TRUE(w.solidPixel(-1, 0));
    EXPECT_TRUE(w.solidPixel(0, -1));
    EXPECT_TRUE(w.solidPixel(64, 0));
    EXPECT_TRUE(w.solidPixel(0, 48));
    EXPECT_FALSE(w.solidPixel(63, 47));
    EXPECT_TRUE(w.rectBlocked(RectI{60, 0, 5, 5}, DIR_RIGHT));
    EXPECT_FALSE(w.rectBlocked(RectI{59, 0, 5, 5}, DIR_RIGHT));
    EXPECT_TRUE(w.cellBlocked(-1, 0, DIR_LEFT));
    EXPECT_EQ(w.shapeAt(4, 0), Shape::Solid);
}

TEST(Collision, SolidTileCoversExactlyItsPixels) {
    Map m = test::mapFromRows({"....", ".#..", "...."});
    CollisionWorld w(m);
    EXPECT_TRUE(w.solidPixel(16, 16));
    EXPECT_TRUE(w.solidPixel(31, 31));
    EXPECT_FALSE(w.solidPixel(15, 16));
    EXPECT_FALSE(w.solidPixel(32, 16));
    EXPECT_FALSE(w.rectBlocked(RectI{0, 0, 16, 16}, DIR_NONE));
    EXPECT_TRUE(w.rectBlocked(RectI{1, 1, 16, 16}, DIR_NONE));
}

TEST(Collision, Slope45RightRisesOnePixelPerPixel) {
    Map m = test::mapFromRows({"/"});
    CollisionWorld w(m);
    for (int c = 0; c < 16; ++c) {
        // Column c has c+1 solid pixels at the bottom: rows 15-c .. 15.
        EXPECT_TRUE(w.solidPixel(c, 15 - c)) << c;
        if (15 - c - 1 >= 0) {
            EXPECT_FALSE(w.solidPixel(c, 15 - c - 1)) << c;
        }
    }
}

TEST(Collision, Slope22PairRisesHalfATilePerTile) {
    Map m = test::mapFromRows({"ab"});
    CollisionWorld w(m);
    // Surface height at x: floor((x+1)/2) over both tiles, 0 at x=0 and 16 at x=31.
    for (int x = 0; x < 32; ++x) {
        int hgt = (x + 1) / 2;
        if (hgt > 0) {
            EXPECT_TRUE(w.solidPixel(x, 16 - hgt)) << x;
        }
        if (hgt < 16) {
            EXPECT_FALSE(w.solidPixel(x, 16 - hgt - 1)) << x;
        }
    }
}

TEST(Collision, SlopesMirrorExactly) {
    Map m = test::mapFromRows({"/\\cdab"});
    CollisionWorld w(m);
    // "/" mirrored is "\"; "ab" mirrored is "cd".
    for (int y = 0; y < 16; ++y)
        for (int x = 0; x < 16; ++x) {
            EXPECT_EQ(w.solidPixel(x, y), w.solidPixel(31 - x, y));
            EXPECT_EQ(w.solidPixel(32 + x, y), w.solidPixel(95 - x, y));
            EXPECT_EQ(w.solidPixel(48 + x, y), w.solidPixel(79 - x, y));
        }
}

TEST(Collision, OneWayPlatformStopsOnlyALeadingEdgeEnteringFromAbove) {
    Map m = test::mapFromRows({"...", ".=.", "..."});
    CollisionWorld w(m);
    // A 4x4 box whose bottom row moves onto the platform's top row (y = 16): landing.
    EXPECT_TRUE(w.rectBlocked(RectI{20, 13, 4, 4}, DIR_DOWN));
    // Already inside the platform (bottom row at y = 20): falls through.
    EXPECT_FALSE(w.rectBlocked(RectI{20, 17, 4, 4}, DIR_DOWN));
    // From below, moving up: the mask has UP.
    EXPECT_FALSE(w.rectBlocked(RectI{20, 31, 4, 4}, DIR_UP));
    // Standing still inside it is not an overlap.
    EXPECT_FALSE(w.rectBlocked(RectI{20, 20, 4, 4}, DIR_NONE));
    // Cells: passable upward, sideways (mask UP|LEFT|RIGHT), not downward.
    EXPECT_FALSE(w.cellBlocked(1, 1, DIR_UP));
    EXPECT_FALSE(w.cellBlocked(1, 1, DIR_LEFT));
    EXPECT_TRUE(w.cellBlocked(1, 1, DIR_DOWN));
}

TEST(Collision, EdgeWallsBlockOnlyBoxesThatCrossThem) {
    Map m = Map::blank(4, 4);
    m.walls.setV(2, 1, true);  // the line x = 32 for y in [16, 32)
    m.walls.setH(1, 3, true);  // the line y = 48 for x in [16, 32)
    CollisionWorld w(m);
    EXPECT_FALSE(w.rectBlocked(RectI{24, 20, 8, 8}, DIR_RIGHT));  // touching x = 32
    EXPECT_TRUE(w.rectBlocked(RectI{25, 20, 8, 8}, DIR_RIGHT));   // crossing it
    EXPECT_FALSE(w.rectBlocked(RectI{25, 33, 8, 8}, DIR_RIGHT));  // below the wall's span
    EXPECT_FALSE(w.rectBlocked(RectI{18, 40, 8, 8}, DIR_DOWN));
    EXPECT_TRUE(w.rectBlocked(RectI{18, 41, 8, 8}, DIR_DOWN));
    EXPECT_TRUE(w.wallV(2, 1));
    EXPECT_FALSE(w.wallV(2, 2));
    EXPECT_TRUE(w.wallV(0, 2));  // the map border counts as a wall
    EXPECT_TRUE(w.wallH(1, 4));
    EXPECT_FALSE(w.solidPixel(32, 20));  // walls are lines, not pixels
}

TEST(Collision, BrushesAreSolidRectangles) {
    Map m = Map::blank(40, 40);
    m.brushes.push_back(Brush{RectI{100, 200, 37, 5}});
    m.brushes.push_back(Brush{RectI{300, 10, 200, 300}});  // spans several buckets
    CollisionWorld w(m);
    EXPECT_TRUE(w.solidPixel(100, 200));
    EXPECT_TRUE(w.solidPixel(136, 204));
    EXPECT_FALSE(w.solidPixel(137, 204));
    EXPECT_FALSE(w.solidPixel(100, 205));
    EXPECT_TRUE(w.solidPixel(499, 309));
    EXPECT_TRUE(w.rectBlocked(RectI{90, 195, 11, 6}, DIR_RIGHT));
    EXPECT_FALSE(w.rectBlocked(RectI{90, 195, 10, 6}, DIR_RIGHT));
    std::vector<RectI> hits;
    w.collectSolids(RectI{95, 190, 20, 20}, hits);
    ASSERT_EQ(hits.size(), 1u);
    EXPECT_EQ(hits[0], (RectI{100, 200, 37, 5}));
    hits.clear();
    w.collectSolids(RectI{290, 0, 300, 400}, hits);  // the big brush lies in many buckets
    ASSERT_EQ(hits.size(), 1u);
    EXPECT_EQ(hits[0], (RectI{300, 10, 200, 300}));
}
