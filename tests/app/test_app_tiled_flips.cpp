// The editor draws Tiled's flipped and rotated tiles as Tiled does: a map whose layer shows
// one tile of a Tiled example tileset in all eight orientations, screenshotted by
// `tilestep MAP --screenshot` and rendered by Tiled's own tmxrasterizer; every map pixel of
// every orientation must be the same colour in both.
#include <gtest/gtest.h>

#include "io/layer_data.h"
#include "tiled_peer.h"
#include "xvfb_session.h"

namespace ts::test {
namespace {

const std::string kExampleImage = "/usr/share/doc/tiled/examples/buch-outdoor.png";

// Tile 212 of buch-outdoor.png (16-px tiles, 24 to a row, no margin or spacing): opaque,
// and each of its eight orientations differs from every other in at least 190 of its 256
// pixels, so a wrong turn cannot pass unnoticed.
constexpr uint32_t kGid = 212 + 1;

TEST(AppTiledFlips, EveryOrientationDrawsAsTmxrasterizerDrawsIt) {
    if (!haveCommand("xvfb-run")) GTEST_SKIP() << "xvfb-run is not installed";
    if (!tiledAvailable()) GTEST_SKIP() << "tiled is not installed (apt-get install tiled)";
    const std::string dir = tempDir();
    const std::string image = readFile(kExampleImage);
    if (image.empty()) GTEST_SKIP() << kExampleImage << " is missing";
    writeFile(dir + "/buch-outdoor.png", image);
    // Tiled's flip bits in the order of image_flip's values 0..7: none, D, V, V+D, H, H+D,
    // H+V, H+V+D. Row 0 holds them; the rows below stay empty.
    const uint32_t flips[8] = {0,
                               interop::kFlipD,
                               interop::kFlipV,
                               interop::kFlipV | interop::kFlipD,
                               interop::kFlipH,
                               interop::kFlipH | interop::kFlipD,
                               interop::kFlipH | interop::kFlipV,
                               interop::kFlipH | interop::kFlipV | interop::kFlipD};
    std::string row0;
    for (uint32_t f : flips) row0 += std::to_string(kGid | f) + ",";
    writeFile(dir + "/m.tmx", R"(<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" orientation="orthogonal" renderorder="right-down" width="8" height="3" tilewidth="16" tileheight="16" infinite="0" nextlayerid="2" nextobjectid="1">
 <tileset firstgid="1" name="outdoor" tilewidth="16" tileheight="16" tilecount="288" columns="24">
  <image source="buch-outdoor.png" width="384" height="192"/>
 </tileset>
 <layer id="1" name="collision" width="8" height="3"><data encoding="csv">
)" + row0 + R"(
0,0,0,0,0,0,0,0,
0,0,0,0,0,0,0,0
</data></layer>
</map>
)");
    int w = 0, h = 0;
    std::vector<uint32_t> tiled;
    ASSERT_TRUE(tiledRender(dir + "/m.tmx", "collision", &w, &h, &tiled));
    ASSERT_EQ(w, 128);
    ASSERT_GE(h, 16);

    const std::string shot = dir + "/shot.png";
    CommandResult r = runTilestepInXvfb(
        shellQuote(dir + "/m.tmx") + " --screenshot " + shellQuote(shot) + " --verbose",
        dir + "/cfg");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    Png png = readPng(shot);
    ASSERT_TRUE(png.ok());
    ViewLine view = parseViewLine(r.out);
    ASSERT_TRUE(view.ok) << r.out;
    // At zoom 2 or more the centre of a map pixel's square is never on a grid line (those
    // cover the first window column and row of each cell).
    ASSERT_GE(view.zoom, 2) << r.out;

    for (int f = 0; f < 8; ++f) {
        int wrong = 0;
        for (int y = 0; y < 16; ++y)
            for (int x = 0; x < 16; ++x) {
                const int px = f * 16 + x;
                const uint32_t want = tiled[size_t(y * w + px)];
                ASSERT_EQ(want >> 24, 0xffu)
                    << "tmxrasterizer left (" << px << ", " << y << ") transparent";
                const uint32_t got = png.at(int(view.x0 + (px + 0.5) * view.zoom),
                                            int(view.y0 + (y + 0.5) * view.zoom));
                if (got != (want & 0xffffff) && ++wrong <= 3)
                    ADD_FAILURE() << "orientation " << f << ", pixel (" << x << ", " << y
                                  << "): tilestep " << std::hex << got << ", Tiled "
                                  << (want & 0xffffff);
            }
        EXPECT_EQ(wrong, 0) << "orientation " << f;
    }
}

}  // namespace
}  // namespace ts::test
