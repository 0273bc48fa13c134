// An LDtk project saved back in place (core/io/ldtk/ldtk_inplace.h) and copied whole
// (`tilestep convert a.ldtk b.ldtk`): with no edit the JSON is the project's; an edit changes
// only the collision cells and the actors' entities (detail/ldtk_entities_out.h). Each
// expectation is the project's own JSON with the fields named here set by hand.
#include <gtest/gtest.h>

// cereal/archives/json.hpp first: rapidjson's assertions throw (core/io/map_json.cpp).
#include <cereal/archives/json.hpp>

#include <filesystem>

#include "io/foreign_maps.h"
#include "io/foreign_source.h"
#include "io/interop_files.h"
#include "io/ldtk/ldtk_inplace.h"
#include "io/tiled/tiled_inplace.h"
#include "io/map_io.h"
#include "ldtk_samples.h"
#include "movers/mover.h"
#include "test_support.h"

namespace ts {
namespace {

using rapidjson::Value;

// The sample project with entity definitions: Pixel_Sweep (uid 30) has a "name" field and a
// Float field named like pixel_sweep's first parameter.
std::string projectWithDefs() {
    std::string p = test::ldtkWorldProject();
    const std::string param = moverInfo(MoverKind::PixelSweep).params[0].name;
    const std::string defs =
        R"("entities": [{"identifier": "Pixel_Sweep", "uid": 30, "pivotX": 0, "pivotY": 0,
         "color": "#BE4A2F", "tags": ["actor"], "width": 6, "height": 8, "fieldDefs": [
           {"identifier": "name", "__type": "String", "uid": 40},
           {"identifier": ")" +
        param + R"(", "__type": "Float", "uid": 41}]}], "tilesets")";
    p.replace(p.find(R"("entities": [], "tilesets")"), 26, defs);
    return p;
}

rapidjson::Document parsed(const std::string& text) {
    rapidjson::Document d;
    d.Parse<rapidjson::kParseFullPrecisionFlag>(text.c_str());
    EXPECT_FALSE(d.HasParseError());
    return d;
}

Value& cave(rapidjson::Document& d) {
    return d["levels"][1];
}

Value& caveEntities(rapidjson::Document& d) {
    return cave(d)["layerInstances"][0]["entityInstances"];
}

void setPair(Value& v, int64_t x, int64_t y, rapidjson::Document& d) {
    v.SetArray();
    v.PushBack(Value(x), d.GetAllocator());
    v.PushBack(Value(y), d.GetAllocator());
}

interop::ImportResult importCave(const std::string& path) {
    interop::ImportOptions o;
    o.level = "Cave";
    o.keepSource = true;
    return interop::importMapFile(path, o, interop::folderOf(path));
}

std::string saveError(const interop::ForeignSource& src, const Map& m, const std::string& out) {
    try {
        interop::saveLdtkInPlace(src, m, out);
    } catch (const MapError& e) {
        return e.what();
    }
    return "";
}

TEST(InteropLdtkEntitiesOut, ConvertWithNoEditCopiesTheProject) {
    const std::string dir = test::tempDir();
    std::filesystem::create_directories(dir + "/sub");
    std::string project = projectWithDefs();
    project.replace(project.find(R"("tilesets": [])"), 14,
                    R"("tilesets": [{"identifier": "Art", "uid": 2, "relPath": "art/t.png"}])");
    test::writeFile(dir + "/p.ldtk", project);
    test::CommandResult r = test::runTilestep("convert " + dir + "/p.ldtk " + dir + "/q.ldtk");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(test::readFile(dir + "/q.ldtk"), project);
    // In another folder: the same JSON but for the tileset's path, relative to the copy.
    r = test::runTilestep("convert " + dir + "/p.ldtk " + dir + "/sub/q.ldtk");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    rapidjson::Document want = parsed(project);
    want["defs"]["tilesets"][0]["relPath"].SetString("../art/t.png");
    EXPECT_TRUE(parsed(test::readFile(dir + "/sub/q.ldtk")) == want);
    EXPECT_EQ(test::readFile(dir + "/p.ldtk"), project);
}

