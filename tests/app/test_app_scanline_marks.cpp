// Scanline marks are at least 6 window pixels across at every zoom, and the mouse 2-3 pixels
// off a mark's middle shows its tooltip (issue 19: the marks were 2 px wide and hard to hit).
// `tilestep view` of a 64 x 48 px room and a hand-written trace: frame 0 has one vertical
// passing scanline at x 40 from y 8 to 40 and its pass rate. The actor stands far to the left
// (x -3000000), so that even at the smallest zoom (1/262144: the room is under one window
// pixel) its own marks land about 11 window pixels away from the scanline's.
#include <gtest/gtest.h>

#include <cmath>

#include "io/map_io.h"
#include "xvfb_session.h"

namespace ts::test {
namespace {

constexpr double kScanX = 40, kScanMidY = 24;  // the scanline's middle, map pixels

std::string traceText() {
    return "{\"tilestep_trace\":1,\"tile_size\":16,\"rate\":60,\"actors\":[{\"name\":\"walker\","
           "\"mover\":\"my_game\",\"w\":16,\"h\":16}]}\n"
           "{\"frame\":0,\"actor\":\"walker\",\"x\":-3000000,\"y\":8}\n"
           "{\"frame\":0,\"actor\":\"walker\",\"probe\":{\"kind\":\"segment\",\"verdict\":\"pass\","
           "\"why\":\"scanline\",\"x0\":40,\"y0\":8,\"x1\":40,\"y1\":40}}\n"
           "{\"frame\":0,\"actor\":\"walker\",\"probe\":{\"kind\":\"value\",\"verdict\":\"pass\","
           "\"why\":\"pass_rate\",\"value\":0.75,\"threshold\":0.5}}\n";
}

// A passing scanline's blue (90, 200, 255) over the dark room or canvas; nothing else on
// screen is as blue.
bool isPassBlue(uint32_t rgb) {
    const int r = int(rgb >> 16 & 0xff), g = int(rgb >> 8 & 0xff), b = int(rgb & 0xff);
    return b > 180 && g > 140 && r < 130;
}

class AppScanlineMarks : public XvfbScreenTest {
  protected:
    // The mark's extent through window point (cx, cy): blue pixels along the row and along
    // the column, within 30 pixels.
    static void markSize(const Png& screen, int cx, int cy, int* across, int* along) {
        *across = *along = 0;
        for (int d = -30; d <= 30; ++d) {
            *across += isPassBlue(screen.at(cx + d, cy));
            *along += isPassBlue(screen.at(cx, cy + d));
        }
    }
    // Window pixels right of and below the mouse at (mx, my) that differ between `before`
    // (the mouse far away) and `after`: where ImGui puts the tooltip.
    static int tooltipPixels(const Png& before, const Png& after, int mx, int my) {
        int changed = 0;
        for (int y = my + 4; y < my + 100; ++y)
            for (int x = mx + 8; x < mx + 300; ++x) changed += before.at(x, y) != after.at(x, y);
        return changed;
    }
    // The tooltip shows with the mouse at (mx, my) and not with it 200 pixels to the right.
    void expectTooltipAt(const BackgroundTilestep& app, int mx, int my) {
        app.xdotool("mousemove " + std::to_string(mx + 200) + " " + std::to_string(my) +
                    " sleep 0.3");
        const Png away = server_->settledScreen();
        app.xdotool("mousemove " + std::to_string(mx) + " " + std::to_string(my) + " sleep 0.3");
        const Png over = server_->settledScreen();
        EXPECT_GT(tooltipPixels(away, over, mx, my), 2000)
            << "no tooltip with the mouse at " << mx << ", " << my;
    }
};

TEST_F(AppScanlineMarks, MarksAreSixPixelsAcrossAndHoverableAtALargeAndTheSmallestZoom) {
    Map m = mapFromRows({"....", "....", "...."});
    saveMap(m, dir_ + "/room.json");
    writeFile(dir_ + "/game.jsonl", traceText());
    BackgroundTilestep app(server_->display(), dir_ + "/cfg",
                           "view " + shellQuote(dir_ + "/room.json") + " " +
                               shellQuote(dir_ + "/game.jsonl") + " --verbose");
    ASSERT_TRUE(app.waitForOutput("view x0=", 20000)) << app.err();
    ViewLine v = parseViewLine(app.out());
    ASSERT_TRUE(v.ok);
    ASSERT_GE(v.zoom, 8) << "the room fits the window large";
    int cx = int(std::lround(v.x0 + kScanX * v.zoom)),
        cy = int(std::lround(v.y0 + kScanMidY * v.zoom));
    {
        SCOPED_TRACE("zoom " + std::to_string(v.zoom));
        app.xdotool("mousemove " + std::to_string(cx + 200) + " " + std::to_string(cy) +
                    " sleep 0.3");
        int across = 0, along = 0;
        markSize(server_->settledScreen(), cx, cy, &across, &along);
        EXPECT_GE(across, 6) << "the mark across, window pixels";
        EXPECT_EQ(along, 61) << "the mark along: the scanline's 32 px run past 30 each way";
        expectTooltipAt(app, cx + 3, cy);
        expectTooltipAt(app, cx - 2, cy + 40);
    }

    // Zoomed out with the mouse on the mark: it stays under the mouse down to the smallest zoom.
    app.xdotool("mousemove " + std::to_string(cx) + " " + std::to_string(cy) +
                " sleep 0.2 key --delay 40 --repeat 40 minus sleep 0.5");
    ASSERT_TRUE(app.waitForOutput("zoom=3.8147e-06", 10000)) << app.out();
    v = parseViewLine(app.out());
    ASSERT_TRUE(v.ok);
    cx = int(std::floor(v.x0 + kScanX * v.zoom));
    cy = int(std::floor(v.y0 + kScanMidY * v.zoom));
    {
        SCOPED_TRACE("the smallest zoom");
        app.xdotool("mousemove " + std::to_string(cx + 200) + " " + std::to_string(cy) +
                    " sleep 0.3");
        int across = 0, along = 0;
        markSize(server_->settledScreen(), cx, cy, &across, &along);
        EXPECT_GE(across, 6) << "the mark across, window pixels";
        EXPECT_GE(along, 6) << "the mark along: a square around the scanline's place";
        expectTooltipAt(app, cx + 3, cy);
        expectTooltipAt(app, cx - 2, cy + 2);
    }
    app.xdotool("key ctrl+q");
    EXPECT_TRUE(app.waitForExit(10000));
}

}  // namespace
}  // namespace ts::test
