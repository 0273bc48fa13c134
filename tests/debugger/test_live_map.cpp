// app/debugger/live_map.h: the map under a live game's recordings. Without MAP each recording
// gets its own (its grid, or a canvas grown with its actors); with MAP a recording's grid that
// differs is said once. Sizes worked out by hand as in tests/record/test_trace_grid.cpp.
#include <gtest/gtest.h>

#include "debugger/live_map.h"
#include "record/trace_grid.h"
#include "record/trace_stream.h"

namespace ts {
namespace {

const char kGridHeader[] =
    "{\"tilestep_trace\":1,\"grid\":{\"w\":4,\"h\":2,\"tile\":16,\"solid\":\"5.1#2.\"}}\n";

// A game's recording as view --listen grows it: its bytes through a TraceStream.
struct Game {
    RecordedTrace t;
    TraceStream stream{&t};
    explicit Game(const std::string& bytes) { send(bytes); }
    void send(const std::string& bytes) {
        std::string error;
        EXPECT_TRUE(stream.feed(bytes.data(), bytes.size(), &error)) << error;
    }
    // Actor a at (x, y) in frame f.
    void moveTo(int f, int x, int y) {
        send("{\"frame\":" + std::to_string(f) + ",\"actor\":\"a\",\"x\":" + std::to_string(x) +
             ",\"y\":" + std::to_string(y) + ",\"w\":12,\"h\":16}\n");
    }
};

TEST(LiveMap, WithoutMapEachRecordingGetsItsLevel) {
    RecordedTrace waiting;  // the empty recording view starts on
    LiveMap live(true, &waiting);
    std::string warning;
    const Map start = Map::blank(16, 9, 16);
    EXPECT_FALSE(live.update(waiting, start, &warning));
    Game connected("{\"tilestep_trace\":1,");  // its header not all in yet
    EXPECT_FALSE(live.update(connected.t, start, &warning));
    // A game with a grid: its level, not grown by an actor outside it.
    Game grid(kGridHeader);
    std::optional<Map> m = live.update(grid.t, start, &warning);
    ASSERT_TRUE(m);
    EXPECT_EQ(*m, mapFromGrid(grid.t.header.grid));
    grid.moveTo(0, 900, 900);
    EXPECT_FALSE(live.update(grid.t, *m, &warning));
    // The next game has none: an empty 16 x 9 until its actor needs more.
    Game plain("{\"tilestep_trace\":1}\n");
    m = live.update(plain.t, *m, &warning);
    ASSERT_TRUE(m);
    EXPECT_EQ(m->width, 16);
    EXPECT_EQ(m->height, 9);
    EXPECT_EQ(m->tiles, std::vector<uint16_t>(16 * 9, 0));
    plain.moveTo(0, 100, 40);  // right edge 112 px: 7 tiles, 9 with the margin: fits
    EXPECT_FALSE(live.update(plain.t, *m, &warning));
    // Right edge 400 + 12 = 412 px: 25.75 tiles, 26; 26 + 2 > 16: 26 + 2 + 6 = 34. Bottom
    // 40 + 16 = 56 px: 4 tiles, fits 9.
    plain.moveTo(1, 400, 40);
    m = live.update(plain.t, *m, &warning);
    ASSERT_TRUE(m);
    EXPECT_EQ(m->width, 34);
    EXPECT_EQ(m->height, 9);
    EXPECT_EQ(warning, "");
}

TEST(LiveMap, AGridThatMapDiffersFromIsSaidOncePerRecording) {
    const Map map = Map::blank(4, 2, 16);  // all empty: the grid's cell 5, (1, 1), is solid
    RecordedTrace waiting;
    LiveMap live(false, &waiting);
    std::string warning;
    Game a(kGridHeader);
    EXPECT_FALSE(live.update(a.t, map, &warning));  // MAP stays
    EXPECT_EQ(warning,
              "the game's grid differs from MAP: cell (1, 1): solid in the grid, empty in MAP "
              "(MAP is shown)");
    a.moveTo(0, 1, 1);
    EXPECT_FALSE(live.update(a.t, map, &warning));
    EXPECT_EQ(warning, "");
    // A restart with the level MAP has: nothing to say; nor without a grid.
    Game b("{\"tilestep_trace\":1,\"grid\":{\"w\":4,\"h\":2,\"tile\":16,\"solid\":\"8.\"}}\n");
    EXPECT_FALSE(live.update(b.t, map, &warning));
    EXPECT_EQ(warning, "");
    Game c("{\"tilestep_trace\":1}\n");
    EXPECT_FALSE(live.update(c.t, map, &warning));
    EXPECT_EQ(warning, "");
}

}  // namespace
}  // namespace ts
