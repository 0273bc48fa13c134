// core/record/trace_grid.h and trace_canvas.h: a game's collision grid in its trace header (runs
// of empty and solid cells, docs/trace-format.md), read, written back, turned into a map and
// compared with a MAP; and the canvas `view` draws a trace on without a map. Expected cells and
// sizes are worked out by hand.
#include <gtest/gtest.h>

#include "record/trace_canvas.h"
#include "record/trace_grid.h"
#include "record/trace_reader.h"
#include "record/trace_writer.h"

namespace ts {
namespace {

// The worked example of docs/trace-format.md: a 4 x 3 room walled all round.
//   ####
//   #..#
//   ####
// Row-major: 5 solid (row 0, then row 1's first), 2 empty, 5 solid.
const std::vector<uint8_t> kRoom = {1, 1, 1, 1, 1, 0, 0, 1, 1, 1, 1, 1};
const char kRoomRuns[] = "5#2.5#";

std::string runsProblem(const std::string& text, int64_t cells, std::string* canonical = nullptr) {
    std::string c;
    const std::string p = readGridRuns(text, cells, &c);
    if (canonical) *canonical = c;
    return p;
}

TEST(TraceGrid, RunsDecodeAndEncodeByHand) {
    std::string canonical;
    EXPECT_EQ(runsProblem(kRoomRuns, 12, &canonical), "");
    EXPECT_EQ(canonical, kRoomRuns);
    EXPECT_EQ(decodeGridRuns(canonical), kRoom);
    EXPECT_EQ(encodeGridRuns(kRoom), kRoomRuns);
    // Runs of one kind in a row are one run; a grid may start solid or empty; counts of more
    // than one digit.
    EXPECT_EQ(runsProblem("2#3#1.1.5#", 12, &canonical), "");
    EXPECT_EQ(canonical, kRoomRuns);
    EXPECT_EQ(encodeGridRuns({0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1}), "11.1#");
    EXPECT_EQ(decodeGridRuns("11.1#"), std::vector<uint8_t>({0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1}));
    EXPECT_EQ(encodeGridRuns({}), "");
}

TEST(TraceGrid, BadRunsNameTheProblem) {
    EXPECT_EQ(runsProblem("5#2.4#", 12), "the runs cover 11 cells, the grid has 12");
    EXPECT_EQ(runsProblem("5#2.6#", 12), "the runs cover more than the grid's 12 cells");
    EXPECT_EQ(runsProblem("", 12), "the runs cover 0 cells, the grid has 12");
    EXPECT_EQ(runsProblem("5#x", 12),
              "character 3: expected a digit, '.' (empty) or '#' (solid), found 'x'");
    EXPECT_EQ(runsProblem("5#\n", 12),
              "character 3: expected a digit, '.' (empty) or '#' (solid), found byte 10");
    EXPECT_EQ(runsProblem("#11.", 12), "character 1: a run without its count");
    EXPECT_EQ(runsProblem("0.12#", 12), "character 2: a run of 0 cells");
    EXPECT_EQ(runsProblem("12", 12), "the runs end with a count and no '.' or '#'");
    // A count far past any int64 is refused at its first digit too many, not overflowed.
    EXPECT_EQ(runsProblem("99999999999999999999999#", 12),
              "the runs cover more than the grid's 12 cells");
}

std::string header(const std::string& grid) {
    return "{\"tilestep_trace\":1,\"grid\":" + grid + "}\n";
}

std::string parseError(const std::string& text) {
    RecordedTrace t;
    std::string error;
    return parseTrace(text, "t.jsonl", &t, &error) ? "(parsed)" : error;
}

TEST(TraceGrid, HeaderGridIsReadAndWrittenBack) {
    RecordedTrace t;
    std::string error;
    ASSERT_TRUE(
        parseTrace(header("{\"w\":4,\"h\":3,\"tile\":16,\"solid\":\"2#3#2.5#\"}"), "t", &t, &error))
        << error;
    EXPECT_EQ(t.header.grid, (TraceGrid{4, 3, 16, kRoomRuns}));
    TraceWriter w;
    w.header(t.header);
    EXPECT_EQ(w.text(),
              "{\"tilestep_trace\":1,\"tile_size\":16,\"rate\":60,\"grid\":{\"w\":4,\"h\":3,"
              "\"tile\":16,\"solid\":\"5#2.5#\"},\"actors\":[]}\n");
    // Without a grid, the header is what it was before grids.
    TraceWriter plain;
    plain.header(TraceHeader{});
    EXPECT_EQ(plain.text(), "{\"tilestep_trace\":1,\"tile_size\":16,\"rate\":60,\"actors\":[]}\n");
}

TEST(TraceGrid, BadHeaderGridsNameTheField) {
    const std::string at = "t.jsonl: line 1: field ";
    EXPECT_EQ(parseError(header("[1]")), at + "\"grid\": expected an object, found an array");
    EXPECT_EQ(parseError(header("{\"w\":0,\"h\":3,\"tile\":16,\"solid\":\"\"}")),
              at + "\"grid.w\": 0 is outside 1..16384");
    EXPECT_EQ(parseError(header("{\"w\":4,\"h\":16385,\"tile\":16,\"solid\":\"\"}")),
              at + "\"grid.h\": 16385 is outside 1..16384");
    EXPECT_EQ(parseError(header("{\"w\":4,\"h\":3,\"tile\":2,\"solid\":\"12.\"}")),
              at + "\"grid.tile\": 2 is outside 4..256");
    EXPECT_EQ(parseError(header("{\"w\":\"4\",\"h\":3,\"tile\":16,\"solid\":\"12.\"}")),
              at + "\"grid.w\": expected a number, found a string");
    EXPECT_EQ(parseError(header("{\"w\":4.5,\"h\":3,\"tile\":16,\"solid\":\"12.\"}")),
              at + "\"grid.w\": expected a whole number, found 4.5");
    EXPECT_EQ(parseError(header("{\"w\":4,\"h\":3,\"tile\":16}")), at + "\"grid.solid\": missing");
    EXPECT_EQ(parseError(header("{\"h\":3,\"tile\":16,\"solid\":\"12.\"}")),
              at + "\"grid.w\": missing");
    EXPECT_EQ(parseError(header("{\"w\":4,\"h\":3,\"tile\":16,\"solid\":[5]}")),
              at + "\"grid.solid\": expected a string, found an array");
    EXPECT_EQ(parseError(header("{\"w\":4,\"h\":3,\"tile\":16,\"solid\":\"5#2.4#\"}")),
              at + "\"grid.solid\": the runs cover 11 cells, the grid has 12 (4 x 3)");
    // The largest grid is a few bytes when its runs are few.
    EXPECT_EQ(parseError(header("{\"w\":16384,\"h\":16384,\"tile\":4,\"solid\":\"268435456.\"}")),
              "(parsed)");
}

TEST(TraceGrid, MapFromGridAndMismatch) {
    const TraceGrid g{4, 3, 16, kRoomRuns};
    const Map m = mapFromGrid(g);
    ASSERT_EQ(m.width, 4);
    ASSERT_EQ(m.height, 3);
    EXPECT_EQ(m.tileSize, 16);
    for (size_t i = 0; i < kRoom.size(); ++i) EXPECT_EQ(m.tiles[i], kRoom[i]) << i;
    EXPECT_EQ(m.tileset.kinds[1].shape, Shape::Solid);
    EXPECT_EQ(gridMismatch(g, m), "");
    Map other = m;
    other.setTile(2, 1, 8);  // the one-way platform: any collision shape is solid
    EXPECT_EQ(gridMismatch(g, other), "cell (2, 1): empty in the grid, solid in MAP");
    other = m;
    other.setTile(3, 2, 0);
    EXPECT_EQ(gridMismatch(g, other), "cell (3, 2): solid in the grid, empty in MAP");
    EXPECT_EQ(gridMismatch(g, Map::blank(5, 3, 16)),
              "the grid is 4 x 3 tiles of 16 px, MAP 5 x 3 tiles of 16 px");
    EXPECT_EQ(gridMismatch(g, Map::blank(4, 3, 8)),
              "the grid is 4 x 3 tiles of 16 px, MAP 4 x 3 tiles of 8 px");
}

TEST(TraceCanvas, GrowsToHoldTheActorsInWholeTiles) {
    RecordedTrace t;
    std::string error;
    ASSERT_TRUE(
        parseTrace("{\"tilestep_trace\":1}\n"
                   "{\"frame\":0,\"actor\":\"a\",\"x\":100,\"y\":40,\"w\":12,\"h\":16}\n",
                   "t", &t, &error))
        << error;
    TraceCanvas c(t.header);
    EXPECT_EQ(c.width(), TraceCanvas::kMinWidth);
    // Right edge 112 px: 7 tiles, 9 with the margin, within 16; bottom 56 px: 4 (6) within 9.
    EXPECT_FALSE(c.take(t));
    EXPECT_EQ(c.width(), 16);
    EXPECT_EQ(c.height(), 9);
    // Right edge 300 + 12 = 312 px: 19.5 tiles, 20; with the margin and a quarter: 20 + 2 + 5.
    // Bottom 120 + 16 = 136 px: 8.5, 9; 9 + 2 + 2 = 13.
    ASSERT_TRUE(
        parseTrace("{\"tilestep_trace\":1}\n"
                   "{\"frame\":0,\"actor\":\"a\",\"x\":100,\"y\":40,\"w\":12,\"h\":16}\n"
                   "{\"frame\":1,\"actor\":\"a\",\"x\":300,\"y\":120}\n"
                   "{\"frame\":2,\"actor\":\"a\",\"x\":-50,\"y\":-10}\n",
                   "t", &t, &error))
        << error;
    EXPECT_TRUE(c.take(t));
    EXPECT_EQ(c.width(), 27);
    EXPECT_EQ(c.height(), 13);
    EXPECT_FALSE(c.take(t));  // nothing new
    const Map m = c.map();
    EXPECT_EQ(m.width, 27);
    EXPECT_EQ(m.height, 13);
    EXPECT_EQ(m.tileSize, 16);
    // A round actor's x, y is its centre: 40 + 16 / 2 = 48 px is 3 tiles, within 16 x 9.
    RecordedTrace r;
    ASSERT_TRUE(
        parseTrace("{\"tilestep_trace\":1,\"tile_size\":8,\"width\":3,\"height\":2,"
                   "\"actors\":[{\"name\":\"b\",\"w\":16,\"round\":true}]}\n"
                   "{\"frame\":0,\"actor\":\"b\",\"x\":40,\"y\":40}\n",
                   "t", &r, &error))
        << error;
    TraceCanvas round(r.header);
    EXPECT_EQ(round.width(), 3);  // the header's size first
    EXPECT_EQ(round.tileSize(), 8);
    // 48 px of 8 px tiles: 6, with the margin 8 > 3: 6 + 2 + 1 = 9 each way.
    EXPECT_TRUE(round.take(r));
    EXPECT_EQ(round.width(), 9);
    EXPECT_EQ(round.height(), 9);
}

TEST(TraceCanvas, AGridIsTheCanvas) {
    RecordedTrace t;
    std::string error;
    ASSERT_TRUE(parseTrace(header("{\"w\":4,\"h\":3,\"tile\":16,\"solid\":\"5#2.5#\"}") +
                               "{\"frame\":0,\"actor\":\"a\",\"x\":900,\"y\":900}\n",
                           "t", &t, &error))
        << error;
    TraceCanvas c(t.header);
    EXPECT_FALSE(c.take(t));  // the game said its level: an actor outside it stays outside
    EXPECT_EQ(c.map(), mapFromGrid(t.header.grid));
}

}  // namespace
}  // namespace ts
