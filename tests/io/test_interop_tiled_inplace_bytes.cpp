// An in-place .tmx save keeps every byte it did not edit (core/io/tiled/detail/xml_edits.h):
// a DTD entity stays a reference (Tiled reads `&author;` as "me", not as the literal text), a
// CRLF file stays CRLF, a map without nextobjectid gains none, attribute order and spacing
// stay; a one-cell edit is a one-line diff. Before, pugixml re-wrote the whole file.
#include <gtest/gtest.h>

#include "io/foreign_maps.h"
#include "io/foreign_source.h"
#include "io/interop_files.h"
#include "io/tiled/tiled_inplace.h"
#include "test_support.h"

namespace ts {
namespace {

std::string crlf(const std::string& lf) {
    std::string out;
    for (char c : lf) out += c == '\n' ? std::string("\r\n") : std::string(1, c);
    return out;
}

// An old map (no nextobjectid, no tiledversion) with a DTD entity, odd attribute spacing and
// quotes; CELLS is the middle row of its collision layer.
std::string oldMap(const std::string& middleRow) {
    return crlf(R"(<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE map [<!ENTITY author "me">]>
<map version="1.0" orientation="orthogonal"  width='4' height="3" tilewidth="8" tileheight="8">
 <properties>
  <property name="author" value="&author;"/>
 </properties>
 <tileset firstgid="1" name="emb" tilewidth="8" tileheight="8" tilecount="2" columns="0">
  <grid orientation="orthogonal" width="1" height="1"/>
  <tile id="0" type="solid"/>
  <tile id="1"><properties><property name="collision" value="slope45_right"/></properties></tile>
 </tileset>
 <layer name="collision" width="4" height="3">
  <data encoding="csv">
1,0,0,1,
)" + middleRow + R"(
1,1,2,1
</data>
 </layer>
 <objectgroup name="things">
  <object id="7" type="brush" x="0" y="0" width="8" height="8"/>
 </objectgroup>
</map>
)");
}

interop::ImportResult importKept(const std::string& path) {
    interop::ImportOptions o;
    o.keepSource = true;
    interop::ImportResult r = interop::importMapFile(path, o, interop::folderOf(path));
    EXPECT_TRUE(r.source);
    return r;
}

TEST(InteropTiledInplaceBytes, AOneCellEditOfACrlfMapWithAnEntityChangesThatLineOnly) {
    const std::string dir = test::tempDir();
    test::writeFile(dir + "/m.tmx", oldMap("0,0,0,0,"));
    interop::ImportResult r = importKept(dir + "/m.tmx");
    Map edited = r.map;
    const uint16_t solid = edited.tile(0, 0);
    ASSERT_NE(solid, 0);
    ASSERT_EQ(edited.tile(1, 1), 0);
    edited.setTile(1, 1, solid);
    interop::saveTiledInPlace(*r.source, edited, dir + "/m.tmx", dir);
    EXPECT_EQ(test::readFile(dir + "/m.tmx"), oldMap("0,1,0,0,"));
}

TEST(InteropTiledInplaceBytes, NewPropertiesAndObjectsTakeTheFilesLineEndsAndNoNextObjectId) {
    const std::string dir = test::tempDir();
    test::writeFile(dir + "/m.tmx", oldMap("0,0,0,0,"));
    interop::ImportResult r = importKept(dir + "/m.tmx");
    Map edited = r.map;
    const uint16_t solid = edited.tile(0, 0);
    edited.tileset.kinds[solid].shape = Shape::OneWay;
    edited.tileset.kinds[solid].passMask = 5;
    ASSERT_EQ(edited.brushes.size(), 1u);
    edited.brushes.push_back(Brush{RectI{1, 2, 1, 1}});
    interop::saveTiledInPlace(*r.source, edited, dir + "/m.tmx", dir);
    const std::string text = test::readFile(dir + "/m.tmx");
    EXPECT_NE(text.find("<property name=\"author\" value=\"&author;\"/>\r\n"), std::string::npos)
        << text;
    EXPECT_EQ(text.find("nextobjectid"), std::string::npos) << text;
    EXPECT_NE(text.find("width='4' height=\"3\""), std::string::npos);
    for (size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '\n') {
            ASSERT_TRUE(i > 0 && text[i - 1] == '\r') << "a bare LF at " << i;
        }
    }
    // The new brush counts on from the largest id, as Tiled does without nextobjectid.
    EXPECT_NE(
        text.find(
            "\r\n  <object id=\"8\" type=\"brush\" x=\"0\" y=\"0\" width=\"8\" height=\"8\"/>\r\n"),
        std::string::npos)
        << text;
    const Map back = interop::importMapFile(dir + "/m.tmx", {}, dir).map;
    EXPECT_EQ(back.tileset.kinds[solid].shape, Shape::OneWay);
    EXPECT_EQ(back.tileset.kinds[solid].passMask, 5);
    EXPECT_EQ(back.brushes, edited.brushes);
}

// A map without object layers gets one at its end for a new brush, in the file's line ends,
// without a layer id when the map has no nextlayerid (its layers have none either).
TEST(InteropTiledInplaceBytes, ANewObjectLayerFitsAnOldMap) {
    const std::string dir = test::tempDir();
    std::string text = oldMap("0,0,0,0,");
    const size_t from = text.find(" <objectgroup"), to = text.find("</map>");
    ASSERT_NE(from, std::string::npos);
    text.erase(from, to - from);
    test::writeFile(dir + "/m.tmx", text);
    interop::ImportResult r = importKept(dir + "/m.tmx");
    Map edited = r.map;
    ASSERT_TRUE(edited.brushes.empty());
    edited.brushes.push_back(Brush{RectI{1, 2, 1, 1}});
    interop::saveTiledInPlace(*r.source, edited, dir + "/m.tmx", dir);
    std::string want = text;
    want.insert(want.find("</map>"),
                " <objectgroup name=\"objects\">\r\n  <object id=\"1\" type=\"brush\" x=\"1\" "
                "y=\"2\" width=\"1\" height=\"1\"/>\r\n </objectgroup>\r\n");
    EXPECT_EQ(test::readFile(dir + "/m.tmx"), want);
    EXPECT_EQ(interop::importMapFile(dir + "/m.tmx", {}, dir).map.brushes, edited.brushes);
}

// The same for a .tmj: its text patched (core/base/json_patch.h), CRLF kept, also in what the
// patch inserts (a new object).
std::string crlfTmj(const std::string& middleRow) {
    return crlf(R"({"type": "map", "version": "1.8", "orientation": "orthogonal",
 "renderorder": "right-down", "width": 4, "height": 3, "tilewidth": 8, "tileheight": 8,
 "infinite": false, "nextlayerid": 3, "nextobjectid": 8,
 "tilesets": [{"firstgid": 1, "name": "emb", "tilewidth": 8, "tileheight": 8, "tilecount": 2,
   "columns": 0, "grid": {"orientation": "orthogonal", "width": 1, "height": 1},
   "tiles": [{"id": 0, "type": "solid"}]}],
 "layers": [
  {"id": 1, "name": "collision", "type": "tilelayer", "x": 0, "y": 0, "width": 4, "height": 3,
   "opacity": 1, "visible": true, "data": [1,0,0,1,
   )" + middleRow +
                R"(
   1,1,1,1]},
  {"id": 2, "name": "things", "type": "objectgroup", "x": 0, "y": 0, "opacity": 1,
   "visible": true, "draworder": "topdown", "objects": [
   {"id": 7, "name": "", "type": "brush", "x": 0, "y": 0, "width": 8, "height": 8,
    "rotation": 0, "visible": true}]}
 ]
}
)");
}

