// `--collision-layer NAME` on every command that reads a map (convert, validate, info, run,
// view, the editor), as their messages tell users to pass it; run as the real binary (the
// editor's --screenshot reads the map before it opens a window: no display needed).
#include <gtest/gtest.h>

#include "io/map_io.h"
#include "test_support.h"

namespace ts {
namespace {

using test::runTilestep;

// "ground" (first, every cell painted) and "blockers" (one cell): without the flag the
// import falls back to the first layer.
std::string twoLayerMap(const std::string& dir) {
    test::writeFile(dir + "/m.tmx", R"(<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" orientation="orthogonal" renderorder="right-down" width="3" height="2" tilewidth="8" tileheight="8" infinite="0">
 <tileset firstgid="1" name="t" tilewidth="8" tileheight="8" tilecount="2" columns="0"><grid orientation="orthogonal" width="1" height="1"/></tileset>
 <layer id="1" name="ground" width="3" height="2"><data encoding="csv">1,1,1,1,1,1</data></layer>
 <layer id="2" name="blockers" width="3" height="2"><data encoding="csv">0,0,0,0,1,0</data></layer>
 <objectgroup id="3" name="things"><object id="1" name="hero" type="pixel_sweep" x="0" y="0" width="6" height="8"/></objectgroup>
</map>
)");
    return dir + "/m.tmx";
}

TEST(CliCollisionLayer, EveryCommandThatReadsAMapTakesIt) {
    const std::string dir = test::tempDir();
    const std::string map = twoLayerMap(dir);
    test::writeFile(dir + "/t.jsonl", "");
    for (const std::string& cmd :
         {"validate " + map, "info " + map, "run --frames 1 " + map,
          "convert " + map + " " + dir + "/o.json", "view " + map + " " + dir + "/t.jsonl",
          map + " --screenshot " + dir + "/x.png"}) {
        SCOPED_TRACE(cmd);
        // A layer the map lacks: the import's error, so the flag reached it.
        test::CommandResult r = runTilestep(cmd + " --collision-layer nope");
        EXPECT_EQ(r.exitCode, 1) << r.err;
        EXPECT_NE(r.err.find("no tile layer named \"nope\" (tile layers: \"ground\", "
                             "\"blockers\")"),
                  std::string::npos)
            << r.err;
    }
    for (const std::string& cmd : {"validate " + map, "info " + map, "run --frames 1 " + map}) {
        SCOPED_TRACE(cmd);
        test::CommandResult r = runTilestep(cmd + " --collision-layer blockers");
        EXPECT_EQ(r.exitCode, 0) << r.err;
        EXPECT_EQ(r.err.find("using the first tile layer"), std::string::npos) << r.err;
    }
    test::CommandResult r =
        runTilestep("convert --collision-layer blockers " + map + " " + dir + "/b.json");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const Map m = loadMap(dir + "/b.json");
    int painted = 0;
    for (uint16_t t : m.tiles) painted += t != 0;
    EXPECT_EQ(painted, 1);
    EXPECT_NE(m.tile(1, 1), 0);
}

TEST(CliCollisionLayer, OnANativeMapItIsAUsageError) {
    const std::string dir = test::tempDir();
    const std::string tmx = twoLayerMap(dir);
    ASSERT_EQ(runTilestep("convert " + tmx + " " + dir + "/m.json").exitCode, 0);
    const std::string map = dir + "/m.json";
    for (const std::string& cmd :
         {"validate " + map, "info " + map, "run --frames 1 " + map,
          "view " + map + " " + dir + "/none.jsonl", map + " --screenshot " + dir + "/x.png"}) {
        SCOPED_TRACE(cmd);
        test::CommandResult r = runTilestep(cmd + " --collision-layer blockers");
        EXPECT_EQ(r.exitCode, 2);
        EXPECT_NE(r.err.find("--collision-layer applies to Tiled and LDtk input only"),
                  std::string::npos)
            << r.err;
    }
}

}  // namespace
}  // namespace ts
