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

void OverlayDraw::line(double x0, double y0, double x1, double y1, Rgba c) {
    const Color col = toColor(c, alpha_);
    const float ax = sx(x0), ay = sy(y0), bx = sx(x1), by = sy(y1);
    if (ax == bx || ay == by) {  // a scanline: a thin rectangle, never under kMinLine
        const float t = std::max(kMinLine, float(zoom_ * 0.25));
        const float x = std::min(ax, bx), y = std::min(ay, by);
        if (ax == bx) {
            batch_.rect(x - t / 2, y, t, std::max(std::abs(by - ay), t), col);
        } else {
            batch_.rect(x, y - t / 2, std::max(std::abs(bx - ax), t), t, col);
        }
        return;
    }
    batch_.line(ax, ay, bx, by, col);
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
