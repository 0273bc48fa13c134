// Tiled import (core/io) against Tiled itself: every orthogonal example map Debian's
// tiled package ships imports, and its tiles are the GIDs Tiled reads from the same file;
// files written in every layer encoding Tiled knows (checked by Tiled reading them) import
// to the same tiles; non-orthogonal maps are refused.
#include <gtest/gtest.h>

#include <dirent.h>

#include "io/foreign_maps.h"
#include "io/layer_data.h"
#include "io/tiled/tiled_import.h"
#include "io/map_io.h"
#include "test_support.h"
#include "tiled_peer.h"
#include "movers/mover.h"

namespace ts {
namespace {

const std::string kExamples = "/usr/share/doc/tiled/examples";

#define REQUIRE_TILED() \
    if (!test::tiledAvailable()) GTEST_SKIP() << "tiled is not installed (apt-get install tiled)"

// The imported tiles, cell by cell, against the GIDs Tiled reads from the collision layer.
void expectSameTiles(const interop::ImportResult& r, const test::TiledLayerDump& layer,
                     int64_t originX, int64_t originY, const std::string& what) {
    const Map& m = r.map;
    ASSERT_EQ(layer.gids.size(), size_t(layer.width * layer.height)) << what;
    ASSERT_EQ(r.kindSource.size(), m.tileset.kinds.size()) << what;
    int mismatches = 0;
    for (int64_t y = 0; y < layer.height; ++y)
        for (int64_t x = 0; x < layer.width; ++x) {
            const uint32_t want = layer.gids[size_t(y * layer.width + x)] & interop::kGidMask;
            const int64_t mx = layer.x0 + x - originX, my = layer.y0 + y - originY;
            // Tiled re-chunks infinite layers into 16 x 16 chunks: outside the area the
            // import keeps, its cells must be empty.
            const uint32_t got = m.inside(mx, my) ? r.kindSource[m.tile(mx, my)] : 0;
            if (got != want && ++mismatches <= 5)
                ADD_FAILURE() << what << ": cell (" << x << ", " << y << "): GID " << got
                              << ", Tiled says " << want;
        }
    EXPECT_EQ(mismatches, 0) << what;
}

std::vector<std::string> orthogonalExamples(const std::string& tmp) {
    std::vector<std::string> list = {kExamples + "/desert.tmx", kExamples + "/rpg/island.tmx",
                                     kExamples + "/perspective_walls.tmx",
                                     kExamples + "/sewers.tmx"};
    const std::string automap = kExamples + "/sewer_automap";
    if (DIR* d = opendir(automap.c_str())) {
        while (dirent* e = readdir(d)) {
            std::string name = e->d_name;
            if (name.size() > 4 && name.compare(name.size() - 4, 4, ".tmx") == 0)
                list.push_back(automap + "/" + name);
        }
        closedir(d);
    }
    // Gzipped examples: unpacked next to a copy of their tileset image.
    const std::string outside = tmp + "/orthogonal-outside.tmx";
    test::writeFile(outside,
                    test::runShell("gunzip -c " + kExamples + "/orthogonal-outside.tmx.gz").out);
    list.push_back(outside);
    return list;
}

TEST(InteropTiledImport, EveryOrthogonalExampleImportsWithTiledsTiles) {
    REQUIRE_TILED();
    const std::string tmp = test::tempDir();
    std::vector<std::string> examples = orthogonalExamples(tmp);
    ASSERT_GE(examples.size(), 10u);
    for (const std::string& path : examples) {
        SCOPED_TRACE(path);
        interop::ImportResult r;
        ASSERT_NO_THROW(r = interop::importMapFile(path, {}, tmp));
        EXPECT_EQ(validateMap(r.map), "");
        std::vector<test::TiledLayerDump> layers = test::tiledTileLayers(path);
        ASSERT_FALSE(layers.empty());
        // The default collision layer of these maps (none is named "collision") is the first.
        EXPECT_EQ(r.collisionLayer, layers[0].name);
        EXPECT_EQ(r.map.width, layers[0].width);
        EXPECT_EQ(r.map.height, layers[0].height);
        expectSameTiles(r, layers[0], 0, 0, path);
        // Every other tile layer is named in a warning, never dropped silently.
        for (size_t i = 1; i < layers.size(); ++i) {
            bool named = false;
            for (const std::string& w : r.warnings)
                named = named || w.find("\"" + layers[i].name + "\": skipped") != std::string::npos;
            EXPECT_TRUE(named) << layers[i].name;
        }
        // And with each other layer chosen as the collision layer: by name, or by its number
        // where two layers have its name (one name alone would be ambiguous).
        for (size_t i = 1; i < layers.size(); ++i) {
            size_t sameName = 0;
            for (const test::TiledLayerDump& l : layers) sameName += l.name == layers[i].name;
            interop::ImportOptions o;
            o.collisionLayer = sameName == 1 ? layers[i].name : "#" + std::to_string(i + 1);
            interop::ImportResult other = interop::importMapFile(path, o, tmp);
            expectSameTiles(other, layers[i], 0, 0, path + " layer " + layers[i].name);
        }
    }
}

TEST(InteropTiledImport, IslandKeepsItsTilesetImageAndWarnsAboutEachSkippedObject) {
    REQUIRE_TILED();  // the example maps come with the tiled package
    // beach_tileset.tsx sits next to the map and names beach_tileset.png: the image path
    // is rewritten relative to where the map will be saved.
    interop::ImportResult r = interop::importMapFile(kExamples + "/rpg/island.tmx", {}, kExamples);
    EXPECT_EQ(r.map.tileset.image, "rpg/beach_tileset.png");
    r = interop::importMapFile(kExamples + "/rpg/island.tmx", {}, kExamples + "/sewer_automap");
    EXPECT_EQ(r.map.tileset.image, "../rpg/beach_tileset.png");
    EXPECT_EQ(r.map.tileSize, 16);
    for (size_t k = 1; k < r.map.tileset.kinds.size(); ++k)
        EXPECT_EQ(uint32_t(r.map.tileset.kinds[k].imageCell), r.kindSource[k] - 1);
    // island.tmx's object layer: a point "Starting Point" (type start), rectangles "Exit"
    // (exit) and "Resting Spot" (rest): none is a brush, actor or wall; one warning each.
    int objectWarnings = 0;
    for (const std::string& w : r.warnings)
        objectWarnings += w.find(": object ") != std::string::npos;
    EXPECT_EQ(objectWarnings, 3);
    EXPECT_TRUE(r.map.brushes.empty());
    EXPECT_TRUE(r.map.actors.empty());
}

TEST(InteropTiledImport, NonOrthogonalExamplesAreRefusedNamingTheFile) {
    REQUIRE_TILED();  // the example maps come with the tiled package
    const std::string tmp = test::tempDir();
    const std::string staggered = tmp + "/isometric_staggered_grass_and_water.tmx";
    test::writeFile(staggered, test::runShell("gunzip -c " + kExamples +
                                              "/isometric_staggered_grass_and_water.tmx.gz")
                                   .out);
    for (const std::string& path :
         {kExamples + "/isometric_grass_and_water.tmx", kExamples + "/hexagonal-mini.tmx",
          kExamples + "/test_hexagonal_tile_60x60x30.tmx", staggered}) {
        try {
            interop::importMapFile(path, {}, tmp);
            ADD_FAILURE() << path << " imported";
        } catch (const MapError& e) {
            EXPECT_EQ(std::string(e.what()).find(path + ": orientation \""), 0u) << e.what();
            EXPECT_NE(std::string(e.what()).find("orthogonal maps only"), std::string::npos);
        }
    }
}

// ---- every encoding -------------------------------------------------------------------

// 6 x 4 GIDs of an 8-tile embedded tileset, with flip bits on some.
const std::vector<uint32_t> kGids = {
    1,
    2,
    3,
    4,
    5,
    6,  //
    7,
    8,
    0,
    0,
    2 | interop::kFlipH,
    3 | interop::kFlipV,  //
    0,
    1 | interop::kFlipD,
    0,
    8,
    8,
    8,  //
    1,
    1,
    1,
    1,
    3 | interop::kFlipH | interop::kFlipV | interop::kFlipD,
    2,
};
constexpr int kW = 6, kH = 4;

const char kTileset[] =
    R"(<tileset firstgid="1" name="kinds" tilewidth="16" tileheight="16" tilecount="8" columns="0">
  <grid orientation="orthogonal" width="1" height="1"/>
  <tile id="0"><properties><property name="collision" value="solid"/></properties></tile>
  <tile id="1" type="slope45_right"/>
  <tile id="2"><properties><property name="collision" value="one_way"/><property name="pass_mask" type="int" value="4"/></properties></tile>
  <tile id="3"><objectgroup><object id="1" x="0" y="0" width="16" height="16"/></objectgroup></tile>
  <tile id="4"><objectgroup><object id="1" x="0" y="0"><polygon points="0,16 16,16 16,0"/></object></objectgroup></tile>
  <tile id="5"><objectgroup><object id="1" x="2" y="2" width="4" height="4"/></objectgroup></tile>
  <tile id="6"/>
  <tile id="7" class="slope22_right_low"/>
 </tileset>)";

std::string gidBytes(const std::vector<uint32_t>& gids) {
    std::string b;
    for (uint32_t g : gids)
        for (int k = 0; k < 4; ++k) b += char((g >> (8 * k)) & 0xff);
    return b;
}

std::string csvText(const std::vector<uint32_t>& gids) {
    std::string s = "\n";
    for (size_t i = 0; i < gids.size(); ++i)
        s += std::to_string(gids[i]) + (i + 1 < gids.size() ? "," : "\n");
    return s;
}

// The <data> element of one layer or chunk in the given encoding.
std::string dataXml(const std::string& encoding, const std::string& compression,
                    const std::vector<uint32_t>& gids) {
    if (encoding == "csv") return csvText(gids);
    if (encoding == "base64")
        return interop::base64Encode(interop::compress(gidBytes(gids), compression));
    std::string s = "\n";
    for (uint32_t g : gids) s += "<tile gid=\"" + std::to_string(g) + "\"/>\n";
    return s;
}

std::string tmxFile(const std::string& encoding, const std::string& compression, bool infinite) {
    std::string attrs = encoding.empty() ? "" : " encoding=\"" + encoding + "\"";
    if (!compression.empty()) attrs += " compression=\"" + compression + "\"";
    std::string data;
    if (!infinite) {
        data = dataXml(encoding, compression, kGids);
    } else {
        // Two 3 x 4 chunks side by side, at tile (-3, 2): the map is the 6 x 4 they cover.
        for (int c = 0; c < 2; ++c) {
            std::vector<uint32_t> part;
            for (int y = 0; y < kH; ++y)
                for (int x = 0; x < 3; ++x) part.push_back(kGids[size_t(y * kW + c * 3 + x)]);
            data += "<chunk x=\"" + std::to_string(-3 + 3 * c) +
                    "\" y=\"2\" width=\"3\" height=\"4\">" + dataXml(encoding, compression, part) +
                    "</chunk>\n";
        }
    }
    return std::string(R"(<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" tiledversion="1.8.2" orientation="orthogonal" renderorder="right-down" width="6" height="4" tilewidth="16" tileheight="16" infinite=")") +
           (infinite ? "1" : "0") + R"(" nextlayerid="2" nextobjectid="1">
 )" + kTileset +
           R"(
 <layer id="1" name="Collision" width="6" height="4">
  <data)" + attrs +
           ">" + data + R"(</data>
 </layer>
