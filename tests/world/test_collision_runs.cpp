// The collision layer's per-tile summary for fast sweeps (CollisionWorld::cellBits) and the
// column height table behind it. Expected bits come from the map written by hand next to
// each check; the random-map test compares every cell with the direct queries (shapeAt,
// walls, brushes) it summarises.
#include <gtest/gtest.h>

#include "world/collision.h"
#include "property.h"
#include "test_support.h"

using namespace ts;
using CW = CollisionWorld;

TEST(CollisionCellBits, ShapesWallsAndBrushesOfHandMadeTiles) {
    // Row 0: empty, solid, slope, platform. Row 1: all empty.
    Map m = test::mapFromRows({".#/=", "...."});
    m.walls.setV(1, 1, true);  // left edge of cell (1, 1) = right edge of cell (0, 1)
    m.walls.setH(3, 1, true);  // top edge of cell (3, 1) = bottom edge of cell (3, 0)
    m.brushes.push_back(Brush{RectI{40, 20, 20, 4}});  // x 40..59, y 20..23: cells (2,1), (3,1)
    const CW w(m);
    EXPECT_EQ(w.cellBits(0, 0), 0);
    EXPECT_EQ(w.cellBits(1, 0), CW::kCellSolid);
    EXPECT_EQ(w.cellBits(2, 0), CW::kCellPartial);
    EXPECT_EQ(w.cellBits(3, 0), CW::kCellPartial | CW::kCellWallBottom);
    EXPECT_EQ(w.cellBits(0, 1), CW::kCellWallRight);
    EXPECT_EQ(w.cellBits(1, 1), CW::kCellWallLeft);
    EXPECT_EQ(w.cellBits(2, 1), CW::kCellBrush);
    EXPECT_EQ(w.cellBits(3, 1), CW::kCellWallTop | CW::kCellBrush);
    // The 8 bytes after the last cell are zero, for 8-byte loads.
    const uint8_t* end = w.cellBitsData() + m.width * m.height;
    for (int i = 0; i < 8; ++i) EXPECT_EQ(end[i], 0) << i;
}

TEST(CollisionCellBits, RebuildPicksUpEdits) {
    Map m = test::mapFromRows({"..", ".."});
    CW w(m);
    EXPECT_EQ(w.cellBits(1, 1), 0);
    m.setTile(1, 1, 1);  // solid
    m.walls.setV(1, 0, true);
    w.rebuild();
    EXPECT_EQ(w.cellBits(1, 1), CW::kCellSolid);
    EXPECT_EQ(w.cellBits(0, 0), CW::kCellWallRight);
    EXPECT_EQ(w.cellBits(1, 0), CW::kCellWallLeft);
}

TEST(CollisionCellBits, BrushOutsideTheMapMarksOnlyCellsInside) {
    Map m = Map::blank(3, 2);
    m.brushes.push_back(Brush{RectI{-10, -10, 20, 12}});  // reaches cell (0, 0) only
    m.brushes.push_back(Brush{RectI{100, 100, 5, 5}});    // entirely outside
    const CW w(m);
    for (int y = 0; y < 2; ++y)
        for (int x = 0; x < 3; ++x)
            EXPECT_EQ(w.cellBits(x, y), x == 0 && y == 0 ? CW::kCellBrush : 0) << x << "," << y;
}

TEST(CollisionCellBits, MatchTheDirectQueriesOnRandomMaps) {
    int marked = 0;
    for (uint64_t seed = 1; seed <= 20; ++seed) {
        test::RandomMapOptions o;
        o.tileSize = seed % 3 == 0 ? 12 : 16;
        o.wallPercent = 15;
        o.brushes = 12;
        const Map m = test::randomMap(seed, o);
        const CW w(m);
        const int64_t t = m.tileSize;
        for (int64_t cy = 0; cy < m.height; ++cy)
            for (int64_t cx = 0; cx < m.width; ++cx) {
                const Shape s = w.shapeAt(cx, cy);
                uint8_t expect = s == Shape::Solid   ? CW::kCellSolid
                                 : s == Shape::Empty ? 0
                                                     : CW::kCellPartial;
                if (m.walls.v(cx, cy)) expect |= CW::kCellWallLeft;
                if (m.walls.v(cx + 1, cy)) expect |= CW::kCellWallRight;
                if (m.walls.h(cx, cy)) expect |= CW::kCellWallTop;
                if (m.walls.h(cx, cy + 1)) expect |= CW::kCellWallBottom;
                bool brush = false;
                w.forEachBrushOverlapping(RectI{cx * t, cy * t, t, t},
                                          [&](const RectI&) { brush = true; });
                if (brush) expect |= CW::kCellBrush;
                ASSERT_EQ(w.cellBits(cx, cy), expect)
                    << "seed " << seed << " cell " << cx << "," << cy;
                marked += expect != 0;
            }
    }
    EXPECT_GT(marked, 1000);
}