TEST(InteropLdtkEntitiesOut, AMovedActorChangesOnlyItsEntitysPlace) {
    const std::string dir = test::tempDir();
    const std::string project = projectWithDefs();
    test::writeFile(dir + "/p.ldtk", project);
    interop::ImportResult r = importCave(dir + "/p.ldtk");
    Map edited = r.map;
    ASSERT_EQ(edited.actors.size(), 1u);
    ASSERT_EQ(edited.actors[0].name, "digger");
    edited.actors[0].x = 10;
    edited.setTile(1, 0, 0);
    interop::saveLdtkInPlace(*r.source, edited, dir + "/p.ldtk");
    rapidjson::Document want = parsed(project);
    Value& digger = caveEntities(want)[0];
    setPair(digger["px"], 10, 8, want);
    setPair(digger["__grid"], 1, 1, want);  // 10 / 8 cells
    digger["__worldX"].SetInt64(110);       // the level's worldX is 100
    cave(want)["layerInstances"][1]["intGridCsv"][1].SetInt64(0);
    EXPECT_TRUE(parsed(test::readFile(dir + "/p.ldtk")) == want);
    EXPECT_TRUE(importCave(dir + "/p.ldtk").map == edited);
}

TEST(InteropLdtkEntitiesOut, ANewActorBecomesANewEntityOfItsMoversDefinition) {
    const std::string dir = test::tempDir();
    const std::string project = projectWithDefs();
    test::writeFile(dir + "/p.ldtk", project);
    interop::ImportResult r = importCave(dir + "/p.ldtk");
    Map edited = r.map;
    Actor hero = test::makeActor("hero", MoverKind::PixelSweep, 16, 0, 6, 8);
    const ParamSpec& spec = moverInfo(MoverKind::PixelSweep).params[0];
    hero.params[0] = spec.maxFix() == spec.defFix() ? spec.minFix() : spec.maxFix();
    edited.actors.push_back(hero);
    interop::saveLdtkInPlace(*r.source, edited, dir + "/p.ldtk");
    rapidjson::Document got = parsed(test::readFile(dir + "/p.ldtk"));
    // The digger and the chest (no actor) kept, the hero's appended.
    Value& entities = caveEntities(got);
    ASSERT_EQ(entities.Size(), 3u);
    Value& e = entities[2];
    EXPECT_STREQ(e["__identifier"].GetString(), "Pixel_Sweep");
    EXPECT_EQ(e["defUid"].GetInt(), 30);
    EXPECT_EQ(e["px"][0].GetInt(), 16);
    EXPECT_EQ(e["px"][1].GetInt(), 0);
    EXPECT_EQ(e["__grid"][0].GetInt(), 2);
    EXPECT_EQ(e["__worldX"].GetInt(), 116);
    EXPECT_EQ(e["width"].GetInt(), 6);
    EXPECT_EQ(e["height"].GetInt(), 8);
    EXPECT_STREQ(e["__tags"][0].GetString(), "actor");
    EXPECT_EQ(std::string(e["iid"].GetString()).size(), 36u);
    ASSERT_EQ(e["fieldInstances"].Size(), 2u);
    EXPECT_STREQ(e["fieldInstances"][0]["__value"].GetString(), "hero");
    EXPECT_STREQ(e["fieldInstances"][0]["realEditorValues"][0]["id"].GetString(), "V_String");
    EXPECT_EQ(e["fieldInstances"][1]["__value"].GetDouble(), hero.params[0].toDouble());
    EXPECT_EQ(e["fieldInstances"][1]["defUid"].GetInt(), 41);
    // Everything else is the project's.
    rapidjson::Document want = parsed(project);
    Value copy(e, want.GetAllocator());
    caveEntities(want).PushBack(copy, want.GetAllocator());
    EXPECT_TRUE(got == want);
    EXPECT_TRUE(importCave(dir + "/p.ldtk").map == edited);
}