</map>
)";
}

// The "data" of a TMJ layer or chunk: a JSON array, or base64 text.
std::string tmjData(const std::string& encoding, const std::string& compression,
                    const std::vector<uint32_t>& gids) {
    if (encoding == "base64")
        return "\"" + interop::base64Encode(interop::compress(gidBytes(gids), compression)) + "\"";
    return "[" + csvText(gids) + "]";
}

std::string tmjFile(const std::string& encoding, const std::string& compression,
                    bool infinite = false) {
    std::string data;
    if (!infinite) {
        data = tmjData(encoding, compression, kGids);
    } else {
        // The same two 3 x 4 chunks at tile (-3, 2) as the TMX form.
        data = "null, \"chunks\": [";
        for (int c = 0; c < 2; ++c) {
            std::vector<uint32_t> part;
            for (int y = 0; y < kH; ++y)
                for (int x = 0; x < 3; ++x) part.push_back(kGids[size_t(y * kW + c * 3 + x)]);
            data += std::string(c ? ", " : "") + "{\"x\": " + std::to_string(-3 + 3 * c) +
                    ", \"y\": 2, \"width\": 3, \"height\": 4, \"data\": " +
                    tmjData(encoding, compression, part) + "}";
        }
        data += "]";
    }
    if (encoding == "base64")
        data += ", \"encoding\": \"base64\"" +
                (compression.empty() ? "" : ", \"compression\": \"" + compression + "\"");
    return std::string(
               R"({"type": "map", "version": "1.8", "orientation": "orthogonal", "renderorder": "right-down",
 "width": 6, "height": 4, "tilewidth": 16, "tileheight": 16, "infinite": )") +
           (infinite ? "true" : "false") + R"(,
 "nextlayerid": 2, "nextobjectid": 1,
 "tilesets": [{"firstgid": 1, "source": "sub/kinds.tsj"}],
 "layers": [{"id": 1, "name": "collision", "type": "tilelayer", "x": 0, "y": 0, "width": 6, "height": 4,
   "opacity": 1, "visible": true, "data": )" +
           data + R"(}]}
)";
}

