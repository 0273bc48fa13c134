// `tilestep view`: its command line, map and traces are checked before any window opens,
// so every error here is reported on a machine without a display.
#include <gtest/gtest.h>

#include <cstdlib>

#include "io/map_io.h"
#include "test_support.h"
#include "tiled_fixture.h"

namespace ts {
namespace {

using test::runTilestep;

struct CliView : ::testing::Test {
    std::string dir = test::tempDir();
    std::string map = dir + "/m.json", trace = dir + "/t.jsonl";
    std::string display;
    void SetUp() override {
        saveMap(test::mapFromRows({"....", "...."}), map);
        test::writeFile(trace,
                        "{\"tilestep_trace\":1}\n{\"frame\":0,\"actor\":\"a\",\"x\":1,\"y\":2}\n");
        display = std::getenv("DISPLAY") ? std::getenv("DISPLAY") : "";
        unsetenv("DISPLAY");
    }
    void TearDown() override {
        if (!display.empty()) setenv("DISPLAY", display.c_str(), 1);
    }
};

TEST_F(CliView, BadCommandLinesExitTwo) {
    const std::string hint = " (try tilestep view --help)\n";
    struct Case {
        std::string args, err;
    } cases[] = {
        {"", "tilestep view: expects [MAP] TRACE.jsonl" + hint},
        {map + " " + trace + " " + trace, "tilestep view: expects [MAP] TRACE.jsonl" + hint},
        {trace + " --level x", "tilestep view: --level and --collision-layer need MAP" + hint},
        {map + " " + trace + " --listen 127.0.0.1:0",
         "tilestep view: expects at most MAP with --listen (the game sends the trace)" + hint},
        {map + " " + trace + " --frame -1", "tilestep view: --frame: '-1' is negative" + hint},
        {map + " " + trace + " --window 10x10",
         "tilestep view: --window: expected WxH from 320x240 to 8192x8192, got '10x10'" + hint},
        {map + " " + trace + " --screenshot " + trace,
         "tilestep view: --screenshot " + trace + " is the same file as TRACE " + trace +
             ": an output may not overwrite an input\n"},
        {map + " " + trace + " --bogus", "tilestep view: unknown option '--bogus'" + hint},
    };
    for (const Case& c : cases) {
        auto r = runTilestep("view " + c.args);
        EXPECT_EQ(r.exitCode, 2) << c.args;
        EXPECT_EQ(r.err, c.err) << c.args;
    }
    auto help = runTilestep("view --help");
    EXPECT_EQ(help.exitCode, 0);
    EXPECT_EQ(help.out.rfind("usage: tilestep view [MAP] TRACE.jsonl", 0), 0u) << help.out;
}

TEST_F(CliView, BadFilesExitOneBeforeAnyWindow) {
    test::writeFile(dir + "/bad.jsonl", "{\"tilestep_trace\":1}\n{\"frame\":0,\"actor\":\"a\"}\n");
    auto r = runTilestep("view " + map + " " + dir + "/bad.jsonl");
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_EQ(r.err, "tilestep view: " + dir + "/bad.jsonl: line 2: field \"x\": missing\n");
    r = runTilestep("view " + map + " " + trace + " --ghost " + dir + "/none.jsonl");
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_EQ(r.err, "tilestep view: " + dir +
                         "/none.jsonl: cannot read the trace (No such file or directory)\n");
    r = runTilestep("view " + dir + "/none.json " + trace);
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_EQ(r.err.rfind("tilestep view: " + dir + "/none.json", 0), 0u) << r.err;
}

// A game's grid in the trace header (docs/trace-format.md) against MAP: a difference is a warning
// naming the first differing cell, before any window; a bad grid is the trace's error. Without
// MAP the trace alone reaches the window (here: none to open).
TEST_F(CliView, AHeaderGridIsCheckedAgainstMap) {
    const std::string noWindow = "tilestep view: cannot open a window";
    // MAP is 4 x 2 empty cells of 16 px; the grid's row-major runs 5 empty, 1 solid, 2 empty
    // make cell 5, (1, 1), solid.
    auto withGrid = [&](const std::string& runs) {
        test::writeFile(trace,
                        "{\"tilestep_trace\":1,\"grid\":{\"w\":4,\"h\":2,\"tile\":16,"
                        "\"solid\":\"" +
                            runs +
                            "\"}}\n{\"frame\":0,\"actor\":\"a\","
                            "\"x\":1,\"y\":2}\n");
    };
    withGrid("5.1#2.");
    auto r = runTilestep("view " + map + " " + trace);
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_EQ(r.err.rfind("tilestep view: warning: " + trace +
                              ": the trace's grid differs from MAP: cell (1, 1): solid in the "
                              "grid, empty in MAP (MAP is shown)\n" +
                              noWindow,
                          0),
              0u)
        << r.err;
    withGrid("8.");
    r = runTilestep("view " + map + " " + trace);
    EXPECT_EQ(r.err.rfind(noWindow, 0), 0u) << r.err;
    r = runTilestep("view " + trace);
    EXPECT_EQ(r.err.rfind(noWindow, 0), 0u) << r.err;
    withGrid("5.1#");
    r = runTilestep("view " + trace);
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_EQ(r.err, "tilestep view: " + trace +
                         ": line 1: field \"grid.solid\": the runs cover 6 cells, the grid has 8 "
                         "(4 x 2)\n");
}

// A `run` trace names its map and sends no grid: without MAP, that map is shown when it is
// there (as written, else beside the trace) with the header's size; otherwise stderr says
// why and the empty canvas is used as before. A screenshot onto it is refused as onto MAP.
TEST_F(CliView, WithoutMapTheMapARunTraceNamesIsShown) {
    const std::string noWindow = "tilestep view: cannot open a window";
    auto withHeader = [&](const std::string& fields) {
        test::writeFile(trace, "{\"tilestep_trace\":1," + fields +
                                   "}\n{\"frame\":0,\"actor\":\"a\",\"x\":1,\"y\":2}\n");
    };
    // m.json is 4 x 2 of 16 px; the test runs in another folder, so "m.json" is found beside
    // the trace.
    withHeader("\"map\":\"m.json\",\"width\":4,\"height\":2,\"tile_size\":16");
    auto r = runTilestep("view " + trace);
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_EQ(r.err.rfind("tilestep view: showing " + dir + "/m.json, the map " + trace +
                              " names (give MAP to show another)\n" + noWindow,
                          0),
              0u)
        << r.err;
    withHeader("\"map\":\"" + map + "\",\"width\":4,\"height\":2,\"tile_size\":16");
    r = runTilestep("view " + trace);
    EXPECT_EQ(r.err.rfind("tilestep view: showing " + map + ", the map", 0), 0u) << r.err;

    const std::string before = test::readFile(map);
    r = runTilestep("view " + trace + " --screenshot " + dir + "/./m.json");
    EXPECT_EQ(r.exitCode, 2) << r.err;
    EXPECT_NE(r.err.find("is the same file as the map TRACE names " + map), std::string::npos)
        << r.err;
    EXPECT_EQ(test::readFile(map), before);

    withHeader("\"map\":\"m.json\",\"width\":5,\"height\":2,\"tile_size\":16");
    r = runTilestep("view " + trace);
    EXPECT_EQ(
        r.err.rfind("tilestep view: note: " + trace + " names the map m.json, not shown (" + dir +
                        "/m.json is 4 x 2 of 16 px tiles, the trace's was 5 x 2 of 16); "
                        "its actors are drawn on an empty map\n" +
                        noWindow,
                    0),
        0u)
        << r.err;
    withHeader("\"map\":\"gone.json\",\"tile_size\":16");
    r = runTilestep("view " + trace);
    EXPECT_EQ(r.err.rfind("tilestep view: note: " + trace +
                              " names the map gone.json, not shown (no file gone.json here or "
                              "beside the trace)",
                          0),
              0u)
        << r.err;
    // A game's grid is its level: the named map is not looked for.
    withHeader("\"map\":\"m.json\",\"grid\":{\"w\":4,\"h\":2,\"tile\":16,\"solid\":\"8.\"}");
    r = runTilestep("view " + trace);
    EXPECT_EQ(r.err.rfind(noWindow, 0), 0u) << r.err;
}

// A Tiled map's external tileset is an input too: a --screenshot or --save onto it is refused
// before anything is written (the .tsx would have become a PNG or a trace).
TEST_F(CliView, AnOutputOntoTheMapsTilesetIsRefused) {
    const std::string tmx = dir + "/level.tmx", tsx = dir + "/art/set.tsx";
    test::writeTileset(dir);
    test::writeFile(tmx,
                    test::threeLayerMap("<data encoding=\"csv\">1,0,0,1,0,5,6,0,1,1,1,1</data>"));
    const std::string before = test::readFile(tsx);
    auto r =
        runTilestep("view " + tmx + " " + trace + " --screenshot " + dir + "/art/../art/set.tsx");
    EXPECT_EQ(r.exitCode, 2) << r.err;
    const std::string said = "tilestep view: --screenshot " + dir +
                             "/art/../art/set.tsx is the same file as MAP's tileset " + tsx +
                             ": an output may not overwrite an input\n";
    ASSERT_GE(r.err.size(), said.size()) << r.err;
    EXPECT_EQ(r.err.substr(r.err.size() - said.size()), said) << "the last line";
    r = runTilestep("view " + tmx + " --listen 127.0.0.1:0 --save " + tsx);
    EXPECT_EQ(r.exitCode, 2) << r.err;
    EXPECT_NE(r.err.find("--save " + tsx + " is the same file as MAP's tileset"), std::string::npos)
        << r.err;
    EXPECT_EQ(test::readFile(tsx), before);
}

}  // namespace
}  // namespace ts
