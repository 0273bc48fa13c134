// The editor's view of an imported Tiled map's layers (app/editor/tiled_art_state.h): the
// collision layer is the one the import chose, and each kind maps back to its Tiled tile.
#include <gtest/gtest.h>

#include "../../app/editor/tiled_art_state.h"
#include "io/foreign_maps.h"
#include "io/foreign_source.h"
#include "io/tiled/tiled_import.h"
#include "ldtk_samples.h"
#include "test_support.h"

namespace ts::test {
namespace {

const std::string kIsland = "/usr/share/doc/tiled/examples/rpg/island.tmx";

TEST(TiledArtState, KindsMapBackToTheirTiles) {
    if (readFile(kIsland).empty()) GTEST_SKIP() << kIsland << " is missing";
    for (const char* layer : {"", "Fringe"}) {
        interop::ImportOptions options;
        options.collisionLayer = layer;
        interop::ImportResult r = interop::importTmx(kIsland, options);
        TiledArtState st;
        EXPECT_TRUE(loadTiledArt(st, kIsland, r.collisionLayer, r.map).empty());
        ASSERT_TRUE(st.art);
        ASSERT_EQ(st.art->layers.size(), 4u);
        ASSERT_LT(st.collisionLayer, st.art->layers.size());
        const interop::ArtLayer& l = st.art->layers[st.collisionLayer];
        EXPECT_EQ(l.name, r.collisionLayer);
        EXPECT_EQ(st.shown, std::vector<char>(4, 1));
        for (int64_t y = 0; y < l.height; ++y)
            for (int64_t x = 0; x < l.width; ++x)
                ASSERT_EQ(st.kindGid[r.map.tile(x, y)], l.gids[size_t(y * l.width + x)])
                    << layer << " (" << x << ", " << y << ")";
    }
}

TEST(TiledArtState, OtherFilesClearIt) {
    TiledArtState st;
    st.dim = true;
    EXPECT_TRUE(loadTiledArt(st, sourcePath("maps/bomber.json"), "", Map::blank(4, 4)).empty());
    EXPECT_FALSE(st.art);
    EXPECT_FALSE(st.dim);
    EXPECT_TRUE(loadTiledArt(st, "/nonexistent.tmx", "", Map::blank(4, 4)).empty());
    EXPECT_FALSE(st.art);
}

// An infinite map's chunks lie where the import puts the map: its painted area's top-left
// cell (-16, 0) at (0, 0), so the collision layer is the map cell for cell.
TEST(TiledArtState, AnInfiniteMapsChunksLieUnderTheMap) {
    const std::string dir = tempDir();
    std::string csv = "1";
    for (int i = 1; i < 256; ++i) csv += i == 17 ? ",2" : ",0";
    writeFile(dir + "/inf.tmx",
              R"(<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" renderorder="right-down" width="4" height="4"
     tilewidth="16" tileheight="16" infinite="1" nextlayerid="2" nextobjectid="1">
 <tileset firstgid="1" name="t" tilewidth="16" tileheight="16" tilecount="4" columns="2">
  <image source="missing.png" width="32" height="32"/>
 </tileset>
 <layer id="1" name="collision" width="4" height="4">
  <data encoding="csv"><chunk x="-16" y="0" width="16" height="16">)" +
                  csv + R"(</chunk></data>
 </layer>
</map>
)");
    interop::ImportOptions options;
    options.keepSource = true;
    interop::ImportResult r = interop::importMapFile(dir + "/inf.tmx", options, dir);
    ASSERT_EQ(r.map.width, 16);
    TiledArtState st;
    loadTiledArt(st, dir + "/inf.tmx", "", r.map, r.source.get());
    ASSERT_TRUE(st.art);
    ASSERT_EQ(st.collisionLayer, 0u);
    const interop::ArtLayer& l = st.art->layers[0];
    EXPECT_EQ(l.x0, 0);
    EXPECT_EQ(l.y0, 0);
    EXPECT_EQ(st.art->pixelWidth(), 16 * 16);
    EXPECT_EQ(st.kindGid[r.map.tile(0, 0)], 1u);
    EXPECT_EQ(st.kindGid[r.map.tile(1, 1)], 2u);
}

// An LDtk level: its layers in LDtk's order (the sample's Entities layer has no tiles), the
// collision layer the one the import chose, no kind a tile of the art (the kinds are drawn).
TEST(TiledArtState, AnLdtkLevelsLayers) {
    const std::string dir = tempDir();
    writeFile(dir + "/p.ldtk", ldtkWorldProject());
    interop::ImportOptions options;
    options.level = "Cave";
    options.keepSource = true;
    interop::ImportResult r = interop::importMapFile(dir + "/p.ldtk", options, dir);
    ASSERT_TRUE(r.source);
    TiledArtState st;
    st.dim = true;
    EXPECT_TRUE(loadLdtkArt(st, dir + "/p.ldtk", size_t(r.source->levelIndex),
                            size_t(r.collisionLayerIndex), r.map)
                    .empty());
    ASSERT_TRUE(st.art);
    EXPECT_FALSE(st.dim);
    ASSERT_EQ(st.art->layers.size(), 1u);
    EXPECT_EQ(st.art->layers[0].name, "Collision");
    EXPECT_EQ(st.collisionLayer, 0u);
    EXPECT_TRUE(st.kindGid.empty());
    EXPECT_EQ(std::string(st.family), "LDtk");
    EXPECT_TRUE(loadLdtkArt(st, dir + "/missing.ldtk", 0, 0, r.map).empty());
    EXPECT_FALSE(st.art);
}

}  // namespace
}  // namespace ts::test