const char kKindsTsj[] =
    R"({"type": "tileset", "version": "1.8", "name": "kinds", "tilewidth": 16, "tileheight": 16,
 "tilecount": 8, "columns": 0, "margin": 0, "spacing": 0,
 "tiles": [
  {"id": 0, "properties": [{"name": "collision", "type": "string", "value": "solid"}]},
  {"id": 1, "type": "slope45_right"},
  {"id": 2, "properties": [{"name": "collision", "type": "string", "value": "one_way"},
                           {"name": "pass_mask", "type": "int", "value": 4}]},
  {"id": 3, "objectgroup": {"type": "objectgroup", "objects": [{"id": 1, "x": 0, "y": 0, "width": 16, "height": 16}]}},
  {"id": 4, "objectgroup": {"type": "objectgroup", "objects": [{"id": 1, "x": 0, "y": 0,
     "polygon": [{"x": 0, "y": 16}, {"x": 16, "y": 16}, {"x": 16, "y": 0}]}]}},
  {"id": 5, "objectgroup": {"type": "objectgroup", "objects": [{"id": 1, "x": 2, "y": 2, "width": 4, "height": 4}]}},
  {"id": 6},
  {"id": 7, "class": "slope22_right_low"}
 ]}
)";

// What the mapping must give for kGids, worked out by hand from kTileset and the rules in
// collision_mapping.h (the layer is named collision, so tile 7 without information is solid).
void expectKinds(const interop::ImportResult& r, const std::string& what) {
    const Map& m = r.map;
    auto kindAt = [&](int x, int y) { return m.tileset.kinds[m.tile(x, y)]; };
    EXPECT_EQ(kindAt(0, 0).shape, Shape::Solid) << what;         // property
    EXPECT_EQ(kindAt(1, 0).shape, Shape::Slope45Right) << what;  // type
    EXPECT_EQ(kindAt(2, 0).shape, Shape::OneWay) << what;        // property + pass_mask
    EXPECT_EQ(kindAt(2, 0).passMask, DIR_UP) << what;
    EXPECT_EQ(kindAt(3, 0).shape, Shape::Solid) << what;         // full-box object
    EXPECT_EQ(kindAt(4, 0).shape, Shape::Slope45Right) << what;  // slope polygon
    EXPECT_EQ(kindAt(5, 0).shape, Shape::Solid) << what;         // small box: solid + warning
    EXPECT_EQ(kindAt(0, 1).shape, Shape::Solid) << what;         // no information, collision layer
    EXPECT_EQ(kindAt(1, 1).shape, Shape::Slope22RightLow) << what;  // class
    EXPECT_EQ(kindAt(2, 1).shape, Shape::Empty) << what;
    EXPECT_EQ(kindAt(4, 1).shape, Shape::Slope45Left) << what;  // slope45_right flipped H
    EXPECT_EQ(kindAt(5, 1).shape, Shape::OneWay) << what;       // one-way flipped V
    EXPECT_EQ(kindAt(5, 1).passMask, DIR_DOWN) << what;         //   enters going down
    EXPECT_EQ(kindAt(1, 2).shape, Shape::Solid) << what;        // solid, flips change nothing
    // D then H then V on a one-way entered going up: D makes it LEFT, H RIGHT, V RIGHT.
    EXPECT_EQ(kindAt(4, 3).shape, Shape::OneWay) << what;
    EXPECT_EQ(kindAt(4, 3).passMask, DIR_RIGHT) << what;
    int smallBoxWarnings = 0;
    for (const std::string& w : r.warnings)
        smallBoxWarnings += w.find("kinds:5: collision objects") != std::string::npos;
    EXPECT_EQ(smallBoxWarnings, 1) << what;
}

