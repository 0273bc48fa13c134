// Actors in Edit mode are drawn in their mover's colour with their name above the box (they
// were all the same pink box without a name). Screenshot of a map with a platformer
// (pixel sweep, pink 0xff7eb0) and a top-down actor (blue 0x7ec8ff); positions from the
// mapping --verbose prints (window = x0 + map_px * zoom).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>

#include "io/map_io.h"
#include "xvfb_session.h"

namespace ts::test {
namespace {

bool near(uint32_t a, uint32_t b) {
    for (int shift = 0; shift <= 16; shift += 8)
        if (std::abs(int((a >> shift) & 0xff) - int((b >> shift) & 0xff)) > 8) return false;
    return true;
}

TEST(AppActorMarks, ActorsShowTheirMoverColourAndName) {
    if (!haveCommand("xvfb-run")) GTEST_SKIP() << "xvfb-run is not installed";
    const std::string dir = tempDir();
    Map m = Map::blank(20, 12);
    m.actors.push_back(makeActor("hero", MoverKind::PixelSweep, 48, 96, 16, 16));
    m.actors.push_back(makeActor("knight", MoverKind::TopDownAabb, 192, 96, 16, 16));
    saveMap(m, dir + "/m.json");
    CommandResult r = runTilestepInXvfb(
        shellQuote(dir + "/m.json") + " --screenshot " + shellQuote(dir + "/m.png") + " --verbose",
        dir + "/cfg");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const ViewLine v = parseViewLine(r.out);
    const Png png = readPng(dir + "/m.png");
    ASSERT_TRUE(v.ok && png.ok());
    const uint32_t colours[] = {0xff7eb0, 0x7ec8ff};
    for (size_t i = 0; i < 2; ++i) {
        SCOPED_TRACE(m.actors[i].name);
        const Actor& a = m.actors[i];
        const int x = int(std::floor(v.x0 + a.x * v.zoom)),
                  y = int(std::floor(v.y0 + a.y * v.zoom));
        // The outline's top-left pixel.
        EXPECT_PRED2(near, png.at(x, y), colours[i]) << std::hex << png.at(x, y);
        // The name: text pixels in the mover's colour in the band above the box.
        int text = 0;
        for (int ty = y - 20; ty < y - 1; ++ty)
            for (int tx = x; tx < x + 60; ++tx) text += near(png.at(tx, ty), colours[i]);
        EXPECT_GE(text, 5) << "no name above the box";
    }
}

}  // namespace
}  // namespace ts::test
