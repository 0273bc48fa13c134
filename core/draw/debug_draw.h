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
};

}  // namespace ts
