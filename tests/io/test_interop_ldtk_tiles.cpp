// LDtk's tiles over the collision layer (core/io/ldtk/detail/ldtk_tiles.h): the collision IntGrid
// layer's auto-tiles, or a Tiles layer on the same grid, become kinds per (IntGrid value,
// tile, flip) with the tile's image cell, the tileset image relative to the project. Written
// by hand in LDtk's documented layout.
#include <gtest/gtest.h>

#include "map/image_flip.h"
#include "io/foreign_maps.h"
#include "io/ldtk/ldtk_import.h"
#include "test_support.h"

namespace ts {
namespace {

// Tileset 5 "Terrain": art/terrain.png, 32 x 16 px of 8-px cells (4 x 2 tiles, ids 0..7);
// tileset 6 has spacing. IntGrid values: 1 solid, 2 platform.
//   Auto:   3 x 2, values 0,2,0 / 1,1,1; auto-tiles 7 over (0,0) (value 0: decoration),
//           2 over (1,0), 4, 5 and 4 flipped x over the bottom row; a Tiles layer "Decor" too
//   Ground: 2 x 1, values 1,0; its Tiles layer "Ground": tile 1 flipped y over (0,0), 3
//           flipped x and y over (1,0)
//   Coarse: a Tiles layer of 16-px cells over 8-px collision cells
//   Spaced: a Tiles layer whose tileset has spacing
const char kProject[] = R"({
  "jsonVersion": "1.5.3",
  "defs": {
    "tilesets": [
      {"__cWid": 4, "__cHei": 2, "identifier": "Terrain", "uid": 5, "relPath": "art/terrain.png",
       "embedAtlas": null, "pxWid": 32, "pxHei": 16, "tileGridSize": 8, "spacing": 0,
       "padding": 0, "tags": [], "customData": [], "enumTags": []},
      {"__cWid": 3, "__cHei": 1, "identifier": "Spaced", "uid": 6, "relPath": "art/spaced.png",
       "embedAtlas": null, "pxWid": 26, "pxHei": 8, "tileGridSize": 8, "spacing": 1,
       "padding": 0, "tags": [], "customData": [], "enumTags": []}
    ],
    "layers": [
      {"identifier": "Collision", "type": "IntGrid", "uid": 10, "gridSize": 8,
       "intGridValues": [{"value": 1, "identifier": "solid", "color": "#404040"},
                         {"value": 2, "identifier": "platform", "color": "#C08040"}]}
    ]
  },
  "levels": [
    {"identifier": "Auto", "pxWid": 24, "pxHei": 16, "layerInstances": [
      {"__identifier": "Decor", "__type": "Tiles", "__gridSize": 8, "__cWid": 3, "__cHei": 2,
       "__pxTotalOffsetX": 0, "__pxTotalOffsetY": 0, "__tilesetDefUid": 5,
       "__tilesetRelPath": "art/terrain.png", "overrideTilesetUid": null, "autoLayerTiles": [],
       "gridTiles": [{"px": [0, 0], "src": [0, 8], "f": 0, "t": 4, "d": [0], "a": 1}]},
      {"__identifier": "Collision", "__type": "IntGrid", "__gridSize": 8, "__cWid": 3, "__cHei": 2,
       "__pxTotalOffsetX": 0, "__pxTotalOffsetY": 0, "__tilesetDefUid": 5,
       "__tilesetRelPath": "art/terrain.png", "layerDefUid": 10,
       "intGridCsv": [0,2,0, 1,1,1], "gridTiles": [], "autoLayerTiles": [
         {"px": [0, 8], "src": [0, 8], "f": 0, "t": 4, "d": [1, 3], "a": 1},
         {"px": [8, 8], "src": [8, 8], "f": 0, "t": 5, "d": [1, 4], "a": 1},
         {"px": [16, 8], "src": [0, 8], "f": 1, "t": 4, "d": [1, 5], "a": 1},
         {"px": [8, 0], "src": [16, 0], "f": 0, "t": 2, "d": [2, 1], "a": 1},
         {"px": [0, 0], "src": [24, 8], "f": 0, "t": 7, "d": [3, 0], "a": 1}]}
    ]},
    {"identifier": "Ground", "pxWid": 16, "pxHei": 8, "layerInstances": [
      {"__identifier": "Ground", "__type": "Tiles", "__gridSize": 8, "__cWid": 2, "__cHei": 1,
       "__pxTotalOffsetX": 0, "__pxTotalOffsetY": 0, "__tilesetDefUid": 5,
       "__tilesetRelPath": "art/terrain.png", "overrideTilesetUid": null, "autoLayerTiles": [],
       "gridTiles": [{"px": [0, 0], "src": [8, 0], "f": 2, "t": 1, "d": [0], "a": 1},
                     {"px": [8, 0], "src": [24, 0], "f": 3, "t": 3, "d": [1], "a": 1}]},
      {"__identifier": "Collision", "__type": "IntGrid", "__gridSize": 8, "__cWid": 2, "__cHei": 1,
       "layerDefUid": 10, "intGridCsv": [1, 0], "autoLayerTiles": [], "gridTiles": []}
    ]},
    {"identifier": "Coarse", "pxWid": 32, "pxHei": 16, "layerInstances": [
      {"__identifier": "Big", "__type": "Tiles", "__gridSize": 16, "__cWid": 2, "__cHei": 1,
       "__tilesetDefUid": 5, "autoLayerTiles": [],
       "gridTiles": [{"px": [0, 0], "src": [0, 0], "f": 0, "t": 0, "d": [0], "a": 1}]},
      {"__identifier": "Collision", "__type": "IntGrid", "__gridSize": 8, "__cWid": 4, "__cHei": 2,
       "layerDefUid": 10, "intGridCsv": [0,0,0,0, 1,1,1,1]}
    ]},
    {"identifier": "Spaced", "pxWid": 8, "pxHei": 8, "layerInstances": [
      {"__identifier": "Gappy", "__type": "Tiles", "__gridSize": 8, "__cWid": 1, "__cHei": 1,
       "__tilesetDefUid": 6, "autoLayerTiles": [],
       "gridTiles": [{"px": [0, 0], "src": [0, 0], "f": 0, "t": 0, "d": [0], "a": 1}]},
      {"__identifier": "Collision", "__type": "IntGrid", "__gridSize": 8, "__cWid": 1, "__cHei": 1,
       "layerDefUid": 10, "intGridCsv": [1]}
    ]}
  ]
})";

