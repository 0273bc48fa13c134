// A map tilestep exported, opened and re-saved by Tiled itself, reads back with the kinds
// it had: Tiled rounds the generated tileset's tile count up to whole rows of its image,
// and those extra cells are no kinds.
#include <gtest/gtest.h>

#include "io/foreign_maps.h"
#include "io/map_io.h"
#include "test_support.h"
#include "tiled_peer.h"

namespace ts {
namespace {

// 20 kinds: the generated image has 16 cells a row, so Tiled's count becomes 32.
Map twentyKindMap() {
    Map m = test::mapFromRows({"#....#", "#....#", "######"});
    while (m.tileset.kinds.size() < 21) {
        TileKind k;
        k.name = "extra" + std::to_string(m.tileset.kinds.size());
        k.shape = Shape::Solid;
        k.color = 0xff102030u + uint32_t(m.tileset.kinds.size());
        m.tileset.kinds.push_back(k);
    }
    for (int x = 1; x < 5; ++x) m.tiles[size_t(m.width + x)] = uint16_t(20 - x);
    return m;
}

TEST(InteropTiledResave, ATiledResaveOfAnExportedMapKeepsItsKinds) {
    if (!test::tiledAvailable()) GTEST_SKIP() << "tiled is not installed";
    const std::string dir = test::tempDir();
    const Map m = twentyKindMap();
    ASSERT_EQ(validateMap(m), "");
    for (const char* ext : {".tmx", ".tmj"}) {
        const std::string path = dir + "/m" + ext;
        interop::exportMapFile(m, path, dir);
        for (const char* again : {"tmx", "json"}) {
            const std::string resaved =
                path + ".resaved." + (std::string(again) == "tmx" ? "tmx" : "tmj");
            std::string messages;
            ASSERT_EQ(test::tiledExport(again, path, resaved, &messages), 0) << messages;
            const Map back = interop::importMapFile(resaved, {}, dir).map;
            EXPECT_EQ(back.tileset.kinds.size(), m.tileset.kinds.size()) << resaved;
            EXPECT_TRUE(back == m) << resaved;
        }
    }
}

}  // namespace
}  // namespace ts
