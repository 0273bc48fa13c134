#include "draw/coverage_overlay.h"

#include <algorithm>
#include <cmath>

namespace ts {

Rgba coverageColour(uint32_t visits, uint32_t most) {
    // t: 0 for one visit, 1 for the busiest cell; blue -> yellow -> red, always see-through.
    const double t = most <= 1 ? 1.0 : std::log(double(visits)) / std::log(double(most));
    const double u = std::clamp(t, 0.0, 1.0);
    Rgba c;
    if (u < 0.5) {
        const double k = u * 2;
        c = Rgba{uint8_t(40 + 215 * k), uint8_t(90 + 150 * k), uint8_t(255 - 215 * k), 0};
    } else {
        const double k = (u - 0.5) * 2;
        c = Rgba{255, uint8_t(240 - 190 * k), 40, 0};
    }
    c.a = uint8_t(45 + 65 * u);
    return c;
}

void drawCoverage(const HuntCoverage& coverage, int32_t tileSize, DebugDraw& draw) {
    if (coverage.width <= 0 || coverage.height <= 0 || tileSize <= 0 ||
        coverage.visits.size() != size_t(coverage.width) * size_t(coverage.height))
        return;
    const uint32_t most = *std::max_element(coverage.visits.begin(), coverage.visits.end());
    if (most == 0) return;
    for (int32_t y = 0; y < coverage.height; ++y)
        for (int32_t x = 0; x < coverage.width; ++x) {
            const uint32_t v = coverage.visits[size_t(y) * size_t(coverage.width) + size_t(x)];
            if (v == 0) continue;
            const double x0 = double(x) * tileSize, y0 = double(y) * tileSize;
            draw.rect(x0, y0, x0 + tileSize, y0 + tileSize, coverageColour(v, most), true);
        }
}

}  // namespace ts
