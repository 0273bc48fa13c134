// The Brushes tool keeps the map within the collision-bucket limit that validateMap and the
// loaders enforce (issue 12): an edit that would pass it is refused with a status-bar note,
// so the editor never holds a map it cannot save. Real input on a private Xvfb; positions
// come from the mapping --verbose prints (window = x0 + map_px * zoom), the note from its
// "message TEXT" line.
#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

#include "world/collision.h"
#include "io/map_io.h"
#include "xvfb_session.h"

namespace ts::test {
namespace {

class AppBrushLimit : public XvfbTest {
  protected:
    // 16384 x 512 tiles of 16 px: 2048 x 64 collision buckets of 128 px. Each brush covers
    // the top half, 2048 x 32 = 65536 buckets, so 512 of them are exactly the limit (2^25).
    // So wide a map shows at zoom 1/512 (a window pixel is 4 buckets): the few brushes that
    // reach the limit draw quickly even on Xvfb's software GL.
    void start(size_t brushes) {
        Map map = Map::blank(16384, 512, 16);
        map.brushes.assign(brushes, Brush{RectI{0, 0, map.widthPx(), map.heightPx() / 2}});
        ASSERT_EQ(CollisionWorld::brushBucketEntries(map), brushes * 65536);
        path_ = dir_ + "/level.json";
        saveMap(map, path_);
        app_ = std::make_unique<BackgroundTilestep>(server_->display(), dir_ + "/cfg",
                                                    shellQuote(path_) + " --verbose");
        ASSERT_TRUE(app_->waitForOutput("view x0=", 30000)) << app_->err();
        view_ = parseViewLine(app_->out());
        ASSERT_TRUE(view_.ok);
        app_->xdotool("mousemove " + px(120000, 6000) + " sleep 0.2 key x sleep 0.25");
    }
    // Window point of map pixel (x, y), to the nearest window pixel (--verbose rounds the
    // zoom to 6 digits).
    std::string px(double x, double y) const {
        std::ostringstream s;
        s << int(std::floor(view_.x0 + x * view_.zoom + 0.5)) << " "
          << int(std::floor(view_.y0 + y * view_.zoom + 0.5));
        return s.str();
    }
    // A new brush's drag in the empty bottom half, from map pixel (30720, 5632) to
    // (209920, 7168) (whole window pixels): buckets 240..1640 x 44..56, 1401 x 13 = 18213.
    void drawBrush() {
        app_->xdotool("mousemove " + px(30720, 5632) +
                      " sleep 0.3 mousedown 1 sleep 0.3 mousemove " + px(209920, 7168) +
                      " sleep 0.3 mouseup 1 sleep 0.5");
    }
    bool dirty() const { return app_->windowTitle().find('*') != std::string::npos; }

    std::string path_;
    std::unique_ptr<BackgroundTilestep> app_;
    ViewLine view_;
};

// With room for more buckets the drag draws a brush, saved with the map: the positions do
// reach the canvas.
TEST_F(AppBrushLimit, BelowTheLimitADragAddsABrush) {
    start(511);
    if (HasFatalFailure()) return;
    drawBrush();
    EXPECT_TRUE(dirty()) << app_->out();
    app_->xdotool("key ctrl+s sleep 0.5 key ctrl+q");
    ASSERT_TRUE(app_->waitForExit(20000)) << app_->err();
    const Map saved = loadMap(path_);
    ASSERT_EQ(saved.brushes.size(), 512u);
    EXPECT_EQ(saved.brushes.back().rect, (RectI{30720, 5632, 209920 - 30720 + 1, 7168 - 5632 + 1}));
}

// At the limit the same drag adds nothing and the status bar says why (the words of
// validateMap); the map stays as it was, so it still saves.
TEST_F(AppBrushLimit, AtTheLimitANewBrushIsRefused) {
    start(512);
    if (HasFatalFailure()) return;
    drawBrush();
    EXPECT_TRUE(
        app_->waitForOutput("message Brush not added: the brushes cover 33572645 collision "
                            "buckets of 8 x 8 tiles (counted once per brush), more than "
                            "the 33554432 a map may use to run",
                            3000))
        << app_->out();
    EXPECT_FALSE(dirty()) << "a brush past the limit was added";
    app_->xdotool("key ctrl+q");
    ASSERT_TRUE(app_->waitForExit(20000)) << app_->err();
    EXPECT_EQ(loadMap(path_).brushes.size(), 512u);
}

}  // namespace
}  // namespace ts::test
