// Driving the editor window the way a user does, for the test_app_verify*.cpp suites: a
// private Xvfb, tilestep in the background with --verbose and its settings in a temporary
// config folder, xdotool for keys and mouse, and waits on files and log lines instead of
// long fixed sleeps.
//
// Panel and dialog positions are window pixels at UI scale 1 in the default 1280 x 800
// window, read off screenshots (the panel layout is fixed, see docs/editor.md). A changed
// layout makes these tests fail loudly (nothing gets edited), never pass wrongly.
#pragma once
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <memory>
#include <sstream>

#include "io/map_io.h"
#include "xvfb_session.h"

namespace ts::test {

class AppDriver : public ::testing::Test {
  protected:
    void SetUp() override {
        if (!haveCommand("Xvfb") || !haveCommand("xdotool"))
            GTEST_SKIP() << "Xvfb or xdotool is not installed";
        dir_ = tempDir();
        config_ = dir_ + "/cfg";
        server_ = std::make_unique<XvfbServer>();
        ASSERT_TRUE(server_->ok()) << "Xvfb did not start";
    }

    // Starts tilestep with `args` (plus --verbose) and waits until it has drawn a frame.
    void launch(const std::string& args, const std::string& env = "",
                const std::string& workDir = "") {
        for (int attempt = 0;; ++attempt) {
            app_.reset();
            app_ = std::make_unique<BackgroundTilestep>(server_->display(), config_,
                                                        args + " --verbose", env, workDir);
            if (app_->waitForOutput("view x0=", 20000)) break;
            // Test programs running side by side start and stop Xvfb servers; one that is
            // still shutting down can remove the socket of a new one on the same display
            // number. A fresh server, once, rather than a failure that says nothing.
            bool lostDisplay = app_->err().find("Failed to open display") != std::string::npos;
            ASSERT_TRUE(lostDisplay && attempt == 0) << app_->err();
            server_ = std::make_unique<XvfbServer>();
            ASSERT_TRUE(server_->ok()) << "Xvfb did not start";
        }
        view_ = parseViewLine(app_->out());
        ASSERT_TRUE(view_.ok);
        // Keyboard focus follows the pointer without a window manager: park it on the canvas.
        pointAt(500, 500);
    }

    // Saves `map` as dir_/level.json and opens it.
    void start(const Map& map, const std::string& env = "") {
        path_ = dir_ + "/level.json";
        saveMap(map, path_);
        tile_ = map.tileSize;
        launch(shellQuote(path_), env);
    }

    // Opens a 20 x 12 map whose one actor, "hero" at (32, 32), uses the test plugin
    // PLUGIN_DIR/NAME.so (tests/plugins/NAME.c) in Debug mode, the input log holding J on the
    // first frame (or `keys`), with no recovery copy from the usual interval while the test
    // runs; `more` is added to the command line.
    void startWithPluginActor(const std::string& pluginDir, const std::string& name,
                              const std::string& keys = "1,J\n", const std::string& more = "") {
        path_ = dir_ + "/level.json";
        saveMap(Map::blank(20, 12), path_);
        std::string text = readFile(path_);
        const std::string noActors = "\"actors\": []";
        ASSERT_NE(text.find(noActors), std::string::npos) << text;
        text.replace(text.find(noActors), noActors.size(),
                     "\"actors\": [{\"name\": \"hero\", \"mover\": \"plugin:" + name +
                         "\", \"x\": 32, \"y\": 32, \"w\": 12, \"h\": 12}]");
        writeFile(path_, text);
        writeFile(dir_ + "/keys.log", keys);
        const std::string plugin = pluginDir + "/" + name + ".so";
        launch(shellQuote(path_) + " --plugin " + shellQuote(plugin) + " --debug --inputs " +
                   shellQuote(dir_ + "/keys.log") + (more.empty() ? "" : " " + more),
               "TILESTEP_RECOVERY_SECONDS=3600");
    }

    // Window point of map pixel (x, y) (its top-left corner; +0.5 for the centre).
    int winX(double mapX) const { return int(std::floor(view_.x0 + mapX * view_.zoom)); }
    int winY(double mapY) const { return int(std::floor(view_.y0 + mapY * view_.zoom)); }
    // Window point at the centre of cell (cx, cy).
    int cellX(int cx) const { return winX((cx + 0.5) * tile_); }
    int cellY(int cy) const { return winY((cy + 0.5) * tile_); }

    static std::string xy(int x, int y) { return std::to_string(x) + " " + std::to_string(y); }
    void pointAt(int x, int y) { app_->xdotool("mousemove " + xy(x, y) + " sleep 0.15"); }
    void click(int x, int y) {
        app_->xdotool("mousemove " + xy(x, y) + " sleep 0.15 click 1 sleep 0.2");
    }
    void key(const std::string& k) { app_->xdotool("key " + k + " sleep 0.25"); }
    // xdotool's `type` takes every word after it as text: no chained commands here.
    void type(const std::string& text) {
        app_->xdotool("type --delay 60 " + shellQuote(text));
        sleepMs(200);
    }
    // Left drag through window points, pausing so every step lands in its own frame.
    void drag(const std::vector<std::pair<int, int>>& points) {
        std::string cmd = "mousemove " + xy(points[0].first, points[0].second) +
                          " sleep 0.15 mousedown 1 sleep 0.15";
        for (size_t i = 1; i < points.size(); ++i)
            cmd += " mousemove " + xy(points[i].first, points[i].second) + " sleep 0.1";
        cmd += " mouseup 1 sleep 0.25";
        app_->xdotool(cmd);
    }

    // Polls `done` every 50 ms for up to `ms`. A file in the test's folder (where the editor
    // saves) or its settings folder (the recovery copy), or the editor's stdout or stderr,
    // growing past kMaxWatchedFileBytes ends the wait at once as a failure that names the
    // file: a broken save cannot fill the disk first.
    bool waitUntil(const std::function<bool()>& done, int ms) const {
        std::vector<std::string> watched = {dir_, settingsDir()};
        if (app_)
            for (const std::string& f : app_->logFiles()) watched.push_back(f);
        std::string why;
        const WaitEnd end = waitBounded(done, watched, kMaxWatchedFileBytes, ms, &why, 50);
        if (end == WaitEnd::TooLarge) ADD_FAILURE() << why;
        return end == WaitEnd::Ready;
    }
    bool waitForTitle(const std::string& part, int ms = 5000) const {
        return waitUntil([&] { return app_->windowTitle().find(part) != std::string::npos; }, ms);
    }
    // Waits for stdout to hold `line` more often than it did before the action.
    bool waitForNewLine(const std::string& line, size_t before, int ms = 5000) const {
        return waitUntil([&] { return countOf(app_->out(), line) > before; }, ms);
    }
    static size_t countOf(const std::string& text, const std::string& part) {
        size_t n = 0;
        for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
        return n;
    }

    // Ctrl+S then Ctrl+Q; the editor must have saved and quit.
    void saveAndQuit() {
        key("ctrl+s");
        key("ctrl+q");
        ASSERT_TRUE(app_->waitForExit(10000)) << "the editor did not quit: " << app_->err();
    }

    std::string settingsDir() const { return config_ + "/tilestep"; }

    std::string dir_, config_, path_;
    std::unique_ptr<XvfbServer> server_;
    std::unique_ptr<BackgroundTilestep> app_;
    ViewLine view_;
    int tile_ = 16;
};

}  // namespace ts::test
