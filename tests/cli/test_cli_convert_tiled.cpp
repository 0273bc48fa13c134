// `tilestep convert` with Tiled maps on either side: Tiled to either Tiled form saves the
// user's file itself (every layer and tileset kept, no generated image), and an export's
// generated tileset image is an output like the map: never the map's own image, never a
// link onto IN, and taken back when the map cannot be written.
// cereal/archives/json.hpp first: rapidjson's assertions throw (core/io/map_json.cpp).
#include <cereal/archives/json.hpp>
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>

#include "io/map_io.h"
#include "test_support.h"
#include "tiled_peer.h"

namespace ts {
namespace {

namespace fs = std::filesystem;

const std::string kIsland = "/usr/share/doc/tiled/examples/rpg/island.tmx";

std::string q(const std::string& s) {
    return "'" + s + "'";
}

TEST(CliConvertTiled, TmxToTmxKeepsEveryLayerAndWritesNoImage) {
    if (!test::tiledAvailable()) GTEST_SKIP() << "tiled is not installed";
    const std::string dir = test::tempDir();
    fs::create_directories(dir + "/out");
    test::CommandResult r = test::runTilestep("convert --collision-layer '#1' " + q(kIsland) + " " +
                                              q(dir + "/out/i.tmx"));
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("(tiled tmx) -> " + dir + "/out/i.tmx (tiled tmx)"), std::string::npos);
    EXPECT_FALSE(fs::exists(dir + "/out/i.tiles.png"));
    std::string messages;
    ASSERT_EQ(test::tiledExport("json", kIsland, dir + "/theirs.json", &messages), 0) << messages;
    ASSERT_EQ(test::tiledExport("json", dir + "/out/i.tmx", dir + "/ours.json", &messages), 0)
        << messages;
    EXPECT_EQ(test::readFile(dir + "/ours.json"), test::readFile(dir + "/theirs.json"));
    // Tiled draws both alike.
    int w1 = 0, h1 = 0, w2 = 0, h2 = 0;
    std::vector<uint32_t> a, b;
    ASSERT_TRUE(test::tiledRender(kIsland, "Ground", &w1, &h1, &a));
    ASSERT_TRUE(test::tiledRender(dir + "/out/i.tmx", "Ground", &w2, &h2, &b));
    EXPECT_EQ(w1, w2);
    EXPECT_EQ(h1, h2);
    EXPECT_TRUE(a == b);
}

// Tiled's reading of PATH (its JSON export, written into DIR so that paths compare), parsed.
rapidjson::Document tiledReading(const std::string& path, const std::string& dir,
                                 const std::string& name) {
    std::string messages;
    EXPECT_EQ(test::tiledExport("json", path, dir + "/" + name, &messages), 0) << messages;
    rapidjson::Document d;
    d.Parse(test::readFile(dir + "/" + name).c_str());
    EXPECT_FALSE(d.HasParseError()) << path;
    return d;
}

// tmxrasterizer's picture of the whole map (every layer), as PNG bytes.
std::string rasterized(const std::string& map, const std::string& png) {
    test::CommandResult r = test::runShell(
        "env QT_QPA_PLATFORM=offscreen tmxrasterizer --no-smoothing " + q(map) + " " + q(png));
    EXPECT_EQ(r.exitCode, 0) << map << ": " << r.err;
    const std::string bytes = test::readFile(png);
    EXPECT_FALSE(bytes.empty()) << map;
    return bytes;
}

// Between Tiled's two forms the map is the user's file too, translated: Tiled reads the
// written file as it reads the source (its JSON export of both is the same, nothing
// ignored) and draws it alike, every layer, tileset, object and Wang set kept; the
// tilesets' paths follow OUT into another folder.
TEST(CliConvertTiled, TmxAndTmjConvertIntoEachOtherKeepingEverything) {
    if (!test::tiledAvailable()) GTEST_SKIP() << "tiled is not installed";
    if (test::runShell("command -v tmxrasterizer").exitCode != 0)
        GTEST_SKIP() << "tmxrasterizer is not installed";
    const std::string dir = test::tempDir(), ex = dir + "/ex";
    ASSERT_EQ(test::runShell("cp -r /usr/share/doc/tiled/examples " + q(ex) + " && gzip -df " +
                             q(ex + "/orthogonal-outside.tmx.gz") + " && mkdir " + q(dir + "/out") +
                             " " + q(dir + "/json"))
                  .exitCode,
              0);
    for (const char* name :
         {"desert", "rpg/island", "sewers", "orthogonal-outside", "perspective_walls"}) {
        SCOPED_TRACE(name);
        const std::string tmx = ex + "/" + name + ".tmx", tmj = ex + "/" + name + ".tmj";
        std::string messages;
        ASSERT_EQ(test::tiledExport("json", tmx, tmj, &messages), 0) << messages;  // Tiled's own
        const std::string flat = std::string(name).substr(std::string(name).rfind('/') + 1);
        const std::string ourTmj = dir + "/out/" + flat + ".tmj";
        const std::string ourTmx = dir + "/out/" + flat + ".tmx";
        test::CommandResult r = test::runTilestep("convert " + q(tmx) + " " + q(ourTmj));
        ASSERT_EQ(r.exitCode, 0) << r.err;
        EXPECT_NE(r.out.find("(tiled tmx) -> " + ourTmj + " (tiled tmj)"), std::string::npos)
            << r.out;
        r = test::runTilestep("convert " + q(tmj) + " " + q(ourTmx));
        ASSERT_EQ(r.exitCode, 0) << r.err;
        EXPECT_FALSE(test::runShell("ls " + q(dir + "/out") + " | grep -q tiles.png").exitCode == 0)
            << "a generated tileset image was written";
        const std::string j = dir + "/json";
        EXPECT_TRUE(tiledReading(ourTmj, j, "a.json") == tiledReading(tmx, j, "b.json"));
        EXPECT_TRUE(tiledReading(ourTmx, j, "c.json") == tiledReading(tmj, j, "d.json"));
        const std::string picture = rasterized(tmx, dir + "/p0.png");
        EXPECT_TRUE(rasterized(ourTmj, dir + "/p1.png") == picture);
        EXPECT_TRUE(rasterized(ourTmx, dir + "/p2.png") == picture);
    }
}

struct CliConvertOutputs : ::testing::Test {
    std::string dir = test::tempDir();
    std::string in = dir + "/level.json";
    void SetUp() override {
        Map m = Map::blank(8, 6);
        m.tileset.image = "out.tiles.png";
        saveMap(m, in);
        test::writeFile(dir + "/out.tiles.png", "the map's own image");
    }
};

TEST_F(CliConvertOutputs, TheExportNeverWritesOverTheMapsOwnTilesetImage) {
    test::CommandResult r = test::runTilestep("convert " + q(in) + " " + q(dir + "/out.tmx"));
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("is the map's own tileset image"), std::string::npos) << r.err;
    EXPECT_EQ(test::readFile(dir + "/out.tiles.png"), "the map's own image");
    EXPECT_FALSE(fs::exists(dir + "/out.tmx"));
}

TEST_F(CliConvertOutputs, TheGeneratedImageIsNeverWrittenThroughALinkOntoIn) {
    fs::create_symlink(in, dir + "/other.tiles.png");
    const std::string bytes = test::readFile(in);
    test::CommandResult r = test::runTilestep("convert " + q(in) + " " + q(dir + "/other.tmx"));
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find("OUT's tileset image"), std::string::npos) << r.err;
    EXPECT_EQ(test::readFile(in), bytes);
    EXPECT_FALSE(fs::exists(dir + "/other.tmx"));
}

TEST_F(CliConvertOutputs, AFailedExportLeavesNoPartialFiles) {
    test::writeFile(dir + "/ro.tmx", "read-only");
    chmod((dir + "/ro.tmx").c_str(), 0444);
    test::CommandResult r = test::runTilestep("convert " + q(in) + " " + q(dir + "/ro.tmx"));
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_FALSE(fs::exists(dir + "/ro.tiles.png")) << r.err;
    EXPECT_EQ(test::readFile(dir + "/ro.tmx"), "read-only");
}

}  // namespace
}  // namespace ts
