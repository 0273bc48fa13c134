#include "edit/brush_tools.h"

#include <algorithm>
#include <cstdlib>

#include "world/collision.h"
#include "edit/map_edits.h"

namespace ts {

namespace {

int64_t clampI(int64_t v, int64_t lo, int64_t hi) {
    return std::min(std::max(v, lo), hi);
}

CommandPtr replaceBrush(const Map& map, size_t index, RectI after, const char* label) {
    if (index >= map.brushes.size() || after.empty())
        return std::make_unique<CommandGroup>(label);  // changes nothing
    return std::make_unique<BrushEdit>(label, &Map::brushes, BrushEdit::Op::Replace, index,
                                       map.brushes[index], Brush{after});
}

}  // namespace

RectI rectFromCorners(const Map& map, int64_t x0, int64_t y0, int64_t x1, int64_t y1) {
    int64_t left = std::max<int64_t>(std::min(x0, x1), 0);
    int64_t top = std::max<int64_t>(std::min(y0, y1), 0);
    int64_t right = std::min(std::max(x0, x1) + 1, map.widthPx());
    int64_t bottom = std::min(std::max(y0, y1) + 1, map.heightPx());
    if (right <= left || bottom <= top) return RectI{};
    return RectI{left, top, right - left, bottom - top};
}

CommandPtr addBrush(const Map& map, RectI rect) {
    RectI r = rectFromCorners(map, rect.x, rect.y, rect.right() - 1, rect.bottom() - 1);
    if (rect.empty() || r.empty()) return std::make_unique<CommandGroup>("Add brush");
    return std::make_unique<BrushEdit>("Add brush", &Map::brushes, BrushEdit::Op::Insert,
                                       map.brushes.size(), Brush{}, Brush{r});
}

int findBrushAt(const Map& map, int64_t px, int64_t py) {
    for (size_t i = map.brushes.size(); i-- > 0;)
        if (map.brushes[i].rect.overlaps(RectI{px, py, 1, 1})) return int(i);
    return -1;
}

CommandPtr moveBrush(const Map& map, size_t index, int64_t dx, int64_t dy) {
    if (index >= map.brushes.size()) return std::make_unique<CommandGroup>("Move brush");
    RectI r = moveRect(map.brushes[index].rect, dx, dy, map.widthPx(), map.heightPx());
    return replaceBrush(map, index, r, "Move brush");
}

RectI moveRect(const RectI& r, int64_t dx, int64_t dy, int64_t mapW, int64_t mapH) {
    RectI moved = r;
    moved.x = clampI(r.x + dx, 0, mapW - r.w);
    moved.y = clampI(r.y + dy, 0, mapH - r.h);
    return moved;
}

CommandPtr deleteBrush(const Map& map, size_t index) {
    if (index >= map.brushes.size()) return std::make_unique<CommandGroup>("Delete brush");
    return std::make_unique<BrushEdit>("Delete brush", &Map::brushes, BrushEdit::Op::Erase, index,
                                       map.brushes[index], Brush{});
}

std::optional<Handle> handleAt(const RectI& r, int64_t px, int64_t py, int64_t radius) {
    // Handle positions on the rectangle's outline, in pixel-centre coordinates doubled so
    // the middle of an even side is exact.
    const int64_t x0 = 2 * r.x, x1 = 2 * r.right(), xm = r.x + r.right();
    const int64_t y0 = 2 * r.y, y1 = 2 * r.bottom(), ym = r.y + r.bottom();
    const struct {
        Handle h;
        int64_t x, y;
    } spots[] = {{Handle::TopLeft, x0, y0},    {Handle::TopRight, x1, y0},
                 {Handle::BottomLeft, x0, y1}, {Handle::BottomRight, x1, y1},
                 {Handle::Left, x0, ym},       {Handle::Right, x1, ym},
                 {Handle::Top, xm, y0},        {Handle::Bottom, xm, y1}};
    const int64_t cx = 2 * px + 1, cy = 2 * py + 1, rad = 2 * radius;
    for (const auto& s : spots)
        if (std::llabs(cx - s.x) <= rad && std::llabs(cy - s.y) <= rad) return s.h;
    return std::nullopt;
}

RectI resizeRect(const RectI& r, Handle h, int64_t px, int64_t py, int64_t mapW, int64_t mapH) {
    int64_t left = r.x, top = r.y, right = r.right(), bottom = r.bottom();
    const bool movesLeft = h == Handle::Left || h == Handle::TopLeft || h == Handle::BottomLeft;
    const bool movesRight = h == Handle::Right || h == Handle::TopRight || h == Handle::BottomRight;
    const bool movesTop = h == Handle::Top || h == Handle::TopLeft || h == Handle::TopRight;
    const bool movesBottom =
        h == Handle::Bottom || h == Handle::BottomLeft || h == Handle::BottomRight;
    // The dragged edge stops one pixel before the opposite edge: never empty or inverted.
    if (movesLeft) left = clampI(px, 0, right - 1);
    if (movesRight) right = clampI(px + 1, left + 1, mapW);
    if (movesTop) top = clampI(py, 0, bottom - 1);
    if (movesBottom) bottom = clampI(py + 1, top + 1, mapH);
    return RectI{left, top, right - left, bottom - top};
}

CommandPtr resizeBrush(const Map& map, size_t index, Handle h, int64_t px, int64_t py) {
    if (index >= map.brushes.size()) return std::make_unique<CommandGroup>("Resize brush");
    RectI r = resizeRect(map.brushes[index].rect, h, px, py, map.widthPx(), map.heightPx());
    return replaceBrush(map, index, r, "Resize brush");
}

std::string brushLimitProblem(const Map& map, size_t index, const RectI& rect) {
    auto entries = [&map](const RectI& r) {
        return CollisionWorld::brushBucketEntries(r, map.tileSize, map.width, map.height);
    };
    uint64_t total = CollisionWorld::brushBucketEntries(map) + entries(rect);
    if (index < map.brushes.size()) total -= entries(map.brushes[index].rect);
    return CollisionWorld::brushBucketProblem(total);
}

}  // namespace ts
