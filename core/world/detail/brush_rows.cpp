// The sweep of brush_rows.h.
#include "world/detail/brush_rows.h"

#include <algorithm>
#include <cstring>

#include "map/map.h"
#include "world/collision.h"

namespace ts {

BrushRows::BrushRows(const CollisionWorld& world) {
    const CollisionWorld::GridSize& gs = world.gridSize();
    width_ = gs.width;
    widthPx_ = int64_t(gs.width) * kT;
    const int64_t heightPx = int64_t(gs.height) * kT;
    for (const Brush& b : world.map().brushes) {
        const int64_t x0 = std::max<int64_t>(b.rect.x, 0);
        const int64_t x1 = std::min<int64_t>(b.rect.right(), widthPx_);
        const int64_t y0 = std::max<int64_t>(b.rect.y, 0);
        const int64_t y1 = std::min<int64_t>(b.rect.bottom(), heightPx);
        if (b.rect.empty() || x0 >= x1 || y0 >= y1) continue;
        events_.push_back({y0, x0, x1, +1});
        events_.push_back({y1, x0, x1, -1});
    }
    std::stable_sort(events_.begin(), events_.end(),
                     [](const Event& a, const Event& b) { return a.y < b.y; });
    diff_.assign(size_t(widthPx_) + 1, 0);
    tileDiff_.assign(size_t(width_) + 1, 0);
    band_.assign(size_t(width_) * kT, 0);
}

void BrushRows::next(bool evaluate) {
    if (evaluate) std::memset(band_.data(), 0, band_.size() * sizeof(uint16_t));
    for (int ly = 0; ly < kT; ++ly) {
        const int64_t y = cy_ * kT + ly;
        for (; nextEvent_ < events_.size() && events_[nextEvent_].y <= y; ++nextEvent_) {
            const Event& e = events_[nextEvent_];
            diff_[size_t(e.x0)] += e.delta;
            diff_[size_t(e.x1)] -= e.delta;
            tileDiff_[size_t(e.x0 / kT)] += e.delta;
            tileDiff_[size_t(e.x1 / kT)] -= e.delta;
        }
        if (!evaluate) continue;
        // Brushes covering the pixel column = prefix sum of diff_; whole tiles without a
        // change inside add their tileDiff_ at once.
        int32_t before = 0;  // the prefix up to the current tile's first pixel
        for (int64_t cx = 0; cx < width_; ++cx) {
            const int32_t* d = diff_.data() + cx * kT;
            const int32_t tileSum = tileDiff_[size_t(cx)];
            if (before == 0 && tileSum == 0) {
                bool flat = true;  // no brush starts or ends inside: nothing covered
                for (int lx = 0; lx < kT && flat; ++lx) flat = d[lx] == 0;
                if (flat) continue;
            }
            uint16_t mask = 0;
            int32_t count = before;
            for (int lx = 0; lx < kT; ++lx) {
                count += d[lx];
                mask = uint16_t(mask | uint16_t(count > 0) << lx);
            }
            band_[size_t(cx) * kT + size_t(ly)] = mask;
            before += tileSum;
        }
    }
    ++cy_;
}

}  // namespace ts
