#include "edit/wall_drag.h"

#include <algorithm>
#include <cstdlib>

namespace ts {

std::optional<WallDrag> WallDrag::begin(const Map& map, int64_t px, int64_t py, bool on,
                                        CommandPtr* first) {
    std::optional<Edge> e = nearestEdge(map, px, py);
    if (!e) {
        *first = nullptr;
        return std::nullopt;
    }
    WallDrag d;
    d.on_ = on;
    d.startPx_ = px;
    d.startPy_ = py;
    d.first_ = *e;
    d.firstWasOn_ = hasWall(map, *e);
    *first = setWall(map, *e, on);
    return d;
}

int32_t WallDrag::along(const Map& map, int64_t px, int64_t py) const {
    const int64_t ts = map.tileSize;
    if (vertical_) return int32_t(std::clamp<int64_t>(floorDiv(py, ts), 0, map.height - 1));
    return int32_t(std::clamp<int64_t>(floorDiv(px, ts), 0, map.width - 1));
}

Edge WallDrag::edgeAt(int32_t i) const {
    return vertical_ ? Edge{false, line_, i} : Edge{true, i, line_};
}

std::vector<Edge> WallDrag::edgesTo(const Map& map, int64_t px, int64_t py) const {
    if (!locked_) return {first_};
    const int32_t to = along(map, px, py);
    std::vector<Edge> edges;
    for (int32_t i = std::min(from_, to); i <= std::max(from_, to); ++i) edges.push_back(edgeAt(i));
    return edges;
}

std::vector<CommandPtr> WallDrag::moveTo(const Map& map, int64_t px, int64_t py) {
    const int64_t ts = map.tileSize;
    std::vector<CommandPtr> out;
    auto add = [&out](CommandPtr c) {
        if (c && !c->changesNothing()) out.push_back(std::move(c));
    };
    if (!locked_) {
        const int64_t dx = std::llabs(px - startPx_), dy = std::llabs(py - startPy_);
        if (2 * std::max(dx, dy) < ts) return out;  // not yet half a tile: no direction
        locked_ = true;
        vertical_ = dy > dx;
        // The line through the first edge when it runs the drag's way, else the grid line
        // nearest to the press; a first edge across the line is put back as it was.
        if (first_.horizontal != vertical_) {
            line_ = vertical_ ? first_.x : first_.y;
        } else {
            const int64_t p = vertical_ ? startPx_ : startPy_;
            const int64_t limit = vertical_ ? map.width : map.height;
            line_ = int32_t(std::clamp<int64_t>(floorDiv(p + ts / 2, ts), 0, limit));
            add(setWall(map, first_, firstWasOn_));
        }
        from_ = along(map, startPx_, startPy_);
        reachLo_ = reachHi_ = from_;
        add(setWall(map, edgeAt(from_), on_));
    }
    const int32_t to = along(map, px, py);
    std::vector<Edge> edges;
    for (int32_t i = std::min(to, reachLo_); i < reachLo_; ++i) edges.push_back(edgeAt(i));
    for (int32_t i = reachHi_ + 1; i <= std::max(to, reachHi_); ++i) edges.push_back(edgeAt(i));
    reachLo_ = std::min(reachLo_, to);
    reachHi_ = std::max(reachHi_, to);
    if (!edges.empty()) add(setWalls(map, edges, on_));
    return out;
}

}  // namespace ts
