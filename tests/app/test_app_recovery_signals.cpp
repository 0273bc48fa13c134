// SIGTERM, SIGHUP and SIGINT (a logout, a closed terminal, Ctrl+C, a session manager) end the
// editor only after the unsaved work is in the recovery copy, which the next start offers.
// Real input under a private Xvfb; the periodic copy is left at its 30 s, so the copy found
// is the one the signal made.
#include <csignal>
#include <filesystem>

#include "test_app_verify_support.h"

namespace ts::test {
namespace {

namespace fs = std::filesystem;

using AppRecoverySignals = AppDriver;

TEST_F(AppRecoverySignals, EachQuitSignalWritesTheRecoveryCopyFirst) {
    const Map original = Map::blank(20, 12);
    for (const auto& [sig, name] : {std::pair<int, const char*>{SIGTERM, "SIGTERM"},
                                    {SIGHUP, "SIGHUP"},
                                    {SIGINT, "SIGINT"}}) {
        SCOPED_TRACE(name);
        const std::string copy = settingsDir() + "/recovery.json";
        fs::remove(copy);
        fs::remove(settingsDir() + "/recovery.txt");
        start(original);
        if (HasFatalFailure()) return;
        key("b");
        click(cellX(3), cellY(3));
        ASSERT_TRUE(waitForTitle("*")) << app_->windowTitle();
        EXPECT_FALSE(fs::exists(copy));

        app_->signal(sig);
        ASSERT_TRUE(app_->waitForExit(10000)) << "the editor did not end: " << app_->err();
        EXPECT_NE(app_->err().find(std::string("tilestep: ") + name +
                                   ": unsaved work kept in the recovery copy"),
                  std::string::npos)
            << app_->err();
        ASSERT_TRUE(fs::exists(copy)) << app_->err();
        const Map recovered = loadMap(copy);
        EXPECT_FALSE(recovered == original) << "the copy lacks the edit";
        EXPECT_NE(recovered.tile(3, 3), original.tile(3, 3));
        EXPECT_TRUE(loadMap(path_) == original) << "the map itself was written";
        EXPECT_NE(readFile(settingsDir() + "/recovery.txt").find(path_), std::string::npos);
    }
}

}  // namespace
}  // namespace ts::test
