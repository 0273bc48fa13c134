// LDtk import (core/io/ldtk/ldtk_import.h) from a hand-made project in LDtk's documented
// JSON layout (no LDtk program exists in Debian): IntGrid values become kinds through the
// shared collision mapping, entities naming a mover become actors, the rest is warned about.
#include <gtest/gtest.h>

#include "io/foreign_maps.h"
#include "io/ldtk/ldtk_import.h"
#include "io/map_io.h"
#include "test_support.h"
#include "movers/mover.h"

namespace ts {
namespace {

// Level "Start": a 5 x 3 IntGrid "Collision" of 8-px cells (layer definition uid 10) whose
// values are 1 "solid", 2 "slope45_right", 3 "platform", 4 "lava" (no shape); an IntGrid
// "Decor" layer (skipped); an Entities layer offset by (2, 0) with a pixel_sweep hero (pivot
// at the bottom centre), a grid_walls ball and a Chest. A second level is not imported
// (test_interop_ldtk_levels.cpp picks levels).
const char kProject[] = R"({
  "jsonVersion": "1.5.3",
  "defs": {
    "layers": [
      {"identifier": "Collision", "type": "IntGrid", "uid": 10, "gridSize": 8,
       "intGridValues": [
         {"value": 1, "identifier": "solid", "color": "#404040"},
         {"value": 2, "identifier": "slope45_right", "color": "#808040"},
         {"value": 3, "identifier": "platform", "color": "#C08040"},
         {"value": 4, "identifier": "lava", "color": "#FF0000"}]},
      {"identifier": "Decor", "type": "IntGrid", "uid": 11, "gridSize": 8,
       "intGridValues": [{"value": 1, "identifier": "grass", "color": "#00FF00"}]}
    ]
  },
  "levels": [
    {"identifier": "Start", "pxWid": 40, "pxHei": 24, "layerInstances": [
      {"__identifier": "Entities", "__type": "Entities", "__gridSize": 8, "__cWid": 5, "__cHei": 3,
       "pxOffsetX": 2, "pxOffsetY": 0, "entityInstances": [
         {"__identifier": "pixel_sweep", "__pivot": [0.5, 1], "px": [12, 16], "width": 6, "height": 8,
          "fieldInstances": [
            {"__identifier": "name", "__type": "String", "__value": "hero"},
            {"__identifier": "gravity", "__type": "Float", "__value": 0.375},
            {"__identifier": "colour", "__type": "String", "__value": "red"}]},
         {"__identifier": "grid_walls", "__pivot": [0, 0], "px": [20, 4], "width": 6, "height": 6,
          "fieldInstances": []},
         {"__identifier": "Chest", "__pivot": [0, 0], "px": [30, 8], "width": 8, "height": 8,
          "fieldInstances": []}]},
      {"__identifier": "Decor", "__type": "IntGrid", "__gridSize": 8, "__cWid": 5, "__cHei": 3,
       "layerDefUid": 11, "intGridCsv": [1,1,1,1,1, 0,0,0,0,0, 0,0,0,0,0]},
      {"__identifier": "Collision", "__type": "IntGrid", "__gridSize": 8, "__cWid": 5, "__cHei": 3,
       "layerDefUid": 10, "intGridCsv": [0,0,0,0,0, 0,2,3,3,0, 1,1,4,1,1]}
    ]},
    {"identifier": "Second", "pxWid": 8, "pxHei": 8, "layerInstances": []}
  ]
})";

int warned(const interop::ImportResult& r, const std::string& text) {
    int n = 0;
    for (const std::string& w : r.warnings) n += w.find(text) != std::string::npos;
    return n;
}

