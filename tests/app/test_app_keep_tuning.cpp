// Live-tuned values are not lost silently: with a tuned parameter the map lacks, Open and
// leaving Debug mode ask "Keep tuned values?"; Apply writes the value into the map (saved),
// Discard lets the Open go on. Real input on a private Xvfb; positions at UI scale 1 in the
// 1280 x 800 window for maps/platformer-slopes.json (one pixel sweep actor), read off
// screenshots: the debugger panel scrolled 8 wheel steps down shows the gravity field at
// (1040, 571), below the plots of x .. grounded and the mover's own three (air_frames, remainder_x,
// remainder_y); the dialog's buttons sit at y 437.
#include <gtest/gtest.h>

#include <sstream>

#include "io/map_io.h"
#include "xvfb_session.h"
#include "movers/mover.h"

namespace ts::test {
namespace {

class AppKeepTuning : public XvfbTest {
  protected:
    void start() {
        path_ = dir_ + "/level.json";
        saveMap(loadMap(sourcePath("maps/platformer-slopes.json")), path_);
        app_ = std::make_unique<BackgroundTilestep>(server_->display(), dir_ + "/cfg",
                                                    shellQuote(path_) + " --debug --verbose");
        ASSERT_TRUE(app_->waitForOutput("view x0=", 20000)) << app_->err();
    }
    // Gravity 0.25 -> 0.5 in the live-tuning panel (Ctrl+click types a value).
    void tuneGravity() {
        std::string wheel = "mousemove 1120 500 sleep 0.2";
        for (int i = 0; i < 8; ++i) wheel += " click 5 sleep 0.05";
        app_->xdotool(wheel + " sleep 0.3");
        app_->xdotool(
            "mousemove 1040 571 sleep 0.2 keydown ctrl click 1 keyup ctrl sleep 0.3 "
            "key ctrl+a sleep 0.1");
        app_->xdotool("type --delay 60 0.5");
        app_->xdotool("key Return sleep 0.3 mousemove 500 600 sleep 0.3");
    }
    size_t count(const std::string& line) const {
        size_t n = 0;
        const std::string out = app_->out();
        for (size_t at = out.find(line); at != std::string::npos; at = out.find(line, at + 1)) ++n;
        return n;
    }
    // False after 5 s, or once the editor's stdout or stderr passes kMaxWatchedFileBytes.
    bool waitFor(const std::string& line, size_t before) const {
        return waitBounded([&] { return count(line) > before; }, app_->logFiles(),
                           kMaxWatchedFileBytes, 5000, nullptr, 50) == WaitEnd::Ready;
    }

    std::string path_;
    std::unique_ptr<BackgroundTilestep> app_;
};

TEST_F(AppKeepTuning, OpenAsksFirstAndDiscardGoesOn) {
    start();
    if (HasFatalFailure()) return;
    tuneGravity();
    app_->xdotool("key ctrl+o sleep 0.3");
    ASSERT_TRUE(waitFor("dialog Keep tuned values?", 0)) << app_->out();
    EXPECT_EQ(count("dialog Open map"), 0u) << "opened without asking about the tuning";
    app_->xdotool("mousemove 618 437 sleep 0.2 click 1 sleep 0.3");  // Discard
    EXPECT_TRUE(waitFor("dialog Open map", 0)) << app_->out();
}

TEST_F(AppKeepTuning, LeavingDebugModeAsksAndApplyKeepsTheValueInTheMap) {
    start();
    if (HasFatalFailure()) return;
    tuneGravity();
    app_->xdotool("key Tab sleep 0.3");
    ASSERT_TRUE(waitFor("dialog Keep tuned values?", 0)) << app_->out();
    app_->xdotool("mousemove 525 437 sleep 0.2 click 1 sleep 0.3");  // Apply to the actors
    app_->xdotool("mousemove 500 600 sleep 0.2 key ctrl+s sleep 0.3 key ctrl+q");
    ASSERT_TRUE(app_->waitForExit(10000)) << app_->out();
    const Map saved = loadMap(path_);
    const int gravity = findParam(MoverKind::PixelSweep, "gravity");
    ASSERT_EQ(saved.actors.size(), 1u);
    EXPECT_EQ(saved.actors[0].params[size_t(gravity)], Fix::fromDouble(0.5));
}

}  // namespace
}  // namespace ts::test
