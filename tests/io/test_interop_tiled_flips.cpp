// Tiled's flipped and rotated tiles (GID bits H 0x80000000, V 0x40000000, D 0x20000000) as
// tilestep shows them: each orientation of a tile drawn from the tileset image becomes a kind
// of its own whose image_flip is that orientation, in GID order; the pixel each orientation
// shows (core/map/image_flip.h) is the one Tiled's own renderer, tmxrasterizer, draws there; the
// orientation survives the Tiled export and import, Tiled's re-save included. The editor's
// drawing is compared with tmxrasterizer in test_app_tiled_flips.cpp.
#include <gtest/gtest.h>

#include "map/image_flip.h"
#include "io/foreign_maps.h"
#include "io/layer_data.h"
#include "io/png_write.h"
#include "io/map_io.h"
#include "test_support.h"
#include "tiled_peer.h"

namespace ts {
namespace {

#define REQUIRE_TILED() \
    if (!test::tiledAvailable()) GTEST_SKIP() << "tiled is not installed (apt-get install tiled)"

using interop::kFlipD;
using interop::kFlipH;
using interop::kFlipV;

// The eight orientations in the order of image_flip's values 0..7, as GID bits.
const uint32_t kGidFlips[8] = {0,      kFlipD,          kFlipV,          kFlipV | kFlipD,
                               kFlipH, kFlipH | kFlipD, kFlipH | kFlipV, kFlipH | kFlipV | kFlipD};

// A 16-px tileset of two tiles (tiles.png, 32 x 16) in which every pixel of tile 0 has its
// own colour, so that a drawn pixel says which image pixel it came from.
uint32_t tilePixel(int x, int y) {
    return 0xff000000u | uint32_t(x * 16 + 8) << 16 | uint32_t(y * 16 + 8) << 8 | 0x50u;
}
void writeTileset(const std::string& dir) {
    std::vector<uint32_t> argb(32 * 16, 0xff204060u);
    for (int y = 0; y < 16; ++y)
        for (int x = 0; x < 16; ++x) argb[size_t(y * 32 + x)] = tilePixel(x, y);
    test::writeFile(dir + "/tiles.png", interop::encodePng(32, 16, argb));
}

// A map of 16-px tiles whose layer "collision" is `width` x 1 cells with GIDS; its tileset
// "t" has tiles.png (or no image) and tile 1 says slope45_right.
std::string flipMap(const std::vector<uint32_t>& gids, bool image = true) {
    std::string csv;
    for (uint32_t g : gids) csv += (csv.empty() ? "" : ",") + std::to_string(g);
    const std::string w = std::to_string(gids.size());
    return R"(<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" orientation="orthogonal" renderorder="right-down" width=")" +
           w +
           R"(" height="1" tilewidth="16" tileheight="16" infinite="0" nextlayerid="2" nextobjectid="1">
 <tileset firstgid="1" name="t" tilewidth="16" tileheight="16" tilecount="2" columns="2">
)" + (image ? "  <image source=\"tiles.png\" width=\"32\" height=\"16\"/>\n" : "") +
           R"(  <tile id="1"><properties><property name="collision" value="slope45_right"/></properties></tile>
 </tileset>
 <layer id="1" name="collision" width=")" +
           w + R"(" height="1"><data encoding="csv">)" + csv + R"(</data></layer>
</map>
)";
}

TEST(InteropTiledFlips, TiledDrawsEachOrientationAsImageFlipSourceSays) {
    REQUIRE_TILED();
    const std::string dir = test::tempDir();
    writeTileset(dir);
    std::vector<uint32_t> gids;
    for (uint32_t bits : kGidFlips) gids.push_back(1 | bits);
    test::writeFile(dir + "/m.tmx", flipMap(gids));
    int w = 0, h = 0;
    std::vector<uint32_t> argb;
    ASSERT_TRUE(test::tiledRender(dir + "/m.tmx", "collision", &w, &h, &argb));
    ASSERT_EQ(w, 8 * 16);
    ASSERT_EQ(h, 16);
    for (uint8_t f = 0; f <= 7; ++f) {
        int wrong = 0;
        for (int y = 0; y < 16; ++y)
            for (int x = 0; x < 16; ++x) {
                int32_t sx = 0, sy = 0;
                imageFlipSource(f, 16, x, y, &sx, &sy);
                wrong += argb[size_t(y * w + f * 16 + x)] != tilePixel(sx, sy);
            }
        EXPECT_EQ(wrong, 0) << "orientation " << int(f) << " (" << imageFlipLetters(f) << ")";
    }
}

