// The snag hunt's coverage heat map (core/draw/coverage_overlay.h): one filled cell-sized
// rectangle per visited cell, none for cells never reached, hotter for more visits.
#include <gtest/gtest.h>

#include "draw/coverage_overlay.h"

using namespace ts;

namespace {

struct Filled {
    double x0, y0, x1, y1;
    Rgba c;
};

struct Recorder : DebugDraw {
    std::vector<Filled> rects;
    int other = 0;
    void line(double, double, double, double, Rgba) override { ++other; }
    void rect(double x0, double y0, double x1, double y1, Rgba c, bool filled) override {
        if (filled)
            rects.push_back({x0, y0, x1, y1, c});
        else
            ++other;
    }
    void text(double, double, const std::string&, Rgba) override { ++other; }
};

TEST(CoverageOverlay, EachVisitedCellIsOneTileSizedRectangle) {
    HuntCoverage c;
    c.width = 3;
    c.height = 2;
    c.visits = {0, 5, 0,  //
                1, 0, 1000};
    Recorder r;
    drawCoverage(c, 16, r);
    ASSERT_EQ(r.rects.size(), 3u);
    EXPECT_EQ(r.other, 0);
    // Row-major: (1,0), (0,1), (2,1).
    EXPECT_DOUBLE_EQ(r.rects[0].x0, 16);
    EXPECT_DOUBLE_EQ(r.rects[0].y0, 0);
    EXPECT_DOUBLE_EQ(r.rects[0].x1, 32);
    EXPECT_DOUBLE_EQ(r.rects[0].y1, 16);
    EXPECT_DOUBLE_EQ(r.rects[1].x0, 0);
    EXPECT_DOUBLE_EQ(r.rects[1].y0, 16);
    EXPECT_DOUBLE_EQ(r.rects[2].x0, 32);
    EXPECT_DOUBLE_EQ(r.rects[2].y1, 32);
    // The busiest cell is the hottest (red, the most opaque), one visit the coolest (blue).
    EXPECT_EQ(r.rects[2].c.r, 255);
    EXPECT_GT(r.rects[2].c.a, r.rects[1].c.a);
    EXPECT_GT(r.rects[1].c.b, r.rects[1].c.r);
    EXPECT_LT(r.rects[2].c.a, 255) << "the map must show through";
}

TEST(CoverageOverlay, NothingForAnEmptyOrMismatchedCoverage) {
    Recorder r;
    drawCoverage(HuntCoverage{}, 16, r);
    HuntCoverage zeros;
    zeros.width = 2;
    zeros.height = 1;
    zeros.visits = {0, 0};
    drawCoverage(zeros, 16, r);
    HuntCoverage wrong;
    wrong.width = 4;
    wrong.height = 4;
    wrong.visits = {1, 2};  // not width x height
    drawCoverage(wrong, 16, r);
    EXPECT_TRUE(r.rects.empty());
}

}  // namespace
