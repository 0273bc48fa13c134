// Keys typed into a field never act as hotkeys, even when they reach the editor in one batch
// with the click that activates the field (a busy or idle-waiting editor reads them all at
// once), and a double-click on a number field starts editing it however slow the frames.
// Real input on a private Xvfb; the editor is stopped (SIGSTOP) while xdotool clicks and
// types, so that every event arrives together when it goes on. Positions at UI scale 1 in
// the 1280 x 800 window for maps/platformer-slopes.json in Debug mode, read off screenshots:
// the Breakpoints expression field at (1150, 522), the Play button at (205, 731); the
// debugger panel scrolled 8 wheel steps down shows the gravity field at (1040, 571), below the
// plots of x .. grounded and the mover's own three (air_frames, remainder_x, remainder_y), and the
// "Keep tuned values?" dialog's Apply button sits at (525, 437).
#include <gtest/gtest.h>

#include <csignal>

#include "io/map_io.h"
#include "movers/mover.h"
#include "sim/input_log.h"
#include "xvfb_session.h"

namespace ts::test {
namespace {

class AppFieldKeys : public XvfbTest {
  protected:
    void start() {
        path_ = dir_ + "/level.json";
        log_ = dir_ + "/rec.log";
        saveMap(loadMap(sourcePath("maps/platformer-slopes.json")), path_);
        app_ = std::make_unique<BackgroundTilestep>(
            server_->display(), dir_ + "/cfg",
            shellQuote(path_) + " --debug --verbose --record-log " + shellQuote(log_));
        ASSERT_TRUE(app_->waitForOutput("view x0=", 20000)) << app_->err();
    }
    // Runs the xdotool commands while the editor is stopped: it reads them in one batch.
    void inOneBatch(const std::string& commands) {
        app_->signal(SIGSTOP);
        app_->xdotool(commands);
        app_->signal(SIGCONT);
        sleepMs(800);
    }
    int64_t recordedFrames() {
        InputLog recorded;
        std::string error;
        EXPECT_TRUE(loadInputLog(log_, &recorded, &error)) << error;
        return recorded.frames();
    }

    std::string path_, log_;
    std::unique_ptr<BackgroundTilestep> app_;
};

TEST_F(AppFieldKeys, TypingRightAfterAClickGoesIntoTheBreakpointField) {
    start();
    if (HasFatalFailure()) return;
    app_->xdotool("mousemove 1150 522 sleep 0.3");
    // x, r, f, a, m, e and = are hotkeys (Brushes, Rectangle, Bucket, Actors, marker,
    // Eraser, zoom), '.' steps a frame.
    inOneBatch("click 1 type 'x > 300.5 or frame == 5'");
    app_->xdotool("key Return sleep 0.3 mousemove 205 731 sleep 0.2 click 1 sleep 1.5");
    app_->xdotool("mousemove 500 650 sleep 0.2 key ctrl+q");
    ASSERT_TRUE(app_->waitForExit(10000)) << app_->out();
    EXPECT_EQ(app_->out().find("tool "), std::string::npos) << "a key chose a tool:\n"
                                                            << app_->out();
    // Play paused at the breakpoint, position 6 (`frame` counts from 0, docs/debugger.md):
    // the expression reached the field whole (the hero stands still, x stays 20).
    EXPECT_EQ(recordedFrames(), 6);
}

TEST_F(AppFieldKeys, ADoubleClickedNumberFieldTakesTheTypedValue) {
    start();
    if (HasFatalFailure()) return;
    std::string wheel = "mousemove 1120 500 sleep 0.2";
    for (int i = 0; i < 8; ++i) wheel += " click 5 sleep 0.05";
    app_->xdotool(wheel + " sleep 0.3 mousemove 1040 571 sleep 0.3");
    // Gravity 0.25 -> 0.18: the two clicks and the keys in one batch.
    inOneBatch("click --repeat 2 --delay 40 1 type 0.18");
    app_->xdotool("key Return sleep 0.3 mousemove 500 600 sleep 0.3 key Tab sleep 0.5");
    ASSERT_TRUE(app_->waitForOutput("dialog Keep tuned values?", 5000))
        << "the typed value did not reach the field:\n"
        << app_->out();
    app_->xdotool("mousemove 525 437 sleep 0.2 click 1 sleep 0.3");  // Apply to the actors
    app_->xdotool("mousemove 500 600 sleep 0.2 key ctrl+s sleep 0.3 key ctrl+q");
    ASSERT_TRUE(app_->waitForExit(10000)) << app_->out();
    EXPECT_EQ(recordedFrames(), 0) << "a typed '.' stepped a frame";
    const Map saved = loadMap(path_);
    ASSERT_EQ(saved.actors.size(), 1u);
    const int gravity = findParam(MoverKind::PixelSweep, "gravity");
    EXPECT_EQ(saved.actors[0].params[size_t(gravity)], Fix::fromDouble(0.18));
}

}  // namespace
}  // namespace ts::test
