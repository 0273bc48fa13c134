// `tilestep view`: the actor selected in the panel's list and the one clicked on the canvas are
// one selection. Picking an actor in "Actors (recorded)" left the canvas's selection where it
// was, so a click on the actor selected before did nothing: click a, pick b in the list, click
// a again, and b stayed selected. Real clicks on a private Xvfb; the selected actor of two
// wears a white frame (kDriven in debugger_canvas.cpp), read from the screen.
#include <gtest/gtest.h>

#include <cmath>

#include "io/map_io.h"
#include "xvfb_session.h"

namespace ts::test {
namespace {

// Actors "a" at (36, 52) and "b" at (196, 52), 16 x 16, standing still; the map has none.
std::string traceText() {
    std::string t =
        "{\"tilestep_trace\":1,\"tile_size\":16,\"actors\":[{\"name\":\"a\",\"w\":16,\"h\":16},"
        "{\"name\":\"b\",\"w\":16,\"h\":16}]}\n";
    for (int f = 0; f < 4; ++f)
        t += "{\"frame\":" + std::to_string(f) + ",\"actor\":\"a\",\"x\":36,\"y\":52}\n" +
             "{\"frame\":" + std::to_string(f) + ",\"actor\":\"b\",\"x\":196,\"y\":52}\n";
    return t;
}

class AppViewSelect : public XvfbScreenTest {
  protected:
    int wx(double x) const { return int(std::floor(view_.x0 + x * view_.zoom)); }
    int wy(double y) const { return int(std::floor(view_.y0 + y * view_.zoom)); }
    void click(int x, int y) {
        app_->xdotool("mousemove " + std::to_string(x) + " " + std::to_string(y) +
                      " sleep 0.15 click 1 sleep 0.3 mousemove 700 650 sleep 0.3");
    }
    // Whether the actor whose box starts at map x `x` (y 52) wears the selection's white
    // frame, 3 px left of its box.
    bool framed(const Png& screen, double x) const {
        for (int dx = -5; dx <= -1; ++dx)
            if (screen.at(wx(x) + dx, wy(60)) == 0xffffff) return true;
        return false;
    }

    std::unique_ptr<BackgroundTilestep> app_;
    ViewLine view_;
};

TEST_F(AppViewSelect, TheListAndTheCanvasSelectTheSameActor) {
    Map m = mapFromRows({"....................", "....................", "....................",
                         "....................", "....................", "...................."});
    saveMap(m, dir_ + "/room.json");
    writeFile(dir_ + "/two.jsonl", traceText());
    app_ = std::make_unique<BackgroundTilestep>(server_->display(), dir_ + "/cfg",
                                                "view " + shellQuote(dir_ + "/room.json") + " " +
                                                    shellQuote(dir_ + "/two.jsonl") + " --verbose");
    ASSERT_TRUE(app_->waitForOutput("view x0=", 20000)) << app_->err();
    view_ = parseViewLine(app_->out());
    ASSERT_TRUE(view_.ok);

    click(wx(44), wy(60));  // a, on the canvas
    Png screen = server_->settledScreen();
    ASSERT_TRUE(framed(screen, 36)) << "a clicked on the canvas is selected";
    ASSERT_FALSE(framed(screen, 196));
    click(997, 103);  // b, the second radio button of "Actors (recorded)"
    screen = server_->settledScreen();
    ASSERT_TRUE(framed(screen, 196)) << "b picked in the list is selected";
    click(wx(44), wy(60));  // a again
    screen = server_->settledScreen();
    EXPECT_TRUE(framed(screen, 36)) << "the click on a did nothing";
    EXPECT_FALSE(framed(screen, 196));
    app_->xdotool("key ctrl+q");
    EXPECT_TRUE(app_->waitForExit(10000));
}

}  // namespace
}  // namespace ts::test
