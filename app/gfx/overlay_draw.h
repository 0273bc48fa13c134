// ts::DebugDraw over the batched GL renderer: the core's overlays (map pixels) land on the
// canvas through the same mapping as the tiles, window = origin + map_px * zoom. Text goes
// to a list the caller draws with ImGui, which owns the only font.
#pragma once
#include <string>
#include <vector>

#include "draw/debug_draw.h"
#include "gfx/batch_renderer.h"

namespace ts::gfx {

// 0xAARRGGBB from a core colour, with its alpha scaled by `alpha` (0..1).
Color toColor(Rgba c, float alpha = 1.0f);

class OverlayDraw : public DebugDraw {
  public:
    struct Text {
        float x, y;  // window pixels
        std::string text;
        Color color;
    };

    // originX/Y: window position of map pixel (0, 0); zoom: window pixels per map pixel.
    OverlayDraw(BatchRenderer& batch, double originX, double originY, double zoom,
                float alpha = 1.0f)
        : batch_(batch), ox_(originX), oy_(originY), zoom_(zoom), alpha_(alpha) {}

    void line(double x0, double y0, double x1, double y1, Rgba c) override;
    void rect(double x0, double y0, double x1, double y1, Rgba c, bool filled) override;
    void text(double x, double y, const std::string& s, Rgba c) override;
    void mark(double x0, double y0, double x1, double y1, Rgba c, double minScreenPx) override;

    const std::vector<Text>& texts() const { return texts_; }

  private:
    float sx(double x) const { return float(ox_ + x * zoom_); }
    float sy(double y) const { return float(oy_ + y * zoom_); }
    void band(float ax, float ay, float bx, float by, float t, Color col);

    BatchRenderer& batch_;
    double ox_, oy_, zoom_;
    float alpha_;
    std::vector<Text> texts_;
};

}  // namespace ts::gfx
