// An LDtk level's layers in the Tiled art model (core/io/ldtk/ldtk_art.h), drawn by
// composeTiledArt: a tiny project whose pixels are known by hand. Its tileset is two 2 x 2
// tiles with 1 px of padding and spacing (white around them): tile 0 red, tile 1 a blue
// column then a green one.
#include <gtest/gtest.h>

#include "io/ldtk/ldtk_art.h"
#include "io/png_write.h"
#include "io/tiled/tiled_compose.h"
#include "map/map.h"
#include "test_support.h"

namespace ts {
namespace {

constexpr uint32_t kWhite = 0xffffffff, kRed = 0xffff0000, kBlue = 0xff0000ff, kGreen = 0xff00ff00;

void writeTileset(const std::string& path) {
    std::vector<uint32_t> px(7 * 4, kWhite);
    for (int y = 1; y <= 2; ++y) {
        px[size_t(y * 7 + 1)] = px[size_t(y * 7 + 2)] = kRed;  // tile 0 at x 1
        px[size_t(y * 7 + 4)] = kBlue;                         // tile 1 at x 1 + 2 + 1
        px[size_t(y * 7 + 5)] = kGreen;
    }
    test::writeFile(path, interop::encodePng(7, 4, px));
}

std::string layer(const std::string& name, const std::string& type, int cWid, int offsetX,
                  double opacity, const std::string& tiles, const std::string& csv = "") {
    return R"({"__identifier": ")" + name + R"(", "__type": ")" + type + R"(", "__cWid": )" +
           std::to_string(cWid) + R"(, "__cHei": 1, "__gridSize": 2, "__opacity": )" +
           std::to_string(opacity) + R"(, "__pxTotalOffsetX": )" + std::to_string(offsetX) +
           R"(, "__pxTotalOffsetY": 0, "__tilesetDefUid": 7, "visible": true,
           "intGridCsv": [)" +
           csv + R"(], "autoLayerTiles": [], "gridTiles": [)" + tiles +
           R"(], "entityInstances": []})";
}

// Top-most first, as LDtk lists them, on a level of 3 x 1 cells: Top (offset 2 px), the
// collision layer, Ground, Far (4 cells wide). The kinds show no layer's tiles (the tileset
// has padding: ldtk_tiles.h), so every tile layer is art.
std::string project() {
    const std::string layers =
        layer("Top", "Tiles", 3, 2, 1, R"({"px": [0, 0], "src": [4, 1], "f": 1, "t": 1})") + ",\n" +
        layer("Collision", "IntGrid", 3, 0, 1, "", "0, 0, 0") + ",\n" +
        layer("Ground", "Tiles", 3, 0, 1, R"({"px": [4, 0], "src": [1, 1], "f": 0, "t": 0})") +
        ",\n" +
        layer("Far", "Tiles", 4, 0, 0.5, R"({"px": [0, 0], "src": [1, 1], "f": 0, "t": 0})");
    return R"({"jsonVersion": "1.5.3", "defs": {"layers": [{"uid": 1, "intGridValues": [
          {"value": 1, "identifier": "solid", "color": "#404040"}]}], "entities": [],
        "tilesets": [{"identifier": "Art", "uid": 7, "relPath": "art.png", "tileGridSize": 2,
          "padding": 1, "spacing": 1, "pxWid": 7, "pxHei": 4, "__cWid": 2, "__cHei": 1}]},
      "levels": [{"identifier": "L", "iid": "l", "uid": 0, "worldX": 0, "worldY": 0,
        "pxWid": 6, "pxHei": 2, "externalRelPath": null, "layerInstances": [)" +
           layers + "]}], \"worlds\": []}";
}

uint32_t pixel(const interop::RgbaImage& img, int x, int y) {
    const uint8_t* p = &img.rgba[size_t(y * img.width + x) * 4];
    return uint32_t(p[3]) << 24 | uint32_t(p[0]) << 16 | uint32_t(p[1]) << 8 | p[2];
}

TEST(LdtkArt, EveryTileLayerIsDrawnInLdtksOrderAroundTheCollisionLayer) {
    const std::string dir = test::tempDir();
    writeTileset(dir + "/art.png");
    test::writeFile(dir + "/p.ldtk", project());
    const interop::LdtkArt a = interop::readLdtkArt(dir + "/p.ldtk", 0, 1);
    EXPECT_TRUE(a.art.warnings.empty());
    ASSERT_EQ(a.art.layers.size(), 4u);
    EXPECT_EQ(a.art.layers[0].name, "Far");
    EXPECT_EQ(a.art.layers[1].name, "Ground");
    EXPECT_EQ(a.art.layers[2].name, "Collision");
    EXPECT_EQ(a.art.layers[3].name, "Top");
    EXPECT_EQ(a.collisionLayer, 2u);
    EXPECT_EQ(a.art.layers[2].kind, interop::ArtLayer::Kind::Tiles);
    EXPECT_EQ(a.art.pixelWidth(), 6);
    EXPECT_EQ(a.art.pixelHeight(), 2);
    const interop::RgbaImage img = interop::composeTiledArt(a.art);
    ASSERT_EQ(img.width, 6);
    // Far: red at half opacity in cell 0 (Qt's arithmetic: alpha 255 * 0.5 -> 128 or 127).
    const uint32_t far = pixel(img, 0, 0);
    EXPECT_EQ(far & 0x00ffffff, kRed & 0x00ffffff);
    EXPECT_NEAR(double(far >> 24), 127.5, 1);
    EXPECT_EQ(pixel(img, 1, 1), far);
    // Top: tile 1 flipped across x, 2 px to the right: green then blue.
    EXPECT_EQ(pixel(img, 2, 0), kGreen);
    EXPECT_EQ(pixel(img, 3, 0), kBlue);
    EXPECT_EQ(pixel(img, 2, 1), kGreen);
    EXPECT_EQ(pixel(img, 3, 1), kBlue);
    // Ground: tile 0 in cell 2.
    EXPECT_EQ(pixel(img, 4, 0), kRed);
    EXPECT_EQ(pixel(img, 5, 1), kRed);
}

TEST(LdtkArt, ATilesetImageThatCannotBeReadIsAWarning) {
    const std::string dir = test::tempDir();
    test::writeFile(dir + "/p.ldtk", project());
    const interop::LdtkArt a = interop::readLdtkArt(dir + "/p.ldtk", 0, 1);
    ASSERT_FALSE(a.art.warnings.empty());
    EXPECT_NE(a.art.warnings[0].find("tileset \"Art\": not drawn: "), std::string::npos)
        << a.art.warnings[0];
    EXPECT_EQ(a.art.layers.size(), 1u);  // the collision layer alone
}

}  // namespace
}  // namespace ts
