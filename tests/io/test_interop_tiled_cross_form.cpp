// A map saved into Tiled's other form (tiled_inplace.h, core/io/tiled/detail/tiled_translate.h):
// the source translated, then patched like an in-place save: the edited collision cells in
// the layer's own encoding, the changed actor replaced, every other layer, tileset,
// property and object as Tiled read it.
#include <gtest/gtest.h>

#include "io/foreign_maps.h"
#include "io/foreign_source.h"
#include "io/interop_files.h"
#include "io/layer_data.h"
#include "io/map_io.h"
#include "io/tiled/tiled_inplace.h"
#include "test_support.h"
#include "tiled_fixture.h"
#include "tiled_peer.h"

namespace ts {
namespace {

interop::ImportResult importKept(const std::string& path, const std::string& folder) {
    interop::ImportOptions o;
    o.keepSource = true;
    interop::ImportResult r = interop::importMapFile(path, o, folder);
    EXPECT_TRUE(r.source);
    return r;
}

std::string tiledJson(const std::string& path, const std::string& dir, const std::string& name) {
    std::string messages;
    EXPECT_EQ(test::tiledExport("json", path, dir + "/" + name, &messages), 0) << messages;
    return test::readFile(dir + "/" + name);
}

TEST(InteropTiledCrossForm, AnEditedTmxSavedAsTmjAndBackKeepsWhatTilestepDoesNotEdit) {
    if (!test::tiledAvailable()) GTEST_SKIP() << "tiled is not installed (apt-get install tiled)";
    const std::vector<uint32_t> cells = {1, 0, 0, 1, 0, 5, 6, 0, 1, 1, 1, 1};
    std::string csv;
    for (size_t i = 0; i < cells.size(); ++i)
        csv += std::to_string(cells[i]) + (i + 1 < cells.size() ? "," : "");
    const std::vector<std::pair<std::string, std::string>> forms = {
        {"csv", "<data encoding=\"csv\">\n" + csv + "\n</data>"},
        {"zlib", "<data encoding=\"base64\" compression=\"zlib\">" +
                     interop::base64Encode(interop::compress(test::gidBytes(cells), "zlib")) +
                     "</data>"}};
    for (const auto& [name, data] : forms) {
        SCOPED_TRACE(name);
        const std::string dir = test::tempDir();
        test::writeTileset(dir);
        test::writeFile(dir + "/m.tmx", test::threeLayerMap(data, true));
        interop::ImportResult r = importKept(dir + "/m.tmx", dir);
        Map edited = r.map;
        const uint16_t solid = edited.tile(0, 0), slope = edited.tile(2, 1);
        edited.setTile(1, 0, solid);
        edited.setTile(0, 0, 0);
        edited.setTile(3, 2, slope);
        ASSERT_EQ(edited.actors.size(), 1u);
        edited.actors[0].x += 8;
        test::runShell("mkdir -p " + dir + "/out");
        const std::string tmj = dir + "/out/m.tmj";
        interop::saveTiledInPlace(*r.source, edited, tmj, dir);
        const std::string text = test::readFile(tmj);
        if (name == "zlib") {
            EXPECT_NE(text.find("\"compression\": \"zlib\""), std::string::npos) << text;
        } else {
            EXPECT_EQ(text.find("\"encoding\""), std::string::npos) << text;
        }
        EXPECT_NE(text.find("keep me"), std::string::npos);
        EXPECT_NE(text.find("\"../art/set.tsx\""), std::string::npos);
        std::vector<test::TiledLayerDump> layers = test::tiledTileLayers(tmj);
        ASSERT_EQ(layers.size(), 2u);
        EXPECT_EQ(layers[0].gids, std::vector<uint32_t>(12, 2));
        EXPECT_EQ(layers[1].gids, (std::vector<uint32_t>{0, 1, 0, 1, 0, 5, 6, 0, 1, 1, 1, 6}));
        EXPECT_TRUE(interop::importMapFile(tmj, {}, dir + "/out").map == edited);
        const std::string json = tiledJson(tmj, dir, "tmj.json");
        EXPECT_NE(json.find("\"name\":\"sign\""), std::string::npos);  // kept, not modelled
        EXPECT_NE(json.find("\"author\""), std::string::npos);
        EXPECT_NE(json.find("\"chunksize\":"), std::string::npos);
        // And back to TMX, unedited: Tiled reads it as it reads the TMJ.
        interop::ImportResult back = importKept(tmj, dir + "/out");
        interop::saveTiledInPlace(*back.source, back.map, dir + "/m2.tmx", dir);
        EXPECT_EQ(tiledJson(dir + "/m2.tmx", dir, "tmx.json"), json);
    }
}

}  // namespace
}  // namespace ts
