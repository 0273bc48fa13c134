// The editor draws an imported Tiled map as Tiled draws it: `tilestep MAP --screenshot` of
// Tiled's own examples against tmxrasterizer's picture of the same map (object layers hidden:
// tilestep draws its own marks for shapes). Every opaque map pixel is compared at the centre
// of its window square (at zoom 2 never on a grid line; at zoom 1 the grid's pixels are
// left out); GL blends in floating point where
// Qt rounds to bytes, so a channel may differ by 1 where a partly transparent tile pixel was
// blended, never more.
#include <gtest/gtest.h>

#include <cstdlib>

#include "io/tiled/tiled_layers.h"
#include "xvfb_session.h"

namespace ts::test {
namespace {

const std::string kExamples = "/usr/share/doc/tiled/examples/";

// `minCompared`: the opaque map pixels the map has, at least (zoom 1 leaves the grid out).
void expectEditorDrawsAsTiled(const std::string& map, const std::string& hide,
                              int64_t minCompared) {
    if (!haveCommand("xvfb-run")) GTEST_SKIP() << "xvfb-run is not installed";
    if (!haveCommand("tmxrasterizer")) GTEST_SKIP() << "tmxrasterizer is not installed (tiled)";
    if (readFile(map).empty()) GTEST_SKIP() << map << " is missing";
    const std::string dir = tempDir();
    const std::string ref = dir + "/tiled.png";
    std::string cmd = "env QT_QPA_PLATFORM=offscreen XDG_RUNTIME_DIR=" + shellQuote(dir) +
                      " tmxrasterizer --no-smoothing " +
                      (hide.empty() ? "" : "--hide-layer " + shellQuote(hide) + " ") +
                      shellQuote(map) + " " + shellQuote(ref) + " >/dev/null 2>&1";
    ASSERT_EQ(std::system(cmd.c_str()), 0);
    interop::RgbaImage tiled;
    std::string problem;
    ASSERT_TRUE(interop::decodeImageFile(ref, &tiled, &problem)) << problem;

    // A screen large enough for zoom 2 (island), zoom 1 (desert, 1280 px).
    const std::string shot = dir + "/shot.png";
    cmd = std::string(kGuiEnv) + "XDG_CONFIG_HOME=" + shellQuote(dir + "/cfg") +
          " xvfb-run -a -s '-screen 0 2600x1800x24' " + shellQuote(TILESTEP_BINARY) + " " +
          shellQuote(map) + " --window 2560x1760 --screenshot " + shellQuote(shot) +
          " --verbose >" + dir + "/out 2>" + dir + "/err </dev/null";
    ASSERT_EQ(std::system(cmd.c_str()), 0) << readFile(dir + "/err");
    Png png = readPng(shot);
    ASSERT_TRUE(png.ok());
    ViewLine view = parseViewLine(readFile(dir + "/out"));
    ASSERT_TRUE(view.ok) << readFile(dir + "/out");
    ASSERT_GE(view.zoom, 1) << "the map should fit at zoom 1 or more";
    const interop::TiledArt art = interop::readTiledArt(map);

    int64_t compared = 0, exact = 0, wrong = 0;
    for (int y = 0; y < tiled.height; ++y)
        for (int x = 0; x < tiled.width; ++x) {
            const uint8_t* want = &tiled.rgba[(size_t(y) * size_t(tiled.width) + size_t(x)) * 4];
            if (want[3] != 255) continue;
            // At zoom 1 a cell's first column and row are under the grid lines.
            if (view.zoom < 2 && (x % art.tileWidth == 0 || y % art.tileHeight == 0)) continue;
            const uint32_t got =
                png.at(int(view.x0 + (x + 0.5) * view.zoom), int(view.y0 + (y + 0.5) * view.zoom));
            int worst = 0;
            for (int c = 0; c < 3; ++c)
                worst = std::max(worst, std::abs(int((got >> (16 - 8 * c)) & 0xff) - int(want[c])));
            ++compared;
            exact += worst == 0;
            if (worst > 1 && ++wrong <= 3)
                ADD_FAILURE() << "map pixel (" << x << ", " << y << "): tilestep " << std::hex
                              << got << ", Tiled "
                              << (uint32_t(want[0]) << 16 | uint32_t(want[1]) << 8 | want[2]);
        }
    std::printf("%s: %lld pixels compared, %lld exact\n", map.c_str(), (long long)compared,
                (long long)exact);
    EXPECT_EQ(wrong, 0) << "of " << compared << " pixels (" << exact << " exact)";
    EXPECT_GE(compared, minCompared);
}

TEST(AppTiledArt, DesertMarginAndSpacing) {
    expectEditorDrawsAsTiled(kExamples + "desert.tmx", "", 1500000);
}

TEST(AppTiledArt, IslandEveryLayer) {
    expectEditorDrawsAsTiled(kExamples + "rpg/island.tmx", "Objects", 697000);
}

TEST(AppTiledArt, SewersLayerOpacity) {
    expectEditorDrawsAsTiled(kExamples + "sewers.tmx", "", 1300000);
}

TEST(AppTiledArt, PerspectiveWallsLargeTilesAndTileOffset) {
    expectEditorDrawsAsTiled(kExamples + "perspective_walls.tmx", "", 90000);
}

}  // namespace
}  // namespace ts::test
