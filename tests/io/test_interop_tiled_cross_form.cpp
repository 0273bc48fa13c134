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

// Three tile layers: "deco" (CSV), "collision" in ENCODING, an object layer with an actor,
// a brush, a wall and a point the import skips.
std::string threeLayerMap(const std::string& data) {
    return R"(<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" tiledversion="1.8.2" orientation="orthogonal" renderorder="right-down" width="4" height="3" tilewidth="8" tileheight="8" infinite="0" nextlayerid="5" nextobjectid="9">
 <editorsettings><chunksize width="32" height="16"/></editorsettings>
 <properties>
  <property name="author" value="someone"/>
 </properties>
 <tileset firstgid="1" source="art/set.tsx"/>
 <tileset firstgid="5" name="emb" tilewidth="8" tileheight="8" tilecount="2" columns="0">
  <grid orientation="orthogonal" width="1" height="1"/>
  <tile id="0" type="solid"/>
  <tile id="1"><properties><property name="collision" value="slope45_right"/><property name="note" value="keep me"/></properties></tile>
 </tileset>
 <layer id="1" name="deco" width="4" height="3">
  <data encoding="csv">
2,2,2,2,
2,2,2,2,
2,2,2,2
</data>
 </layer>
 <group id="2" name="g" offsetx="8">
  <layer id="3" name="collision" width="4" height="3" offsetx="-8">
)" + data + R"(
  </layer>
 </group>
 <objectgroup id="4" name="things" offsety="2">
  <object id="1" name="hero" type="pixel_sweep" x="8" y="0" width="6" height="8">
   <properties><property name="colour" value="red"/></properties>
  </object>
  <object id="2" type="brush" x="0" y="14" width="8" height="4"/>
  <object id="3" name="sign" x="20" y="10"><point/></object>
  <object id="4" type="wall" x="0" y="6"><polyline points="0,0 16,0"/></object>
 </objectgroup>
</map>
)";
}

void writeTileset(const std::string& dir) {
    test::runShell("mkdir -p " + dir + "/art");
    test::writeFile(dir + "/art/set.tsx", R"(<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" name="set" tilewidth="8" tileheight="8" tilecount="4" columns="0">
 <grid orientation="orthogonal" width="1" height="1"/>
 <tile id="0" type="solid"/>
 <tile id="3"><animation><frame tileid="0" duration="100"/></animation></tile>
</tileset>
)");
}

std::string gidBytes(const std::vector<uint32_t>& gids) {
    std::string b;
    for (uint32_t g : gids)
        for (int i = 0; i < 4; ++i) b += char((g >> (8 * i)) & 255);
    return b;
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
                     interop::base64Encode(interop::compress(gidBytes(cells), "zlib")) +
                     "</data>"}};
    for (const auto& [name, data] : forms) {
        SCOPED_TRACE(name);
        const std::string dir = test::tempDir();
        writeTileset(dir);
        test::writeFile(dir + "/m.tmx", threeLayerMap(data));
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
