// Tiled objects as the TMX and TMJ readers see them: the same objects in either form give the
// same TiledObjects (the TMJ written by Tiled itself from the TMX; Tiled 1.8 writes no
// `class`, so the objects use `type`), and a broken object is refused naming the file, the
// object and the attribute, in each form's own words.
#include <gtest/gtest.h>

#include "io/interop_files.h"
#include "io/layer_data.h"
#include "io/tiled/tiled_model.h"
#include "io/map_io.h"
#include "test_support.h"
#include "tiled_objects_compare.h"
#include "tiled_peer.h"

namespace ts {
namespace {

#define REQUIRE_TILED() \
    if (!test::tiledAvailable()) GTEST_SKIP() << "tiled is not installed (apt-get install tiled)"

std::string tmxWithObjects(const std::string& objects) {
    return R"(<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" orientation="orthogonal" renderorder="right-down" width="2" height="2" tilewidth="16" tileheight="16" infinite="0" nextlayerid="3" nextobjectid="20">
 <tileset firstgid="1" name="t" tilewidth="16" tileheight="16" tilecount="4" columns="2">
  <image source="t.png" width="32" height="32"/>
 </tileset>
 <layer id="1" name="collision" width="2" height="2"><data encoding="csv">1,0,0,1</data></layer>
 <objectgroup id="2" name="things">
)" + objects +
           R"(
 </objectgroup>
</map>
)";
}

