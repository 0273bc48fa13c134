// A map opens zoomed to fit the canvas (issue 19: a small map opened at 100% in the middle of
// a large empty canvas). maps/zelda-room.json, 30 x 19 tiles of 16 px = 480 x 304 px, in the
// 1280 x 800 window's canvas of 868 x 757 (worked out by hand: 1.5x is 720 x 456 and fits
// with 16 px margins, 2x would be 960 wide): zoom 1.5, centred.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "xvfb_session.h"

namespace ts::test {
namespace {

class AppOpenFit : public XvfbTest {};

TEST_F(AppOpenFit, ASmallMapOpensZoomedToFitTheCanvas) {
    BackgroundTilestep app(server_->display(), dir_ + "/cfg",
                           shellQuote(sourcePath("maps/zelda-room.json")) + " --verbose");
    ASSERT_TRUE(app.waitForOutput("view x0=", 20000)) << app.err();
    const std::string out = app.out();
    const ViewLine v = parseViewLine(out);
    ASSERT_TRUE(v.ok);
    float cx = 0, cy = 0, cw = 0, ch = 0;
    ASSERT_EQ(
        std::sscanf(out.c_str() + out.rfind("canvas="), "canvas=%f,%f,%f,%f", &cx, &cy, &cw, &ch),
        4)
        << out;
    EXPECT_EQ(v.zoom, 1.5);
    const double w = 480 * v.zoom, h = 304 * v.zoom;
    EXPECT_GT(w, 0.8 * cw) << "the map fills most of the canvas's width";
    // Centred: as much room left as right, above as below (to a pixel).
    EXPECT_LE(std::abs((v.x0 - cx) - (cx + cw - (v.x0 + w))), 1.0);
    EXPECT_LE(std::abs((v.y0 - cy) - (cy + ch - (v.y0 + h))), 1.0);
    app.xdotool("key ctrl+q");
    EXPECT_TRUE(app.waitForExit(10000));
}

}  // namespace
}  // namespace ts::test
