// During a Walls drag the highlight shows the edges the drag sets, the locked line from the
// press to the pointer, not the nearest edge under the pointer (issue 12). Real input on a
// private Xvfb that keeps its screen in a file, read while the button is still down. Window
// points come from the mapping --verbose prints (window = x0 + map_px * zoom).
#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

#include "io/map_io.h"
#include "xvfb_session.h"

namespace ts::test {
namespace {

constexpr uint32_t kHighlight = 0xffffff;  // kWallHover in canvas_draw.cpp

class AppWallHighlight : public XvfbScreenTest {
  protected:
    // Window point of map pixel (x, y), as "X Y" for xdotool and as numbers.
    int wx(double x) const { return int(std::floor(view_.x0 + x * view_.zoom)); }
    int wy(double y) const { return int(std::floor(view_.y0 + y * view_.zoom)); }
    std::string at(double x, double y) const {
        return std::to_string(wx(x)) + " " + std::to_string(wy(y));
    }

    ViewLine view_;
};

// 12 x 10 tiles of 16 px. The drag runs down the vertical grid line x = 4 (map px 64) from
// row 1 and stops at map (70, 111): row 6, half a pixel above the top edge of cell (4, 7),
// which is the nearest edge there and lies across the line. Mid-drag, that edge must not be
// highlighted, and the line's edges from row 1 to row 6 must be.
TEST_F(AppWallHighlight, ADragHighlightsItsLineNotTheNearestEdge) {
    const std::string path = dir_ + "/level.json";
    saveMap(Map::blank(12, 10), path);
    BackgroundTilestep app(server_->display(), dir_ + "/cfg", shellQuote(path) + " --verbose");
    ASSERT_TRUE(app.waitForOutput("view x0=", 20000)) << app.err();
    view_ = parseViewLine(app.out());
    ASSERT_TRUE(view_.ok);
    ASSERT_GE(view_.zoom, 2) << "the edges would be too small to sample";
    app.xdotool("mousemove " + at(200, 150) + " sleep 0.2 key w sleep 0.25 mousemove " +
                at(63, 20) + " sleep 0.15 mousedown 1 sleep 0.15 mousemove " + at(65, 60) +
                " sleep 0.15 mousemove " + at(70, 111) + " sleep 0.3");
    const Png screen = server_->settledScreen();
    app.xdotool("mouseup 1 sleep 0.2");
    ASSERT_TRUE(screen.ok());
    // The far end of the top edge of cell (4, 7), away from the pointer's arrow.
    EXPECT_NE(screen.at(wx(78), wy(112)), kHighlight) << "the nearest edge, across the line";
    for (int row = 1; row <= 6; ++row)
        EXPECT_EQ(screen.at(wx(64), wy(16 * row + 8)), kHighlight) << "edge of row " << row;
    EXPECT_NE(screen.at(wx(64), wy(16 * 7 + 8)), kHighlight) << "row 7: past the pointer";
}

}  // namespace
}  // namespace ts::test