struct Encoding {
    const char* encoding;
    const char* compression;
};
const Encoding kEncodings[] = {{"csv", ""},        {"base64", ""},     {"base64", "zlib"},
                               {"base64", "gzip"}, {"base64", "zstd"}, {"", ""}};

TEST(InteropTiledImport, EveryTmxEncodingGivesTheTilesTiledReads) {
    REQUIRE_TILED();
    const std::string dir = test::tempDir();
    for (bool infinite : {false, true})
        for (const Encoding& e : kEncodings) {
            const std::string what = std::string(e.encoding[0] ? e.encoding : "xml") + "/" +
                                     e.compression + (infinite ? " infinite" : "");
            SCOPED_TRACE(what);
            const std::string path = dir + "/m.tmx";
            test::writeFile(path, tmxFile(e.encoding, e.compression, infinite));
            std::vector<test::TiledLayerDump> tiled = test::tiledTileLayers(path);
            ASSERT_EQ(tiled.size(), 1u);
            // Tiled reads the file as written (infinite: somewhere in its own 16 x 16 chunks)...
            std::vector<uint32_t> read;
            const int64_t ox = infinite ? -3 - tiled[0].x0 : 0, oy = infinite ? 2 - tiled[0].y0 : 0;
            for (int64_t y = 0; y < kH; ++y)
                for (int64_t x = 0; x < kW; ++x)
                    read.push_back(tiled[0].gids[size_t((oy + y) * tiled[0].width + ox + x)]);
            EXPECT_EQ(read, kGids);
            // ...and so does the import.
            interop::ImportResult r = interop::importMapFile(path, {}, dir);
            ASSERT_EQ(r.map.width, kW);
            ASSERT_EQ(r.map.height, kH);
            expectSameTiles(r, tiled[0], infinite ? -3 : 0, infinite ? 2 : 0, what);
            expectKinds(r, what);
        }
}