TEST(CollisionCellBits, ShapeBytesHoldShapeAndPassMask) {
    // Row 0: empty, solid, slope rising right, platform (default pass mask UP|LEFT|RIGHT).
    Map m = test::mapFromRows({".#/=", "...."});
    CW w(m);
    const uint8_t* shapes = w.cellShapesData();
    EXPECT_EQ(shapes[0], uint8_t(Shape::Empty));
    EXPECT_EQ(shapes[1], uint8_t(Shape::Solid));
    EXPECT_EQ(shapes[2], uint8_t(Shape::Slope45Right));
    EXPECT_EQ(shapes[3], uint8_t(Shape::OneWay) | (DIR_UP | DIR_LEFT | DIR_RIGHT) << 4);
    EXPECT_EQ(shapes[4], uint8_t(Shape::Empty));
    m.setTile(0, 1, 1);  // solid
    w.rebuild();
    EXPECT_EQ(w.cellShapesData()[4], uint8_t(Shape::Solid));
}

TEST(CollisionCellBits, ShapeBytesMatchTheDirectQueriesOnRandomMaps) {
    int partial = 0;
    for (uint64_t seed = 1; seed <= 20; ++seed) {
        test::RandomMapOptions o;
        o.tileSize = seed % 3 == 0 ? 12 : 16;
        const Map m = test::randomMap(seed, o);
        const CW w(m);
        for (int64_t cy = 0; cy < m.height; ++cy)
            for (int64_t cx = 0; cx < m.width; ++cx) {
                const uint8_t b = w.cellShapesData()[cy * m.width + cx];
                ASSERT_EQ(Shape(b & 15), w.shapeAt(cx, cy)) << seed << " " << cx << "," << cy;
                ASSERT_EQ(b >> 4, w.passMaskAt(cx, cy)) << seed << " " << cx << "," << cy;
                partial += (w.cellBits(cx, cy) & CW::kCellPartial) != 0;
            }
    }
    EXPECT_GT(partial, 100);
}

TEST(CollisionCellBits, GridSizeFollowsTheMap) {
    Map m = Map::blank(5, 3, 16);
    CW w(m);
    EXPECT_EQ(w.gridSize().width, 5);
    EXPECT_EQ(w.gridSize().height, 3);
    EXPECT_EQ(w.gridSize().tile, 16);
    EXPECT_EQ(w.gridSize().tileShift, 4);  // 16 = 2^4
    EXPECT_EQ(w.gridSize().widthPx, 80);
    EXPECT_EQ(w.gridSize().heightPx, 48);
    m = Map::blank(2, 7, 12);
    w.rebuild();
    EXPECT_EQ(w.gridSize().width, 2);
    EXPECT_EQ(w.gridSize().height, 7);
    EXPECT_EQ(w.gridSize().tileShift, -1);  // 12 is not a power of two
    EXPECT_EQ(w.gridSize().widthPx, 24);
    EXPECT_EQ(w.gridSize().heightPx, 84);
}

TEST(CollisionCellBits, ColumnHeightsAreTheShapeColumns) {
    for (int tile : {8, 12, 16}) {
        Map m = Map::blank(1, 1, tile);
        const CW w(m);
        for (int s = 0; s < int(Shape::Count); ++s)
            for (int c = 0; c < tile; ++c)
                ASSERT_EQ(w.columnHeights(Shape(s))[c], shapeColumnHeight(Shape(s), c, tile))
                    << tile << " " << s << " " << c;
    }
    // By hand: a 45-degree slope rising right has c + 1 solid pixels in column c.
    Map m = Map::blank(1, 1, 16);
    const CW w(m);
    EXPECT_EQ(w.columnHeights(Shape::Slope45Right)[0], 1);
    EXPECT_EQ(w.columnHeights(Shape::Slope45Right)[15], 16);
}
