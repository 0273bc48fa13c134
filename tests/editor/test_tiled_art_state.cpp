// The editor's view of an imported Tiled map's layers (app/editor/tiled_art_state.h): the
// collision layer is the one the import chose, and each kind maps back to its Tiled tile.
#include <gtest/gtest.h>

#include "../../app/editor/tiled_art_state.h"
#include "io/tiled/tiled_import.h"
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

}  // namespace
}  // namespace ts::test