TEST(InteropTiledImport, TmjWithAnExternalTsjInASubfolder) {
    REQUIRE_TILED();
    const std::string dir = test::tempDir();
    test::runShell("mkdir -p " + dir + "/sub");
    test::writeFile(dir + "/sub/kinds.tsj", kKindsTsj);
    for (bool infinite : {false, true})
        for (const Encoding& e :
             {Encoding{"", ""}, Encoding{"base64", "zlib"}, Encoding{"base64", "zstd"}}) {
            SCOPED_TRACE(std::string(e.encoding) + "/" + e.compression +
                         (infinite ? " infinite" : ""));
            const std::string path = dir + "/m.tmj";
            test::writeFile(path, tmjFile(e.encoding, e.compression, infinite));
            std::vector<test::TiledLayerDump> tiled = test::tiledTileLayers(path);
            ASSERT_EQ(tiled.size(), 1u);
            std::vector<uint32_t> read;  // infinite: somewhere in Tiled's 16 x 16 chunks
            const int64_t ox = infinite ? -3 - tiled[0].x0 : 0, oy = infinite ? 2 - tiled[0].y0 : 0;
            for (int64_t y = 0; y < kH; ++y)
                for (int64_t x = 0; x < kW; ++x)
                    read.push_back(tiled[0].gids[size_t((oy + y) * tiled[0].width + ox + x)]);
            EXPECT_EQ(read, kGids);
            interop::ImportResult r = interop::importMapFile(path, {}, dir);
            ASSERT_EQ(r.map.width, kW);
            expectSameTiles(r, tiled[0], infinite ? -3 : 0, infinite ? 2 : 0, path);
            expectKinds(r, path);
        }
}

