// Tiled's own examples composed by core (composeTiledArt) and rendered by Tiled's
// tmxrasterizer must agree pixel for pixel. Object layers are hidden in both: tmxrasterizer
// draws shape objects (tilestep draws its own), and the tile objects of the examples sit at
// fractional positions that Qt draws smoothed. The only difference allowed is ±1 per channel
// where a pixel is partly transparent (Qt rounds its unpremultiplying differently).
#include <gtest/gtest.h>

#include <cstdlib>

#include "io/png_write.h"
#include "io/tiled/tiled_compose.h"
#include "io/tiled/tiled_layers.h"
#include "io/foreign_maps.h"
#include "io/map_io.h"
#include "test_support.h"
#include "tiled_peer.h"

namespace ts::test {
namespace {

const std::string kExamples = "/usr/share/doc/tiled/examples/";

std::string quote(const std::string& s) {
    return "'" + s + "'";
}

bool haveRasterizer() {
    return runShell("command -v tmxrasterizer").exitCode == 0;
}

// tmxrasterizer's picture of MAP with the listed layers hidden.
interop::RgbaImage rasterize(const std::string& map, const std::vector<std::string>& hide) {
    const std::string dir = tempDir();
    std::string cmd = "env QT_QPA_PLATFORM=offscreen XDG_RUNTIME_DIR=" + quote(dir) +
                      " tmxrasterizer --no-smoothing";
    for (const std::string& h : hide) cmd += " --hide-layer " + quote(h);
    CommandResult r = runShell(cmd + " " + quote(map) + " " + quote(dir + "/r.png"));
    interop::RgbaImage img;
    std::string problem;
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_TRUE(interop::decodeImageFile(dir + "/r.png", &img, &problem)) << problem;
    return img;
}

struct Diff {
    int64_t exact = 0, offByOne = 0, wrong = 0;
    std::string first;
};

Diff compare(const interop::RgbaImage& a, const interop::RgbaImage& b) {
    Diff d;
    for (size_t i = 0; i + 3 < a.rgba.size(); i += 4) {
        int worst = 0;
        // Fully transparent pixels carry no colour.
        const bool clear = a.rgba[i + 3] == 0 && b.rgba[i + 3] == 0;
        for (size_t c = 0; c < 4 && !clear; ++c)
            worst = std::max(worst, std::abs(int(a.rgba[i + c]) - int(b.rgba[i + c])));
        const bool partial = a.rgba[i + 3] != 255;
        if (worst == 0) {
            ++d.exact;
        } else if (worst == 1 && partial) {
            ++d.offByOne;
        } else if (++d.wrong == 1) {
            const size_t p = i / 4;
            d.first = "first at (" + std::to_string(p % size_t(a.width)) + ", " +
                      std::to_string(p / size_t(a.width)) + "): ours";
            for (size_t c = 0; c < 4; ++c) d.first += " " + std::to_string(a.rgba[i + c]);
            d.first += ", Tiled's";
            for (size_t c = 0; c < 4; ++c) d.first += " " + std::to_string(b.rgba[i + c]);
        }
    }
    return d;
}

void expectSameAsTiled(const std::string& map, const std::vector<std::string>& hide) {
    if (!haveRasterizer()) GTEST_SKIP() << "tmxrasterizer is not installed (apt-get install tiled)";
    if (readFile(map).empty()) GTEST_SKIP() << map << " is missing";
    interop::TiledArt art = interop::readTiledArt(map);
    EXPECT_TRUE(art.warnings.empty()) << art.warnings.front();
    std::vector<bool> shown;
    for (const interop::ArtLayer& l : art.layers)
        shown.push_back(l.visible && l.kind != interop::ArtLayer::Kind::Objects);
    interop::RgbaImage ours = interop::composeTiledArt(art, &shown);
    interop::RgbaImage tiled = rasterize(map, hide);
    ASSERT_EQ(ours.width, tiled.width);
    ASSERT_EQ(ours.height, tiled.height);
    Diff d = compare(ours, tiled);
    EXPECT_EQ(d.wrong, 0) << d.first << "; exact " << d.exact << ", off by one " << d.offByOne;
}

TEST(TiledArt, DesertMarginAndSpacing) {
    expectSameAsTiled(kExamples + "desert.tmx", {});
}

TEST(TiledArt, IslandFourLayersAndAnimatedTiles) {
    expectSameAsTiled(kExamples + "rpg/island.tmx", {"Objects"});
}

TEST(TiledArt, PerspectiveWallsTileOffsetAndLargeTiles) {
    expectSameAsTiled(kExamples + "perspective_walls.tmx", {});
}

TEST(TiledArt, SewersColourKeyAndOpacity) {
    expectSameAsTiled(kExamples + "sewers.tmx", {});
}

TEST(TiledArt, OrthogonalOutside) {
    const std::string dir = tempDir();
    const std::string cmd = "gzip -dc " + quote(kExamples + "orthogonal-outside.tmx.gz") + " > " +
                            quote(dir + "/orthogonal-outside.tmx");
    if (std::system(cmd.c_str()) != 0) GTEST_SKIP() << "orthogonal-outside.tmx.gz is missing";
    writeFile(dir + "/buch-outdoor.png", readFile(kExamples + "buch-outdoor.png"));
    expectSameAsTiled(dir + "/orthogonal-outside.tmx", {"Objects"});
}

// Tiled counts an atlas's margin at its top-left only (columns = (width - margin + spacing) /
// (tile + spacing)): an image cut that tightly has one more column and row than "margin on
// every side" gives, and every tile past the first row was drawn from the wrong cell.
TEST(TiledArt, MarginIsCountedAtTheTopLeftOnlyAsTiledDoes) {
    const std::string dir = tempDir();
    // 3 x 2 tiles of 8 px, margin 2, spacing 1: 2 + 3*8 + 2*1 = 28 by 2 + 2*8 + 1 = 19.
    const int w = 28, h = 19;
    std::vector<uint32_t> argb(size_t(w * h), 0xff000000u);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
            argb[size_t(y * w + x)] = 0xff000000u | uint32_t(x * 9) << 16 | uint32_t(y * 13) << 8;
    writeFile(dir + "/atlas.png", interop::encodePng(w, h, argb));
    writeFile(dir + "/m.tmx", R"(<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" renderorder="right-down" width="3" height="2" tilewidth="8" tileheight="8" infinite="0" nextlayerid="2" nextobjectid="1">
 <tileset firstgid="1" name="t" tilewidth="8" tileheight="8" spacing="1" margin="2" tilecount="6" columns="3">
  <image source="atlas.png" width="28" height="19"/>
 </tileset>
 <layer id="1" name="art" width="3" height="2">
  <data encoding="csv">6,5,4,
3,2,1</data>
 </layer>
</map>
)");
    // By hand: the cell (0, 0) shows tile 5, the atlas's bottom-right one, at (2 + 2*9, 2 + 9).
    interop::TiledArt art = interop::readTiledArt(dir + "/m.tmx");
    interop::RgbaImage ours = interop::composeTiledArt(art);
    ASSERT_EQ(ours.width, 24);
    const uint8_t* p = &ours.rgba[0];
    EXPECT_EQ(int(p[0]), 20 * 9);
    EXPECT_EQ(int(p[1]), 11 * 13);
    EXPECT_EQ(int(p[3]), 255);
    expectSameAsTiled(dir + "/m.tmx", {});
}

// Issue 28: a GID past its tileset's tiles was taken silently. On an art layer it is a
// warning naming the layer, the first such cell and how many more (they are not drawn); on
// the collision layer (an image collection's unlisted tile here) it is an error.
TEST(TiledArt, TilesInNoTilesetAreAWarningOnArtLayersAndAnErrorOnTheCollisionLayer) {
    const std::string dir = tempDir();
    std::vector<uint32_t> argb(size_t(16 * 16), 0xff336699u);
    writeFile(dir + "/atlas.png", interop::encodePng(16, 16, argb));
    // A 2 x 2 atlas of 8-px tiles: GIDs 1..4; then a collection with tiles 0 and 3: GIDs
    // 11 and 14 (12 and 13 are in no tileset, nor is 15).
    const std::string head = R"(<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" renderorder="right-down" width="3" height="2" tilewidth="8" tileheight="8" infinite="0">
 <tileset firstgid="1" name="atlas" tilewidth="8" tileheight="8" tilecount="4" columns="2">
  <image source="atlas.png" width="16" height="16"/>
 </tileset>
 <tileset firstgid="11" name="things" tilewidth="8" tileheight="8" tilecount="2" columns="0">
  <tile id="0"><image source="atlas.png" width="16" height="16"/></tile>
  <tile id="3"><image source="atlas.png" width="16" height="16"/></tile>
 </tileset>
)";
    writeFile(dir + "/m.tmx", head + R"( <layer id="1" name="collision" width="3" height="2">
  <data encoding="csv">0,0,0,
0,0,0</data>
 </layer>
 <layer id="2" name="deco" width="3" height="2">
  <data encoding="csv">1,5,11,
13,14,9</data>
 </layer>
</map>
)");
    interop::TiledArt art = interop::readTiledArt(dir + "/m.tmx");
    int found = 0;
    for (const std::string& w : art.warnings)
        found += w ==
                 "layer \"deco\": tile (1, 0): GID 5 is in no tileset (and 2 more cells): "
                 "not drawn";
    EXPECT_EQ(found, 1) << (art.warnings.empty() ? "no warning" : art.warnings.back());
    writeFile(dir + "/c.tmx", head + R"( <layer id="1" name="collision" width="3" height="2">
  <data encoding="csv">11,14,0,
0,12,0</data>
 </layer>
</map>
)");
    try {
        interop::importMapFile(dir + "/c.tmx", {}, dir);
        FAIL() << "imported";
    } catch (const MapError& e) {
        EXPECT_EQ(std::string(e.what()),
                  dir +
                      "/c.tmx: layer \"collision\": tile (1, 1): GID 12 is in no tileset "
                      "(tileset \"things\" has no tile 1)");
    }
}

// The same map in Tiled's JSON form (written by Tiled itself) gives the same picture.
TEST(TiledArt, TmjAsTmx) {
    if (!tiledAvailable()) GTEST_SKIP() << "tiled is not installed";
    const std::string dir = tempDir();
    for (const char* f : {"island.tmx", "beach_tileset.tsx", "beach_tileset.png"})
        writeFile(dir + "/" + f, readFile(kExamples + "rpg/" + f));
    writeFile(dir + "/sewers.tmx", readFile(kExamples + "sewers.tmx"));
    writeFile(dir + "/sewer_tileset.png", readFile(kExamples + "sewer_tileset.png"));
    for (const char* name : {"island", "sewers"}) {
        const std::string tmx = dir + "/" + name + ".tmx", tmj = dir + "/" + name + ".tmj";
        std::string messages;
        ASSERT_EQ(tiledExport("json", tmx, tmj, &messages), 0) << messages;
        interop::TiledArt a = interop::readTiledArt(tmx), b = interop::readTiledArt(tmj);
        EXPECT_TRUE(b.warnings.empty()) << b.warnings.front();
        ASSERT_EQ(a.layers.size(), b.layers.size());
        interop::RgbaImage x = interop::composeTiledArt(a), y = interop::composeTiledArt(b);
        EXPECT_EQ(x.width, y.width);
        EXPECT_TRUE(x.rgba == y.rgba) << name;
    }
}

// Every path a map names may be a FIFO, a device or a folder: refused without blocking.
TEST(TiledArt, ImagesThatAreNotFilesAreRefusedWithoutBlocking) {
    const std::string dir = tempDir();
    ASSERT_EQ(runShell("mkfifo " + quote(dir + "/fifo.png")).exitCode, 0);
    runShell("mkdir " + quote(dir + "/folder.png"));
    writeFile(dir + "/t.tsx", R"(<tileset name="t" tilewidth="16" tileheight="16">
 <image source="/dev/zero" width="16" height="16"/></tileset>)");
    writeFile(dir + "/m.tmx",
              R"(<map orientation="orthogonal" width="1" height="1" tilewidth="16" tileheight="16">
 <tileset firstgid="1" name="a" tilewidth="16" tileheight="16"><image source="fifo.png"/></tileset>
 <tileset firstgid="2" name="b" tilewidth="16" tileheight="16"><image source="folder.png"/></tileset>
 <tileset firstgid="3" source="t.tsx"/>
 <tileset firstgid="4" source="fifo.png"/>
 <imagelayer name="i"><image source="/dev/null"/></imagelayer>
 <layer name="l" width="1" height="1"><data encoding="csv">1</data></layer>
</map>)");
    interop::TiledArt art = interop::readTiledArt(dir + "/m.tmx");
    EXPECT_EQ(art.warnings.size(), 5u);
    interop::RgbaImage img = interop::composeTiledArt(art);
    EXPECT_EQ(img.width, 16);
    EXPECT_EQ(img.rgba[3], 0);
    EXPECT_THROW(interop::readTiledArt(dir + "/fifo.png"), MapError);
}

}  // namespace
}  // namespace ts::test
