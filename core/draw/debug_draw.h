// The debug-draw interface, as Box2D's b2DebugDraw: the core says what to draw, in map pixel
// coordinates, and never knows how. The app implements it with its batched GL renderer;
// tests implement it with a recorder.
#pragma once
#include <cstdint>
#include <string>

namespace ts {

struct Rgba {
    uint8_t r = 255, g = 255, b = 255, a = 255;
    bool operator==(const Rgba& o) const { return r == o.r && g == o.g && b == o.b && a == o.a; }
};

class DebugDraw {
  public:
    virtual ~DebugDraw() = default;
    // Coordinates are map pixels (x right, y down); a pixel (x, y) covers [x, x+1) x [y, y+1).
    virtual void line(double x0, double y0, double x1, double y1, Rgba c) = 0;
    virtual void rect(double x0, double y0, double x1, double y1, Rgba c, bool filled) = 0;
    virtual void text(double x, double y, const std::string& s, Rgba c) = 0;
    // A line the user points at (a scanline): at least `minScreenPx` window pixels across and
    // long at every zoom, so that it stays visible and easy to hover when zoomed out. The core
    // knows no zoom: the width is in the drawer's pixels. Without a screen, a plain line.
    virtual void mark(double x0, double y0, double x1, double y1, Rgba c, double minScreenPx) {
        (void)minScreenPx;
        line(x0, y0, x1, y1, c);
    }
};

}  // namespace ts
