// The editor with real input: a private Xvfb server and xdotool drive the window the way a
// user does (hotkeys, mouse drags on the canvas, Ctrl+Z, Ctrl+S, Ctrl+Q), then the saved
// file must hold exactly the expected edits. Cell positions come from the mapping that
// --verbose prints (window = x0 + map_px * zoom).
#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

#include "io/map_io.h"
#include "xvfb_session.h"

namespace ts::test {
namespace {

class AppInput : public XvfbTest {
  protected:
    // Starts the editor on `map` and waits until it has drawn the map.
    void start(const Map& map) {
        path_ = dir_ + "/level.json";
        saveMap(map, path_);
        app_ = std::make_unique<BackgroundTilestep>(server_->display(), dir_ + "/cfg",
                                                    shellQuote(path_) + " --verbose");
        ASSERT_TRUE(app_->waitForOutput("view x0=", 20000)) << app_->err();
        view_ = parseViewLine(app_->out());
        ASSERT_TRUE(view_.ok);
        tile_ = map.tileSize;
        // Keyboard focus follows the pointer without a window manager: park it on the canvas.
        move(map.width / 2, map.height / 2);
    }

    // Window point at the centre of cell (cx, cy).
    std::string at(int cx, int cy) const {
        std::ostringstream s;
        s << int(std::floor(view_.x0 + (cx * tile_ + tile_ / 2.0) * view_.zoom)) << " "
          << int(std::floor(view_.y0 + (cy * tile_ + tile_ / 2.0) * view_.zoom));
        return s.str();
    }
    void move(int cx, int cy) { app_->xdotool("mousemove " + at(cx, cy) + " sleep 0.15"); }
    void key(const std::string& k) { app_->xdotool("key " + k + " sleep 0.25"); }
    // Left-button drag through the given cells.
    void drag(const std::vector<std::pair<int, int>>& cells) {
        std::string cmd = "mousemove " + at(cells[0].first, cells[0].second) +
                          " sleep 0.15 mousedown 1 sleep 0.15";
        for (size_t i = 1; i < cells.size(); ++i)
            cmd += " mousemove " + at(cells[i].first, cells[i].second) + " sleep 0.1";
        cmd += " mouseup 1 sleep 0.25";
        app_->xdotool(cmd);
    }

    std::string path_;
    std::unique_ptr<BackgroundTilestep> app_;
    ViewLine view_;
    int tile_ = 16;
};

TEST_F(AppInput, RectangleAndStampDragsUndoSaveAndQuit) {
    Map original = Map::blank(20, 12);
    start(original);
    if (HasFatalFailure()) return;
    EXPECT_EQ(app_->windowTitle().find('*'), std::string::npos) << app_->windowTitle();

    // R: rectangle fill with the default paint (kind 1, solid) from cell (2,2) to (5,4).
    key("r");
    drag({{2, 2}, {4, 3}, {5, 4}});
    EXPECT_NE(app_->windowTitle().find("level.json *"), std::string::npos) << app_->windowTitle();
    // B: stamp drag along row 7 from x=8 to x=12, jumping cells (the stroke fills the gaps).
    key("b");
    drag({{8, 7}, {10, 7}, {12, 7}});
    // One Ctrl+Z undoes the whole stamp stroke, then save and quit.
    key("ctrl+z");
    key("ctrl+s");
    EXPECT_EQ(app_->windowTitle().find('*'), std::string::npos) << app_->windowTitle();
    key("ctrl+q");
    if (!app_->waitForExit(10000)) {
        ADD_FAILURE() << "the editor did not quit after saving: " << app_->err();
    }

    Map expected = original;
    for (int y = 2; y <= 4; ++y)
        for (int x = 2; x <= 5; ++x) expected.setTile(x, y, 1);
    Map saved = loadMap(path_);
    EXPECT_TRUE(saved == expected);
    for (int y = 0; y < saved.height; ++y) {
        std::string row;
        for (int x = 0; x < saved.width; ++x) row += saved.tile(x, y) ? '#' : '.';
        SCOPED_TRACE(row);
        for (int x = 0; x < saved.width; ++x)
            EXPECT_EQ(saved.tile(x, y), expected.tile(x, y)) << x << "," << y;
    }
}

TEST_F(AppInput, WallsEraserAndQuitAsksWhenUnsaved) {
    Map original = Map::blank(16, 10);
    for (int x = 0; x < 16; ++x) original.setTile(x, 8, 1);  // a floor to erase from
    start(original);
    if (HasFatalFailure()) return;

    // E: erase two floor cells by dragging; W: drag along the top edges of row 3, x = 3..6.
    key("e");
    drag({{5, 8}, {6, 8}});
    key("w");
    // The nearest edge to a point just below a cell's top edge is that top edge.
    auto edgePoint = [&](int cx) {
        std::ostringstream s;
        s << int(view_.x0 + (cx * tile_ + tile_ / 2.0) * view_.zoom) << " "
          << int(view_.y0 + (3 * tile_ + 1.5) * view_.zoom);
        return s.str();
    };
    app_->xdotool("mousemove " + edgePoint(3) + " sleep 0.15 mousedown 1 sleep 0.15 mousemove " +
                  edgePoint(5) + " sleep 0.1 mousemove " + edgePoint(6) +
                  " sleep 0.1 mouseup 1 sleep 0.25");
    // Ctrl+Q with unsaved changes must ask, not quit; Escape cancels the question.
    key("ctrl+q");
    sleepMs(500);
    EXPECT_TRUE(app_->running()) << "quit without asking about unsaved changes";
    key("Escape");
    key("ctrl+s");
    key("ctrl+q");
    if (!app_->waitForExit(10000)) {
        ADD_FAILURE() << "the editor did not quit after saving: " << app_->err();
    }

    Map expected = original;
    expected.setTile(5, 8, 0);
    expected.setTile(6, 8, 0);
    for (int x = 3; x <= 6; ++x) expected.walls.setH(x, 3, true);
    Map saved = loadMap(path_);
    EXPECT_TRUE(saved.tiles == expected.tiles);
    EXPECT_TRUE(saved.walls == expected.walls) << "walls: " << saved.walls.count();
    EXPECT_TRUE(saved == expected);
}

}  // namespace
}  // namespace ts::test