interop::ImportResult importLevel(const std::string& level) {
    interop::ImportOptions o;
    o.level = level;
    return interop::importLdtkText(kProject, "p.ldtk", o);
}

int warned(const interop::ImportResult& r, const std::string& text) {
    int n = 0;
    for (const std::string& w : r.warnings) n += w.find(text) != std::string::npos;
    return n;
}

TEST(InteropLdtkTiles, TheCollisionLayersAutoTilesBecomeKindsPerValueTileAndFlip) {
    interop::ImportResult r = importLevel("Auto");
    const Map& m = r.map;
    EXPECT_EQ(m.tileset.image, "art/terrain.png");
    EXPECT_EQ(m.tileset.imageCellSize, 0);  // the tileset's cells are the map's tiles
    // The values' kinds first (0 empty, 1 solid, 2 platform), then by (value, tile, flip):
    // (0, 7), (1, 4), (1, 4 flipped x), (1, 5), (2, 2).
    ASSERT_EQ(m.tileset.kinds.size(), 8u);
    const std::vector<std::string> names = {"tile 7", "solid tile 4", "solid tile 4 flipped x",
                                            "solid tile 5", "platform tile 2"};
    const std::vector<int32_t> cells = {7, 4, 4, 5, 2};
    const std::vector<Shape> shapes = {Shape::Empty, Shape::Solid, Shape::Solid, Shape::Solid,
                                       Shape::OneWay};
    for (size_t i = 0; i < names.size(); ++i) {
        SCOPED_TRACE(names[i]);
        const TileKind& k = m.tileset.kinds[3 + i];
        EXPECT_EQ(k.name, names[i]);
        EXPECT_EQ(k.imageCell, cells[i]);
        EXPECT_EQ(k.shape, shapes[i]);
    }
    EXPECT_EQ(m.tileset.kinds[7].passMask, DIR_UP | DIR_LEFT | DIR_RIGHT);
    EXPECT_EQ(m.tileset.kinds[4].color, 0xff404040u);  // the value's colour
    EXPECT_EQ(m.tileset.kinds[1].imageCell, -1);       // values without tiles: colours
    EXPECT_EQ(m.tiles, (std::vector<uint16_t>{3, 7, 0, 4, 6, 5}));
    EXPECT_EQ(r.kindSource, (std::vector<uint32_t>{0, 1, 2, 0, 1, 1, 1, 2}));
    const std::vector<uint8_t> flips = {0, 0, kImageFlipH, 0, 0};  // LDtk's f = 1: x
    for (size_t i = 0; i < flips.size(); ++i)
        EXPECT_EQ(m.tileset.kinds[3 + i].imageFlip, flips[i]) << names[i];
    EXPECT_EQ(warned(r, "flipped"), 0) << "flipped tiles are drawn flipped now";
    EXPECT_EQ(warned(r,
                     "Tiles layer \"Decor\": tiles not shown: tilestep shows one layer of "
                     "tiles (those of \"Collision\")"),
              1);
    EXPECT_EQ(warned(r, "Tiles layer \"Decor\": skipped"), 1);
}

