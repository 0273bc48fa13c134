// Layer offsets (offsetx / offsety) on tile layers, object layers and group layers, nested
// groups adding up. Checked against Tiled's own drawing: tmxrasterizer renders the layer (a
// red tile image, so the red pixels are where Tiled puts each tile) and the import must
// put the same cells and the same actor box there. A collision layer offset by part of a
// tile is refused, naming the file and the layer.
#include <gtest/gtest.h>

#include <algorithm>

#include "io/foreign_maps.h"
#include "io/png_write.h"
#include "io/map_io.h"
#include "test_support.h"
#include "tiled_peer.h"

namespace ts {
namespace {

#define REQUIRE_TILED() \
    if (!test::tiledAvailable()) GTEST_SKIP() << "tiled is not installed (apt-get install tiled)"

// A 6 x 4 map of 16-px tiles with a one-tile red tileset (GID 1). The collision layer, in
// the groups outer (32, 0) > inner (-16, 16) with its own offset (0, 16), is moved by
// (16, 32) px: one tile right, two down. So are the objects of "things", in the same inner
// group with their own offset (3, -4): (19, 12) px in all.
std::string offsetMap(const std::string& layerOffset = "offsetx=\"0\" offsety=\"16\"") {
    return R"(<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" orientation="orthogonal" renderorder="right-down" width="6" height="4" tilewidth="16" tileheight="16" infinite="0" nextlayerid="9" nextobjectid="9">
 <tileset firstgid="1" name="red" tilewidth="16" tileheight="16" tilecount="1" columns="1">
  <image source="red.png" width="16" height="16"/>
 </tileset>
 <layer id="1" name="ground" width="6" height="4" offsetx="5" offsety="7"><data encoding="csv">
1,1,1,1,1,1,
0,0,0,0,0,0,
0,0,0,0,0,0,
0,0,0,0,0,0
</data></layer>
 <group id="2" name="outer" offsetx="32" offsety="0">
  <group id="3" name="inner" offsetx="-16" offsety="16">
   <layer id="4" name="collision" width="6" height="4" )" +
           layerOffset + R"(><data encoding="csv">
1,0,0,0,0,1,
0,1,1,0,0,0,
1,0,0,0,0,0,
0,0,0,0,0,1
</data></layer>
   <objectgroup id="5" name="things" offsetx="3" offsety="-4">
    <object id="1" name="hero" type="pixel_sweep" gid="1" x="20" y="30" width="16" height="16"/>
    <object id="2" x="8" y="2" width="10" height="6"/>
   </objectgroup>
  </group>
 </group>
</map>
)";
}

std::string folderWithRedTileset() {
    const std::string dir = test::tempDir();
    test::writeFile(dir + "/red.png",
                    interop::encodePng(16, 16, std::vector<uint32_t>(256, 0xffff0000u)));
    return dir;
}

bool red(uint32_t argb) {
    return (argb >> 24) > 200 && ((argb >> 16) & 0xff) > 200 && ((argb >> 8) & 0xff) < 60 &&
           (argb & 0xff) < 60;
}

TEST(InteropTiledOffsets, GroupAndLayerOffsetsAddUpByHand) {
    const std::string dir = folderWithRedTileset();
    test::writeFile(dir + "/m.tmx", offsetMap());
    interop::ImportResult r = interop::importMapFile(dir + "/m.tmx", {}, dir);
    const Map& m = r.map;
    ASSERT_EQ(m.width, 6);
    ASSERT_EQ(m.height, 4);
    // Tiled's cell (x, y) is the map's (x + 1, y + 2); rows 2 and 3 fall off the map.
    std::vector<std::string> rows;
    for (int y = 0; y < m.height; ++y) {
        std::string row;
        for (int x = 0; x < m.width; ++x) row += m.tile(x, y) ? '#' : '.';
        rows.push_back(row);
    }
    EXPECT_EQ(rows, (std::vector<std::string>{"......", "......", ".#....", "..##.."}));
    int dropped = 0;
    for (const std::string& w : r.warnings)
        dropped += w ==
                   "layer \"collision\": its offset (16, 32) px moves 3 painted tiles past "
                   "the map's edge: dropped";
    EXPECT_EQ(dropped, 1);
    // The tile object's box: its bottom-left (20, 30) less its height, plus (19, 12).
    ASSERT_EQ(m.actors.size(), 1u);
    EXPECT_EQ(m.actors[0].x, 39);
    EXPECT_EQ(m.actors[0].y, 26);
    ASSERT_EQ(m.brushes.size(), 1u);
    EXPECT_EQ(m.brushes[0].rect, (RectI{27, 14, 10, 6}));
}

// The red pixels of Tiled's drawing of LAYER, as a set of 16-px cells and a bounding box.
struct Drawing {
    int width = 0, height = 0;
    std::vector<uint32_t> argb;
    bool cellRed(int cx, int cy) const {
        const int px = cx * 16 + 8, py = cy * 16 + 8;
        return px < width && py < height && red(argb[size_t(py * width + px)]);
    }
};

