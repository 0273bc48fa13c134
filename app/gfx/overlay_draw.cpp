#include "gfx/overlay_draw.h"

#include <algorithm>
#include <cmath>

namespace ts::gfx {

Color toColor(Rgba c, float alpha) {
    uint32_t a = uint32_t(std::clamp(float(c.a) * alpha, 0.0f, 255.0f) + 0.5f);
    return a << 24 | uint32_t(c.r) << 16 | uint32_t(c.g) << 8 | c.b;
}

namespace {

// Marks stay visible at every zoom: a scanline or probe one map pixel across would be a
// hairline or a dot when zoomed out.
constexpr float kMinLine = 2;   // window pixels across an axis-aligned line
constexpr float kMinPoint = 4;  // window pixels of a small filled mark (a probed pixel)

}  // namespace

// An axis-aligned line from window (ax, ay) to (bx, by) as a rectangle t pixels across and at
// least t long, centred on the line: a short scanline stays a square around its middle.
void OverlayDraw::band(float ax, float ay, float bx, float by, float t, Color col) {
    const float cx = (ax + bx) / 2, cy = (ay + by) / 2;
    const float w = ax == bx ? t : std::max(std::abs(bx - ax), t);
    const float h = ax == bx ? std::max(std::abs(by - ay), t) : t;
    batch_.rect(cx - w / 2, cy - h / 2, w, h, col);
}

void OverlayDraw::line(double x0, double y0, double x1, double y1, Rgba c) {
    const Color col = toColor(c, alpha_);
    const float ax = sx(x0), ay = sy(y0), bx = sx(x1), by = sy(y1);
    if (ax == bx || ay == by) {  // a thin rectangle, never under kMinLine
        band(ax, ay, bx, by, std::max(kMinLine, float(zoom_ * 0.25)), col);
        return;
    }
    batch_.line(ax, ay, bx, by, col);
}

void OverlayDraw::mark(double x0, double y0, double x1, double y1, Rgba c, double minScreenPx) {
    const Color col = toColor(c, alpha_);
    const float t = std::max(float(minScreenPx), float(zoom_ * 0.25));
    const float ax = sx(x0), ay = sy(y0), bx = sx(x1), by = sy(y1);
    if (ax == bx || ay == by) {
        band(ax, ay, bx, by, t, col);
        return;
    }
    // A slanted one: parallel lines a window pixel apart across its width.
    const float len = std::hypot(bx - ax, by - ay), nx = -(by - ay) / len, ny = (bx - ax) / len;
    const int n = int(std::ceil(t));
    for (int i = 0; i < n; ++i) {
        const float o = float(i) - float(n - 1) / 2;
        batch_.line(ax + nx * o, ay + ny * o, bx + nx * o, by + ny * o, col);
    }
}

void OverlayDraw::rect(double x0, double y0, double x1, double y1, Rgba c, bool filled) {
    float x = sx(std::min(x0, x1)), y = sy(std::min(y0, y1));
    float w = float(std::abs(x1 - x0) * zoom_), h = float(std::abs(y1 - y0) * zoom_);
    if (filled && w < kMinPoint && h < kMinPoint) {
        // A probed pixel: a square of kMinPoint around its centre.
        batch_.rect(x + w / 2 - kMinPoint / 2, y + h / 2 - kMinPoint / 2, kMinPoint, kMinPoint,
                    toColor(c, alpha_));
    } else if (filled) {
        batch_.rect(x, y, w, h, toColor(c, alpha_));
    } else {
        // Outlines at least 1 window pixel wide and tall so thin probes stay visible.
        batch_.rectOutline(x, y, std::max(w, 1.0f), std::max(h, 1.0f), toColor(c, alpha_));
    }
}

void OverlayDraw::text(double x, double y, const std::string& s, Rgba c) {
    texts_.push_back({sx(x), sy(y), s, toColor(c, alpha_)});
}

}  // namespace ts::gfx
