#include "gfx/overlay_draw.h"

#include <algorithm>

namespace ts::gfx {

Color toColor(Rgba c, float alpha) {
    uint32_t a = uint32_t(std::clamp(float(c.a) * alpha, 0.0f, 255.0f) + 0.5f);
    return a << 24 | uint32_t(c.r) << 16 | uint32_t(c.g) << 8 | c.b;
}

void OverlayDraw::line(double x0, double y0, double x1, double y1, Rgba c) {
    batch_.line(sx(x0), sy(y0), sx(x1), sy(y1), toColor(c, alpha_));
}

void OverlayDraw::rect(double x0, double y0, double x1, double y1, Rgba c, bool filled) {
    float x = sx(std::min(x0, x1)), y = sy(std::min(y0, y1));
    float w = float(std::abs(x1 - x0) * zoom_), h = float(std::abs(y1 - y0) * zoom_);
    if (filled) {
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
