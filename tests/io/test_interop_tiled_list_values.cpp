// A .tmx saved as .tmj and back (core/io/tiled/detail/tiled_translate.h) keeps Tiled 1.12's
// `list` property values (TMX: one <item> per value, typed as a property is; TMJ: an array
// of {type, propertytype, value}, as docs/reference/{tmx,json}-map-format.rst in Tiled's
// repository give them) and a tile's collision object group with its id. Before, a list
// became "value": "" and its items were lost.
#include <gtest/gtest.h>

#include "io/foreign_maps.h"
#include "io/foreign_source.h"
#include "io/interop_files.h"
#include "io/tiled/tiled_inplace.h"
#include "test_support.h"
#include "tiled_peer.h"

namespace ts {
namespace {

const char kListMap[] = R"(<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.12.0" orientation="orthogonal" renderorder="right-down" width="2" height="1" tilewidth="8" tileheight="8" infinite="0" nextlayerid="3" nextobjectid="3">
 <properties>
  <property name="route" type="list">
   <item type="int" value="10"/>
   <item value="text"/>
   <item type="list">
    <item type="bool" value="true"/>
   </item>
   <item type="class" propertytype="Point">
    <properties>
     <property name="x" value="4"/>
    </properties>
   </item>
  </property>
 </properties>
 <tileset firstgid="1" name="t" tilewidth="8" tileheight="8" tilecount="1" columns="0">
  <grid orientation="orthogonal" width="1" height="1"/>
  <tile id="0">
   <objectgroup draworder="index" id="7">
    <object id="1" x="0" y="0" width="8" height="8"/>
   </objectgroup>
  </tile>
 </tileset>
 <layer id="1" name="collision" width="2" height="1">
  <data encoding="csv">1,0</data>
 </layer>
</map>
)";

interop::ImportResult importKept(const std::string& path) {
    interop::ImportOptions o;
    o.keepSource = true;
    interop::ImportResult r = interop::importMapFile(path, o, interop::folderOf(path));
    EXPECT_TRUE(r.source);
    return r;
}

std::string squeezed(const std::string& s) {
    std::string out;
    for (char c : s)
        if (c != ' ' && c != '\n') out += c;
    return out;
}

TEST(InteropTiledListValues, ListPropertiesAndATilesCollisionGroupIdSurviveTmjAndBack) {
    const std::string dir = test::tempDir();
    test::writeFile(dir + "/m.tmx", kListMap);
    interop::ImportResult r = importKept(dir + "/m.tmx");
    interop::saveTiledInPlace(*r.source, r.map, dir + "/m.tmj", dir);
    const std::string tmj = squeezed(test::readFile(dir + "/m.tmj"));
    // Worked out from Tiled's JSON format reference by hand.
    EXPECT_NE(tmj.find(R"("name":"route","type":"list","value":[{"type":"int","value":10},)"
                       R"({"type":"string","value":"text"},)"
                       R"({"type":"list","value":[{"type":"bool","value":true}]},)"
                       R"({"type":"class","propertytype":"Point","value":{"x":"4"}}])"),
              std::string::npos)
        << tmj;
    EXPECT_NE(tmj.find(R"("objectgroup":{"draworder":"index","id":7,)"), std::string::npos) << tmj;

    interop::ImportResult back = importKept(dir + "/m.tmj");
    interop::saveTiledInPlace(*back.source, back.map, dir + "/n.tmx", dir);
    const std::string tmx = squeezed(test::readFile(dir + "/n.tmx"));
    EXPECT_NE(tmx.find(R"(<propertyname="route"type="list"><itemtype="int"value="10"/>)"
                       R"(<itemvalue="text"/><itemtype="list"><itemtype="bool"value="true"/>)"
                       R"(</item><itemtype="class"propertytype="Point"><properties>)"
                       R"(<propertyname="x"value="4"/></properties></item></property>)"),
              std::string::npos)
        << tmx;
    EXPECT_NE(tmx.find(R"(<objectgroupid="7")"), std::string::npos) << tmx;
    EXPECT_TRUE(interop::importMapFile(dir + "/n.tmx", {}, dir).map == r.map);
}

// Tiled itself reads the .tmj: the tile's collision object is there. (Tiled's JSON reader,
// 1.8 to its current sources, does not read a tile object group's "id", and Tiled 1.8 has no
// list properties, so those two are checked against Tiled's format references above.)
TEST(InteropTiledListValues, TiledReadsTheTmj) {
    if (!test::tiledAvailable()) GTEST_SKIP() << "tiled is not installed (apt-get install tiled)";
    const std::string dir = test::tempDir();
    test::writeFile(dir + "/m.tmx", kListMap);
    interop::ImportResult r = importKept(dir + "/m.tmx");
    interop::saveTiledInPlace(*r.source, r.map, dir + "/m.tmj", dir);
    std::string messages;
    ASSERT_EQ(test::tiledExport("tmx", dir + "/m.tmj", dir + "/t.tmx", &messages), 0) << messages;
    const std::string t = squeezed(test::readFile(dir + "/t.tmx"));
    EXPECT_NE(t.find(R"(<objectid="1"x="0"y="0"width="8"height="8"/>)"), std::string::npos) << t;
    EXPECT_NE(t.find(R"(<propertyname="route")"), std::string::npos) << t;
}

}  // namespace
}  // namespace ts
