// LDtk projects beyond their first level (core/io/ldtk/detail/ldtk_project.h): a level picked by
// its identifier, levels in their own .ldtkl files ("Separate level files"), multi-worlds projects,
// and the level listing of `tilestep info` and the editor's picker. The projects are written by
// hand in LDtk's documented layout (tests/support/ldtk_samples.h).
#include <gtest/gtest.h>

#include <filesystem>

#include "io/ldtk/ldtk_import.h"
#include "ldtk_samples.h"
#include "io/map_io.h"
#include "test_support.h"

namespace ts {
namespace {

interop::ImportResult importLevel(const std::string& text, const std::string& level) {
    interop::ImportOptions o;
    o.level = level;
    return interop::importLdtkText(text, "p.ldtk", o);
}

std::string importError(const std::string& text, const std::string& path,
                        const std::string& level) {
    interop::ImportOptions o;
    o.level = level;
    try {
        interop::importLdtkText(text, path, o);
    } catch (const MapError& e) {
        return e.what();
    }
    return "(imported)";
}

std::string importFileError(const std::string& path, const std::string& level) {
    interop::ImportOptions o;
    o.level = level;
    try {
        interop::importLdtk(path, o);
    } catch (const MapError& e) {
        return e.what();
    }
    return "(imported)";
}

// Cave, as ldtk_samples.h describes it: 3 x 3 cells, top and bottom rows solid, the actor
// "digger" at (0, 8); its Chest is skipped.
void expectCave(const interop::ImportResult& r) {
    EXPECT_EQ(r.level, "Cave");
    EXPECT_EQ(r.map.tileSize, 8);
    ASSERT_EQ(r.map.width, 3);
    ASSERT_EQ(r.map.height, 3);
    EXPECT_EQ(r.map.tiles, (std::vector<uint16_t>{1, 1, 1, 0, 0, 0, 1, 1, 1}));
    ASSERT_EQ(r.map.actors.size(), 1u);
    EXPECT_EQ(r.map.actors[0].name, "digger");
    EXPECT_EQ(r.map.actors[0].x, 0);
    EXPECT_EQ(r.map.actors[0].y, 8);
}

TEST(InteropLdtkLevels, TheFirstLevelIsTheDefaultAndTheWarningSaysHowToPickAnother) {
    interop::ImportResult r = interop::importLdtkText(test::ldtkWorldProject(), "p.ldtk", {});
    EXPECT_EQ(r.level, "Start");
    EXPECT_EQ(r.map.width, 4);
    EXPECT_EQ(r.map.height, 2);
    EXPECT_EQ(r.map.tiles, (std::vector<uint16_t>{0, 0, 0, 0, 1, 1, 1, 1}));
    ASSERT_EQ(r.map.actors.size(), 1u);
    EXPECT_EQ(r.map.actors[0].x, 8);
    ASSERT_EQ(r.warnings.size(), 1u);
    EXPECT_EQ(r.warnings[0],
              "the project has 3 levels: imported the first, \"Start\" (pick another with "
              "--level NAME; tilestep info lists them)");
}

TEST(InteropLdtkLevels, ALevelIsPickedByItsIdentifierInAnyCase) {
    interop::ImportResult r = importLevel(test::ldtkWorldProject(), "Cave");
    expectCave(r);
    // Chosen by name: only the level's own warning (its Chest), none about the others.
    ASSERT_EQ(r.warnings.size(), 1u);
    EXPECT_NE(r.warnings[0].find("entity \"Chest\": skipped"), std::string::npos);
    expectCave(importLevel(test::ldtkWorldProject(), "cAVE"));
    interop::ImportResult tower = importLevel(test::ldtkWorldProject(), "TOWER");
    EXPECT_EQ(tower.level, "Tower");
    EXPECT_EQ(tower.map.width, 2);
    EXPECT_EQ(tower.map.height, 4);
    EXPECT_TRUE(tower.map.actors.empty());
    // The same level named by its exact identifier imports the same map.
    EXPECT_TRUE(importLevel(test::ldtkWorldProject(), "Start").map ==
                interop::importLdtkText(test::ldtkWorldProject(), "p.ldtk", {}).map);
}

TEST(InteropLdtkLevels, AnUnknownLevelIsAnErrorListingTheProjectsLevels) {
    EXPECT_EQ(importError(test::ldtkWorldProject(), "dir/p.ldtk", "Attic"),
              "dir/p.ldtk: no level \"Attic\" (the project's levels: \"Start\", \"Cave\", "
              "\"Tower\")");
    // Long lists stop after 20 names.
    std::string levels;
    for (int i = 0; i < 25; ++i)
        levels += (i ? "," : "") + std::string("{\"identifier\": \"L") + std::to_string(i) +
                  "\", \"layerInstances\": []}";
    const std::string many = "{\"levels\": [" + levels + "]}";
    const std::string e = importError(many, "m.ldtk", "Nope");
    EXPECT_NE(e.find("\"L19\" and 5 more (tilestep info lists them)"), std::string::npos) << e;
    EXPECT_EQ(e.find("\"L20\""), std::string::npos) << e;
}

TEST(InteropLdtkLevels, AnExactCaseMatchWinsAndSeveralOtherCaseMatchesAreRefused) {
    const char* project = R"({"levels": [
      {"identifier": "Boss", "layerInstances": [{"__type": "IntGrid", "__identifier": "c",
        "__gridSize": 8, "__cWid": 1, "__cHei": 1, "intGridCsv": [0]}]},
      {"identifier": "BOSS", "layerInstances": [{"__type": "IntGrid", "__identifier": "c",
        "__gridSize": 8, "__cWid": 2, "__cHei": 1, "intGridCsv": [0, 0]}]}]})";
    EXPECT_EQ(importLevel(project, "Boss").map.width, 1);
    EXPECT_EQ(importLevel(project, "BOSS").map.width, 2);
    EXPECT_EQ(importError(project, "p.ldtk", "boss"),
              "p.ldtk: level \"boss\" matches \"Boss\", \"BOSS\" (give the name in its exact "
              "case)");
}

