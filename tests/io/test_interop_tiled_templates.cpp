// Tiled object templates (.tx / .tj): an instance takes its template's object with its own
// attributes on top. Checked by hand on a small map, and against Tiled itself: our import
// of the map with templates equals, object by object, our import of the map Tiled writes
// with `--detach-templates` (Tiled merging the templates in, not us). A missing template file
// is a warning and the map opens (as in Tiled); broken template files are refused naming the
// map and the template.
#include <gtest/gtest.h>

#include "io/foreign_maps.h"
#include "io/interop_files.h"
#include "io/layer_data.h"
#include "io/tiled/tiled_layers.h"
#include "io/tiled/tiled_model.h"
#include "io/map_io.h"
#include "test_support.h"
#include "tiled_objects_compare.h"
#include "tiled_peer.h"
#include "movers/mover.h"

namespace ts {
namespace {

#define REQUIRE_TILED() \
    if (!test::tiledAvailable()) GTEST_SKIP() << "tiled is not installed (apt-get install tiled)"

const char kSetTsx[] = R"(<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" name="set" tilewidth="16" tileheight="16" tilecount="4" columns="2">
 <image source="set.png" width="32" height="32"/>
 <tile id="3" type="solid"/>
</tileset>
)";
const char kSpritesTsx[] = R"(<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" name="sprites" tilewidth="16" tileheight="16" tilecount="4" columns="2">
 <image source="sprites.png" width="32" height="32"/>
</tileset>
)";

// A tile object (tile 2 of sprites.tsx, named relative to the template's folder tpl/), a
// rectangle and an ellipse.
const char kHeroTx[] = R"(<?xml version="1.0" encoding="UTF-8"?>
<template>
 <tileset firstgid="1" source="../art/sprites.tsx"/>
 <object name="hero" type="pixel_sweep" gid="3" width="12" height="16">
  <properties>
   <property name="gravity" type="float" value="0.5"/>
   <property name="jump_speed" type="float" value="4"/>
  </properties>
 </object>
</template>
)";
const char kBoxTx[] = R"(<?xml version="1.0" encoding="UTF-8"?>
<template>
 <object name="box" type="brush" width="20" height="10"/>
</template>
)";
const char kBallTx[] = R"(<?xml version="1.0" encoding="UTF-8"?>
<template>
 <object name="ball" type="grid_walls" width="10" height="10"><ellipse/></object>
</template>
)";
// The same three as Tiled's JSON templates.
const char kHeroTj[] =
    R"({"type": "template", "tileset": {"firstgid": 1, "source": "../art/sprites.tsx"},
 "object": {"name": "hero", "type": "pixel_sweep", "gid": 3, "width": 12, "height": 16,
  "properties": [{"name": "gravity", "type": "float", "value": 0.5},
                 {"name": "jump_speed", "type": "float", "value": 4}]}})";
const char kBoxTj[] =
    R"({"type": "template", "object": {"name": "box", "type": "brush", "width": 20, "height": 10}})";
const char kBallTj[] = R"({"type": "template",
 "object": {"name": "ball", "type": "grid_walls", "width": 10, "height": 10, "ellipse": true}})";

const char kGround[] =
    "0,0,0,0,0,0,0,0,\n0,0,0,0,0,0,0,0,\n0,0,0,0,0,0,0,0,\n"
    "0,0,0,0,0,0,0,0,\n0,0,0,0,0,0,0,0,\n4,4,4,4,4,4,4,4";

