// What depends on the selected tool outside the canvas comes from the tool table
// (app/editor/tools/tool.h, issue 12): the Brushes tool's resize handles, the Actors tool's
// mover for new actors, and which tools keep a kind picked in the tileset. Real input on a
// private Xvfb that keeps its screen in a file. Positions at UI scale 1 in the 1280 x 800
// window, read off screenshots of a 12 x 10 map: the tileset's "solid" row at (1100, 102),
// with the Actors tool the Inspector's "New actors" combo at (1070, 467) and, opened, its
// "Top-down AABB" item at (1060, 528). Map points from --verbose's mapping.
#include <gtest/gtest.h>

#include <cmath>

#include "io/map_io.h"
#include "xvfb_session.h"

namespace ts::test {
namespace {

class AppToolTable : public XvfbScreenTest {
  protected:
    void start(const Map& map) {
        path_ = dir_ + "/level.json";
        saveMap(map, path_);
        app_ = std::make_unique<BackgroundTilestep>(server_->display(), dir_ + "/cfg",
                                                    shellQuote(path_) + " --verbose");
        ASSERT_TRUE(app_->waitForOutput("view x0=", 20000)) << app_->err();
        view_ = parseViewLine(app_->out());
        ASSERT_TRUE(view_.ok);
        app_->xdotool("mousemove 700 650 sleep 0.2");
    }
    int wx(double x) const { return int(std::floor(view_.x0 + x * view_.zoom)); }
    int wy(double y) const { return int(std::floor(view_.y0 + y * view_.zoom)); }
    std::string at(double x, double y) const {
        return std::to_string(wx(x)) + " " + std::to_string(wy(y));
    }
    void click(const std::string& where) {
        app_->xdotool("mousemove " + where + " sleep 0.15 click 1 sleep 0.3");
    }
    void key(const std::string& k) { app_->xdotool("key " + k + " sleep 0.25"); }
    Map saveAndQuit() {
        app_->xdotool("mousemove 700 650 sleep 0.2 key ctrl+s sleep 0.4 key ctrl+q");
        if (!app_->waitForExit(10000)) ADD_FAILURE() << "did not quit: " << app_->err();
        return loadMap(path_);
    }

    std::string path_;
    std::unique_ptr<BackgroundTilestep> app_;
    ViewLine view_;
};

// A selected brush shows its handles (white squares on its corners) with the Brushes tool
// only: 2 window px up and left of its top-left corner lies inside the handle, outside the
// brush and its selection outline.
TEST_F(AppToolTable, BrushHandlesShowWithTheBrushesToolOnly) {
    Map map = Map::blank(12, 10);
    map.brushes.push_back(Brush{RectI{64, 48, 48, 32}});
    start(map);
    if (HasFatalFailure()) return;
    ASSERT_GE(view_.zoom, 2);
    key("x");
    click(at(88, 64));  // selects the brush
    app_->xdotool("mousemove 700 650 sleep 0.3");
    const int hx = wx(64) - 2, hy = wy(48) - 2;
    EXPECT_EQ(server_->settledScreen().at(hx, hy), 0xffffffu) << "no handle with the Brushes tool";
    key("b");
    EXPECT_NE(server_->settledScreen().at(hx, hy), 0xffffffu) << "a handle with the Stamp tool";
    key("ctrl+q");
    EXPECT_TRUE(app_->waitForExit(10000));
}

// With the Actors tool the Inspector offers the mover of new actors; a click then places one.
TEST_F(AppToolTable, TheActorsToolPicksTheMoverOfNewActors) {
    start(Map::blank(12, 10));
    if (HasFatalFailure()) return;
    key("a");
    click("1070 467");
    click("1060 528");
    click(at(100, 100));
    const Map saved = saveAndQuit();
    ASSERT_EQ(saved.actors.size(), 1u);
    EXPECT_EQ(saved.actors[0].mover, MoverKind::TopDownAabb);
}

// Picking a kind in the tileset keeps a tool that paints kinds (Bucket: a click then fills
// the whole empty map) and turns another (Walls) into the Stamp (a click paints one cell).
TEST_F(AppToolTable, PickingAKindKeepsOnlyToolsThatPaintIt) {
    start(Map::blank(12, 10));
    if (HasFatalFailure()) return;
    key("f");
    click("1100 102");
    click(at(40, 40));
    Map saved = saveAndQuit();
    EXPECT_EQ(saved.tile(11, 9), 1) << "the Bucket did not fill: it gave way to another tool";

    start(Map::blank(12, 10));
    if (HasFatalFailure()) return;
    key("w");
    click("1100 102");
    click(at(40, 40));
    saved = saveAndQuit();
    EXPECT_EQ(saved.tile(2, 2), 1) << "the Walls tool did not give way to the Stamp";
    EXPECT_EQ(saved.tile(11, 9), 0);
    EXPECT_EQ(saved.walls.count(), 0u);
}

}  // namespace
}  // namespace ts::test
