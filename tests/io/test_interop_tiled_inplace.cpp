// Saving a map imported from Tiled back in place (core/io/tiled/tiled_inplace.h): with no
// edit, Tiled reads the written file exactly as it reads the source, wherever it is written;
// an edit changes only the collision cells (in the layer's own encoding), the tiles' shapes
// (in an external .tsx too) and the objects tilestep models; what the file cannot hold is
// refused, naming it, before anything is written.
#include <gtest/gtest.h>

#include <dirent.h>

#include <fstream>

#include "io/foreign_maps.h"
#include "io/foreign_source.h"
#include "io/interop_files.h"
#include "io/layer_data.h"
#include "io/map_io.h"
#include "io/tiled/tiled_inplace.h"
#include "test_support.h"
#include "tiled_fixture.h"
#include "tiled_peer.h"

namespace ts {
namespace {

const std::string kExamples = "/usr/share/doc/tiled/examples";

#define REQUIRE_TILED() \
    if (!test::tiledAvailable()) GTEST_SKIP() << "tiled is not installed (apt-get install tiled)"

interop::ImportResult importKept(const std::string& path, const std::string& folder,
                                 const std::string& layer = "") {
    interop::ImportOptions o;
    o.keepSource = true;
    o.collisionLayer = layer;
    interop::ImportResult r = interop::importMapFile(path, o, folder);
    EXPECT_TRUE(r.source);
    return r;
}

std::string errorOf(const std::function<void()>& f) {
    try {
        f();
    } catch (const MapError& e) {
        return e.what();
    }
    return "";
}

// Tiled's JSON export of PATH, written into DIR (so that its paths are relative to DIR).
std::string tiledJson(const std::string& path, const std::string& dir, const std::string& name) {
    std::string messages;
    EXPECT_EQ(test::tiledExport("json", path, dir + "/" + name, &messages), 0) << messages;
    return test::readFile(dir + "/" + name);
}

TEST(InteropTiledInplace, AnUneditedSaveReadsInTiledAsTheSourceWhereverItIsWritten) {
    REQUIRE_TILED();
    const std::string tmp = test::tempDir();
    test::runShell("mkdir -p " + tmp + "/out/deeper " + tmp + "/json");
    std::vector<std::string> maps = {kExamples + "/desert.tmx", kExamples + "/rpg/island.tmx",
                                     kExamples + "/perspective_walls.tmx",
                                     kExamples + "/sewers.tmx",
                                     test::sourcePath("maps/tiled-platformer.tmx")};
    if (DIR* d = opendir((kExamples + "/sewer_automap").c_str())) {
        while (dirent* e = readdir(d)) {
            const std::string n = e->d_name;
            if (n.size() > 4 && n.compare(n.size() - 4, 4, ".tmx") == 0 && maps.size() < 12)
                maps.push_back(kExamples + "/sewer_automap/" + n);
        }
        closedir(d);
    }
    int i = 0;
    for (const std::string& path : maps) {
        SCOPED_TRACE(path);
        const std::string out = tmp + "/out/deeper/m" + std::to_string(i++) + ".tmx";
        interop::ImportResult r = importKept(path, interop::folderOf(out), "#1");
        interop::saveTiledInPlace(*r.source, r.map, out, interop::folderOf(out));
        EXPECT_EQ(tiledJson(out, tmp + "/json", "ours.json"),
                  tiledJson(path, tmp + "/json", "theirs.json"));
    }
}

TEST(InteropTiledInplace, AnUneditedSaveIntoTheSourcesFolderKeepsItsBytes) {
    const std::string dir = test::tempDir();
    const std::string src = test::sourcePath("maps/tiled-platformer.tmx");
    interop::ImportResult r = importKept(src, dir);
    interop::saveTiledInPlace(*r.source, r.map, dir + "/m.tmx", dir);
    // Another folder: only the paths may change, and this map names none.
    EXPECT_EQ(test::readFile(dir + "/m.tmx"), test::readFile(src));
}

TEST(InteropTiledInplace, EditedCellsAreWrittenInTheLayersOwnEncodingAndNothingElseChanges) {
    REQUIRE_TILED();
    const std::vector<uint32_t> cells = {1, 0, 0, 1, 0, 5, 6, 0, 1, 1, 1, 1};
    std::vector<std::pair<std::string, std::string>> forms;  // (encoding, data element)
    std::string csv;
    for (size_t i = 0; i < cells.size(); ++i)
        csv += std::to_string(cells[i]) + (i + 1 < cells.size() ? "," : "");
    forms.push_back({"csv", "<data encoding=\"csv\">\n" + csv + "\n</data>"});
    for (const char* c : {"", "zlib", "gzip", "zstd"})
        forms.push_back({std::string("base64 ") + c,
                         std::string("<data encoding=\"base64\"") +
                             (*c ? std::string(" compression=\"") + c + "\"" : "") + ">" +
                             interop::base64Encode(interop::compress(test::gidBytes(cells), c)) +
                             "</data>"});
    std::string xmlTiles = "<data>";
    for (uint32_t g : cells)
        xmlTiles += g ? "<tile gid=\"" + std::to_string(g) + "\"/>" : "<tile/>";
    forms.push_back({"xml", xmlTiles + "</data>"});
    for (const auto& [name, data] : forms) {
        SCOPED_TRACE(name);
        const std::string dir = test::tempDir();
        test::writeTileset(dir);
        test::writeFile(dir + "/m.tmx", test::threeLayerMap(data));
        const std::string before = tiledJson(dir + "/m.tmx", dir, "before.json");
        interop::ImportResult r = importKept(dir + "/m.tmx", dir);
        Map edited = r.map;
        const uint16_t solid = edited.tile(0, 0), slope = edited.tile(2, 1);
        edited.setTile(1, 0, solid);
        edited.setTile(0, 0, 0);
        edited.setTile(3, 2, slope);
        interop::saveTiledInPlace(*r.source, edited, dir + "/m.tmx", dir);
        const std::string text = test::readFile(dir + "/m.tmx");
        const std::string encoding = name.substr(0, name.find(' '));
        if (encoding != "xml") {
            EXPECT_NE(text.find("encoding=\"" + encoding + "\""), std::string::npos);
        }
        if (name.size() > 7) {
            EXPECT_NE(text.find("compression=\"" + name.substr(7) + "\""), std::string::npos);
        }
        std::vector<test::TiledLayerDump> layers = test::tiledTileLayers(dir + "/m.tmx");
        ASSERT_EQ(layers.size(), 2u);
        EXPECT_EQ(layers[0].gids, std::vector<uint32_t>(12, 2));  // deco untouched
        const std::vector<uint32_t> want = {0, 1, 0, 1, 0, 5, 6, 0, 1, 1, 1, 6};
        EXPECT_EQ(layers[1].gids, want);
        // Reading it again gives the edited map.
        EXPECT_TRUE(interop::importMapFile(dir + "/m.tmx", {}, dir).map == edited);
        // Everything but the collision layer's data reads as before in Tiled.
        const std::string after = tiledJson(dir + "/m.tmx", dir, "after.json");
        const size_t a = before.find("\"name\":\"collision\""),
                     b = after.find("\"name\":\"collision\"");
        ASSERT_NE(a, std::string::npos);
        EXPECT_EQ(after.substr(b), before.substr(a));
        EXPECT_NE(text.find("keep me"), std::string::npos);
    }
}

TEST(InteropTiledInplace, AChangedTileShapeIsWrittenIntoItsTilesetFileOrTheMap) {
    const std::string dir = test::tempDir();
    test::writeTileset(dir);
    test::writeFile(dir + "/m.tmx",
                    test::threeLayerMap("<data encoding=\"csv\">1,0,0,1,0,5,6,0,1,1,1,1</data>"));
    interop::ImportResult r = importKept(dir + "/m.tmx", dir);
    Map edited = r.map;
    const uint16_t fromTsx = edited.tile(0, 0), embedded = edited.tile(1, 1);
    edited.tileset.kinds[fromTsx].shape = Shape::OneWay;
    edited.tileset.kinds[fromTsx].passMask = 5;
    edited.tileset.kinds[embedded].shape = Shape::Empty;
    interop::saveTiledInPlace(*r.source, edited, dir + "/m.tmx", dir);
    const std::string tsx = test::readFile(dir + "/art/set.tsx");
    EXPECT_NE(tsx.find("<property name=\"collision\" value=\"one_way\""), std::string::npos) << tsx;
    EXPECT_NE(tsx.find("<property name=\"pass_mask\" type=\"int\" value=\"5\""), std::string::npos);
    EXPECT_NE(tsx.find("<frame tileid=\"0\" duration=\"100\"/>"), std::string::npos);
    const Map back = interop::importMapFile(dir + "/m.tmx", {}, dir).map;
    EXPECT_EQ(back.tileset.kinds[fromTsx].shape, Shape::OneWay);
    EXPECT_EQ(back.tileset.kinds[fromTsx].passMask, 5);
    EXPECT_EQ(back.tileset.kinds[embedded].shape, Shape::Empty);
    EXPECT_EQ(back.tiles, edited.tiles);
}

TEST(InteropTiledInplace, ChangedObjectsReplaceThoseTheImportReadAndOthersStay) {
    const std::string dir = test::tempDir();
    test::writeTileset(dir);
    test::writeFile(dir + "/m.tmx",
                    test::threeLayerMap("<data encoding=\"csv\">1,0,0,1,0,5,6,0,1,1,1,1</data>"));
    interop::ImportResult r = importKept(dir + "/m.tmx", dir);
    ASSERT_EQ(r.map.actors.size(), 1u);
    ASSERT_EQ(r.map.brushes.size(), 1u);
    Map edited = r.map;
    edited.brushes.push_back(Brush{RectI{1, 2, 3, 4}});
    interop::saveTiledInPlace(*r.source, edited, dir + "/m.tmx", dir);
    const std::string text = test::readFile(dir + "/m.tmx");
    EXPECT_NE(text.find("name=\"sign\""), std::string::npos);              // skipped by the import
    EXPECT_NE(text.find("<property name=\"colour\""), std::string::npos);  // actor unchanged
    EXPECT_EQ(text.find("<object id=\"2\""), std::string::npos);           // the old brush
    EXPECT_NE(text.find("nextobjectid=\"11\""), std::string::npos) << text;
    const Map back = interop::importMapFile(dir + "/m.tmx", {}, dir).map;
    EXPECT_EQ(back.brushes, edited.brushes);  // the layer's offset taken into account
    EXPECT_TRUE(back == edited);
}

TEST(InteropTiledInplace, WhatTheFileCannotHoldIsRefusedNamingItBeforeAnythingIsWritten) {
    const std::string dir = test::tempDir();
    test::writeTileset(dir);
    test::writeFile(dir + "/m.tmx",
                    test::threeLayerMap("<data encoding=\"csv\">1,0,0,1,0,5,6,0,1,1,1,1</data>"));
    const std::string original = test::readFile(dir + "/m.tmx");
    interop::ImportResult r = importKept(dir + "/m.tmx", dir);
    Map edited = r.map;
    TileKind k;
    k.name = "lava";
    k.shape = Shape::Solid;
    edited.tileset.kinds.push_back(k);
    edited.setTile(1, 0, uint16_t(edited.tileset.kinds.size() - 1));
    edited.tileset.kinds[1].color ^= 0xff;
    const std::string e =
        errorOf([&] { interop::saveTiledInPlace(*r.source, edited, dir + "/m.tmx", dir); });
    EXPECT_NE(e.find(dir + "/m.tmx: not saved in place: "), std::string::npos) << e;
    EXPECT_NE(e.find("\"lava\" is new: it has no tile in the map's tilesets"), std::string::npos)
        << e;
    EXPECT_NE(e.find("its name, colour or image changed"), std::string::npos) << e;
    EXPECT_EQ(test::readFile(dir + "/m.tmx"), original);
}

// The same in Tiled's JSON form: Tiled itself writes the .tmj from each TMX above.
TEST(InteropTiledInplace, TmjMapsAreSavedInPlaceTheSameWay) {
    REQUIRE_TILED();
    const std::vector<uint32_t> cells = {1, 0, 0, 1, 0, 5, 6, 0, 1, 1, 1, 1};
    std::string csv;
    for (size_t i = 0; i < cells.size(); ++i)
        csv += std::to_string(cells[i]) + (i + 1 < cells.size() ? "," : "");
    for (const char* c : {"csv", "zlib"}) {
        SCOPED_TRACE(c);
        const std::string dir = test::tempDir();
        test::writeTileset(dir);
        test::writeFile(
            dir + "/m.tmx",
            test::threeLayerMap(
                std::string(c) == "csv"
                    ? "<data encoding=\"csv\">" + csv + "</data>"
                    : "<data encoding=\"base64\" compression=\"zlib\">" +
                          interop::base64Encode(interop::compress(test::gidBytes(cells), c)) +
                          "</data>"));
        std::string messages;
        ASSERT_EQ(test::tiledExport("json", dir + "/m.tmx", dir + "/m.tmj", &messages), 0)
            << messages;
        // Unedited, into another folder: Tiled reads the same.
        test::runShell("mkdir -p " + dir + "/other");
        interop::ImportResult r = importKept(dir + "/m.tmj", dir);
        interop::saveTiledInPlace(*r.source, r.map, dir + "/other/m.tmj", dir);
        EXPECT_EQ(tiledJson(dir + "/other/m.tmj", dir, "ours.json"),
                  tiledJson(dir + "/m.tmj", dir, "theirs.json"));
        // Edited: cells, a shape of the embedded tileset, a brush.
        Map edited = r.map;
        const uint16_t solid = edited.tile(0, 0), slope = edited.tile(2, 1);
        edited.setTile(1, 0, solid);
        edited.setTile(0, 0, 0);
        edited.setTile(3, 2, slope);
        edited.tileset.kinds[edited.tile(1, 1)].shape = Shape::Empty;
        edited.brushes.push_back(Brush{RectI{1, 2, 3, 4}});
        interop::saveTiledInPlace(*r.source, edited, dir + "/m.tmj", dir);
        std::vector<test::TiledLayerDump> layers = test::tiledTileLayers(dir + "/m.tmj");
        ASSERT_EQ(layers.size(), 2u);
        EXPECT_EQ(layers[0].gids, std::vector<uint32_t>(12, 2));
        const std::vector<uint32_t> want = {0, 1, 0, 1, 0, 5, 6, 0, 1, 1, 1, 6};
        EXPECT_EQ(layers[1].gids, want);
        const Map back = interop::importMapFile(dir + "/m.tmj", {}, dir).map;
        EXPECT_EQ(back.tiles, edited.tiles);
        EXPECT_EQ(back.brushes, edited.brushes);
        EXPECT_EQ(back.actors, edited.actors);
        EXPECT_EQ(back.walls, edited.walls);
        EXPECT_EQ(back.tileset.kinds[back.tile(1, 1)].shape, Shape::Empty);
        const std::string text = test::readFile(dir + "/m.tmj");
        EXPECT_NE(text.find("keep me"), std::string::npos);
        EXPECT_NE(text.find("\"sign\""), std::string::npos);
        if (std::string(c) == "zlib") {
            EXPECT_NE(text.find("\"zlib\""), std::string::npos);
        }
    }
}

// The editor's route: the import remembered, Save As onto the same file (exportMapFile, by
// any path to it) saves it in place; any other file is a plain export.
TEST(InteropTiledInplace, ExportOntoARememberedSourceSavesItInPlace) {
    const std::string dir = test::tempDir();
    test::writeTileset(dir);
    test::writeFile(dir + "/m.tmx",
                    test::threeLayerMap("<data encoding=\"csv\">1,0,0,1,0,5,6,0,1,1,1,1</data>"));
    interop::ImportResult r = importKept(dir + "/m.tmx", dir);
    interop::rememberForeignSource(r.source);
    Map edited = r.map;
    edited.setTile(1, 0, edited.tile(0, 0));
    interop::exportMapFile(edited, dir + "/./m.tmx", dir);
    const std::string text = test::readFile(dir + "/m.tmx");
    EXPECT_NE(text.find("name=\"deco\""), std::string::npos);
    EXPECT_NE(text.find("name=\"sign\""), std::string::npos);
    EXPECT_FALSE(std::ifstream(dir + "/m.tiles.png").good());
    EXPECT_EQ(interop::importMapFile(dir + "/m.tmx", {}, dir).map.tiles, edited.tiles);
    interop::exportMapFile(edited, dir + "/copy.tmx", dir);
    EXPECT_EQ(test::readFile(dir + "/copy.tmx").find("name=\"deco\""), std::string::npos);
}

}  // namespace
}  // namespace ts