// Instances that override each field in turn (TMX form). Object 2 sets only a width, which
// Tiled ignores (a size overrides only with both sides); object 4's empty type keeps the
// template's; object 7's own tile is a GID of the map (set.tsx's tile 2, flipped).
std::string tmxMap(const std::string& ext) {
    return std::string(R"(<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" orientation="orthogonal" renderorder="right-down" width="8" height="6" tilewidth="16" tileheight="16" infinite="0" nextlayerid="3" nextobjectid="10">
 <tileset firstgid="1" source="art/set.tsx"/>
 <tileset firstgid="5" source="art/sprites.tsx"/>
 <layer id="1" name="collision" width="8" height="6"><data encoding="csv">)") +
           kGround + R"(</data></layer>
 <objectgroup id="2" name="things">
  <object id="1" template="tpl/hero.)" +
           ext + R"(" x="32" y="48"/>
  <object id="2" template="tpl/hero.)" +
           ext + R"(" name="hero2" x="64" y="48" width="14">
   <properties><property name="gravity" type="float" value="0.25"/></properties>
  </object>
  <object id="3" template="tpl/box.)" +
           ext + R"(" x="8" y="16"/>
  <object id="4" template="tpl/box.)" +
           ext + R"(" x="40" y="16" width="8" height="4" type=""/>
  <object id="5" template="tpl/ball.)" +
           ext + R"(" x="80" y="20"/>
  <object id="6" template="tpl/ball.)" +
           ext +
           R"(" name="wide" x="96" y="20" width="16" height="12" rotation="0"><point/></object>
  <object id="7" template="tpl/hero.)" +
           ext + R"(" x="100" y="60" gid="2147483651"/>
  <object id="8" template="tpl/box.)" +
           ext + R"(" x="0" y="0" type="door"/>
 </objectgroup>
</map>
)";
}

// The same instances in a TMJ map.
std::string tmjMap(const std::string& ext) {
    auto tpl = [&](const char* name) {
        return "\"template\": \"tpl/" + std::string(name) + "." + ext + "\"";
    };
    std::string ground = kGround;
    return R"({"type": "map", "version": "1.8", "orientation": "orthogonal", "renderorder": "right-down",
 "width": 8, "height": 6, "tilewidth": 16, "tileheight": 16, "infinite": false,
 "nextlayerid": 3, "nextobjectid": 10,
 "tilesets": [{"firstgid": 1, "source": "art/set.tsx"}, {"firstgid": 5, "source": "art/sprites.tsx"}],
 "layers": [
  {"id": 1, "name": "collision", "type": "tilelayer", "x": 0, "y": 0, "width": 8, "height": 6,
   "opacity": 1, "visible": true, "data": [)" +
           ground + R"(]},
  {"id": 2, "name": "things", "type": "objectgroup", "x": 0, "y": 0, "opacity": 1, "visible": true,
   "draworder": "topdown", "objects": [
   {"id": 1, )" +
           tpl("hero") +
           R"(, "x": 32, "y": 48},
   {"id": 2, )" +
           tpl("hero") +
           R"(, "name": "hero2", "x": 64, "y": 48, "width": 14,
    "properties": [{"name": "gravity", "type": "float", "value": 0.25}]},
   {"id": 3, )" +
           tpl("box") +
           R"(, "x": 8, "y": 16},
   {"id": 4, )" +
           tpl("box") +
           R"(, "x": 40, "y": 16, "width": 8, "height": 4, "type": ""},
   {"id": 5, )" +
           tpl("ball") +
           R"(, "x": 80, "y": 20},
   {"id": 6, )" +
           tpl("ball") +
           R"(, "name": "wide", "x": 96, "y": 20, "width": 16, "height": 12, "rotation": 0, "point": true},
   {"id": 7, )" +
           tpl("hero") +
           R"(, "x": 100, "y": 60, "gid": 2147483651},
   {"id": 8, )" +
           tpl("box") +
           R"(, "x": 0, "y": 0, "type": "door"}
  ]}]}
)";
}

// A folder with the tilesets (art/) and the templates (tpl/) in both forms.
std::string templateFolder() {
    const std::string dir = test::tempDir();
    test::runShell("mkdir -p " + dir + "/art " + dir + "/tpl");
    test::writeFile(dir + "/art/set.tsx", kSetTsx);
    test::writeFile(dir + "/art/sprites.tsx", kSpritesTsx);
    test::writeFile(dir + "/tpl/hero.tx", kHeroTx);
    test::writeFile(dir + "/tpl/box.tx", kBoxTx);
    test::writeFile(dir + "/tpl/ball.tx", kBallTx);
    test::writeFile(dir + "/tpl/hero.tj", kHeroTj);
    test::writeFile(dir + "/tpl/box.tj", kBoxTj);
    test::writeFile(dir + "/tpl/ball.tj", kBallTj);
    return dir;
}

