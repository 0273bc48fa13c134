// UI scale changes in a running editor, seen on screen: a private Xvfb server that keeps its
// screen in a file (-fbdir, XWD format), so the test reads what a user would see at any
// moment, not only a --screenshot at start-up. Menu positions are those of the 1280 x 800
// window with DejaVu Sans at scale 1 and 2 (the View menu, UI scale, then a scale).
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>

#include "io/map_io.h"
#include "xvfb_session.h"

namespace ts::test {
namespace {

// Pixels that differ in rows [0, rows).
size_t differingPixels(const Png& a, const Png& b, int rows) {
    if (a.width != b.width || a.height != b.height) return size_t(-1);
    size_t n = 0;
    for (int y = 0; y < rows && y < a.height; ++y)
        for (int x = 0; x < a.width; ++x) n += a.at(x, y) != b.at(x, y);
    return n;
}

class AppUiScale : public XvfbScreenTest {
  protected:
};

// Scale 1 -> 2 -> 1 must look exactly like scale 1 did at the start (the status bar, with
// its fading "Opened" note, aside). The style used to be scaled on top of the previous
// scale's sizes, so padding piled up with each change and labels were cut.
TEST_F(AppUiScale, BackToTheFirstScaleLooksTheSame) {
    Map m = Map::blank(20, 12);
    const std::string path = dir_ + "/level.json";
    saveMap(m, path);
    BackgroundTilestep app(server_->display(), dir_ + "/cfg",
                           shellQuote(path) + " --verbose --scale 1");
    ASSERT_TRUE(app.waitForOutput("view x0=", 20000)) << app.err();
    const std::string park = "mousemove 640 600 sleep 0.6";
    app.xdotool(park);
    const Png before = server_->settledScreen();
    ASSERT_TRUE(before.ok());
    // View > UI scale > 2 x, then (at scale 2) View > UI scale > 1 x.
    app.xdotool(
        "mousemove 90 9 sleep 0.2 click 1 sleep 0.3 mousemove 100 105 sleep 0.4 "
        "mousemove 220 105 sleep 0.2 mousemove 220 177 sleep 0.3 click 1 sleep 0.6");
    app.xdotool(
        "mousemove 180 19 sleep 0.2 click 1 sleep 0.3 mousemove 200 211 sleep 0.4 "
        "mousemove 440 211 sleep 0.3 click 1 sleep 0.6");
    app.xdotool(park);
    const Png after = server_->settledScreen();
    EXPECT_EQ(differingPixels(before, after, 770), 0u);
    app.xdotool("key ctrl+q");
    EXPECT_TRUE(app.waitForExit(10000));
}

}  // namespace
}  // namespace ts::test