TEST(InteropLdtk, IntGridValuesBecomeKindsAndEntitiesActors) {
    interop::ImportResult r = interop::importLdtkText(kProject, "p.ldtk", {});
    const Map& m = r.map;
    EXPECT_EQ(r.collisionLayer, "Collision");
    EXPECT_EQ(m.tileSize, 8);
    ASSERT_EQ(m.width, 5);
    ASSERT_EQ(m.height, 3);
    // Every defined value is a kind, in value order.
    ASSERT_EQ(m.tileset.kinds.size(), 5u);
    EXPECT_EQ(r.kindSource, (std::vector<uint32_t>{0, 1, 2, 3, 4}));
    EXPECT_EQ(m.tileset.kinds[1].shape, Shape::Solid);
    EXPECT_EQ(m.tileset.kinds[1].color, 0xff404040u);
    EXPECT_EQ(m.tileset.kinds[2].shape, Shape::Slope45Right);
    EXPECT_EQ(m.tileset.kinds[3].shape, Shape::OneWay);
    EXPECT_EQ(m.tileset.kinds[3].passMask, DIR_UP | DIR_LEFT | DIR_RIGHT);
    EXPECT_EQ(m.tileset.kinds[4].name, "lava");
    EXPECT_EQ(m.tileset.kinds[4].shape, Shape::Solid);
    EXPECT_EQ(warned(r, "IntGrid value 4 \"lava\" names no tilestep shape: solid"), 1);
    EXPECT_EQ(m.tiles, (std::vector<uint16_t>{0, 0, 0, 0, 0, 0, 2, 3, 3, 0, 1, 1, 4, 1, 1}));
    ASSERT_EQ(m.actors.size(), 2u);
    // Pivot (0.5, 1) at (12, 16), box 6 x 8, layer offset 2: top-left (12 - 3 + 2, 16 - 8).
    EXPECT_EQ(m.actors[0].name, "hero");
    EXPECT_EQ(m.actors[0].x, 11);
    EXPECT_EQ(m.actors[0].y, 8);
    EXPECT_EQ(m.actors[0].w, 6);
    EXPECT_EQ(m.actors[0].params[size_t(findParam(MoverKind::PixelSweep, "gravity"))],
              Fix::fromDouble(0.375));
    // A round mover is placed by its centre: (20 + 2 + 3, 4 + 3).
    EXPECT_EQ(m.actors[1].mover, MoverKind::GridWalls);
    EXPECT_EQ(m.actors[1].x, 25);
    EXPECT_EQ(m.actors[1].y, 7);
    EXPECT_EQ(warned(r, "property \"colour\" ignored"), 1);
    EXPECT_EQ(warned(r, "entity \"Chest\": skipped"), 1);
    EXPECT_EQ(warned(r, "IntGrid layer \"Decor\": skipped"), 1);
    EXPECT_EQ(warned(r,
                     "the project has 2 levels: imported the first, \"Start\" (pick another "
                     "with --level NAME"),
              1);
    EXPECT_EQ(r.warnings.size(), 5u);
}

TEST(InteropLdtk, TheCollisionLayerCanBeChosenAndTheFileOpensDirectly) {
    interop::ImportOptions o;
    o.collisionLayer = "Decor";
    interop::ImportResult r = interop::importLdtkText(kProject, "p.ldtk", o);
    ASSERT_EQ(r.map.tileset.kinds.size(), 2u);
    EXPECT_EQ(r.map.tileset.kinds[1].name, "grass");
    // "grass" names no shape: painted cells of the collision layer are solid.
    EXPECT_EQ(r.map.tileset.kinds[1].shape, Shape::Solid);
    EXPECT_EQ(r.map.tile(4, 0), 1);
    o.collisionLayer = "Nope";
    EXPECT_THROW(interop::importLdtkText(kProject, "p.ldtk", o), MapError);

    const std::string dir = test::tempDir();
    test::writeFile(dir + "/level.ldtk", kProject);
    Map direct = loadMap(dir + "/level.ldtk");
    EXPECT_TRUE(direct == interop::importLdtkText(kProject, "p.ldtk", {}).map);
    test::CommandResult c =
        test::runTilestep("convert " + dir + "/level.ldtk " + dir + "/level.json");
    EXPECT_EQ(c.exitCode, 0) << c.err;
    EXPECT_NE(c.out.find("(ldtk) -> "), std::string::npos);
    EXPECT_NE(c.err.find("warning: " + dir + "/level.ldtk: layer \"Entities\": entity \"Chest\""),
              std::string::npos)
        << c.err;
    EXPECT_TRUE(loadMap(dir + "/level.json") == direct);
}

}  // namespace
}  // namespace ts
