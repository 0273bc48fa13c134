// Debug > Snag hunt in the window, with real mouse clicks under a private Xvfb: the hunt of
// maps/platformer-slopes.json runs in the background, lists the 2-px brush lip (issue 27) from
// either side, Ignore on the second row writes its key beside the map, and a click on the
// first opens it paused on its frame. Positions: window pixels at UI scale 1 read off
// screenshots (the Debug menu, its Snag hunt item, and the Snags section, which the menu
// item opens and scrolls up as far as the panel goes).
#include <filesystem>

#include "test_app_verify_support.h"

namespace ts::test {
namespace {

struct AppSnagHunt : AppDriver {
    // The list just changed (the hunt's result, an Ignore): the panel takes a few frames to
    // lay the rows out and clamp its scroll, and an idle window draws a frame per event.
    // Pointer moves away from the rows give it those frames before the next click, also
    // when the machine is loaded (a click on a stale layout failed once under ctest -j2).
    void settle() {
        app_->xdotool(
            "mousemove 600 600 sleep 0.2 mousemove 610 600 sleep 0.2 mousemove 600 610 "
            "sleep 0.2");
    }
};

constexpr int kDebugMenuX = 134, kDebugMenuY = 10;
constexpr int kSnagHuntItemX = 145, kSnagHuntItemY = 170;
constexpr int kSnagRowX = 1060, kSecondSnagRowY = 258;
constexpr int kIgnoreX = 1222, kSecondIgnoreY = 265;  // a small button: the row's top

TEST_F(AppSnagHunt, TheMenuHuntsAndAClickOpensTheLipOnItsFrame) {
    path_ = dir_ + "/slopes.json";
    std::filesystem::copy_file(sourcePath("maps/platformer-slopes.json"), path_);
    launch(shellQuote(path_));
    if (HasFatalFailure()) return;
    click(kDebugMenuX, kDebugMenuY);
    click(kSnagHuntItemX, kSnagHuntItemY);
    ASSERT_TRUE(
        waitUntil([&] { return app_->out().find("Snag hunt: ") != std::string::npos; }, 60000))
        << app_->out() << app_->err();
    // The sample's findings are the lip of brush #1 from either side (docs/hunt.md).
    EXPECT_NE(app_->out().find("Snag hunt: 2 findings"), std::string::npos) << app_->out();
    // Ignore the second (walking left onto the lip, frame 243): the rows above it stay put.
    const std::string ignorePath = path_ + ".snagignore";
    settle();
    click(kIgnoreX, kSecondIgnoreY);
    ASSERT_TRUE(
        waitUntil([&] { return app_->out().find("snag ignored") != std::string::npos; }, 5000))
        << app_->out() << app_->err();
    const std::string ignored = readFile(ignorePath);
    // The key of kind|actor|feature|dir (DIR_LEFT = 1), and not the one going right (2).
    EXPECT_NE(ignored.find("\nlip|hero|brush #1 at (448,238) 32x2|1"), std::string::npos)
        << ignored;
    EXPECT_EQ(ignored.find("32x2|2"), std::string::npos) << "only the row clicked: " << ignored;
    // The panel is scrolled to its end (the menu item scrolls the Snags section up as far as
    // it goes): one row fewer moves what is above it down by a row, so the first row is now
    // where the second was. The second still listed would open frame 243 here.
    settle();
    click(kSnagRowX, kSecondSnagRowY);
    // Sorted by frame: the one-line case, walking right from the spawn, comes first.
    ASSERT_TRUE(waitUntil(
        [&] { return app_->out().find("snag opened lip hero frame 211") != std::string::npos; },
        5000))
        << app_->out();
    app_->xdotool("key ctrl+q");
    ASSERT_TRUE(app_->waitForExit(10000)) << app_->err();
}

}  // namespace
}  // namespace ts::test
