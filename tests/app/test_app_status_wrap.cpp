// A status message longer than the status bar's room (a plugin reload's report, a long path)
// is wrapped in a box standing on the status bar, not cut at the window's edge. Real window
// on a private Xvfb that keeps its screen in a file: the message is opened from a folder with
// a long name ("Opened PATH"), and its colour must show in the rows above the status bar.
#include <gtest/gtest.h>

#include <filesystem>

#include "io/map_io.h"
#include "xvfb_session.h"

namespace ts::test {
namespace {

// The status message's colour (kMessageColor in app/editor/panels.cpp), give or take the
// font's edge blending.
bool messageColoured(uint32_t rgb) {
    const int r = int(rgb >> 16 & 0xff), g = int(rgb >> 8 & 0xff), b = int(rgb & 0xff);
    return r > 200 && g > 170 && g < 235 && b < 140;
}

// Message-coloured pixels in rows [y0, y1) from x = 720 (where the message starts at UI
// scale 1) to the window's right edge.
int messagePixels(const Png& screen, int y0, int y1) {
    int n = 0;
    for (int y = y0; y < y1; ++y)
        for (int x = 720; x < screen.width; ++x) n += messageColoured(screen.at(x, y)) ? 1 : 0;
    return n;
}

using AppStatusWrap = XvfbScreenTest;

TEST_F(AppStatusWrap, ALongMessageWrapsAboveTheStatusBar) {
    const std::string folder =
        dir_ + "/" + std::string(90, 'a') + "/" + std::string(90, 'b') + "/" + std::string(40, 'c');
    std::filesystem::create_directories(folder);
    const std::string map = folder + "/level.json";
    saveMap(Map::blank(20, 12), map);
    BackgroundTilestep app(server_->display(), dir_ + "/cfg", shellQuote(map) + " --verbose");
    ASSERT_TRUE(app.waitForOutput("message Opened " + map, 20000)) << app.err();
    sleepMs(500);
    const Png screen = server_->settledScreen();
    ASSERT_TRUE(screen.ok());
    // The 1280 x 800 window's status bar is its last 24 rows at UI scale 1.
    const int statusTop = screen.height - 24;
    EXPECT_GT(messagePixels(screen, statusTop - 80, statusTop), 200)
        << "no wrapped message above the status bar";
    app.xdotool("key ctrl+q");
    EXPECT_TRUE(app.waitForExit(10000));
}

}  // namespace
}  // namespace ts::test
