// Map extensions decided in one place (issues 12, 16): core/io/map_formats.h's table, and
// every other decision (loadMap and saveMap, the interop import/export checks, the
// dispatcher, the editor's file filters) agreeing with it.
#include <gtest/gtest.h>

#include "../../app/cli/cli.h"
#include "io/foreign_maps.h"
#include "map/map.h"
#include "io/map_formats.h"
#include "io/map_io.h"
#include "test_support.h"

namespace ts {
namespace {

TEST(MapFormats, LookupIsByExtensionInAnyCase) {
    ASSERT_NE(mapFileFormatFor("a/b.json"), nullptr);
    EXPECT_EQ(mapFileFormatFor("a/b.json")->kind, MapFileKind::TilestepJson);
    EXPECT_EQ(mapFileFormatFor("B.TSMAP")->kind, MapFileKind::TilestepBinary);
    EXPECT_EQ(mapFileFormatFor("level.Tmx")->kind, MapFileKind::TiledXml);
    EXPECT_EQ(mapFileFormatFor("level.tmj")->kind, MapFileKind::TiledJson);
    EXPECT_EQ(mapFileFormatFor("world.LDTK")->kind, MapFileKind::Ldtk);
    for (const char* p : {"", "json", "a.jsonl", "a.png", "a.tsx", "a.json.bak", "tmx"})
        EXPECT_EQ(mapFileFormatFor(p), nullptr) << p;
}

TEST(MapFormats, TheFiltersListTheTableInOrder) {
    EXPECT_EQ(mapExtensionFilter(false), ".json|.tsmap|.tmx|.tmj|.ldtk");
    EXPECT_EQ(mapExtensionFilter(true), ".json|.tsmap|.tmx|.tmj|.ldtk");
    EXPECT_EQ(mapExtensionFilter(false, true), ".tmx|.tmj|.ldtk");
    EXPECT_EQ(mapExtensionFilter(true, true), ".tmx|.tmj|.ldtk");
}

TEST(MapFormats, EveryOtherDecisionAgreesWithTheTable) {
    for (const MapFileFormat& f : mapFileFormats()) {
        const std::string path = std::string("dir/level") + f.extension;
        SCOPED_TRACE(path);
        EXPECT_EQ(interop::isImportPath(path), f.foreign && f.canRead);
        EXPECT_EQ(interop::isExportPath(path), f.foreign && f.canWrite);
        EXPECT_EQ(isCliCommand(path.c_str()), !f.canRead);
        EXPECT_EQ(f.read != nullptr, f.canRead);
        EXPECT_EQ(f.write != nullptr, f.canWrite);
        if (f.canRead)
            EXPECT_EQ(&mapFormatForReading(path), &f);
        else
            EXPECT_THROW(mapFormatForReading(path), MapError);
        if (f.canWrite)
            EXPECT_EQ(&mapFormatForWriting(path), &f);
        else
            EXPECT_THROW(mapFormatForWriting(path), MapError);
    }
    EXPECT_FALSE(interop::isImportPath("a.png"));
    EXPECT_TRUE(isCliCommand("a.png"));  // not a map: a typo of a command, as before
}

TEST(MapFormats, TheRefusalsNameTheFileAndTheChoices) {
    for (const char* path : {"m.txt", "json"}) {
        for (auto lookUp : {mapFormatForReading, mapFormatForWriting}) {
            try {
                lookUp(path);
                ADD_FAILURE() << path;
            } catch (const MapError& e) {
                EXPECT_EQ(std::string(e.what()),
                          std::string(path) + ": unknown map file extension (use .json or .tsmap)");
            }
        }
    }
    try {
        saveMap(Map::blank(2, 2), "out.LDTK");
        ADD_FAILURE();
    } catch (const MapError& e) {
        EXPECT_EQ(std::string(e.what()),
                  "out.LDTK: LDtk projects are written only back into the project a map was "
                  "opened from (or copied whole: tilestep convert IN.ldtk OUT.ldtk); save as "
                  ".json, .tsmap, .tmx or .tmj");
    }
}

TEST(MapFormats, SavingToATiledFileIsTheExport) {
    const std::string dir = test::tempDir();
    test::runShell("mkdir -p " + dir + "/a " + dir + "/b " + dir + "/c");
    Map m = test::mapFromRows({"#/.="});
    m.tileset.image = "art/tiles.png";  // relative to a/
    for (const char* ext : {".tmx", ".tmj"}) {
        SCOPED_TRACE(ext);
        interop::exportMapFile(m, dir + "/b/m" + ext, dir + "/a");
        saveMap(m, dir + "/c/m" + ext, dir + "/a");
        EXPECT_EQ(test::readFile(dir + "/b/m" + ext), test::readFile(dir + "/c/m" + ext));
        EXPECT_EQ(test::readFile(dir + "/b/m.tiles.png"), test::readFile(dir + "/c/m.tiles.png"));
        EXPECT_NE(test::readFile(dir + "/c/m" + ext).find("../a/art/tiles.png"), std::string::npos);
        // Without a folder the image path is taken as relative to the written file already.
        saveMap(m, dir + "/c/same" + ext);
        EXPECT_EQ(loadMap(dir + "/c/same" + ext).tileset.image, "art/tiles.png");
    }
}

}  // namespace
}  // namespace ts
