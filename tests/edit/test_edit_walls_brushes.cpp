// Wall and brush tools. Expected values are worked out by hand from the definitions in
// core/edit/wall_tools.h and brush_tools.h (noted next to each case).
#include "test_edit_support.h"
#include "io/map_validate.h"

namespace ts::test {
namespace {

TEST(EditWalls, NearestEdgeUsesThePixelCentre) {
    Map m = Map::blank(4, 4, 16);
    // (5,1): 1.5 px below the top line, nearest by far.
    EXPECT_EQ(nearestEdge(m, 5, 1), (Edge{true, 0, 0}));
    // (15,8): half a pixel left of x = 16, the left edge of cell (1,0).
    EXPECT_EQ(nearestEdge(m, 15, 8), (Edge{false, 1, 0}));
    // (20,30) in cell (1,1): 1.5 px above y = 32, the top edge of cell (1,2).
    EXPECT_EQ(nearestEdge(m, 20, 30), (Edge{true, 1, 2}));
    // (2,40) in cell (0,2): 2.5 px from the left line x = 0 (map border).
    EXPECT_EQ(nearestEdge(m, 2, 40), (Edge{false, 0, 2}));
    // Bottom-right pixel of the map: the right border edge (tie with bottom: bottom first).
    EXPECT_EQ(nearestEdge(m, 63, 63), (Edge{true, 3, 4}));
    // (7,7): 7.5 px from top and left: tie, top wins.
    EXPECT_EQ(nearestEdge(m, 7, 7), (Edge{true, 0, 0}));
    EXPECT_FALSE(nearestEdge(m, -1, 5).has_value());
    EXPECT_FALSE(nearestEdge(m, 64, 5).has_value());
    EXPECT_FALSE(nearestEdge(m, 5, 64).has_value());
}

TEST(EditWalls, NearestEdgeWithOddTileSize) {
    Map m = Map::blank(2, 2, 5);
    // (2,2) is the centre pixel of a 5-px tile: all four sides 2.5 px away, top wins.
    EXPECT_EQ(nearestEdge(m, 2, 2), (Edge{true, 0, 0}));
    // (2,3): 1.5 px to the bottom line, 2.5 to left/right, 3.5 to the top.
    EXPECT_EQ(nearestEdge(m, 2, 3), (Edge{true, 0, 1}));
    // (9,2) in cell (1,0): 0.5 px to the right border x = 10.
    EXPECT_EQ(nearestEdge(m, 9, 2), (Edge{false, 2, 0}));
}

TEST(EditWalls, AddAndRemoveUndoAndRedo) {
    Map m = Map::blank(3, 3);
    Map added = applyUndoRedo(m, setWall(m, {true, 1, 1}, true));
    EXPECT_TRUE(hasWall(added, {true, 1, 1}));
    EXPECT_EQ(added.walls.count(), 1u);
    Map both = applyUndoRedo(added, setWall(added, {false, 3, 2}, true));  // right border
    EXPECT_TRUE(both.walls.v(3, 2));
    Map removed = applyUndoRedo(both, setWall(both, {true, 1, 1}, false));
    EXPECT_FALSE(hasWall(removed, {true, 1, 1}));
    EXPECT_EQ(removed.walls.count(), 1u);
}

TEST(EditWalls, NoOpAndOutsideEdgesChangeNothing) {
    Map m = Map::blank(3, 3);
    EXPECT_TRUE(setWall(m, {true, 0, 0}, false)->changesNothing());
    EXPECT_TRUE(setWall(m, {true, 3, 0}, true)->changesNothing());   // x == width
    EXPECT_TRUE(setWall(m, {false, 0, 3}, true)->changesNothing());  // y == height
    EXPECT_TRUE(setWall(m, {false, -1, 0}, true)->changesNothing());
    EXPECT_FALSE(edgeInMap(m, {true, 0, 4}));
    EXPECT_TRUE(edgeInMap(m, {true, 0, 3}));
}

TEST(EditWalls, EdgesBetweenFillsTheGapOnOneLine) {
    EXPECT_EQ(edgesBetween({true, 0, 2}, {true, 3, 2}),
              (std::vector<Edge>{{true, 0, 2}, {true, 1, 2}, {true, 2, 2}, {true, 3, 2}}));
    EXPECT_EQ(edgesBetween({false, 1, 3}, {false, 1, 1}),
              (std::vector<Edge>{{false, 1, 3}, {false, 1, 2}, {false, 1, 1}}));
    // Different lines or orientations: only the new edge.
    EXPECT_EQ(edgesBetween({true, 0, 2}, {true, 3, 1}), (std::vector<Edge>{{true, 3, 1}}));
    EXPECT_EQ(edgesBetween({true, 1, 1}, {false, 1, 1}), (std::vector<Edge>{{false, 1, 1}}));
}

TEST(EditWalls, DragAlongALineIsOneUndoStep) {
    Map m = Map::blank(6, 3);
    Document doc(m);
    doc.beginStroke("Walls");
    Edge prev{true, 0, 1};
    doc.apply(setWall(doc.map(), prev, true));
    for (Edge next : {Edge{true, 2, 1}, Edge{true, 2, 1}, Edge{true, 5, 1}}) {
        doc.apply(setWalls(doc.map(), edgesBetween(prev, next), true));
        prev = next;
    }
    doc.endStroke();
    EXPECT_EQ(doc.map().walls.count(), 6u);
    EXPECT_EQ(doc.historySize(), 1u);
    EXPECT_EQ(doc.historyLabel(0), "Walls");
    EXPECT_EQ(validateMap(doc.map()), "");
    ASSERT_TRUE(doc.undo());
    EXPECT_TRUE(doc.map() == m);
    EXPECT_FALSE(doc.canUndo());
}

TEST(EditWalls, DuplicateEdgesInOneCommandUndoCleanly) {
    Map m = Map::blank(3, 3);
    Map after = applyUndoRedo(m, setWalls(m, {{false, 1, 1}, {false, 1, 1}}, true));
    EXPECT_EQ(after.walls.count(), 1u);
}

// ---- brushes ----

TEST(EditBrushes, RectFromCornersNormalisesAndClips) {
    Map m = Map::blank(4, 4, 16);  // 64 x 64 px
    EXPECT_EQ(rectFromCorners(m, 10, 20, 5, 3), (RectI{5, 3, 6, 18}));
    EXPECT_EQ(rectFromCorners(m, -5, -5, 100, 10), (RectI{0, 0, 64, 11}));
    EXPECT_EQ(rectFromCorners(m, 7, 7, 7, 7), (RectI{7, 7, 1, 1}));
    EXPECT_TRUE(rectFromCorners(m, 70, 0, 80, 5).empty());
}

TEST(EditBrushes, AddFindMoveDelete) {
    Map m = Map::blank(4, 4, 16);
    Map one = applyUndoRedo(m, addBrush(m, RectI{5, 3, 6, 18}));
    ASSERT_EQ(one.brushes.size(), 1u);
    EXPECT_EQ(one.brushes[0].rect, (RectI{5, 3, 6, 18}));
    // Clipped on add; an empty or outside rectangle adds nothing.
    Map two = applyUndoRedo(one, addBrush(one, RectI{50, 50, 30, 30}));
    EXPECT_EQ(two.brushes[1].rect, (RectI{50, 50, 14, 14}));
    EXPECT_TRUE(addBrush(two, RectI{1, 1, 0, 5})->changesNothing());
    EXPECT_TRUE(addBrush(two, RectI{100, 1, 5, 5})->changesNothing());

    Map three = applyUndoRedo(two, addBrush(two, RectI{0, 0, 8, 8}));
    // Topmost (last) wins where brushes overlap; half-open edges.
    EXPECT_EQ(findBrushAt(three, 6, 4), 2);
    EXPECT_EQ(findBrushAt(three, 10, 20), 0);
    EXPECT_EQ(findBrushAt(three, 11, 20), -1);
    EXPECT_EQ(findBrushAt(three, 63, 63), 1);

    // Moves stop at the border without changing the size.
    Map moved = applyUndoRedo(three, moveBrush(three, 0, 100, -100));
    EXPECT_EQ(moved.brushes[0].rect, (RectI{58, 0, 6, 18}));
    EXPECT_TRUE(moveBrush(three, 2, -1, -1)->changesNothing());  // already at the corner
    EXPECT_TRUE(moveBrush(three, 9, 1, 1)->changesNothing());    // no such brush

    Map deleted = applyUndoRedo(three, deleteBrush(three, 1));
    ASSERT_EQ(deleted.brushes.size(), 2u);
    EXPECT_EQ(deleted.brushes[0].rect, (RectI{5, 3, 6, 18}));
    EXPECT_EQ(deleted.brushes[1].rect, (RectI{0, 0, 8, 8}));
    EXPECT_TRUE(deleteBrush(three, 3)->changesNothing());
}

TEST(EditBrushes, HandleAt) {
    RectI r{16, 16, 16, 16};  // pixels 16..31
    EXPECT_EQ(handleAt(r, 16, 16, 2), Handle::TopLeft);
    EXPECT_EQ(handleAt(r, 14, 16, 2), Handle::TopLeft);  // 1.5 px outside
    EXPECT_EQ(handleAt(r, 31, 23, 2), Handle::Right);    // middle of the right side
    EXPECT_EQ(handleAt(r, 24, 31, 2), Handle::Bottom);
    EXPECT_EQ(handleAt(r, 31, 31, 2), Handle::BottomRight);
    EXPECT_FALSE(handleAt(r, 24, 24, 2).has_value());  // the middle
    EXPECT_FALSE(handleAt(r, 13, 16, 2).has_value());  // 2.5 px outside
}

struct ResizeCase {
    Handle handle;
    int64_t px, py;
    RectI want;
};

TEST(EditBrushes, ResizeByEveryHandleIncludingCrossingOver) {
    // Brush pixels 16..31 on both axes in a 64 x 64 px map. "Crossing" cases drag an edge
    // past the opposite one: it stops one pixel before it (width or height 1).
    const RectI r{16, 16, 16, 16};
    const ResizeCase cases[] = {
        {Handle::Left, 10, 99, {10, 16, 22, 16}},
        {Handle::Left, 40, 0, {31, 16, 1, 16}},  // crossing
        {Handle::Left, -5, 0, {0, 16, 32, 16}},  // clipped to the map
        {Handle::Right, 40, 0, {16, 16, 25, 16}},
        {Handle::Right, 3, 0, {16, 16, 1, 16}},  // crossing
        {Handle::Right, 100, 0, {16, 16, 48, 16}},
        {Handle::Top, 0, 4, {16, 4, 16, 28}},
        {Handle::Top, 0, 50, {16, 31, 16, 1}},  // crossing
        {Handle::Bottom, 0, 20, {16, 16, 16, 5}},
        {Handle::Bottom, 0, 0, {16, 16, 16, 1}},  // crossing
        {Handle::TopLeft, 0, 0, {0, 0, 32, 32}},
        {Handle::TopLeft, 50, 50, {31, 31, 1, 1}},  // crossing both
        {Handle::TopRight, 40, 50, {16, 31, 25, 1}},
        {Handle::TopRight, 2, 2, {16, 2, 1, 30}},
        {Handle::BottomLeft, 50, 5, {31, 16, 1, 1}},
        {Handle::BottomLeft, 2, 40, {2, 16, 30, 25}},
        {Handle::BottomRight, 2, 2, {16, 16, 1, 1}},
        {Handle::BottomRight, 100, 100, {16, 16, 48, 48}},
    };
    Map m = Map::blank(4, 4, 16);
    m.brushes.push_back(Brush{r});
    for (const ResizeCase& c : cases) {
        SCOPED_TRACE("handle " + std::to_string(int(c.handle)) + " to (" + std::to_string(c.px) +
                     ", " + std::to_string(c.py) + ")");
        EXPECT_EQ(resizeRect(r, c.handle, c.px, c.py, 64, 64), c.want);
        Map after = applyUndoRedo(m, resizeBrush(m, 0, c.handle, c.px, c.py));
        EXPECT_EQ(after.brushes[0].rect, c.want);
    }
}

TEST(EditBrushes, ResizeNeverEmptiesInvertsOrLeavesTheMap) {
    // Every handle dragged to every position on a grid around the map: the result is
    // non-empty, inside the map, and the edges the handle does not own stay put.
    const RectI r{16, 8, 10, 20};
    const int64_t W = 48, H = 40;
    for (int h = 0; h < 8; ++h)
        for (int64_t py = -10; py <= H + 10; py += 3)
            for (int64_t px = -10; px <= W + 10; px += 3) {
                Handle hd = Handle(h);
                RectI o = resizeRect(r, hd, px, py, W, H);
                ASSERT_GE(o.w, 1);
                ASSERT_GE(o.h, 1);
                ASSERT_GE(o.x, 0);
                ASSERT_GE(o.y, 0);
                ASSERT_LE(o.right(), W);
                ASSERT_LE(o.bottom(), H);
                bool left = hd == Handle::Left || hd == Handle::TopLeft || hd == Handle::BottomLeft;
                bool right =
                    hd == Handle::Right || hd == Handle::TopRight || hd == Handle::BottomRight;
                bool top = hd == Handle::Top || hd == Handle::TopLeft || hd == Handle::TopRight;
                bool bottom =
                    hd == Handle::Bottom || hd == Handle::BottomLeft || hd == Handle::BottomRight;
                if (!left) {
                    ASSERT_EQ(o.x, r.x);
                }
                if (!right) {
                    ASSERT_EQ(o.right(), r.right());
                }
                if (!top) {
                    ASSERT_EQ(o.y, r.y);
                }
                if (!bottom) {
                    ASSERT_EQ(o.bottom(), r.bottom());
                }
            }
}

TEST(EditBrushes, DragMoveIsOneUndoStep) {
    Map m = Map::blank(8, 8, 16);
    m.brushes.push_back(Brush{RectI{0, 0, 16, 16}});
    Document doc(m);
    doc.beginStroke("Move brush");
    for (int i = 0; i < 10; ++i) doc.apply(moveBrush(doc.map(), 0, 3, 2));
    doc.endStroke();
    EXPECT_EQ(doc.map().brushes[0].rect, (RectI{30, 20, 16, 16}));
    EXPECT_EQ(doc.historySize(), 1u);
    ASSERT_TRUE(doc.undo());
    EXPECT_TRUE(doc.map() == m);
    ASSERT_TRUE(doc.redo());
    EXPECT_EQ(doc.map().brushes[0].rect, (RectI{30, 20, 16, 16}));
}

// 1024 x 512 tiles of 16 px: 128 x 64 collision buckets of 128 x 128 px. 4095 full-map
// brushes (8192 entries each) and 8192 one-bucket brushes are exactly 2^25 entries, the most
// validateMap accepts; the last brush is the one-bucket square at the map's corner.
Map brushesAtTheLimit() {
    Map m = Map::blank(1024, 512, 16);
    m.brushes.assign(4095, Brush{RectI{0, 0, m.widthPx(), m.heightPx()}});
    m.brushes.insert(m.brushes.end(), 8192, Brush{RectI{0, 0, 128, 128}});
    return m;
}

TEST(EditBrushes, LimitRefusesAnEditThatPassesIt) {
    Map m = brushesAtTheLimit();
    ASSERT_EQ(validateMap(m), "");
    const size_t last = m.brushes.size() - 1;
    // A new 1 x 1 brush: one bucket more than the limit, the words validateMap would use.
    const std::string added = brushLimitProblem(m, m.brushes.size(), RectI{500, 500, 1, 1});
    EXPECT_NE(added.find("33554433 collision buckets"), std::string::npos) << added;
    Map over = m;
    over.brushes.push_back(Brush{RectI{500, 500, 1, 1}});
    EXPECT_EQ(validateMap(over), "brushes: " + added);
    // Moving the corner square 64 px right: it straddles two buckets, one entry too many.
    const RectI moved = moveRect(m.brushes[last].rect, 64, 0, m.widthPx(), m.heightPx());
    EXPECT_EQ(moved, (RectI{64, 0, 128, 128}));
    EXPECT_NE(brushLimitProblem(m, last, moved).find("33554433"), std::string::npos);
    // Moving it within its bucket, or shrinking a full-map brush, stays within.
    EXPECT_EQ(brushLimitProblem(m, last, RectI{0, 0, 100, 100}), "");
    EXPECT_EQ(brushLimitProblem(m, 0, RectI{0, 0, 1, 1}), "");
    // Growing the square by one pixel to the right: two buckets, refused.
    const RectI grown =
        resizeRect(m.brushes[last].rect, Handle::Right, 128, 0, m.widthPx(), m.heightPx());
    EXPECT_EQ(grown, (RectI{0, 0, 129, 128}));
    EXPECT_NE(brushLimitProblem(m, last, grown), "");
    // With one square fewer there is room for one more bucket, not two.
    m.brushes.pop_back();
    EXPECT_EQ(brushLimitProblem(m, m.brushes.size(), RectI{500, 500, 1, 1}), "");
    EXPECT_NE(brushLimitProblem(m, m.brushes.size(), RectI{100, 0, 56, 1}), "");
}

TEST(EditBrushes, MoveRectStopsAtTheBorder) {
    EXPECT_EQ(moveRect(RectI{10, 10, 20, 20}, -50, 5, 100, 60), (RectI{0, 15, 20, 20}));
    EXPECT_EQ(moveRect(RectI{10, 10, 20, 20}, 500, 500, 100, 60), (RectI{80, 40, 20, 20}));
}

}  // namespace
}  // namespace ts::test