std::string tmjWithObjects(const std::string& objects) {
    return R"({"type": "map", "orientation": "orthogonal", "width": 2, "height": 2,
 "tilewidth": 16, "tileheight": 16, "infinite": false,
 "tilesets": [{"firstgid": 1, "name": "t", "tilewidth": 16, "tileheight": 16, "tilecount": 4,
   "columns": 2, "image": "t.png", "imagewidth": 32, "imageheight": 32}],
 "layers": [{"type": "tilelayer", "name": "collision", "width": 2, "height": 2, "data": [1, 0, 0, 1]},
  {"type": "objectgroup", "name": "things", "objects": [)" +
           objects + "]}]}\n";
}

const char kObjects[] = R"(
  <object id="1" name="box" type="brush" x="1.5" y="2" width="10" height="6" rotation="0"/>
  <object id="2" type="pixel_sweep" x="3" y="4" width="12" height="16">
   <properties>
    <property name="gravity" type="float" value="0.25"/>
    <property name="label" value="hi"/>
    <property name="count" type="int" value="3"/>
    <property name="on" type="bool" value="true"/>
   </properties>
  </object>
  <object id="3" x="5" y="6" width="7" height="8"><ellipse/></object>
  <object id="4" name="p" x="9" y="10"><point/></object>
  <object id="5" x="11" y="12"><polygon points="0,0 4,0 4,3"/></object>
  <object id="6" x="13" y="14"><polyline points="0,0 16,0 16,-8.5"/></object>
  <object id="7" x="15" y="16" width="40" height="10"><text>hello</text></object>
  <object id="8" gid="2147483650" x="17" y="32" width="16" height="16" rotation="90"/>
)";

TEST(InteropTiledObjects, TmxAndTiledsTmjGiveTheSameObjects) {
    const std::string dir = test::tempDir();
    test::writeFile(dir + "/m.tmx", tmxWithObjects(kObjects));
    interop::TiledMap tmx = interop::readTmx(dir + "/m.tmx");
    ASSERT_EQ(tmx.objectLayers.size(), 1u);
    const std::vector<interop::TiledObject>& a = tmx.objectLayers[0].objects;
    ASSERT_EQ(a.size(), 8u);
    // By hand, from kObjects.
    EXPECT_EQ(a[0].name, "box");
    EXPECT_EQ(a[0].type, "brush");
    EXPECT_EQ(a[0].x, 1.5);
    EXPECT_EQ(a[1].type, "pixel_sweep");
    ASSERT_EQ(a[1].properties.size(), 4u);
    EXPECT_EQ(interop::findProperty(a[1].properties, "count")->value, "3");
    EXPECT_EQ(interop::findProperty(a[1].properties, "on")->value, "true");
    EXPECT_EQ(a[2].shape, interop::ObjectShape::Ellipse);
    EXPECT_EQ(a[3].shape, interop::ObjectShape::Point);
    EXPECT_EQ(a[4].shape, interop::ObjectShape::Polygon);
    ASSERT_EQ(a[5].points.size(), 3u);
    EXPECT_EQ(a[5].points[2].y, -8.5);
    EXPECT_EQ(a[6].shape, interop::ObjectShape::Text);
    EXPECT_EQ(a[7].gid, 2u | interop::kFlipH);
    EXPECT_EQ(a[7].rotation, 90);
    // Tiled's JSON form of the same map reads the same.
    if (!test::tiledAvailable()) return;
    std::string messages;
    ASSERT_EQ(test::tiledExport("json", dir + "/m.tmx", dir + "/m.tmj", &messages), 0) << messages;
    interop::TiledMap tmj = interop::readTmj(dir + "/m.tmj");
    test::expectSameTiledObjects(tmx, tmj, "m.tmj");
}

TEST(InteropTiledObjects, ABrokenObjectIsRefusedNamingTheObjectAndTheAttribute) {
    const std::string dir = test::tempDir();
    struct Case {
        const char* name;
        std::string text;
        const char* problem;  // after "PATH: "
    };
    const std::vector<Case> cases = {
        {"x.tmx", tmxWithObjects(R"(<object id="3" x="abc"/>)"),
         "<object> x: \"abc\" is not a usable number"},
        {"id.tmx", tmxWithObjects(R"(<object id="-1"/>)"),
         "<object> id: -1 is outside 0..2147483647"},
        {"gid.tmx", tmxWithObjects(R"(<object id="3" gid="1.5"/>)"),
         "<object> gid: \"1.5\" is not a whole number"},
        {"points.tmx", tmxWithObjects(R"(<object id="3"><polygon points="0,0 5"/></object>)"),
         "object 3: points: \"5\" is not x,y"},
        {"point value.tmx",
         tmxWithObjects(R"(<object id="3"><polyline points="0,0 5,inf"/></object>)"),
         "object 3: points: \"inf\" is not a usable number"},
        {"x.tmj", tmjWithObjects(R"({"id": 3, "x": "1"})"),
         "object 3: x: expected a usable number"},
        {"name.tmj", tmjWithObjects(R"({"id": 3, "name": 5})"),
         "object 3: name: expected a string"},
        {"id.tmj", tmjWithObjects(R"({"id": "a"})"), "object: id: expected an integer"},
        {"not object.tmj", tmjWithObjects("5"), "objects: expected objects"},
        {"points.tmj", tmjWithObjects(R"({"id": 3, "polygon": [1, 2]})"),
         "object 3: points: expected {x, y} objects"},
        {"polyline.tmj", tmjWithObjects(R"({"id": 3, "polyline": 7})"),
         "object 3: polyline: expected an array"},
        {"template.tmj", tmjWithObjects(R"({"id": 3, "template": 5})"),
         "object 3: template: expected a string"},
        {"properties.tmj", tmjWithObjects(R"({"id": 3, "properties": [3]})"),
         "object 3: properties: expected objects"},
    };
    for (const Case& c : cases) {
        const std::string path = dir + "/" + c.name;
        test::writeFile(path, c.text);
        try {
            interop::endsWithNoCase(path, ".tmj") ? interop::readTmj(path) : interop::readTmx(path);
            ADD_FAILURE() << c.name << " read";
        } catch (const MapError& e) {
            EXPECT_EQ(std::string(e.what()), path + ": " + c.problem) << c.name;
        }
    }
}

}  // namespace
}  // namespace ts