TEST(InteropTiledOffsets, TilesAndObjectsLandWhereTiledDrawsThem) {
    REQUIRE_TILED();
    const std::string dir = folderWithRedTileset();
    test::writeFile(dir + "/m.tmx", offsetMap());
    // Tiled's JSON form of the same map, written by Tiled: the TMJ reader's groups too.
    std::string messages;
    ASSERT_EQ(test::tiledExport("json", dir + "/m.tmx", dir + "/m.tmj", &messages), 0) << messages;
    for (const char* name : {"m.tmx", "m.tmj"}) {
        SCOPED_TRACE(name);
        const std::string path = dir + "/" + name;
        interop::ImportResult r = interop::importMapFile(path, {}, dir);
        const Map& m = r.map;
        Drawing tiles;
        ASSERT_TRUE(test::tiledRender(path, "collision", &tiles.width, &tiles.height, &tiles.argb));
        // Every cell of the map is red in Tiled's drawing exactly where the import has a tile
        // (the drawing starts at the map's top-left corner: the offsets here are positive).
        int redCells = 0;
        for (int cy = 0; cy * 16 < tiles.height; ++cy)
            for (int cx = 0; cx * 16 < tiles.width; ++cx) {
                redCells += tiles.cellRed(cx, cy);
                if (m.inside(cx, cy)) {
                    EXPECT_EQ(tiles.cellRed(cx, cy), m.tile(cx, cy) != 0) << cx << ", " << cy;
                }
            }
        // Tiled draws the 6 painted tiles: the 3 on the map and the 3 the warning drops.
        EXPECT_EQ(redCells, 6);
        // The actor's box is the red square Tiled draws for the tile object.
        Drawing objects;
        ASSERT_TRUE(
            test::tiledRender(path, "things", &objects.width, &objects.height, &objects.argb));
        int x0 = objects.width, y0 = objects.height, x1 = -1, y1 = -1;
        for (int y = 0; y < objects.height; ++y)
            for (int x = 0; x < objects.width; ++x)
                if (red(objects.argb[size_t(y * objects.width + x)])) {
                    x0 = std::min(x0, x);
                    y0 = std::min(y0, y);
                    x1 = std::max(x1, x);
                    y1 = std::max(y1, y);
                }
        ASSERT_EQ(m.actors.size(), 1u);
        EXPECT_EQ(m.actors[0].x, x0);
        EXPECT_EQ(m.actors[0].y, y0);
        EXPECT_EQ(m.actors[0].x + m.actors[0].w - 1, x1);
        EXPECT_EQ(m.actors[0].y + m.actors[0].h - 1, y1);
    }
}

TEST(InteropTiledOffsets, ACollisionLayerOffByPartOfATileIsRefused) {
    const std::string dir = folderWithRedTileset();
    // (8, 16) px in the layer, (16, 16) from the groups: half a tile across.
    test::writeFile(dir + "/m.tmx", offsetMap("offsetx=\"-8\" offsety=\"0\""));
    try {
        interop::importMapFile(dir + "/m.tmx", {}, dir);
        ADD_FAILURE() << "imported";
    } catch (const MapError& e) {
        EXPECT_EQ(std::string(e.what()),
                  dir +
                      "/m.tmx: layer \"collision\": its offset (8, 16) px, groups included, is "
                      "not a whole number of 16-px tiles, so its tiles are not on the grid "
                      "(move the layer by whole tiles)");
    }
    // On a layer the import skips it does not matter (that collision layer, or ground at
    // (5, 7) px in the tests above); ground chosen as the collision layer is refused alike.
    interop::ImportOptions o;
    o.collisionLayer = "ground";
    try {
        interop::importMapFile(dir + "/m.tmx", o, dir);
        ADD_FAILURE() << "imported";
    } catch (const MapError& e) {
        EXPECT_NE(std::string(e.what()).find("layer \"ground\": its offset (5, 7) px"),
                  std::string::npos)
            << e.what();
    }
}

TEST(InteropTiledOffsets, AnInfiniteMapGrowsByItsCollisionLayersOffset) {
    const std::string dir = folderWithRedTileset();
    // One chunk at tile (0, 0) of a layer offset by (-32, 16) px: the painted area starts at
    // tile (-2, 1), which becomes the map's (0, 0); an object at (0, 16) px with no offset is
    // therefore at (32, 0) in the map.
    std::string chunk;
    for (int i = 0; i < 16; ++i)
        chunk += std::string(i ? "," : "") + (i == 0 || i == 15 ? "1" : "0");
    test::writeFile(dir + "/inf.tmx", R"(<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" orientation="orthogonal" width="4" height="4" tilewidth="16" tileheight="16" infinite="1">
 <tileset firstgid="1" name="red" tilewidth="16" tileheight="16" tilecount="1" columns="1">
  <image source="red.png" width="16" height="16"/>
 </tileset>
 <layer id="1" name="collision" width="4" height="4" offsetx="-32" offsety="16">
  <data encoding="csv"><chunk x="0" y="0" width="16" height="1">)" +
                                          chunk + R"(</chunk></data>
 </layer>
 <objectgroup id="2" name="things"><object id="1" x="0" y="16" width="8" height="8"/></objectgroup>
</map>
)");
    interop::ImportResult r = interop::importMapFile(dir + "/inf.tmx", {}, dir);
    ASSERT_EQ(r.map.width, 16);
    ASSERT_EQ(r.map.height, 1);
    EXPECT_NE(r.map.tile(0, 0), 0);
    EXPECT_NE(r.map.tile(15, 0), 0);
    ASSERT_EQ(r.map.brushes.size(), 1u);
    EXPECT_EQ(r.map.brushes[0].rect, (RectI{32, 0, 8, 8}));
}

}  // namespace
}  // namespace ts
