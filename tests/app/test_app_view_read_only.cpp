// `tilestep view` is a viewer: the keys and clicks that edit, save, undo, start a new map or
// leave Debug mode in the editor change nothing there. Real input on a private Xvfb that
// keeps its screen in a file (what the user sees: the recorded actor), the map file's bytes,
// the window title and the --verbose lines ("dialog TITLE", "message TEXT"). Map points
// from --verbose's mapping; (700, 650) is on the canvas below the map at UI scale 1.
#include <gtest/gtest.h>

#include <cmath>

#include "io/map_io.h"
#include "xvfb_session.h"

namespace ts::test {
namespace {

constexpr uint32_t kMapBackground = 0x2a2f38;  // empty cells (kMapBg in canvas_draw.cpp)

// A 16 x 16 actor "walker" at x = 36 + 32 f, y = 52 in frame f; the map has no actor.
std::string traceText() {
    std::string t =
        "{\"tilestep_trace\":1,\"tile_size\":16,\"rate\":60,\"actors\":[{\"name\":\"walker\","
        "\"mover\":\"my_game\",\"w\":16,\"h\":16}]}\n";
    for (int f = 0; f < 8; ++f)
        t += "{\"frame\":" + std::to_string(f) +
             ",\"actor\":\"walker\",\"x\":" + std::to_string(36 + 32 * f) + ",\"y\":52}\n";
    return t;
}

class AppViewReadOnly : public XvfbScreenTest {
  protected:
    void SetUp() override {
        XvfbScreenTest::SetUp();
        if (IsSkipped() || HasFatalFailure()) return;
        Map m =
            mapFromRows({"####################", "#..................#", "#..................#",
                         "#..................#", "#..................#", "#..................#",
                         "#..................#", "#..................#", "#..................#",
                         "#..................#", "#..................#", "####################"});
        ASSERT_TRUE(m.actors.empty());
        mapPath_ = dir_ + "/room.json";
        saveMap(m, mapPath_);
        writeFile(dir_ + "/game.jsonl", traceText());
    }
    void launch() {
        app_ = std::make_unique<BackgroundTilestep>(
            server_->display(), dir_ + "/cfg",
            "view " + shellQuote(mapPath_) + " " + shellQuote(dir_ + "/game.jsonl") + " --verbose");
        ASSERT_TRUE(app_->waitForOutput("view x0=", 20000)) << app_->err();
        view_ = parseViewLine(app_->out());
        ASSERT_TRUE(view_.ok);
        app_->xdotool("mousemove 700 650 sleep 0.2");  // keyboard focus follows the pointer
    }
    int wx(double x) const { return int(std::floor(view_.x0 + x * view_.zoom)); }
    int wy(double y) const { return int(std::floor(view_.y0 + y * view_.zoom)); }
    // The window point at the centre of cell (cx, cy) of the 16 px map.
    std::string cell(int cx, int cy) const {
        return std::to_string(wx(cx * 16 + 8)) + " " + std::to_string(wy(cy * 16 + 8));
    }
    void click(const std::string& where) {
        app_->xdotool("mousemove " + where + " sleep 0.15 click 1 sleep 0.3");
    }
    void key(const std::string& k) { app_->xdotool("key " + k + " sleep 0.25"); }
    uint32_t screenAt(const Png& screen, double px, double py) const {
        return screen.at(wx(px), wy(py));
    }

    std::string mapPath_;
    std::unique_ptr<BackgroundTilestep> app_;
    ViewLine view_;
};

// What a user of the editor would reach for: B and a click paints, E and a click erases a
// wall tile, Ctrl+S saves, Ctrl+Z undoes, Tab leaves Debug mode, Ctrl+N starts a new map
// (each a change of the map, the file or the recording before view was read-only). In view,
// Ctrl+S offers to save the recording (Escape cancels it), never the map.
TEST_F(AppViewReadOnly, EditingKeysAndClicksChangeNothing) {
    const std::string before = readFile(mapPath_);
    launch();
    if (HasFatalFailure()) return;
    const Png start = server_->settledScreen();
    ASSERT_NE(screenAt(start, 44, 60), kMapBackground) << "the walker at recorded frame 0";
    ASSERT_EQ(screenAt(start, 168, 136), kMapBackground) << "cell (10, 8) starts empty";

    key("b");
    click(cell(10, 8));
    key("e");
    click(cell(0, 0));
    app_->xdotool("mousemove 700 650 sleep 0.2");
    key("ctrl+s");
    key("Escape");
    key("ctrl+z");
    key("Tab");
    key("ctrl+n");
    key("Delete");

    const Png now = server_->settledScreen();
    const std::string title = app_->windowTitle();
    EXPECT_EQ(title.find('*'), std::string::npos) << title;
    EXPECT_NE(title.find("(read-only)"), std::string::npos) << title;
    EXPECT_EQ(screenAt(now, 168, 136), kMapBackground) << "cell (10, 8) was painted";
    EXPECT_EQ(screenAt(now, 8, 8), screenAt(start, 8, 8)) << "the wall tile (0, 0) changed";
    EXPECT_EQ(screenAt(now, 44, 60), screenAt(start, 44, 60)) << "the recording is not shown";
    const std::string out = app_->out();
    const std::string recording = "dialog Save recording as...\n";
    const size_t recordingAt = out.find(recording);
    EXPECT_NE(recordingAt, std::string::npos) << out;
    std::string otherDialogs = out;
    if (recordingAt != std::string::npos) otherDialogs.erase(recordingAt, recording.size());
    EXPECT_EQ(otherDialogs.find("dialog "), std::string::npos) << out;
    EXPECT_EQ(out.find("message Saved"), std::string::npos) << out;

    key("ctrl+q");
    EXPECT_TRUE(app_->waitForExit(10000)) << "view did not quit: " << app_->err();
    EXPECT_EQ(readFile(mapPath_), before) << "view wrote the map file";
}

// An editor that crashed left its unsaved work in the recovery copy. view has no work of its
// own to keep: it must neither offer that copy (Recover would replace the map it shows,
// Discard would delete the other session's work) nor take its slot.
TEST_F(AppViewReadOnly, LeavesAnotherEditorsRecoveryCopyAlone) {
    const std::string settings = dir_ + "/cfg/tilestep";
    ASSERT_EQ(std::system(("mkdir -p " + shellQuote(settings)).c_str()), 0);
    saveMap(Map::blank(8, 6), settings + "/recovery.json");
    writeFile(settings + "/recovery.txt", dir_ + "/other.json\n");
    const std::string copy = readFile(settings + "/recovery.json");
    launch();
    if (HasFatalFailure()) return;
    server_->settledScreen();
    EXPECT_FALSE(std::ifstream(settings + "/recovery-0.lock").good()) << "view took a slot";
    key("ctrl+q");
    EXPECT_TRUE(app_->waitForExit(10000)) << "view did not quit: " << app_->err();
    EXPECT_EQ(app_->out().find("dialog Recover"), std::string::npos) << app_->out();
    EXPECT_EQ(readFile(settings + "/recovery.json"), copy);
}

}  // namespace
}  // namespace ts::test
