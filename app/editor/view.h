// The canvas camera: which map pixel lands on which window pixel. Pure math, no GL, so the
// tests include it directly. Zoom only takes pixel-exact steps (a whole number of window
// pixels per map pixel, or a whole number of map pixels per window pixel) and the origin is
// kept on whole window pixels, so tile edges never blur or shimmer.
//
// Mapping: window_x = canvas.x + originX + map_px_x * zoom (same for y).
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>

namespace ts {

struct CanvasRect {
    float x = 0, y = 0, w = 0, h = 0;  // window (ImGui logical) pixels
    bool contains(float px, float py) const {
        return px >= x && py >= y && px < x + w && py < y + h;
    }
};

// 1.5 between 1 and 2: a 30 x 20 tile map (480 px) fits the default canvas (868 px) at 1.5
// (86% of it) where 1 left it a small map in a large empty canvas; 16-px tiles stay whole
// window pixels (24). Down to 1/262144 so that zoom-to-fit shows the largest map whole (16384 tiles
// of 256 px = 4 M px per side) even on the smallest canvas the window allows.
// clang-format off
constexpr double kZoomSteps[] = {
    1.0 / 262144, 1.0 / 131072, 1.0 / 65536, 1.0 / 32768, 1.0 / 16384, 1.0 / 8192, 1.0 / 4096,
    1.0 / 2048,   1.0 / 1024,   1.0 / 512,   1.0 / 256,   1.0 / 128,   1.0 / 64,   1.0 / 32,
    1.0 / 16,     1.0 / 8,      1.0 / 4,     1.0 / 3,     1.0 / 2,     1,          1.5,
    2,            3,            4,           5,           6,           8,          12,
    16,           24,           32};
// clang-format on
constexpr int kZoomStepCount = int(sizeof(kZoomSteps) / sizeof(kZoomSteps[0]));
constexpr int kDefaultZoomStep = 21;  // 2x
static_assert(kZoomSteps[kDefaultZoomStep] == 2, "the default zoom is 2x");

struct View {
    CanvasRect canvas;
    int zoomStep = kDefaultZoomStep;
    double originX = 0, originY = 0;  // window pixels from the canvas corner to map (0, 0)
    // Set by fit(), cleared by pan and zoom: a fitted view fits again when the canvas
    // changes size (the window was resized); one the user moved stays where it is.
    bool fitted = false;

    double zoom() const { return kZoomSteps[zoomStep]; }
    double toScreenX(double mapX) const { return canvas.x + originX + mapX * zoom(); }
    double toScreenY(double mapY) const { return canvas.y + originY + mapY * zoom(); }
    double toMapX(double screenX) const { return (screenX - canvas.x - originX) / zoom(); }
    double toMapY(double screenY) const { return (screenY - canvas.y - originY) / zoom(); }

    // Map pixel under a window point (floor, so negative coordinates stay left/up).
    int64_t mapPixelX(double screenX) const { return int64_t(std::floor(toMapX(screenX))); }
    int64_t mapPixelY(double screenY) const { return int64_t(std::floor(toMapY(screenY))); }

    void pan(double dx, double dy) {
        if (dx != 0 || dy != 0) fitted = false;
        originX += dx;
        originY += dy;
    }

    // Changes the zoom by `steps` while keeping the map point under (sx, sy) in place.
    void zoomAt(double sx, double sy, int steps) {
        int next = std::clamp(zoomStep + steps, 0, kZoomStepCount - 1);
        if (next == zoomStep) return;
        fitted = false;
        double mx = toMapX(sx), my = toMapY(sy);
        zoomStep = next;
        originX = std::round(sx - canvas.x - mx * zoom());
        originY = std::round(sy - canvas.y - my * zoom());
    }

    // Largest zoom step that shows the whole map (w x h px) with `margin` window pixels
    // around it, centred on whole pixels. The smallest step when nothing fits.
    void fit(int64_t mapW, int64_t mapH, double margin) {
        margin = std::min(margin, double(std::min(canvas.w, canvas.h)) / 8);  // tiny canvases
        zoomStep = 0;
        for (int s = kZoomStepCount - 1; s >= 0; --s) {
            if (mapW * kZoomSteps[s] <= canvas.w - 2 * margin &&
                mapH * kZoomSteps[s] <= canvas.h - 2 * margin) {
                zoomStep = s;
                break;
            }
        }
        originX = std::floor((canvas.w - mapW * zoom()) / 2);
        originY = std::floor((canvas.h - mapH * zoom()) / 2);
        fitted = true;
    }
};

}  // namespace ts
