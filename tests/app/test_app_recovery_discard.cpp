// "Discard changes" on quit throws the work away for good: the recovery copy written while
// the map was unsaved is removed, and the next start does not offer it back. Real input
// under a private Xvfb (test_app_verify_support.h).
#include <filesystem>

#include "test_app_verify_support.h"

namespace ts::test {
namespace {

namespace fs = std::filesystem;

using AppRecoveryDiscard = AppDriver;

// "Save the changes to b.json first?" [Save] [Discard changes] [Cancel], centred in the
// 1280 x 800 window at UI scale 1 (the same dialog test_app_verify_files.cpp clicks).
constexpr int kConfirmDiscardX = 628, kConfirmButtonsY = 418;

TEST_F(AppRecoveryDiscard, DiscardOnQuitRemovesTheRecoveryCopy) {
    // The map is b.json so that the dialog has the width the button position was read at.
    path_ = dir_ + "/b.json";
    Map original = Map::blank(20, 12);
    saveMap(original, path_);
    launch(shellQuote(path_), "TILESTEP_RECOVERY_SECONDS=0.3");
    if (HasFatalFailure()) return;

    key("b");
    click(cellX(3), cellY(3));
    const std::string copy = settingsDir() + "/recovery.json";
    ASSERT_TRUE(waitUntil([&] { return fs::exists(copy); }, 10000))
        << "no recovery copy in " << settingsDir();

    key("ctrl+q");
    ASSERT_TRUE(waitForNewLine("dialog Unsaved changes", 0)) << app_->out();
    click(kConfirmDiscardX, kConfirmButtonsY);
    ASSERT_TRUE(app_->waitForExit(10000)) << "the editor did not quit: " << app_->err();
    EXPECT_TRUE(loadMap(path_) == original) << "discarded changes were written";
    EXPECT_FALSE(fs::exists(copy)) << "the discarded work would be offered at the next start";
    EXPECT_FALSE(fs::exists(settingsDir() + "/recovery.txt"));

    // The next start opens the map without an offer. (It asks within its first frames when
    // there is a copy, well inside the second waited here.)
    launch(shellQuote(path_), "TILESTEP_RECOVERY_SECONDS=0.3");
    if (HasFatalFailure()) return;
    EXPECT_FALSE(app_->waitForOutput("dialog Recover unsaved work", 1500)) << app_->out();
    key("ctrl+q");
    EXPECT_TRUE(app_->waitForExit(10000));
}

}  // namespace
}  // namespace ts::test