interop::TiledMap readTiled(const std::string& path) {
    return interop::endsWithNoCase(path, ".tmj") ? interop::readTmj(path) : interop::readTmx(path);
}

// What the instances above must become, worked out by hand from the rules in
// tiled_template.h: position always the instance's, the rest from the template unless set.
void expectMergedObjects(const std::string& path) {
    SCOPED_TRACE(path);
    interop::TiledMap tm = readTiled(path);
    ASSERT_EQ(tm.objectLayers.size(), 1u);
    const std::vector<interop::TiledObject>& o = tm.objectLayers[0].objects;
    ASSERT_EQ(o.size(), 8u);
    // 1: everything from the template; sprites.tsx tile 2 is GID 5 + 2 in the map.
    EXPECT_EQ(o[0].name, "hero");
    EXPECT_EQ(o[0].type, "pixel_sweep");
    EXPECT_EQ(o[0].gid, 7u);
    EXPECT_EQ(o[0].x, 32);
    EXPECT_EQ(o[0].y, 48);
    EXPECT_EQ(o[0].width, 12);
    EXPECT_EQ(o[0].height, 16);
    ASSERT_EQ(o[0].properties.size(), 2u);
    EXPECT_EQ(interop::findProperty(o[0].properties, "gravity")->value, "0.5");
    // 2: its name and gravity; a width alone does not resize.
    EXPECT_EQ(o[1].name, "hero2");
    EXPECT_EQ(o[1].width, 12);
    EXPECT_EQ(interop::findProperty(o[1].properties, "gravity")->value, "0.25");
    EXPECT_EQ(interop::findProperty(o[1].properties, "jump_speed")->value, "4");
    // 3, 4: the template's rectangle; 4 with its own size, its empty type not overriding.
    EXPECT_EQ(o[2].type, "brush");
    EXPECT_EQ(o[2].width, 20);
    EXPECT_EQ(o[3].type, "brush");
    EXPECT_EQ(o[3].width, 8);
    EXPECT_EQ(o[3].height, 4);
    // 5: the template's ellipse; 6: its own point shape, name and size.
    EXPECT_EQ(o[4].shape, interop::ObjectShape::Ellipse);
    EXPECT_EQ(o[5].shape, interop::ObjectShape::Point);
    EXPECT_EQ(o[5].name, "wide");
    EXPECT_EQ(o[5].width, 16);
    // 7: its own tile, flip bit kept.
    EXPECT_EQ(o[6].gid, 3u | interop::kFlipH);
    // 8: its own type.
    EXPECT_EQ(o[7].type, "door");
    EXPECT_EQ(o[7].width, 20);
}

TEST(InteropTiledTemplates, InstancesTakeTheTemplateAndTheirOwnAttributes) {
    const std::string dir = templateFolder();
    test::writeFile(dir + "/m.tmx", tmxMap("tx"));
    test::writeFile(dir + "/mj.tmx", tmxMap("tj"));  // a TMX map may use JSON templates
    test::writeFile(dir + "/m.tmj", tmjMap("tj"));
    test::writeFile(dir + "/mx.tmj", tmjMap("tx"));
    for (const char* name : {"m.tmx", "mj.tmx", "m.tmj", "mx.tmj"}) {
        expectMergedObjects(dir + "/" + name);
        // And what the import makes of them.
        interop::ImportResult r = interop::importMapFile(dir + "/" + name, {}, dir);
        const Map& m = r.map;
        ASSERT_EQ(m.actors.size(), 5u) << name;
        // A tile object is anchored at its bottom-left corner: 48 - 16.
        EXPECT_EQ(m.actors[0].name, "hero");
        EXPECT_EQ(m.actors[0].x, 32);
        EXPECT_EQ(m.actors[0].y, 32);
        EXPECT_EQ(m.actors[0].params[size_t(findParam(MoverKind::PixelSweep, "gravity"))],
                  Fix::fromDouble(0.5));
        EXPECT_EQ(m.actors[1].params[size_t(findParam(MoverKind::PixelSweep, "gravity"))],
                  Fix::fromDouble(0.25));
        EXPECT_EQ(m.actors[1].params[size_t(findParam(MoverKind::PixelSweep, "jump_speed"))],
                  Fix::fromDouble(4));
        // The ball (round mover) at its ellipse's centre: (80 + 5, 20 + 5).
        EXPECT_EQ(m.actors[2].mover, MoverKind::GridWalls);
        EXPECT_EQ(m.actors[2].x, 85);
        EXPECT_EQ(m.actors[2].y, 25);
        ASSERT_EQ(m.brushes.size(), 2u) << name;
        EXPECT_EQ(m.brushes[0].rect, (RectI{8, 16, 20, 10}));
        EXPECT_EQ(m.brushes[1].rect, (RectI{40, 16, 8, 4}));
        // Object 8, of type "door": skipped as any door is, not for being from a template.
        int door = 0;
        for (const std::string& w : r.warnings)
            door += w.find("object 8 \"box\" (rectangle): skipped: class \"door\"") !=
                    std::string::npos;
        EXPECT_EQ(door, 1) << name;
    }
}

