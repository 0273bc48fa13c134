// Probe marks keep a minimum size on screen: at zoom 1 a scanline blocked across one map
// pixel used to be a single window pixel. maps/bomber.json with a log whose frame 61 blocks
// four scanlines, each from x 64 to 65 at y 46, 50.67, 55.33 and 60 (read off
// `tilestep run --probes`), screenshotted at zoom 1 (the map fits a 1000 x 700 window at 1, not
// 1.5) with and without the scanline overlay.
#include <gtest/gtest.h>

#include "xvfb_session.h"

namespace ts::test {
namespace {

TEST(AppProbeMarks, BlockedScanlinesAreAtLeastTwoPixelsAcrossAtZoomOne) {
    if (!haveCommand("xvfb-run")) GTEST_SKIP() << "xvfb-run is not installed";
    const std::string dir = tempDir();
    writeFile(dir + "/bomber.log", "30,R\n30,D\n40,R\n30,U\n");
    auto shot = [&](const std::string& overlays, ViewLine* v) {
        const std::string out = dir + "/" + overlays + ".png";
        CommandResult r = runTilestepInXvfb(
            shellQuote(sourcePath("maps/bomber.json")) + " --inputs " +
                shellQuote(dir + "/bomber.log") + " --frame 62 --overlays " + overlays +
                " --window 1000x700 --screenshot " + shellQuote(out) + " --verbose",
            dir + "/cfg");
        EXPECT_EQ(r.exitCode, 0) << r.err;
        *v = parseViewLine(r.out);
        return readPng(out);
    };
    ViewLine v;
    const Png none = shot("none", &v);
    const Png marks = shot("scanlines", &v);
    ASSERT_TRUE(none.ok() && marks.ok() && v.ok);
    ASSERT_EQ(v.zoom, 1) << "the test is about zoom 1";
    // Each mark: the window pixels around its map position that the overlay changed.
    for (double y : {46.0, 50.0 + 2.0 / 3, 55.0 + 1.0 / 3, 60.0}) {
        SCOPED_TRACE(y);
        int changed = 0;
        for (int wy = int(v.y0 + y) - 3; wy <= int(v.y0 + y) + 3; ++wy)
            for (int wx = int(v.x0 + 64) - 3; wx <= int(v.x0 + 65) + 3; ++wx)
                changed += none.at(wx, wy) != marks.at(wx, wy);
        EXPECT_GE(changed, 4) << "a blocked scanline mark must be at least 2 x 2 window pixels";
    }
}

}  // namespace
}  // namespace ts::test
