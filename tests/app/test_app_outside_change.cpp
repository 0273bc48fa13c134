// A map changed on disk by another program while the editor has unsaved changes is never
// written over silently: Ctrl+S shows "File changed on disk" and writes nothing; Overwrite
// then writes this window's map. A map without unsaved changes that changes outside reloads
// by itself when the window regains focus. Real input under a private Xvfb.
#include "test_app_verify_support.h"

namespace ts::test {
namespace {

// The dialog's Overwrite button, window pixels at UI scale 1 in the 1280 x 800 window, with
// the map opened as "level.json" (the file list's width sets the dialog's), read off a
// screenshot.
constexpr int kOverwriteX = 557, kOverwriteY = 446;

using AppOutsideChange = AppDriver;

TEST_F(AppOutsideChange, SaveAsksAndOverwriteWritesThisWindowsMap) {
    path_ = dir_ + "/level.json";
    saveMap(Map::blank(20, 12), path_);
    launch("level.json", "TILESTEP_RECOVERY_SECONDS=3600", dir_);
    if (HasFatalFailure()) return;
    key("b");
    click(cellX(3), cellY(3));
    ASSERT_TRUE(waitForTitle("*")) << app_->windowTitle();

    // Another program (a second tilestep, Tiled, git) saves the map: a cell the window lacks.
    Map theirs = Map::blank(20, 12);
    theirs.setTile(7, 7, 1);
    saveMap(theirs, path_);
    const std::string theirBytes = readFile(path_);

    key("ctrl+s");
    ASSERT_TRUE(waitForNewLine("dialog File changed on disk", 0)) << app_->out();
    sleepMs(300);
    EXPECT_EQ(readFile(path_), theirBytes) << "Ctrl+S wrote over the other program's save";
    EXPECT_NE(app_->windowTitle().find("*"), std::string::npos) << "saved, it says";

    const size_t saves = countOf(app_->out(), "message Saved");
    click(kOverwriteX, kOverwriteY);
    ASSERT_TRUE(waitForNewLine("message Saved", saves)) << app_->out();
    const Map mine = loadMap(path_);
    EXPECT_NE(mine.tile(3, 3), 0) << "this window's cell";
    EXPECT_EQ(mine.tile(7, 7), 0) << "overwritten: the other program's cell is gone";

    // Clean now; another change outside reloads when the window is focused again.
    if (haveCommand("xwininfo")) {
        saveMap(theirs, path_);
        const std::string root =
            "$(DISPLAY=" + server_->display() + " xwininfo -root | awk '/Window id/{print $4}')";
        app_->xdotool("windowfocus " + root + " sleep 0.3");
        app_->xdotool("search --name tilestep windowfocus sleep 0.3");
        ASSERT_TRUE(waitForNewLine("changed on disk: reloaded", 0)) << app_->out();
        EXPECT_EQ(app_->windowTitle().find("*"), std::string::npos) << app_->windowTitle();
        EXPECT_EQ(readFile(path_), theirBytes);
    }
    key("ctrl+q");
    ASSERT_TRUE(app_->waitForExit(10000)) << "the editor did not quit: " << app_->err();
    EXPECT_EQ(readFile(path_), theirBytes);
}

}  // namespace
}  // namespace ts::test