TEST(InteropTiledImport, ExternalTsxTilesetImageIsRelativeToTheSavedMap) {
    const std::string dir = test::tempDir();
    test::runShell("mkdir -p " + dir + "/art " + dir + "/out");
    test::writeFile(dir + "/art/set.tsx", R"(<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" name="set" tilewidth="8" tileheight="8" tilecount="4" columns="2">
 <image source="set.png" width="16" height="16"/>
 <tile id="3" type="solid"/>
</tileset>
)");
    test::writeFile(dir + "/m.tmx", R"(<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" orientation="orthogonal" renderorder="right-down" width="2" height="1" tilewidth="8" tileheight="8" infinite="0">
 <tileset firstgid="1" source="art/set.tsx"/>
 <layer id="1" name="Ground" width="2" height="1"><data encoding="csv">2,4</data></layer>
</map>
)");
    interop::ImportResult r = interop::importMapFile(dir + "/m.tmx", {}, dir + "/out");
    EXPECT_EQ(r.map.tileset.image, "../art/set.png");
    EXPECT_EQ(r.map.tileset.imageCellSize, 0);
    ASSERT_EQ(r.map.tileset.kinds.size(), 3u);
    EXPECT_EQ(r.map.tileset.kinds[1].imageCell, 1);
    EXPECT_EQ(r.map.tileset.kinds[1].shape, Shape::Empty);  // Ground: no information, not solid
    EXPECT_EQ(r.map.tileset.kinds[2].imageCell, 3);
    EXPECT_EQ(r.map.tileset.kinds[2].shape, Shape::Solid);
    // Opened directly (loadMap), the path stays relative to the map's own folder.
    Map direct = loadMap(dir + "/m.tmx");
    EXPECT_EQ(direct.tileset.image, "art/set.png");
    // The same tileset as a .tsj, from the same TMX map: Tiled allows either form.
    test::writeFile(dir + "/art/set.tsj",
                    R"({"type": "tileset", "name": "set", "tilewidth": 8, "tileheight": 8,
                        "tilecount": 4, "columns": 2, "image": "set.png", "imagewidth": 16,
                        "imageheight": 16, "tiles": [{"id": 3, "type": "solid"}]})");
    std::string viaTsj = test::readFile(dir + "/m.tmx");
    viaTsj.replace(viaTsj.find("set.tsx"), 7, "set.tsj");
    test::writeFile(dir + "/m2.tmx", viaTsj);
    EXPECT_TRUE(interop::importMapFile(dir + "/m2.tmx", {}, dir + "/out").map == r.map);
    // --collision-layer makes the painted tiles without information solid.
    interop::ImportOptions o;
    o.collisionLayer = "Ground";
    EXPECT_EQ(interop::importMapFile(dir + "/m.tmx", o, dir).map.tileset.kinds[1].shape,
              Shape::Solid);
}

// ---- objects --------------------------------------------------------------------------