TEST(InteropLdtkLevels, MultiWorldsProjectsListTheirLevelsPerWorld) {
    const char* project = R"({"levels": [], "worlds": [
      {"identifier": "Overworld", "levels": [
        {"identifier": "Field", "layerInstances": [{"__type": "IntGrid", "__identifier": "c",
          "__gridSize": 8, "__cWid": 1, "__cHei": 1, "intGridCsv": [1]}]}]},
      {"identifier": "Underworld", "levels": [
        {"identifier": "Crypt", "layerInstances": [{"__type": "IntGrid", "__identifier": "c",
          "__gridSize": 16, "__cWid": 3, "__cHei": 1, "intGridCsv": [1, 0, 1]}]}]}]})";
    interop::ImportResult r = importLevel(project, "crypt");
    EXPECT_EQ(r.level, "Crypt");
    EXPECT_EQ(r.map.tileSize, 16);
    EXPECT_EQ(r.map.width, 3);
    EXPECT_EQ(importLevel(project, "").level, "Field");
}

// --- separate level files ----------------------------------------------------------------

TEST(InteropLdtkLevels, LevelsInTheirOwnFilesImportAsTheSameLevelsInsideTheProject) {
    const std::string dir = test::tempDir();
    const std::string path = test::writeLdtkExternalProject(dir);
    for (const char* name : {"Start", "Cave", "Tower"}) {
        SCOPED_TRACE(name);
        interop::ImportOptions o;
        o.level = name;
        interop::ImportResult ext = interop::importLdtk(path, o);
        interop::ImportResult in = importLevel(test::ldtkWorldProject(), name);
        EXPECT_EQ(ext.level, name);
        EXPECT_TRUE(ext.map == in.map);
        EXPECT_EQ(ext.warnings, in.warnings);
    }
    expectCave(interop::importLdtk(path, [] {
        interop::ImportOptions o;
        o.level = "cave";
        return o;
    }()));
    // Opened directly, the first level.
    EXPECT_TRUE(loadMap(path) == importLevel(test::ldtkWorldProject(), "Start").map);
}

