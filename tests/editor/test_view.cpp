// The canvas camera (app/editor/view.h): zoom-to-fit shows any map whole, and a fitted view
// is marked so that a window resize fits it again. Expected zooms worked out by hand.
#include <gtest/gtest.h>

#include "../../app/editor/view.h"

namespace ts {
namespace {

View canvas(float w, float h) {
    View v;
    v.canvas = CanvasRect{112, 19, w, h};
    return v;
}

// The map: 2000 x 2000 tiles of 16 px = 32000 px per side; the old minimum zoom
// (1/16) drew it 2000 window px wide, so Home could never show it whole.
TEST(View, FitShowsALargeMapWhole) {
    View v = canvas(868, 695);
    v.fit(32000, 32000, 16);
    EXPECT_EQ(v.zoom(), 1.0 / 64);  // 500 px; 1/32 would be 1000 px > 663
    EXPECT_LE(32000 * v.zoom(), 695 - 32);
    EXPECT_TRUE(v.fitted);
}

TEST(View, FitShowsTheLargestMapAllowedOnASmallCanvas) {
    View v = canvas(200, 150);
    const int64_t side = int64_t(16384) * 256;  // kMaxMapTiles * kMaxTileSize
    v.fit(side, side, 16);
    EXPECT_LE(side * v.zoom(), 150 - 32);
    EXPECT_GE(v.originX, 0);
    EXPECT_GE(v.originY, 0);
}

TEST(View, SmallMapsStillGetTheLargestZoomThatFits) {
    View v = canvas(868, 695);
    v.fit(512, 272, 16);       // platformer-slopes.json
    EXPECT_EQ(v.zoom(), 1.5);  // 768 x 408; 2x would be 1024 wide
    v.fit(480, 304, 16);       // zelda-room.json
    EXPECT_EQ(v.zoom(), 1.5);  // 720 x 456, not 480 x 304 in an 868 x 695 canvas
    v.fit(128, 96, 16);
    EXPECT_EQ(v.zoom(), 6);  // 768 x 576; 8x would be 1024 wide
}

TEST(View, PanningOrZoomingEndsTheFit) {
    View v = canvas(868, 695);
    v.fit(512, 272, 16);
    v.pan(0, 0);
    EXPECT_TRUE(v.fitted);
    v.pan(3, 0);
    EXPECT_FALSE(v.fitted);
    v.fit(512, 272, 16);
    v.zoomAt(400, 300, 1);
    EXPECT_FALSE(v.fitted);
    EXPECT_EQ(v.zoom(), 2);
}

}  // namespace
}  // namespace ts
