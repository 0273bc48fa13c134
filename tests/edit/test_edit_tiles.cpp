// Tile tools: stamp, eraser, line, rectangle fill, bucket fill, eyedropper, stamp capture.
// Expected maps are written by hand from the tool's definition in core/edit/tile_tools.h.
#include "test_edit_support.h"

namespace ts::test {
namespace {

constexpr uint16_t kSolid = 1, kPlatform = 8;

TEST(EditTiles, StampSingleKindUndoesAndRedoes) {
    Map m = mapFromRows({"...", "...", "..."});
    Map after = applyUndoRedo(m, stampAt(m, {1, 2}, Stamp::single(kSolid)));
    EXPECT_EQ(tileRows(after), (std::vector<std::string>{"...", "...", ".#."}));
}

TEST(EditTiles, StampOnSameKindChangesNothing) {
    Map m = mapFromRows({"#."});
    Document doc(m);
    EXPECT_FALSE(doc.apply(stampAt(m, {0, 0}, Stamp::single(kSolid))));
    EXPECT_FALSE(doc.apply(stampAt(m, {5, 0}, Stamp::single(kSolid))));  // outside
    EXPECT_FALSE(doc.canUndo());
    EXPECT_EQ(doc.revision(), 1u);
}

TEST(EditTiles, MultiTileStampIsClippedAtTheMapEdge) {
    Map m = mapFromRows({"....", "....", "...."});
    Stamp s{2, 2, {kSolid, kPlatform, 2, 3}};  // "#=" over "/\"
    Map after = applyUndoRedo(m, stampAt(m, {3, 1}, s));
    EXPECT_EQ(tileRows(after), (std::vector<std::string>{"....", "...#", ".../"}));
    after = applyUndoRedo(m, stampAt(m, {-1, -1}, s));
    EXPECT_EQ(tileRows(after), (std::vector<std::string>{"\\...", "....", "...."}));
}

TEST(EditTiles, CaptureStampReadsTheRectangleInAnyCornerOrder) {
    Map m = mapFromRows({"#=..", "/\\..", "...."});
    Stamp s = captureStamp(m, {1, 1}, {0, 0});
    EXPECT_EQ(s, (Stamp{2, 2, {kSolid, kPlatform, 2, 3}}));
    // Clamped to the map: a drag past the corner takes the whole map.
    Stamp all = captureStamp(m, {-5, -5}, {10, 10});
    EXPECT_EQ(all.w, 4);
    EXPECT_EQ(all.h, 3);
    // Pasting the capture elsewhere reproduces it.
    Map after = applyUndoRedo(m, stampAt(m, {2, 1}, s));
    EXPECT_EQ(tileRows(after), (std::vector<std::string>{"#=..", "/\\#=", "../\\"}));
}

TEST(EditTiles, EraserSetsKindZero) {
    Map m = mapFromRows({"##", "##"});
    Map after = applyUndoRedo(m, eraseAt(m, {1, 0}));
    EXPECT_EQ(tileRows(after), (std::vector<std::string>{"#.", "##"}));
}

TEST(EditTiles, LineCellsFollowBresenham) {
    // Hand-traced: slope 2/5 from (0,0) to (5,2).
    std::vector<CellPos> want{{0, 0}, {1, 0}, {2, 1}, {3, 1}, {4, 2}, {5, 2}};
    EXPECT_EQ(lineCells({0, 0}, {5, 2}), want);
    // Reversed direction visits cells with the same count, ends at the target.
    auto back = lineCells({5, 2}, {0, 0});
    EXPECT_EQ(back.size(), 6u);
    EXPECT_EQ(back.front(), (CellPos{5, 2}));
    EXPECT_EQ(back.back(), (CellPos{0, 0}));
    EXPECT_EQ(lineCells({3, 3}, {3, 3}), (std::vector<CellPos>{{3, 3}}));
    // Steep and negative: one cell per row.
    EXPECT_EQ(lineCells({0, 0}, {-1, -3}).size(), 4u);
    // Every step moves to an 8-neighbour.
    auto cells = lineCells({-7, 4}, {13, -9});
    for (size_t i = 1; i < cells.size(); ++i) {
        EXPECT_LE(std::llabs(cells[i].x - cells[i - 1].x), 1);
        EXPECT_LE(std::llabs(cells[i].y - cells[i - 1].y), 1);
    }
}

TEST(EditTiles, ShiftClickLineStampsEveryCell) {
    Map m = mapFromRows({"......", "......", "......"});
    Map after = applyUndoRedo(m, stampLine(m, {0, 0}, {5, 2}, Stamp::single(kSolid)));
    EXPECT_EQ(tileRows(after), (std::vector<std::string>{"##....", "..##..", "....##"}));
}

TEST(EditTiles, LineWithOverlappingStampsUndoesExactly) {
    // A 2x1 stamp along a row writes most cells twice ("=" then "#"); cell 1 ends with its
    // original kind, so it must not change at all, and undo restores the original kinds.
    Map m = mapFromRows({"/#/\\/", "....."});
    Stamp s{2, 1, {kSolid, kPlatform}};
    Map after = applyUndoRedo(m, stampLine(m, {0, 0}, {3, 0}, s));
    EXPECT_EQ(tileRows(after), (std::vector<std::string>{"####=", "....."}));
}

TEST(EditTiles, RectangleFillInAnyCornerOrderAndClipped) {
    Map m = mapFromRows({".....", ".....", "....."});
    Map after = applyUndoRedo(m, fillRect(m, {3, 2}, {1, 1}, Stamp::single(kSolid)));
    EXPECT_EQ(tileRows(after), (std::vector<std::string>{".....", ".###.", ".###."}));
    after = applyUndoRedo(m, fillRect(m, {3, -4}, {9, 0}, Stamp::single(kPlatform)));
    EXPECT_EQ(tileRows(after), (std::vector<std::string>{"...==", ".....", "....."}));
}

TEST(EditTiles, RectangleFillTilesAMultiTileStampFromItsCorner) {
    Map m = mapFromRows({".....", ".....", "....."});
    Stamp s{2, 1, {kSolid, kPlatform}};
    Map after = applyUndoRedo(m, fillRect(m, {0, 1}, {4, 2}, s));
    EXPECT_EQ(tileRows(after), (std::vector<std::string>{".....", "#=#=#", "#=#=#"}));
}

TEST(EditTiles, BucketFillStopsAtOtherKindsAndDiagonals) {
    Map m = mapFromRows({
        "..#..",
        "..#..",
        "###..",
        "...#.",
        "..#..",
    });
    Map after = applyUndoRedo(m, bucketFill(m, {4, 0}, kPlatform));
    // The right region reaches (4,3) and (3,4)/(4,4) around the '#' at (3,3), but not the
    // top-left pocket (walled by '#') nor the bottom-left (only diagonal contact).
    EXPECT_EQ(tileRows(after), (std::vector<std::string>{
                                   "..#==",
                                   "..#==",
                                   "###==",
                                   "...#=",
                                   "..#==",
                               }));
}

TEST(EditTiles, BucketFillReplacesAConnectedRegionOfANonEmptyKind) {
    Map m = mapFromRows({"##.#", "#..#", "####"});
    Map after = applyUndoRedo(m, bucketFill(m, {0, 0}, 2));
    EXPECT_EQ(tileRows(after), (std::vector<std::string>{"//./", "/../", "////"}));
}

TEST(EditTiles, BucketFillWithSameKindOrOutsideChangesNothing) {
    Map m = mapFromRows({"..", ".."});
    EXPECT_TRUE(bucketFill(m, {0, 0}, 0)->changesNothing());
    EXPECT_TRUE(bucketFill(m, {2, 0}, kSolid)->changesNothing());
    EXPECT_TRUE(bucketFill(m, {0, -1}, kSolid)->changesNothing());
}

TEST(EditTiles, BucketFillsALargeEmptyMapWithoutRecursion) {
    // 2048 x 2048 = 4M cells: a recursive fill would overflow the stack.
    Map m = Map::blank(2048, 2048);
    m.setTile(1000, 1000, kSolid);
    Document doc(m);
    ASSERT_TRUE(doc.apply(bucketFill(doc.map(), {5, 7}, kPlatform)));
    size_t platforms = 0;
    for (uint16_t t : doc.map().tiles) platforms += t == kPlatform;
    EXPECT_EQ(platforms, size_t(2048) * 2048 - 1);
    EXPECT_EQ(doc.map().tile(1000, 1000), kSolid);
    ASSERT_TRUE(doc.undo());
    EXPECT_TRUE(doc.map() == m);
}

TEST(EditTiles, BucketFillSnakeRegionIsFullyReached) {
    // A serpentine corridor: each row's run must seed the next row through one gap.
    Map m = mapFromRows({
        "......#",
        "#####.#",
        "......#",
        ".######",
        "......#",
    });
    Map after = applyUndoRedo(m, bucketFill(m, {0, 0}, kPlatform));
    EXPECT_EQ(tileRows(after), (std::vector<std::string>{
                                   "======#",
                                   "#####=#",
                                   "======#",
                                   "=######",
                                   "======#",
                               }));
}

TEST(EditTiles, EyedropperAndCellAt) {
    Map m = mapFromRows({".#", "=."}, 16);
    EXPECT_EQ(kindAt(m, {1, 0}), kSolid);
    EXPECT_EQ(kindAt(m, {0, 1}), kPlatform);
    EXPECT_EQ(kindAt(m, {2, 0}), -1);
    EXPECT_EQ(kindAt(m, {0, -1}), -1);
    EXPECT_EQ(cellAt(m, 31, 16), (CellPos{1, 1}));
    EXPECT_EQ(cellAt(m, -1, 15), (CellPos{-1, 0}));
}

TEST(EditTiles, MalformedStampIsIgnored) {
    Map m = mapFromRows({"..", ".."});
    Stamp bad{2, 2, {kSolid}};
    EXPECT_TRUE(stampAt(m, {0, 0}, bad)->changesNothing());
    EXPECT_TRUE(fillRect(m, {0, 0}, {1, 1}, Stamp{0, 0, {}})->changesNothing());
}

}  // namespace
}  // namespace ts::test
