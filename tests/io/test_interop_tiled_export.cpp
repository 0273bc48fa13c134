// Tiled export (core/io/tiled/tiled_export.h): every sample map goes tilestep -> TMX / TMJ ->
// tilestep unchanged, also after Tiled itself has opened and re-saved the exported file, and
// Tiled reads our files with the tiles, objects and properties we wrote.
#include <cereal/archives/json.hpp>  // before rapidjson: its asserts throw (core/io/map_json.cpp)
#include <gtest/gtest.h>

#include <algorithm>

#include "io/foreign_maps.h"
#include "io/tiled/tiled_export.h"
#include "io/map_io.h"
#include "movers/param_set.h"
#include "test_support.h"
#include "tiled_peer.h"
#include "movers/mover.h"

namespace ts {
namespace {

#define REQUIRE_TILED() \
    if (!test::tiledAvailable()) GTEST_SKIP() << "tiled is not installed (apt-get install tiled)"

// A map with a bit of everything: every default kind, a kind with an image cell, walls in
// runs and alone, brushes, actors of every mover with parameters off their defaults.
Map everythingMap() {
    Map m = test::mapFromRows({
        "##########",
        "#..../\\..#",
        "#.ab..cd.#",
        "#..===...#",
        "##########",
    });
    m.simRate = 90;
    m.tileset.image = "art/tiles.png";
    m.tileset.imageCellSize = 8;
    m.tileset.kinds.push_back(
        TileKind{"crate \"big\" <&>", 0x80112233, Shape::OneWay, DIR_DOWN | DIR_LEFT, 5});
    m.tiles[size_t(3 * m.width + 8)] = uint16_t(m.tileset.kinds.size() - 1);
    for (int x = 2; x < 6; ++x) m.walls.setH(x, 1, true);
    m.walls.setH(8, 3, true);
    m.walls.setV(4, 2, true);
    m.walls.setV(4, 3, true);
    m.walls.setV(10, 0, true);
    m.brushes.push_back(Brush{RectI{17, 18, 5, 7}});
    m.brushes.push_back(Brush{RectI{0, 0, 160, 1}});
    m.actors.push_back(test::makeActor("hero", MoverKind::PixelSweep, 20, 30, 12, 16));
    m.actors.back().params[size_t(findParam(MoverKind::PixelSweep, "gravity"))] =
        Fix::fromDouble(0.3125);
    m.actors.push_back(test::makeActor("ball", MoverKind::GridWalls, 41, 33, 11, 9));
    m.actors.push_back(test::makeActor("link", MoverKind::TopDownAabb, 100, 40, 14, 14));
    m.actors.push_back(test::makeActor("slider", MoverKind::ScanlineSlide, 60, 0, 8, 8));
    m.actors.back().params[0] = Fix::fromRaw(12345);
    return m;
}

void expectSameMap(const Map& want, const Map& got, const std::string& what) {
    EXPECT_EQ(got.tileset, want.tileset) << what;
    EXPECT_EQ(got.tiles, want.tiles) << what;
    EXPECT_EQ(got.walls, want.walls) << what;
    EXPECT_EQ(got.brushes, want.brushes) << what;
    EXPECT_EQ(got.actors, want.actors) << what;
    EXPECT_TRUE(got == want) << what;
}

std::vector<Map> mapsUnderTest() {
    std::vector<Map> maps;
    for (const std::string& path : test::sampleMapPaths()) maps.push_back(loadMap(path));
    maps.push_back(everythingMap());
    return maps;
}

TEST(InteropTiledExport, EverySampleMapRoundTripsThroughTmxAndTmj) {
    const std::string dir = test::tempDir();
    std::vector<Map> maps = mapsUnderTest();
    ASSERT_GE(maps.size(), 5u);
    for (size_t i = 0; i < maps.size(); ++i)
        for (const char* ext : {".tmx", ".tmj"}) {
            const std::string path = dir + "/m" + std::to_string(i) + ext;
            interop::exportMapFile(maps[i], path, dir);
            interop::ImportResult r = interop::importMapFile(path, {}, dir);
            EXPECT_TRUE(r.warnings.empty()) << path << ": " << r.warnings[0];
            expectSameMap(maps[i], r.map, path);
        }
}

TEST(InteropTiledExport, TiledReadsOurFilesAndItsResavesComeBackUnchanged) {
    REQUIRE_TILED();
    const std::string dir = test::tempDir();
    std::vector<Map> maps = mapsUnderTest();
    for (size_t i = 0; i < maps.size(); ++i) {
        const Map& m = maps[i];
        for (const char* ext : {".tmx", ".tmj"}) {
            const std::string path = dir + "/m" + std::to_string(i) + ext;
            SCOPED_TRACE(path);
            interop::exportMapFile(m, path, dir);
            // Tiled's view of the tiles: kind k is GID k.
            std::vector<test::TiledLayerDump> layers = test::tiledTileLayers(path);
            ASSERT_EQ(layers.size(), 1u);
            EXPECT_EQ(layers[0].name, "collision");
            EXPECT_EQ(layers[0].width, m.width);
            std::vector<uint32_t> ours(m.tiles.begin(), m.tiles.end());
            EXPECT_EQ(layers[0].gids, ours);
            // Tiled's JSON export of our file: the objects and their properties.
            const std::string json = path + ".tiled.json";
            std::string messages;
            ASSERT_EQ(test::tiledExport("json", path, json, &messages), 0) << messages;
            rapidjson::Document doc;
            const std::string text = test::readFile(json);
            doc.Parse(text.data(), text.size());
            ASSERT_FALSE(doc.HasParseError());
            const auto& objects = doc["layers"][1]["objects"];
            size_t actors = 0, brushes = 0;
            for (const auto& o : objects.GetArray()) {
                std::string type = o["type"].GetString();
                brushes += type == "brush";
                if (findMover(type)) {
                    const Actor* a = m.findActor(o["name"].GetString());
                    ASSERT_TRUE(a);
                    ++actors;
                    // Only the parameters the map sets: the others stay the defaults.
                    const MoverInfo& mi = moverInfo(a->mover);
                    size_t set = 0;
                    for (int k = 0; k < mi.paramCount; ++k) set += paramIsSet(*a, k);
                    const auto props = o.FindMember("properties");
                    if (props == o.MemberEnd()) {
                        EXPECT_EQ(set, 0u);
                        continue;
                    }
                    ASSERT_EQ(props->value.Size(), set);
                    for (const auto& p : props->value.GetArray()) {
                        int k = findParam(a->mover, p["name"].GetString());
                        ASSERT_GE(k, 0);
                        EXPECT_TRUE(paramIsSet(*a, k));
                        // Tiled writes 15 significant digits: enough for 48.16 fixed point.
                        EXPECT_EQ(Fix::fromDouble(p["value"].GetDouble()), a->params[size_t(k)]);
                    }
                }
            }
            EXPECT_EQ(actors, m.actors.size());
            EXPECT_EQ(brushes, m.brushes.size());
            // Tiled re-saves the file in its own layout, in both forms; both import to the map.
            for (const char* again : {"tmx", "json"}) {
                const std::string resaved =
                    path + ".resaved." + (std::string(again) == "tmx" ? "tmx" : "tmj");
                ASSERT_EQ(test::tiledExport(again, path, resaved, &messages), 0) << messages;
                expectSameMap(m, interop::importMapFile(resaved, {}, dir).map, resaved);
            }
        }
    }
}

TEST(InteropTiledExport, ConvertWritesTmxAndTmjAndRefusesOtherExtensions) {
    const std::string dir = test::tempDir();
    Map m = everythingMap();
    m.tileset.image = "";  // no image path to rebase: the files sit in different folders
    saveMap(m, dir + "/in.json");
    test::runShell("mkdir -p " + dir + "/sub");
    for (const char* out : {"/sub/out.tmx", "/sub/OUT.TMJ"}) {
        test::CommandResult r = test::runTilestep("convert " + dir + "/in.json " + dir + out);
        EXPECT_EQ(r.exitCode, 0) << r.err;
        EXPECT_NE(r.out.find("(json) -> " + dir + out + " (tiled "), std::string::npos) << r.out;
        EXPECT_TRUE(loadMap(dir + out) == m) << out;
    }
    test::CommandResult r = test::runTilestep("convert " + dir + "/in.json " + dir + "/out.ldtk");
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("out.ldtk: LDtk projects are written only back into the project"),
              std::string::npos)
        << r.err;
}

TEST(InteropTiledExport, TheImagePathFollowsTheExportedFile) {
    const std::string dir = test::tempDir();
    test::runShell("mkdir -p " + dir + "/levels " + dir + "/export/tiled");
    Map m = everythingMap();  // image "art/tiles.png", relative to the map in levels/
    saveMap(m, dir + "/levels/m.json");
    test::CommandResult r =
        test::runTilestep("convert " + dir + "/levels/m.json " + dir + "/export/tiled/m.tmx");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(test::readFile(dir + "/export/tiled/m.tmx")
                  .find("name=\"tilestep_image\" value=\"../../levels/art/tiles.png\""),
              std::string::npos);
    // Imported back next to the original: the original path again.
    r = test::runTilestep("convert " + dir + "/export/tiled/m.tmx " + dir + "/levels/back.json");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_TRUE(loadMap(dir + "/levels/back.json") == m);
}

TEST(InteropTiledExport, TiledDrawsTheKindsFromTheGeneratedTilesetImage) {
    REQUIRE_TILED();
    // Cells, left to right: solid, slope45_right, empty, one-way platform. Colours are the
    // default tileset's: solid #5A6472, slopes #7A8A5A, platform #C08040 (tileset.cpp).
    const Map m = test::mapFromRows({"#/.="});
    const std::string dir = test::tempDir();
    for (const char* name : {"/m.tmx", "/m.tmj"}) {
        SCOPED_TRACE(name);
        interop::exportMapFile(m, dir + name, dir);
        ASSERT_TRUE(test::readFile(dir + "/m.tiles.png").compare(1, 3, "PNG") == 0);
        int w = 0, h = 0;
        std::vector<uint32_t> px;
        ASSERT_TRUE(test::tiledRender(dir + name, "collision", &w, &h, &px));
        ASSERT_EQ(w, 64);
        ASSERT_EQ(h, 16);
        auto at = [&](int x, int y) { return px[size_t(y * w + x)]; };
        EXPECT_EQ(at(8, 8), 0xff5a6472u);  // solid, the whole cell
        EXPECT_EQ(at(0, 0), 0xff5a6472u);
        // slope45_right: column c is solid in its bottom c + 1 rows.
        EXPECT_EQ(at(16 + 15, 0), 0xff7a8a5au);
        EXPECT_EQ(at(16 + 0, 15), 0xff7a8a5au);
        EXPECT_EQ(at(16 + 0, 14) >> 24, 0u);
        EXPECT_EQ(at(16 + 7, 7) >> 24, 0u);  // column 7: rows 8..15
        EXPECT_EQ(at(16 + 7, 8), 0xff7a8a5au);
        EXPECT_EQ(at(32 + 8, 8) >> 24, 0u);  // empty
        // The platform: a ledge of a quarter tile at the top.
        EXPECT_EQ(at(48 + 8, 0), 0xffc08040u);
        EXPECT_EQ(at(48 + 8, 3), 0xffc08040u);
        EXPECT_EQ(at(48 + 8, 4) >> 24, 0u);
    }
}

TEST(InteropTiledExport, AHandEditedTilestepTilesetStillGivesOneKindPerTile) {
    // Tile 1 lost its properties: it is kind 2 all the same, solid by rule 4 (the layer is
    // named "collision"), not a second kind made for the cell that uses it.
    const std::string dir = test::tempDir();
    test::writeFile(dir + "/m.tmx", R"(<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" orientation="orthogonal" width="2" height="1" tilewidth="16" tileheight="16" infinite="0">
 <tileset firstgid="1" name="tilestep" tilewidth="16" tileheight="16" tilecount="2" columns="0">
  <properties><property name="tilestep_kinds" type="int" value="1"/></properties>
  <tile id="0"><properties><property name="collision" value="one_way"/><property name="name" value="ledge"/></properties></tile>
 </tileset>
 <layer id="1" name="collision" width="2" height="1"><data encoding="csv">1,2</data></layer>
</map>
)");
    Map m = interop::importMapFile(dir + "/m.tmx", {}, dir).map;
    ASSERT_EQ(m.tileset.kinds.size(), 3u);
    EXPECT_EQ(m.tileset.kinds[1].name, "ledge");
    EXPECT_EQ(m.tileset.kinds[1].shape, Shape::OneWay);
    EXPECT_EQ(m.tileset.kinds[2].name, "tilestep:1");
    EXPECT_EQ(m.tileset.kinds[2].shape, Shape::Solid);
    EXPECT_EQ(m.tiles, (std::vector<uint16_t>{1, 2}));
}

}  // namespace
}  // namespace ts
