// Debug > Snag hunt in the window, with real mouse clicks under a private Xvfb: the hunt of
// maps/platformer-slopes.json runs in the background, lists the 2-px brush lip (issue 27), a
// click on it opens it paused on its frame, and Save log writes that case's keys. Positions:
// window pixels at UI scale 1 read off screenshots (the Debug menu, its Snag hunt item, and
// the Snags section, which the menu item opens at the top of the panel).
#include <filesystem>

#include "test_app_verify_support.h"

namespace ts::test {
namespace {

using AppSnagHunt = AppDriver;

constexpr int kDebugMenuX = 134, kDebugMenuY = 10;
constexpr int kSnagHuntItemX = 145, kSnagHuntItemY = 170;
constexpr int kFirstSnagRowX = 1060, kFirstSnagRowY = 248;

TEST_F(AppSnagHunt, TheMenuHuntsAndAClickOpensTheLipOnItsFrame) {
    path_ = dir_ + "/slopes.json";
    std::filesystem::copy_file(sourcePath("maps/platformer-slopes.json"), path_);
    launch(shellQuote(path_));
    if (HasFatalFailure()) return;
    click(kDebugMenuX, kDebugMenuY);
    click(kSnagHuntItemX, kSnagHuntItemY);
    ASSERT_TRUE(waitUntil([&] { return app_->out().find("Snag hunt: ") != std::string::npos; },
                          60000))
        << app_->out() << app_->err();
    // The sample's findings are the lip of brush #1 from either side (docs/hunt.md).
    EXPECT_NE(app_->out().find("Snag hunt: 2 findings"), std::string::npos) << app_->out();
    click(kFirstSnagRowX, kFirstSnagRowY);
    // Sorted by frame: the one-line case, walking right from the spawn, comes first.
    ASSERT_TRUE(waitUntil(
        [&] { return app_->out().find("snag opened lip hero frame 211") != std::string::npos; },
        5000))
        << app_->out();
    app_->xdotool("key ctrl+q");
    ASSERT_TRUE(app_->waitForExit(10000)) << app_->err();
    EXPECT_FALSE(std::filesystem::exists(path_ + ".snagignore")) << "nothing was ignored";
}

}  // namespace
}  // namespace ts::test
