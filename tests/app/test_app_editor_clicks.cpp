// Editor and debugger clicks from issue 12, with real input (xdotool on a private Xvfb):
// a wobbly Walls drag sets one line; Debug mode starts inspecting (a click selects, it does
// not paint); Escape clears a captured stamp and closes an open menu; Save log writes the
// selected actor's own file. The saved file or the window title (a '*' once the map
// changed) must show it. Cell positions come from the mapping --verbose prints
// (window = x0 + map_px * zoom).
#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

#include "io/map_io.h"
#include "xvfb_session.h"

namespace ts::test {
namespace {

class AppEditorClicks : public XvfbTest {
  protected:
    void start(const Map& map, const std::string& args = "") {
        path_ = dir_ + "/level.json";
        saveMap(map, path_);
        app_ = std::make_unique<BackgroundTilestep>(server_->display(), dir_ + "/cfg",
                                                    shellQuote(path_) + " --verbose " + args);
        ASSERT_TRUE(app_->waitForOutput("view x0=", 20000)) << app_->err();
        view_ = parseViewLine(app_->out());
        ASSERT_TRUE(view_.ok);
        tile_ = map.tileSize;
        app_->xdotool("mousemove " + px(map.widthPx() / 2.0, map.heightPx() / 2.0) + " sleep 0.2");
    }
    // Window point of map pixel (x, y).
    std::string px(double x, double y) const {
        std::ostringstream s;
        s << int(std::floor(view_.x0 + x * view_.zoom)) << " "
          << int(std::floor(view_.y0 + y * view_.zoom));
        return s.str();
    }
    std::string cell(int cx, int cy) const { return px((cx + 0.5) * tile_, (cy + 0.5) * tile_); }
    void key(const std::string& k) { app_->xdotool("key " + k + " sleep 0.25"); }
    void click(const std::string& at, int button = 1) {
        app_->xdotool("mousemove " + at + " sleep 0.15 click " + std::to_string(button) +
                      " sleep 0.25");
    }
    bool dirty() const { return app_->windowTitle().find('*') != std::string::npos; }
    void saveAndQuit() {
        key("ctrl+s");
        key("ctrl+q");
        if (!app_->waitForExit(10000)) ADD_FAILURE() << "did not quit: " << app_->err();
    }

    std::string path_;
    std::unique_ptr<BackgroundTilestep> app_;
    ViewLine view_;
    int tile_ = 16;
};

// Down the vertical grid line x = 4 from row 1 to row 6 with the mouse wobbling 3 map px
// either side: the nearest edge under such a mouse is often a cell's top edge, which the
// editor used to add (stubs off the line). Only the six edges of the line may be set.
TEST_F(AppEditorClicks, WobblyWallDragSetsOnlyTheLine) {
    Map original = Map::blank(12, 10);
    start(original);
    if (HasFatalFailure()) return;
    key("w");
    std::string cmd = "mousemove " + px(64, 20) + " sleep 0.15 mousedown 1 sleep 0.15";
    const int wobble[] = {3, -3, 2, -2, 3, -1};
    for (int i = 1; i <= 30; ++i)
        cmd += " mousemove " + px(64 + wobble[i % 6], 20 + 3 * i) + " sleep 0.03";  // to y 110
    app_->xdotool(cmd + " mouseup 1 sleep 0.3");
    saveAndQuit();
    Map expected = original;
    for (int y = 1; y <= 6; ++y) expected.walls.setV(4, y, true);
    Map saved = loadMap(path_);
    EXPECT_EQ(saved.walls.count(), 6u);
    EXPECT_TRUE(saved.walls == expected.walls);
}

// Debug mode starts with Inspect: a click on the map selects, it does not paint (the
// Stamp tool used to be active and painted). A tool picked with its key edits again.
TEST_F(AppEditorClicks, DebugModeClicksInspect) {
    Map original = Map::blank(12, 10);
    original.actors.push_back(makeActor("hero", MoverKind::TopDownAabb, 32, 32, 16, 16));
    start(original, "--debug");
    if (HasFatalFailure()) return;
    click(cell(6, 6));
    click(cell(2, 2));  // the actor
    EXPECT_FALSE(dirty()) << app_->windowTitle();
    key("b");
    click(cell(6, 6));
    EXPECT_TRUE(dirty()) << "the Stamp tool should paint once picked";
    saveAndQuit();
    Map saved = loadMap(path_);
    EXPECT_EQ(saved.tile(6, 6), 1);
    int painted = 0;
    for (uint16_t t : saved.tiles) painted += t != 0;
    EXPECT_EQ(painted, 1);
}

// A right-drag captures a 2 x 1 stamp [solid, empty]; Escape drops it, so a click paints
// only the one kind and the solid cell beside it stays.
TEST_F(AppEditorClicks, EscapeClearsACapturedStamp) {
    Map original = Map::blank(12, 10);
    original.setTile(2, 2, 1);
    original.setTile(7, 5, 1);
    start(original);
    if (HasFatalFailure()) return;
    key("b");
    app_->xdotool("mousemove " + cell(2, 2) + " sleep 0.15 mousedown 3 sleep 0.15 mousemove " +
                  cell(3, 2) + " sleep 0.15 mouseup 3 sleep 0.3");
    key("Escape");
    click(cell(6, 5));
    saveAndQuit();
    Map saved = loadMap(path_);
    EXPECT_EQ(saved.tile(6, 5), 1);
    EXPECT_EQ(saved.tile(7, 5), 1) << "the captured stamp's empty cell was painted";
}

// Escape closes an open menu: the next click reaches the canvas (with the menu still open
// that click would only close it).
TEST_F(AppEditorClicks, EscapeClosesAnOpenMenu) {
    Map original = Map::blank(12, 10);
    start(original);
    if (HasFatalFailure()) return;
    key("b");
    click("24 9");  // "File" in the menu bar
    key("Escape");
    click(cell(5, 5));
    EXPECT_TRUE(dirty()) << "the click after Escape did not paint: the menu stayed open";
    saveAndQuit();
    EXPECT_EQ(loadMap(path_).tile(5, 5), 1);
}

// Each actor has its own log field: with the knight selected (by an Inspect click on it),
// "Save log" writes the knight's keys to level-knight.log, not to the hero's file. The panel
// (1280 x 800 window, UI scale 1): Save log at (1095, 150) below two actor rows.
TEST_F(AppEditorClicks, SaveLogWritesTheSelectedActorsOwnFile) {
    Map original = Map::blank(12, 10);
    original.actors.push_back(makeActor("hero", MoverKind::TopDownAabb, 32, 32, 16, 16));
    original.actors.push_back(makeActor("knight", MoverKind::TopDownAabb, 128, 96, 16, 16));
    start(original, "--debug");
    if (HasFatalFailure()) return;
    click("1095 150");
    click(px(136, 104));  // the knight
    click("1095 150");
    key("ctrl+q");
    ASSERT_TRUE(app_->waitForExit(10000)) << app_->err();
    const std::string hero = readFile(dir_ + "/level-hero.log");
    const std::string knight = readFile(dir_ + "/level-knight.log");
    EXPECT_NE(hero.find("actor hero"), std::string::npos) << hero;
    EXPECT_NE(knight.find("actor knight"), std::string::npos)
        << "the knight's keys went to another file; hero's file: " << hero;
}

}  // namespace
}  // namespace ts::test