TEST(InteropTiledInplaceBytes, ACrlfTmjKeepsItsLineEndsAndLayout) {
    const std::string dir = test::tempDir();
    test::writeFile(dir + "/m.tmj", crlfTmj("0,0,0,0,"));
    interop::ImportResult r = importKept(dir + "/m.tmj");
    Map edited = r.map;
    const uint16_t solid = edited.tile(0, 0);
    ASSERT_NE(solid, 0);
    edited.setTile(1, 1, solid);
    interop::saveTiledInPlace(*r.source, edited, dir + "/m.tmj", dir);
    EXPECT_EQ(test::readFile(dir + "/m.tmj"), crlfTmj("0,1,0,0,"));

    r = importKept(dir + "/m.tmj");
    edited = r.map;
    edited.brushes.push_back(Brush{RectI{1, 2, 1, 1}});
    interop::saveTiledInPlace(*r.source, edited, dir + "/m.tmj", dir);
    const std::string text = test::readFile(dir + "/m.tmj");
    EXPECT_NE(text.find("\"id\": 8"), std::string::npos) << text;
    for (size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '\n') {
            ASSERT_TRUE(i > 0 && text[i - 1] == '\r') << "a bare LF at " << i << ": " << text;
        }
    }
    EXPECT_EQ(interop::importMapFile(dir + "/m.tmj", {}, dir).map.brushes, edited.brushes);
}

}  // namespace
}  // namespace ts
