// Walls tool drags (core/edit/wall_drag.h): a drag keeps to the grid line its first movement
// picks and sets every edge along it. Maps are 8 x 8 tiles of 16 px, so the vertical grid
// line x = 2 runs at map pixel x 32 and the horizontal line y = 2 at pixel y 32.
#include <gtest/gtest.h>

#include <ostream>
#include <utility>
#include <vector>

#include "edit/wall_drag.h"
#include "test_edit_support.h"
#include "io/map_validate.h"

namespace ts {

// Readable failures: "h(2,3)" is the top edge of cell (2, 3), "v(2,3)" its left edge.
void PrintTo(const Edge& e, std::ostream* os) {
    *os << (e.horizontal ? "h(" : "v(") << e.x << "," << e.y << ")";
}

namespace {

using Path = std::vector<std::pair<int64_t, int64_t>>;

// Presses at path[0], moves through the rest, as the editor does: one undo step.
Map drag(Document& doc, const Path& path, bool on = true) {
    doc.beginStroke("Walls");
    CommandPtr first;
    std::optional<WallDrag> d =
        WallDrag::begin(doc.map(), path[0].first, path[0].second, on, &first);
    if (first) doc.apply(std::move(first));
    for (size_t i = 1; d && i < path.size(); ++i)
        for (CommandPtr& c : d->moveTo(doc.map(), path[i].first, path[i].second))
            doc.apply(std::move(c));
    doc.endStroke();
    return doc.map();
}

std::vector<Edge> wallsOf(const Map& m) {
    std::vector<Edge> out;
    for (int32_t y = 0; y <= m.height; ++y)
        for (int32_t x = 0; x < m.width; ++x)
            if (m.walls.h(x, y)) out.push_back({true, x, y});
    for (int32_t y = 0; y < m.height; ++y)
        for (int32_t x = 0; x <= m.width; ++x)
            if (m.walls.v(x, y)) out.push_back({false, x, y});
    return out;
}

std::vector<Edge> vertical(int32_t x, int32_t y0, int32_t y1) {
    std::vector<Edge> out;
    for (int32_t y = y0; y <= y1; ++y) out.push_back({false, x, y});
    return out;
}

std::vector<Edge> horizontal(int32_t y, int32_t x0, int32_t x1) {
    std::vector<Edge> out;
    for (int32_t x = x0; x <= x1; ++x) out.push_back({true, x, y});
    return out;
}

// The case: a drag down the vertical line x = 2 whose mouse wobbles 3 px either
// side of it, from row 0 to row 4. The nearest edge under such a mouse is often the top
// edge of the cell beside the line; only the five edges of the line may be set.
TEST(EditWallDrag, WobblyVerticalDragSetsOnlyTheLine) {
    Document doc(Map::blank(8, 8));
    Path path;
    int wobble[] = {0, 3, -3, 2, -2, 3, -1};
    for (int i = 0; i <= 22; ++i) path.push_back({32 + wobble[i % 7], 8 + 3 * i});  // y 8..74
    Map m = drag(doc, path);
    EXPECT_EQ(wallsOf(m), vertical(2, 0, 4));
}

// A drag along y = 2 two pixels below the line: the nearest edge is the left edge of each
// cell whenever the mouse passes within 2 px of a vertical grid line (a comb of stubs).
TEST(EditWallDrag, HorizontalDragTwoPixelsOffTheLineMakesNoStubs) {
    Document doc(Map::blank(8, 8));
    Path path;
    for (int64_t x = 4; x <= 100; x += 1) path.push_back({x, 34 + (x % 3) - 1});  // y 33..35
    Map m = drag(doc, path);
    EXPECT_EQ(wallsOf(m), horizontal(2, 0, 6));  // x 100 is in column 6
}

// One mouse event may skip many cells: every edge in between is set.
TEST(EditWallDrag, AJumpFillsEveryEdgeAlongTheLine) {
    Document doc(Map::blank(8, 8));
    Map m = drag(doc, {{32, 100}, {33, 90}, {31, 5}});  // rows 6 -> 5 -> 0
    EXPECT_EQ(wallsOf(m), vertical(2, 0, 6));
}

// A press in the middle of a cell picks its top edge; the drag then goes down, so the line
// is the vertical line nearest to the press (x 37 -> line 2) and the top edge is put back.
TEST(EditWallDrag, AFirstEdgeAcrossTheLineIsPutBack) {
    Document doc(Map::blank(8, 8));
    Map m = drag(doc, {{37, 36}, {37, 40}, {38, 60}});
    EXPECT_EQ(wallsOf(m), vertical(2, 2, 3));
}

// ... but a wall that was there before the press stays.
TEST(EditWallDrag, PuttingBackKeepsAWallThatWasThere) {
    Map start = Map::blank(8, 8);
    start.walls.setH(2, 2, true);
    Document doc(start);
    Map m = drag(doc, {{37, 36}, {37, 40}, {38, 60}});
    std::vector<Edge> want = {{true, 2, 2}, {false, 2, 2}, {false, 2, 3}};
    EXPECT_EQ(wallsOf(m), want);
}

// Less than half a tile of movement is a click: only the edge under the press.
TEST(EditWallDrag, ASmallMoveIsAClick) {
    Document doc(Map::blank(8, 8));
    Map m = drag(doc, {{32, 40}, {36, 44}, {29, 37}});
    EXPECT_EQ(wallsOf(m), vertical(2, 2, 2));
}

// Removing keeps to the line too: the walls across it stay.
TEST(EditWallDrag, RemovingLeavesTheCrossingWalls) {
    Map start = Map::blank(8, 8);
    for (int32_t y = 0; y < 8; ++y) start.walls.setV(2, y, true);
    for (int32_t y = 0; y <= 8; ++y) start.walls.setH(1, y, true);  // left of the line
    Document doc(start);
    Path path;
    for (int i = 0; i <= 20; ++i) path.push_back({32 + (i % 2 ? 3 : -3), 8 + 4 * i});
    Map m = drag(doc, path, false);
    std::vector<Edge> want = horizontal(0, 1, 1);
    for (int32_t y = 1; y <= 8; ++y) want.push_back({true, 1, y});
    for (Edge e : vertical(2, 6, 7)) want.push_back(e);  // below the drag's reach (y 88)
    EXPECT_EQ(wallsOf(m), want);
}

TEST(EditWallDrag, TheStrokeIsOneUndoStep) {
    Map start = Map::blank(8, 8);
    Document doc(start);
    drag(doc, {{37, 36}, {37, 40}, {38, 120}, {33, 4}});
    EXPECT_EQ(wallsOf(doc.map()), vertical(2, 0, 7));
    EXPECT_EQ(validateMap(doc.map()), "");
    EXPECT_EQ(doc.historySize(), 1u);
    ASSERT_TRUE(doc.undo());
    EXPECT_TRUE(doc.map() == start);
    ASSERT_TRUE(doc.redo());
    EXPECT_EQ(wallsOf(doc.map()), vertical(2, 0, 7));
}

TEST(EditWallDrag, APressOutsideTheMapIsNoDrag) {
    Map m = Map::blank(8, 8);
    CommandPtr first;
    EXPECT_FALSE(WallDrag::begin(m, -1, 5, true, &first).has_value());
    EXPECT_EQ(first, nullptr);
    // Dragging off the map clamps to its last edge.
    Document doc(m);
    Map after = drag(doc, {{127, 120}, {127, 100}, {126, -50}});
    EXPECT_EQ(wallsOf(after), vertical(8, 0, 7));
}

// What the editor highlights during a drag: the stroke's line from the press to the pointer,
// not the nearest edge under the pointer (issue 12).
TEST(EditWallDrag, EdgesToFollowTheLineNotTheNearestEdge) {
    Map m = Map::blank(8, 8, 16);
    CommandPtr first;
    std::optional<WallDrag> d = WallDrag::begin(m, 31, 20, true, &first);  // v(2,1)
    ASSERT_TRUE(d.has_value());
    EXPECT_TRUE(d->on());
    // Less than half a tile from the press: no line yet, only the first edge.
    EXPECT_EQ(d->edgesTo(m, 34, 24), (std::vector<Edge>{{false, 2, 1}}));
    d->moveTo(m, 33, 60);  // 40 px down: the vertical line x = 2
    ASSERT_TRUE(d->locked());
    // (36, 95): 0.5 px above the bottom edge of cell (2, 5), the nearest edge there, across
    // the line; the stroke reaches row 5 along it.
    EXPECT_EQ(nearestEdge(m, 36, 95), (Edge{true, 2, 6}));
    EXPECT_EQ(d->edgesTo(m, 36, 95), vertical(2, 1, 5));
    // Back above the press: from the pointer's row down to the press's, inclusive.
    EXPECT_EQ(d->edgesTo(m, 29, 5), vertical(2, 0, 1));
    // Past the map's bottom: clamped to the last row.
    EXPECT_EQ(d->edgesTo(m, 40, 500), vertical(2, 1, 7));
    CommandPtr none;
    EXPECT_FALSE(WallDrag::begin(m, 31, 20, false, &none)->on());
}

}  // namespace
}  // namespace ts
