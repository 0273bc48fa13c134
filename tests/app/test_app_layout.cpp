// The window's layout follows its size: a resized window fits the map again when the view
// showed it whole, and the side panel's left edge drags to a new width. Real input on a
// private Xvfb (xdotool resizes the window: no window manager enforces its minimum size
// there). What the canvas is and where the map lands come from --verbose's view lines
// (window = x0 + map_px * zoom, canvas = x,y,w,h).
#include <gtest/gtest.h>

#include "io/map_io.h"
#include "xvfb_session.h"

namespace ts::test {
namespace {

class AppLayout : public XvfbTest {
  protected:
    void start(const Map& map) {
        const std::string path = dir_ + "/level.json";
        saveMap(map, path);
        app_ = std::make_unique<BackgroundTilestep>(server_->display(), dir_ + "/cfg",
                                                    shellQuote(path) + " --verbose");
        ASSERT_TRUE(app_->waitForOutput("view x0=", 20000)) << app_->err();
    }
    std::unique_ptr<BackgroundTilestep> app_;
};

// 40 x 24 tiles of 16 px = 640 x 384 px: zoom 1 in the 1280 x 800 window's canvas; at
// 1024 x 600 the canvas is 612 x 557 (toolbar 112, panel 300, bars 19 + 24) and 640 px no
// longer fit with the 16 px margins: zoom 1/2, centred.
TEST_F(AppLayout, AResizedWindowFitsTheMapAgain) {
    start(Map::blank(40, 24));
    if (HasFatalFailure()) return;
    EXPECT_EQ(parseViewLine(app_->out()).zoom, 1);
    app_->xdotool("search --name tilestep windowsize 1024 600");
    ASSERT_TRUE(app_->waitForOutput("canvas=112,19,612,557", 5000)) << app_->out();
    const ViewLine v = parseViewLine(app_->out());
    EXPECT_EQ(v.zoom, 0.5);
    EXPECT_EQ(v.x0, 112 + (612 - 320) / 2);
    EXPECT_EQ(v.y0, 19 + std::floor((557 - 192) / 2.0));
    app_->xdotool("key ctrl+q");
    EXPECT_TRUE(app_->waitForExit(10000));
}

// Dragging the panel's left edge (x 980 in the 1280 wide window) to x 780 makes the panel
// 500 wide and the canvas 668.
TEST_F(AppLayout, TheSidePanelsEdgeDrags) {
    start(Map::blank(40, 24));
    if (HasFatalFailure()) return;
    app_->xdotool(
        "mousemove 980 400 sleep 0.2 mousedown 1 sleep 0.2 mousemove 900 400 sleep 0.1 "
        "mousemove 780 400 sleep 0.2 mouseup 1 sleep 0.3");
    EXPECT_TRUE(app_->waitForOutput("canvas=112,19,668,757", 5000)) << app_->out();
    app_->xdotool("key ctrl+q");
    EXPECT_TRUE(app_->waitForExit(10000));
}

// The dragged width is kept for the next run (settings.ini in the config folder, which each
// start here shares); a broken width there is skipped: the default 300 again.
TEST_F(AppLayout, TheSidePanelsWidthIsKeptForTheNextRun) {
    start(Map::blank(40, 24));
    if (HasFatalFailure()) return;
    app_->xdotool(
        "mousemove 980 400 sleep 0.2 mousedown 1 sleep 0.2 mousemove 900 400 sleep 0.1 "
        "mousemove 780 400 sleep 0.2 mouseup 1 sleep 0.3");
    ASSERT_TRUE(app_->waitForOutput("canvas=112,19,668,757", 5000)) << app_->out();
    app_->xdotool("key ctrl+q");
    ASSERT_TRUE(app_->waitForExit(10000));
    start(Map::blank(40, 24));
    if (HasFatalFailure()) return;
    EXPECT_NE(app_->out().find("canvas=112,19,668,757"), std::string::npos) << app_->out();
    app_->xdotool("key ctrl+q");
    ASSERT_TRUE(app_->waitForExit(10000));
    const std::string settings = dir_ + "/cfg/tilestep/settings.ini";
    ASSERT_NE(readFile(settings).find("panel_width=500\n"), std::string::npos)
        << readFile(settings);
    writeFile(settings, "panel_width=nan\npanel_width=-5\npanel_width=1e9\n");
    start(Map::blank(40, 24));
    if (HasFatalFailure()) return;
    EXPECT_NE(app_->out().find("canvas=112,19,868,757"), std::string::npos) << app_->out();
    app_->xdotool("key ctrl+q");
    EXPECT_TRUE(app_->waitForExit(10000));
}

}  // namespace
}  // namespace ts::test