struct WantKind {
    std::string name;
    Shape shape;
    int32_t imageCell;
    uint8_t imageFlip;
};

void expectKinds(const Map& m, const std::vector<WantKind>& want) {
    ASSERT_EQ(m.tileset.kinds.size(), want.size() + 1);
    for (size_t i = 0; i < want.size(); ++i) {
        const TileKind& k = m.tileset.kinds[i + 1];
        SCOPED_TRACE("kind " + std::to_string(i + 1));
        EXPECT_EQ(k.name, want[i].name);
        EXPECT_EQ(k.shape, want[i].shape);
        EXPECT_EQ(k.imageCell, want[i].imageCell);
        EXPECT_EQ(k.imageFlip, want[i].imageFlip);
    }
}

TEST(InteropTiledFlips, EachOrientationOfAnImageTileIsAKindInGidOrder) {
    const std::string dir = test::tempDir();
    // Painted in an order of their own: the kinds still come in GID order (tile, then the
    // flip bits as a number: D 0x2..., V 0x4..., H 0x8...).
    const std::vector<uint32_t> gids = {2 | kFlipH,
                                        1 | kFlipH | kFlipV | kFlipD,
                                        1 | kFlipH | kFlipV,
                                        1 | kFlipH | kFlipD,
                                        1 | kFlipH,
                                        1 | kFlipV | kFlipD,
                                        1 | kFlipV,
                                        1 | kFlipD,
                                        1,
                                        2,
                                        1,
                                        0,
                                        1 | kFlipH};
    test::writeFile(dir + "/m.tmx", flipMap(gids));
    interop::ImportResult r = interop::importMapFile(dir + "/m.tmx", {}, dir);
    EXPECT_TRUE(r.warnings.empty()) << r.warnings[0];
    EXPECT_EQ(r.map.tileset.image, "tiles.png");
    // Tile 0 has no collision information: solid in the layer named collision.
    expectKinds(r.map, {{"t:0", Shape::Solid, 0, 0},
                        {"t:0 (flip d)", Shape::Solid, 0, 1},
                        {"t:0 (flip v)", Shape::Solid, 0, 2},
                        {"t:0 (flip vd)", Shape::Solid, 0, 3},
                        {"t:0 (flip h)", Shape::Solid, 0, 4},
                        {"t:0 (flip hd)", Shape::Solid, 0, 5},
                        {"t:0 (flip hv)", Shape::Solid, 0, 6},
                        {"t:0 (flip hvd)", Shape::Solid, 0, 7},
                        {"t:1", Shape::Slope45Right, 1, 0},
                        {"t:1 (slope45_left, flip h)", Shape::Slope45Left, 1, 4}});
    const std::vector<uint16_t> want = {10, 8, 7, 6, 5, 4, 3, 2, 1, 9, 1, 0, 5};
    EXPECT_EQ(r.map.tiles, want);
    // The model keeps it through both tilestep forms.
    EXPECT_TRUE(mapFromJson(mapToJson(r.map), "m.json") == r.map);
    EXPECT_TRUE(mapFromBinary(mapToBinary(r.map), "m.tsmap") == r.map);
}

TEST(InteropTiledFlips, TilesShownAsColoursKeepOneKindPerShape) {
    // Without a tileset image a flip changes nothing that is drawn: one kind per shape, as
    // before image_flip existed.
    const std::string dir = test::tempDir();
    const std::vector<uint32_t> gids = {1, 1 | kFlipH, 1 | kFlipV | kFlipD, 2, 2 | kFlipH};
    test::writeFile(dir + "/m.tmx", flipMap(gids, false));
    interop::ImportResult r = interop::importMapFile(dir + "/m.tmx", {}, dir);
    expectKinds(r.map, {{"t:0", Shape::Solid, -1, 0},
                        {"t:1", Shape::Slope45Right, -1, 0},
                        {"t:1 (slope45_left)", Shape::Slope45Left, -1, 0}});
    EXPECT_EQ(r.map.tiles, (std::vector<uint16_t>{1, 1, 1, 2, 3}));
}

// Kinds 1..8 in every orientation, kind 0 turned too (its fields ride on the tileset).
Map turnedMap() {
    Map m = test::mapFromRows({"#########"});
    m.tileset.image = "art/tiles.png";
    m.tileset.kinds.resize(1);
    m.tileset.kinds[0].imageCell = 2;
    m.tileset.kinds[0].imageFlip = 6;
    for (uint8_t f = 0; f <= 7; ++f) {
        TileKind k;
        k.name = "rock " + std::to_string(f);
        k.shape = Shape::Solid;
        k.imageCell = 7;
        k.imageFlip = f;
        m.tileset.kinds.push_back(k);
        m.tiles[f] = uint16_t(f + 1);
    }
    return m;
}