TEST(InteropLdtkTiles, ATilesLayerOnTheSameGridIsShownAndTheImageFollowsTheSavedMap) {
    interop::ImportResult r = importLevel("Ground");
    const Map& m = r.map;
    // Kinds 0 empty, 1 solid, 2 platform, then (0, tile 3 flipped xy), (1, tile 1 flipped y);
    // LDtk's flip bits (1 x, 2 y) become the kinds' image orientation (drawn turned).
    ASSERT_EQ(m.tileset.kinds.size(), 5u);
    EXPECT_EQ(m.tileset.kinds[3].name, "tile 3 flipped xy");
    EXPECT_EQ(m.tileset.kinds[3].imageCell, 3);
    EXPECT_EQ(m.tileset.kinds[3].imageFlip, kImageFlipH | kImageFlipV);
    EXPECT_EQ(m.tileset.kinds[4].name, "solid tile 1 flipped y");
    EXPECT_EQ(m.tileset.kinds[4].imageCell, 1);
    EXPECT_EQ(m.tileset.kinds[4].imageFlip, kImageFlipV);
    EXPECT_EQ(m.tiles, (std::vector<uint16_t>{4, 3}));
    EXPECT_EQ(warned(r, "\"Ground\""), 0) << "the layer shown is not reported as skipped";
    EXPECT_TRUE(r.warnings.empty()) << r.warnings[0];

    // The image path is relative to the project, rewritten for where the map is saved.
    const std::string dir = test::tempDir();
    test::writeFile(dir + "/p.ldtk", kProject);
    interop::ImportOptions o;
    o.level = "Ground";
    EXPECT_EQ(interop::importMapFile(dir + "/p.ldtk", o, dir + "/maps").map.tileset.image,
              "../art/terrain.png");
}

TEST(InteropLdtkTiles, TilesOnAnotherGridOrFromASpacedTilesetAreNotShownWithAWarning) {
    interop::ImportResult r = importLevel("Coarse");
    EXPECT_EQ(r.map.tileset.image, "");
    EXPECT_EQ(r.map.tileset.kinds.size(), 3u);
    EXPECT_EQ(warned(r,
                     "Tiles layer \"Big\": tiles not shown: its grid is not the collision "
                     "layer's"),
              1);
    r = importLevel("Spaced");
    EXPECT_EQ(r.map.tileset.image, "");
    EXPECT_EQ(warned(r,
                     "Tiles layer \"Gappy\": tiles not shown: its tileset image has padding "
                     "or spacing"),
              1);
}

}  // namespace
}  // namespace ts
