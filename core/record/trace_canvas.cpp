#include "record/trace_canvas.h"

#include <algorithm>

#include "record/trace_grid.h"

namespace ts {

namespace {

int32_t clampSide(int64_t n) {
    return int32_t(std::clamp<int64_t>(n, 1, TraceCanvas::kMaxSide));
}

// The side that holds `needed` tiles with the margin and a quarter more (at most kMaxSide).
int32_t grown(int64_t needed) {
    return clampSide(needed + TraceCanvas::kMargin + needed / 4);
}

}  // namespace

TraceCanvas::TraceCanvas(const TraceHeader& h) : grid_(h.grid) {
    if (grid_.present()) {
        tile_ = int32_t(grid_.tile);
        width_ = int32_t(grid_.w);
        height_ = int32_t(grid_.h);
        return;
    }
    tile_ = int32_t(std::clamp<int64_t>(h.tileSize, kMinTileSize, kMaxTileSize));
    if (h.width > 0 && h.height > 0) {
        width_ = clampSide(h.width);
        height_ = clampSide(h.height);
    }
}

bool TraceCanvas::take(const RecordedTrace& t) {
    if (grid_.present()) return false;  // the game said its level: actors outside it stay so
    int64_t right = 0, bottom = 0;      // px: the furthest box edges in the new frames
    for (size_t i = next_ > 0 ? next_ - 1 : 0; i < t.frameCount(); ++i)
        for (const RecordedState& s : t.frame(i).states) {
            const bool round = s.actor < t.actors.size() && t.actors[s.actor].round;
            const MoverState& m = s.state;
            // A round actor's x, y is its centre and w its diameter.
            right = std::max(right, (m.x + Fix::fromInt(round ? (m.w + 1) / 2 : m.w)).ceil());
            bottom = std::max(bottom, (m.y + Fix::fromInt(round ? (m.w + 1) / 2 : m.h)).ceil());
        }
    next_ = t.frameCount();
    const int64_t needW = (right + tile_ - 1) / tile_, needH = (bottom + tile_ - 1) / tile_;
    bool grew = false;
    if (needW + kMargin > width_ && width_ < kMaxSide) {
        width_ = std::max(width_, grown(needW));
        grew = true;
    }
    if (needH + kMargin > height_ && height_ < kMaxSide) {
        height_ = std::max(height_, grown(needH));
        grew = true;
    }
    return grew;
}

Map TraceCanvas::map() const {
    if (grid_.present()) return mapFromGrid(grid_);
    return Map::blank(width_, height_, tile_);
}

}  // namespace ts