TEST(InteropTiledFlips, ImageFlipSurvivesTheTiledExportAndImport) {
    const std::string dir = test::tempDir();
    const Map m = turnedMap();
    ASSERT_EQ(validateMap(m), "");
    for (const char* ext : {".tmx", ".tmj"}) {
        const std::string path = dir + "/m" + ext;
        SCOPED_TRACE(path);
        interop::exportMapFile(m, path, dir);
        const std::string text = test::readFile(path);
        // The property a game's loader reads, next to image_cell.
        EXPECT_NE(text.find("image_flip"), std::string::npos);
        EXPECT_NE(text.find("tilestep_kind0_image_flip"), std::string::npos);
        interop::ImportResult r = interop::importMapFile(path, {}, dir);
        EXPECT_TRUE(r.warnings.empty()) << r.warnings[0];
        EXPECT_TRUE(r.map.tileset == m.tileset);
        EXPECT_TRUE(r.map == m);
        if (!test::tiledAvailable()) continue;
        // Tiled opens the file and saves it in its own layout: the orientation stays.
        for (const char* again : {"tmx", "json"}) {
            const std::string resaved =
                path + ".resaved." + (std::string(again) == "tmx" ? "tmx" : "tmj");
            std::string messages;
            ASSERT_EQ(test::tiledExport(again, path, resaved, &messages), 0) << messages;
            EXPECT_TRUE(interop::importMapFile(resaved, {}, dir).map == m) << resaved;
        }
    }
}

TEST(InteropTiledFlips, ABadImageFlipPropertyIsDrawnUnflippedWithAWarning) {
    const std::string dir = test::tempDir();
    Map m = turnedMap();
    interop::exportMapFile(m, dir + "/m.tmx", dir);
    std::string text = test::readFile(dir + "/m.tmx");
    const std::string prop = "name=\"image_flip\" type=\"int\" value=\"5\"";
    const size_t at = text.find(prop);
    ASSERT_NE(at, std::string::npos) << text;
    text.replace(at, prop.size(), "name=\"image_flip\" type=\"int\" value=\"9\"");
    test::writeFile(dir + "/m.tmx", text);
    interop::ImportResult r = interop::importMapFile(dir + "/m.tmx", {}, dir);
    ASSERT_EQ(r.warnings.size(), 1u);
    EXPECT_EQ(r.warnings[0], "tileset tile 5: image_flip 9 is outside 0..7: drawn unflipped");
    EXPECT_EQ(r.map.tileset.kinds[6].imageFlip, 0);
    m.tileset.kinds[6].imageFlip = 0;
    EXPECT_TRUE(r.map == m);
}

TEST(InteropTiledFlips, AFlippedTileOfAnExportedMapTurnsItsKindFurther) {
    // A tilestep map exported, then a tile flipped in Tiled: its kind's image (mirrored
    // left to right) is then turned by the flip (x and y swapped): by hand, mirrored then
    // swapped is a quarter turn counter-clockwise, Tiled's D + V.
    const std::string dir = test::tempDir();
    Map m = test::mapFromRows({"##"});
    m.tileset.image = "art/tiles.png";
    m.tileset.kinds.resize(2);
    m.tileset.kinds[1].imageCell = 3;
    m.tileset.kinds[1].imageFlip = kImageFlipH;
    interop::exportMapFile(m, dir + "/m.tmx", dir);
    std::string text = test::readFile(dir + "/m.tmx");
    const size_t at = text.find("1,1\n");
    ASSERT_NE(at, std::string::npos) << text;
    text.replace(at, 3, "1," + std::to_string(1 | kFlipD));
    test::writeFile(dir + "/m.tmx", text);
    interop::ImportResult r = interop::importMapFile(dir + "/m.tmx", {}, dir);
    ASSERT_EQ(r.map.tileset.kinds.size(), 3u);
    const TileKind& turned = r.map.tileset.kinds[2];
    EXPECT_EQ(turned.name, "tilestep:0 (solid, flip d)");
    EXPECT_EQ(turned.shape, Shape::Solid);
    EXPECT_EQ(turned.imageCell, 3);
    EXPECT_EQ(turned.imageFlip, kImageFlipD | kImageFlipV);
    EXPECT_EQ(r.map.tiles, (std::vector<uint16_t>{1, 2}));
}

}  // namespace
}  // namespace ts