TEST(InteropTiledTemplates, TheImportEqualsTheImportOfTiledsDetachedExport) {
    REQUIRE_TILED();
    const std::string dir = templateFolder();
    struct Case {
        std::string name, text, format;
    };
    for (const Case& c : {Case{"m.tmx", tmxMap("tx"), "tmx"}, Case{"mj.tmx", tmxMap("tj"), "tmx"},
                          Case{"m.tmj", tmjMap("tj"), "json"}}) {
        SCOPED_TRACE(c.name);
        const std::string path = dir + "/" + c.name;
        const std::string detached = dir + "/detached-" + c.name;
        test::writeFile(path, c.text);
        std::string messages;
        ASSERT_EQ(test::tiledExport("--detach-templates " + c.format, path, detached, &messages), 0)
            << messages;
        ASSERT_EQ(test::readFile(detached).find("template"), std::string::npos)
            << "Tiled kept the templates";
        test::expectSameTiledObjects(readTiled(path), readTiled(detached), c.name);
        interop::ImportResult ours = interop::importMapFile(path, {}, dir);
        interop::ImportResult theirs = interop::importMapFile(detached, {}, dir);
        EXPECT_TRUE(ours.map == theirs.map);
        EXPECT_EQ(ours.map.actors.size(), 5u);
    }
}

TEST(InteropTiledTemplates, ATilesetOnlyTheTemplateNamesKeepsTheObjectATileObject) {
    const std::string dir = templateFolder();
    std::string text = tmxMap("tx");
    text.erase(text.find(" <tileset firstgid=\"5\""),
               text.find("<layer") - text.find(" <tileset firstgid=\"5\""));
    test::writeFile(dir + "/m.tmx", text);
    interop::TiledMap tm = interop::readTmx(dir + "/m.tmx");
    ASSERT_EQ(tm.tilesets.size(), 1u);
    ASSERT_EQ(tm.templateTilesets.size(), 1u);
    EXPECT_EQ(tm.templateTilesets[0].name, "sprites");
    // After set.tsx's GIDs 1..4: sprites' tile 2 is GID 5 + 2.
    EXPECT_EQ(tm.templateTilesets[0].firstGid, 5u);
    EXPECT_EQ(tm.objectLayers[0].objects[0].gid, 7u);
    // Still anchored at its bottom-left corner.
    EXPECT_EQ(interop::importMapFile(dir + "/m.tmx", {}, dir).map.actors[0].y, 32);
}

void expectRefused(const std::string& path, const std::vector<std::string>& parts) {
    try {
        interop::importMapFile(path, {}, interop::folderOf(path));
        ADD_FAILURE() << path << " imported";
    } catch (const MapError& e) {
        const std::string what = e.what();
        EXPECT_EQ(what.find(path + ": object 1: template "), 0u) << what;
        for (const std::string& p : parts) EXPECT_NE(what.find(p), std::string::npos) << what;
    }
}