TEST(InteropLdtkEntitiesOut, ADeletedActorsEntityIsRemovedARenamedOneKept) {
    const std::string dir = test::tempDir();
    const std::string project = projectWithDefs();
    test::writeFile(dir + "/p.ldtk", project);
    interop::ImportResult r = importCave(dir + "/p.ldtk");
    Map edited = r.map;
    edited.actors[0].name = "miner";
    interop::saveLdtkInPlace(*r.source, edited, dir + "/p.ldtk");
    rapidjson::Document want = parsed(project);
    Value& name = caveEntities(want)[0]["fieldInstances"][0];
    name["__value"].SetString("miner");
    rapidjson::Document real = parsed(R"([{"id": "V_String", "params": ["miner"]}])");
    name["realEditorValues"].CopyFrom(real, want.GetAllocator());
    EXPECT_TRUE(parsed(test::readFile(dir + "/p.ldtk")) == want);
    EXPECT_TRUE(importCave(dir + "/p.ldtk").map == edited);

    r = importCave(dir + "/p.ldtk");
    edited = r.map;
    edited.actors.clear();
    interop::saveLdtkInPlace(*r.source, edited, dir + "/p.ldtk");
    caveEntities(want).Erase(caveEntities(want).Begin());  // the chest stays
    EXPECT_TRUE(parsed(test::readFile(dir + "/p.ldtk")) == want);
}

TEST(InteropLdtkEntitiesOut, AChangeWithNoFieldForItIsRefusedNamingIt) {
    const std::string dir = test::tempDir();
    test::writeFile(dir + "/p.ldtk", test::ldtkWorldProject());
    interop::ImportResult r = importCave(dir + "/p.ldtk");
    Map edited = r.map;
    const ParamSpec& spec = moverInfo(MoverKind::PixelSweep).params[0];
    edited.actors[0].params[0] = spec.maxFix() == spec.defFix() ? spec.minFix() : spec.maxFix();
    edited.actors.push_back(test::makeActor("hero", MoverKind::PixelSweep, 16, 0, 6, 8));
    const std::string e = saveError(*r.source, edited, dir + "/p.ldtk");
    EXPECT_NE(
        e.find("actor \"digger\": its entity has no field \"" + std::string(spec.name) + "\""),
        std::string::npos)
        << e;
    EXPECT_NE(e.find("actor \"hero\": the project has no entity \"pixel_sweep\" to place it with"),
              std::string::npos)
        << e;
    EXPECT_EQ(test::readFile(dir + "/p.ldtk"), test::ldtkWorldProject());
}

TEST(InteropLdtkEntitiesOut, TheEditorsSaveOfAnOpenedProjectWritesItInPlace) {
    const std::string dir = test::tempDir();
    const std::string project = test::writeLdtkExternalProject(dir);
    const std::string before = test::readFile(project);
    interop::ImportResult r = importCave(project);
    interop::rememberForeignSource(r.source);
    Map edited = r.map;
    edited.actors[0].y = 0;
    saveMap(edited, project);
    EXPECT_EQ(test::readFile(project), before);  // the level is in its own file
    rapidjson::Document want = parsed(test::ldtkLevelFile("Cave"));
    Value& digger = want["layerInstances"][0]["entityInstances"][0];
    setPair(digger["px"], 0, 0, want);
    setPair(digger["__grid"], 0, 0, want);
    digger["__worldY"].SetInt64(0);
    EXPECT_TRUE(parsed(test::readFile(dir + "/ext/Cave.ldtkl")) == want);
    // Saved again with the actor back where it was: the level file as it was read (each
    // save starts from the file as read, not as the last save left it).
    edited.actors[0].y = r.map.actors[0].y;
    saveMap(edited, project);
    EXPECT_EQ(test::readFile(dir + "/ext/Cave.ldtkl"), test::ldtkLevelFile("Cave"));
    // A map that came from no project is not made into one.
    EXPECT_THROW(saveMap(edited, dir + "/other.ldtk"), MapError);
}

}  // namespace
}  // namespace ts