TEST(InteropTiledImport, ObjectsBecomeBrushesActorsAndWallsAndTheRestIsNamedInAWarning) {
    const std::string dir = test::tempDir();
    std::string csv;
    for (int i = 0; i < 48; ++i) csv += i ? ",0" : "0";
    test::writeFile(dir + "/o.tmx", R"(<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" orientation="orthogonal" width="8" height="6" tilewidth="16" tileheight="16" infinite="0">
 <properties><property name="sim_rate" type="int" value="120"/></properties>
 <layer id="1" name="collision" width="8" height="6"><data encoding="csv">)" +
                                        csv + R"(</data></layer>
 <objectgroup id="2" name="things" offsetx="2" offsety="0">
  <object id="1" x="8" y="16" width="20" height="10"/>
  <object id="2" name="hero" class="pixel_sweep" x="30" y="4" width="12" height="16">
   <properties><property name="gravity" type="float" value="0.5"/><property name="colour" value="red"/></properties>
  </object>
  <object id="3" name="ball" type="grid_walls" x="62" y="40" width="10" height="10"><ellipse/></object>
  <object id="4" x="14" y="32"><polyline points="0,0 32,0 32,32"/></object>
  <object id="5" name="tree" x="10" y="10"><polygon points="0,0 5,5 0,5"/></object>
  <object id="6" name="spot" x="10" y="10" width="4" height="4"><ellipse/></object>
  <object id="7" name="tilted" x="10" y="10" width="4" height="4" rotation="45"/>
  <object id="8" name="off" x="13" y="30"><polyline points="0,0 16,0"/></object>
  <object id="9" name="hero" type="topdown_aabb" x="0" y="80"/>
  <object id="10" name="door" type="door" x="0" y="0" width="16" height="16"/>
 </objectgroup>
</map>
)");
    interop::ImportResult r = interop::importMapFile(dir + "/o.tmx", {}, dir);
    const Map& m = r.map;
    EXPECT_EQ(m.simRate, 120);
    // Object 1, shifted by the layer's offset (2, 0).
    ASSERT_EQ(m.brushes.size(), 1u);
    EXPECT_EQ(m.brushes[0].rect, (RectI{10, 16, 20, 10}));
    ASSERT_EQ(m.actors.size(), 3u);
    EXPECT_EQ(m.actors[0].name, "hero");
    EXPECT_EQ(m.actors[0].mover, MoverKind::PixelSweep);
    EXPECT_EQ(m.actors[0].x, 32);
    EXPECT_EQ(m.actors[0].y, 4);
    EXPECT_EQ(m.actors[0].params[size_t(findParam(MoverKind::PixelSweep, "gravity"))],
              Fix::fromDouble(0.5));
    // The ellipse's centre: (62 + 2 + 5, 40 + 5).
    EXPECT_EQ(m.actors[1].mover, MoverKind::GridWalls);
    EXPECT_EQ(m.actors[1].x, 69);
    EXPECT_EQ(m.actors[1].y, 45);
    // A point: the default box at the point; the taken name gets a suffix.
    EXPECT_EQ(m.actors[2].name, "hero_2");
    EXPECT_EQ(m.actors[2].x, 2);
    EXPECT_EQ(m.actors[2].y, 80);
    // Object 4 at (16, 32): along y = 32 from x = 16 to 48 (two walls on row 2), then down
    // x = 48 from y = 32 to 64 (two walls in column 3).
    EXPECT_EQ(m.walls.count(), 4u);
    EXPECT_TRUE(m.walls.h(1, 2) && m.walls.h(2, 2) && m.walls.v(3, 2) && m.walls.v(3, 3));
    auto warned = [&](const std::string& text) {
        int n = 0;
        for (const std::string& w : r.warnings) n += w.find(text) != std::string::npos;
        return n;
    };
    EXPECT_EQ(warned("property \"colour\" ignored"), 1);
    EXPECT_EQ(warned("object 5 \"tree\" (polygon): skipped"), 1);
    EXPECT_EQ(warned("object 6 \"spot\" (ellipse): skipped"), 1);
    EXPECT_EQ(warned("object 7 \"tilted\" (rectangle): skipped: rotated"), 1);
    EXPECT_EQ(warned("object 8 \"off\" (polyline): skipped: its points are not on grid lines"), 1);
    EXPECT_EQ(warned("object 10 \"door\" (rectangle): skipped"), 1);
    EXPECT_EQ(warned("actor renamed \"hero_2\""), 1);
    EXPECT_EQ(r.warnings.size(), 7u);
}

// ---- the sample map -------------------------------------------------------------------

// Issue 28: the sim_rate property was cast to 32 bits before its range check, so
// 4294967356 was taken as 60 without a word and 99999999999 was reported as a negative
// number; a fraction or a word was dropped silently. Each now warns, quoting the text.
TEST(InteropTiledImport, ASimRatePropertyOutOfRangeIsQuotedAsWritten) {
    const std::string dir = test::tempDir();
    const struct {
        const char* value;
        int rate;
        bool warns;
    } cases[] = {{"120", 120, false},       {"1000", 1000, false},
                 {"0", 60, true},           {"4294967356", 60, true},
                 {"99999999999", 60, true}, {"60.5", 60, true},
                 {"fast", 60, true},        {"", 60, true}};
    for (const auto& c : cases) {
        SCOPED_TRACE(c.value);
        test::writeFile(dir + "/r.tmx", std::string(R"(<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" orientation="orthogonal" width="2" height="2" tilewidth="16" tileheight="16" infinite="0">
 <properties><property name="sim_rate" type="int" value=")") +
                                            c.value + R"("/></properties>
 <layer id="1" name="collision" width="2" height="2"><data encoding="csv">0,0,0,0</data></layer>
</map>
)");
        interop::ImportResult r = interop::importMapFile(dir + "/r.tmx", {}, dir);
        EXPECT_EQ(r.map.simRate, c.rate);
        const std::string want = std::string("map property sim_rate '") + c.value +
                                 "' is not a whole number in 1..1000: using 60";
        int n = 0;
        for (const std::string& w : r.warnings) n += w.find(want) != std::string::npos;
        EXPECT_EQ(n, c.warns ? 1 : 0) << (r.warnings.empty() ? "" : r.warnings[0]);
    }
}