TEST(InteropLdtkLevels, ALevelFileThatIsMissingBrokenOrAnotherLevelIsRefusedNamingIt) {
    const std::string dir = test::tempDir();
    const std::string path = test::writeLdtkExternalProject(dir);
    const std::string cave = dir + "/ext/Cave.ldtkl";

    std::filesystem::remove(cave);
    EXPECT_EQ(importFileError(path, "Cave"), cave + ": cannot open: No such file or directory");
    // The other levels still import.
    EXPECT_EQ(interop::importLdtk(path, {}).level, "Start");

    test::writeFile(cave, "{\"identifier\": \"Cave\", \"layerInstances\": [");
    EXPECT_EQ(importFileError(path, "Cave").find(cave + ": invalid JSON at line 1: "), 0u)
        << importFileError(path, "Cave");

    test::writeFile(cave, "[1, 2]");
    EXPECT_EQ(importFileError(path, "Cave"),
              cave + ": the top level must be an object (not an LDtk level file?)");

    // Tower's file where Cave's should be: another identifier and iid.
    test::writeFile(cave, test::ldtkLevelFile("Tower"));
    EXPECT_EQ(importFileError(path, "Cave"),
              cave + ": holds level \"Tower\" (iid a3c1e2f0-5e0b-11ee-8c99-0242ac120003), but " +
                  path +
                  " names this file for level \"Cave\" (iid a3c1e2f0-5e0b-11ee-8c99-0242ac120002)");
    // Same identifier, another level's iid (a copy of a level renamed by hand).
    std::string text = test::ldtkLevelFile("Cave");
    text.replace(text.find("120002"), 6, "120003");
    test::writeFile(cave, text);
    EXPECT_NE(importFileError(path, "Cave")
                  .find(": holds level \"Cave\" (iid "
                        "a3c1e2f0-5e0b-11ee-8c99-0242ac120003), but"),
              std::string::npos)
        << importFileError(path, "Cave");

    // A bad field inside the level file is reported with the level file's name.
    text = test::ldtkLevelFile("Cave");
    text.replace(text.rfind("\"__cWid\": 3"), 11, "\"__cWid\": 99999");  // Collision's
    test::writeFile(cave, text);
    EXPECT_EQ(importFileError(path, "Cave"),
              cave + ": layer \"Collision\": __cWid: 99999 is outside 1..16384");
}

TEST(InteropLdtkLevels, ALevelFileIsReadWithinBoundsAndADeviceStopsAtItsFirstByte) {
    // /dev/zero as a level file: read up to the size cap it would take 256 MiB and end in
    // "larger than"; the read stops at the first byte, which is no '{'.
    const std::string project = R"({"externalLevels": true, "levels": [
      {"identifier": "Z", "externalRelPath": "/dev/zero", "layerInstances": null}]})";
    const std::string e = importError(project, "p.ldtk", "");
    EXPECT_EQ(e.find("/dev/zero: invalid JSON at line 1"), 0u) << e;
    // A level in a separate-files project without a file or layers.
    EXPECT_EQ(importError(R"({"externalLevels": true, "levels": [
      {"identifier": "Z", "externalRelPath": null, "layerInstances": null}]})",
                          "p.ldtk", ""),
              "p.ldtk: level \"Z\": layerInstances: expected an array");
}

// --- the listing -------------------------------------------------------------------------

TEST(InteropLdtkLevels, TheListingGivesEachLevelsSizeEntitiesAndFile) {
    const std::string dir = test::tempDir();
    test::writeFile(dir + "/world.ldtk", test::ldtkWorldProject());
    std::vector<interop::LdtkLevelSummary> list = interop::listLdtkLevels(dir + "/world.ldtk", {});
    ASSERT_EQ(list.size(), 3u);
    EXPECT_EQ(list[0].name, "Start");
    EXPECT_EQ(list[0].width, 4);
    EXPECT_EQ(list[0].height, 2);
    EXPECT_EQ(list[0].cellSize, 8);
    EXPECT_EQ(list[0].entities, 1u);
    EXPECT_TRUE(list[0].chosen);
    EXPECT_EQ(list[1].name, "Cave");
    EXPECT_EQ(list[1].entities, 2u);
    EXPECT_FALSE(list[1].chosen);
    EXPECT_EQ(list[2].name, "Tower");
    EXPECT_EQ(list[2].width, 2);
    EXPECT_EQ(list[2].height, 4);
    EXPECT_EQ(list[2].entities, 0u);
    for (const auto& l : list) EXPECT_EQ(l.file, "") << l.name;
    for (const auto& l : list) EXPECT_EQ(l.problem, "") << l.name;

    // Separate files, one of them missing: that level says why, the others are listed.
    const std::string path = test::writeLdtkExternalProject(dir);
    std::filesystem::remove(dir + "/ext/Tower.ldtkl");
    interop::ImportOptions o;
    o.level = "cave";
    list = interop::listLdtkLevels(path, o);
    ASSERT_EQ(list.size(), 3u);
    EXPECT_EQ(list[1].file, "ext/Cave.ldtkl");
    EXPECT_EQ(list[1].width, 3);
    EXPECT_EQ(list[1].entities, 2u);
    EXPECT_TRUE(list[1].chosen);
    EXPECT_FALSE(list[0].chosen);
    EXPECT_EQ(list[2].problem, dir + "/ext/Tower.ldtkl: cannot open: No such file or directory");
    EXPECT_EQ(list[2].width, 0);

    o.level = "Attic";
    EXPECT_THROW(interop::listLdtkLevels(path, o), MapError);
}

}  // namespace
}  // namespace ts