// Tiled opens a map whose template file is gone, keeping each instance with its own
// attributes; the import does the same with one warning per missing file, and the rest of
// the map (its tiles, the objects of other templates, its art) is read as before.
TEST(InteropTiledTemplates, AMissingTemplateIsAWarningAndTheRestOfTheMapOpens) {
    const std::string dir = templateFolder();
    for (const char* ext : {"tmx", "tmj"}) {
        SCOPED_TRACE(ext);
        std::string text = std::string(ext) == "tmx" ? tmxMap("tx") : tmjMap("tx");
        test::writeFile(dir + "/whole." + ext, text);
        for (size_t at = text.find("tpl/box.tx"); at != std::string::npos;
             at = text.find("tpl/box.tx", at))
            text.replace(at, 10, "tpl/gone.tx");
        const std::string path = dir + "/m." + ext;
        test::writeFile(path, text);
        interop::ImportResult r = interop::importMapFile(path, {}, dir);
        interop::ImportResult all = interop::importMapFile(dir + "/whole." + ext, {}, dir);
        int said = 0;
        for (const std::string& w : r.warnings)
            said += w.find("object 3: template " + dir + "/tpl/gone.tx: no such file") !=
                    std::string::npos;
        EXPECT_EQ(said, 1);
        EXPECT_EQ(r.map.tiles, all.map.tiles);
        EXPECT_EQ(r.map.actors, all.map.actors);                  // the hero template's instances
        EXPECT_LT(r.map.brushes.size(), all.map.brushes.size());  // the box template's
        EXPECT_NO_THROW(interop::readTiledArt(path));
    }
}

TEST(InteropTiledTemplates, ABrokenTemplateIsRefusedNamingBothFiles) {
    const std::string dir = templateFolder();
    auto mapUsing = [&](const std::string& name, const std::string& ref) {
        std::string text = tmxMap("tx");
        text.replace(text.find("tpl/hero.tx"), 11, ref);
        test::writeFile(dir + "/" + name, text);
        std::string json = tmjMap("tx");
        json.replace(json.find("tpl/hero.tx"), 11, ref);
        test::writeFile(dir + "/" + name + ".tmj", json);
    };
    test::writeFile(dir + "/tpl/broken.tx", "<template><object name=\"x\"</template>");
    test::writeFile(dir + "/tpl/broken.tj", "{\"object\": ");
    test::writeFile(dir + "/tpl/empty.tx", "<template/>");
    test::writeFile(dir + "/tpl/lost.tx", R"(<template><tileset firstgid="1" source="gone.tsx"/>
<object name="x" gid="1" width="16" height="16"/></template>)");
    test::writeFile(dir + "/tpl/untiled.tx", R"(<template><object gid="1"/></template>)");
    test::writeFile(dir + "/tpl/outside.tx",
                    R"(<template><tileset firstgid="1" source="../art/sprites.tsx"/>
<object name="x" gid="9" width="16" height="16"/></template>)");
    struct Case {
        const char* name;
        const char* ref;
        std::vector<std::string> parts;
    };
    const std::vector<Case> cases = {
        {"broken.tmx", "tpl/broken.tx", {dir + "/tpl/broken.tx: invalid XML at line 1"}},
        {"brokenj.tmx", "tpl/broken.tj", {dir + "/tpl/broken.tj: invalid JSON at line 1"}},
        {"empty.tmx", "tpl/empty.tx", {dir + "/tpl/empty.tx: no <object> in the template"}},
        {"lost.tmx", "tpl/lost.tx", {dir + "/tpl/lost.tx: ", dir + "/tpl/gone.tsx: cannot open"}},
        {"outside.tmx",
         "tpl/outside.tx",
         {dir + "/tpl/outside.tx: object: GID 9 is in no tileset"}},
        {"untiled.tmx",
         "tpl/untiled.tx",
         {dir + "/tpl/untiled.tx: the object is a tile object but the template names no tileset"}},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.name);
        mapUsing(c.name, c.ref);
        expectRefused(dir + "/" + c.name, c.parts);
        expectRefused(dir + "/" + c.name + ".tmj", c.parts);
    }
    // The map lists the template's tileset so late that its tile 2 has no GID (past 2^28 - 1).
    std::string late = tmxMap("tx");
    late.replace(late.find("firstgid=\"5\""), 12, "firstgid=\"268435454\"");
    test::writeFile(dir + "/late.tmx", late);
    expectRefused(dir + "/late.tmx", {dir + "/tpl/hero.tx: object: its tile is past the largest "
                                            "GID in the map (268435454 + 2)"});
}

}  // namespace
}  // namespace ts