TEST(InteropTiledImport, TheSampleMapIsTheImportOfItsTmx) {
    const std::string tmx = test::sourcePath("maps/tiled-platformer.tmx");
    interop::ImportResult r = interop::importMapFile(tmx, {}, test::sourcePath("maps"));
    EXPECT_TRUE(r.map == loadMap(test::sourcePath("maps/tiled-platformer.json")))
        << "re-run: tilestep convert maps/tiled-platformer.tmx maps/tiled-platformer.json";
    // docs/interop.md's worked example, checked here: the flipped slope at (6, 10) is the
    // mirrored kind, the tile whose collision polygon is a slope at (15, 9) is that slope,
    // the hero keeps its jump speed, the wall polyline is two vertical walls.
    const Map& m = r.map;
    EXPECT_EQ(m.tileset.kinds[m.tile(6, 10)].shape, Shape::Slope45Left);
    EXPECT_EQ(m.tileset.kinds[m.tile(6, 10)].name, "terrain:1 (slope45_left)");
    EXPECT_EQ(m.tileset.kinds[m.tile(15, 9)].shape, Shape::Slope45Right);
    EXPECT_EQ(m.tileset.kinds[m.tile(13, 3)].shape, Shape::OneWay);
    ASSERT_EQ(m.actors.size(), 1u);
    EXPECT_EQ(m.actors[0].params[size_t(findParam(MoverKind::PixelSweep, "jump_speed"))],
              Fix::fromDouble(5.5));
    EXPECT_EQ(m.brushes.size(), 1u);
    EXPECT_TRUE(m.walls.v(12, 8) && m.walls.v(12, 9));
    EXPECT_EQ(m.walls.count(), 2u);
    EXPECT_EQ(r.warnings.size(), 3u);  // the background layer, no image, the point "sign"
    if (test::tiledAvailable()) {
        std::vector<test::TiledLayerDump> layers = test::tiledTileLayers(tmx);
        ASSERT_EQ(layers.size(), 2u);
        expectSameTiles(r, layers[1], 0, 0, tmx);
    }
}

// ---- the command line ------------------------------------------------------------------

TEST(InteropTiledImport, ConvertPrintsWarningsAndTakesTheCollisionLayer) {
    REQUIRE_TILED();  // the example maps come with the tiled package
    const std::string dir = test::tempDir();
    test::CommandResult r =
        test::runTilestep("convert " + kExamples + "/rpg/island.tmx " + dir + "/island.json");
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("(tiled tmx) -> " + dir + "/island.json (json)"), std::string::npos);
    EXPECT_NE(r.err.find("tilestep convert: warning: " + kExamples +
                         "/rpg/island.tmx: tile layer \"Fringe\": skipped"),
              std::string::npos)
        << r.err;
    Map m = loadMap(dir + "/island.json");
    EXPECT_EQ(m.width, 58);
    r = test::runTilestep("convert --collision-layer Over " + kExamples + "/rpg/island.tmx " + dir +
                          "/over.json");
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.err.find("tile layer \"Ground\": skipped"), std::string::npos) << r.err;
    r = test::runTilestep("convert --collision-layer Nope " + kExamples + "/rpg/island.tmx " + dir +
                          "/x.json");
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("no tile layer named \"Nope\" (tile layers: \"Ground\", \"Fringe\", "
                         "\"Over\")"),
              std::string::npos)
        << r.err;
    r = test::runTilestep("convert --collision-layer Over " + dir + "/island.json " + dir +
                          "/x.json");
    EXPECT_EQ(r.exitCode, 2);
}

}  // namespace
}  // namespace ts
