// Issue 30, item 6, with real input (xdotool on a private Xvfb): an actor placed with the Actors
// tool lands with its box centred on the click, and one placed overlapping solid is said in
// the status bar (--verbose prints each status message); after the Open dialog is closed, Tab
// still switches between Edit and Debug mode (--verbose prints "mode debug" / "mode edit")
// instead of moving into a field. Window points come from the mapping --verbose prints.
#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

#include "io/map_io.h"
#include "xvfb_session.h"

namespace ts::test {
namespace {

class AppPlaceAndTab : public XvfbTest {
  protected:
    void start(const Map& map) {
        path_ = dir_ + "/level.json";
        saveMap(map, path_);
        app_ = std::make_unique<BackgroundTilestep>(server_->display(), dir_ + "/cfg",
                                                    shellQuote(path_) + " --verbose");
        ASSERT_TRUE(app_->waitForOutput("view x0=", 20000)) << app_->err();
        view_ = parseViewLine(app_->out());
        ASSERT_TRUE(view_.ok);
        ASSERT_GE(view_.zoom, 1.0);  // a map pixel is at least a window pixel: clicks are exact
    }
    // Window point in the middle of map pixel (x, y).
    std::string px(int x, int y) const {
        std::ostringstream s;
        s << int(std::floor(view_.x0 + (x + 0.5) * view_.zoom)) << " "
          << int(std::floor(view_.y0 + (y + 0.5) * view_.zoom));
        return s.str();
    }
    // Waits up to 5 s for `line` to have been printed `n` times.
    bool waitForCount(const std::string& line, int n) {
        for (int waited = 0;; waited += 100) {
            const std::string out = app_->out();
            int seen = 0;
            for (size_t at = out.find(line); at != std::string::npos; at = out.find(line, at + 1))
                ++seen;
            if (seen >= n) return true;
            if (waited >= 5000) return false;
            sleepMs(100);
        }
    }
    void key(const std::string& k) { app_->xdotool("key " + k + " sleep 0.3"); }
    void click(const std::string& at) {
        app_->xdotool("mousemove " + at + " sleep 0.15 click 1 sleep 0.3");
    }

    std::string path_;
    std::unique_ptr<BackgroundTilestep> app_;
    ViewLine view_;
};

// 12 x 10 tiles of 16 px with one solid tile, (6, 5): [96, 112) x [80, 96). The new actors'
// mover is the pixel sweep, 12 x 16 px: a click on (40, 40) puts its top-left at (34, 32),
// free; a click on (100, 80) at (94, 72): [94, 106) x [72, 88) overlaps the solid tile, said.
// Ctrl+Z takes that one back.
TEST_F(AppPlaceAndTab, APlacedActorIsCentredOnTheClickAndOverlappingSolidIsSaid) {
    Map original = Map::blank(12, 10);
    original.setTile(6, 5, 1);
    start(original);
    if (HasFatalFailure()) return;
    key("a");
    click(px(40, 40));
    click(px(100, 80));
    EXPECT_TRUE(app_->waitForOutput("message Placed actor2 overlapping solid", 5000))
        << app_->out();
    EXPECT_EQ(app_->out().find("message Placed actor1"), std::string::npos) << app_->out();
    key("ctrl+z");
    key("ctrl+s");
    key("ctrl+q");
    ASSERT_TRUE(app_->waitForExit(10000)) << app_->err();
    const Map saved = loadMap(path_);
    ASSERT_EQ(saved.actors.size(), 1u);
    EXPECT_EQ(saved.actors[0].name, "actor1");
    EXPECT_EQ(saved.actors[0].x, 34);
    EXPECT_EQ(saved.actors[0].y, 32);
}

// Ctrl+O opens the Open dialog (its path field takes the keyboard), Escape closes it; Tab
// then goes to Debug mode and Tab again back to Edit mode.
TEST_F(AppPlaceAndTab, TabSwitchesModesAfterTheOpenDialogCloses) {
    start(Map::blank(12, 10));
    if (HasFatalFailure()) return;
    key("Tab");
    ASSERT_TRUE(app_->waitForOutput("mode debug", 5000)) << app_->out();
    key("ctrl+o");
    ASSERT_TRUE(app_->waitForOutput("dialog Open map", 5000)) << app_->out();
    key("Escape");
    key("Tab");
    EXPECT_TRUE(app_->waitForOutput("mode edit", 5000)) << app_->out();
    key("ctrl+o");
    key("Escape");
    key("Tab");
    EXPECT_TRUE(waitForCount("mode debug", 2)) << app_->out();
    key("ctrl+q");
    EXPECT_TRUE(app_->waitForExit(10000)) << app_->err();
}

}  // namespace
}  // namespace ts::test
