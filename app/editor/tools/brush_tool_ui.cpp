// The Brushes tool: a drag on empty space draws a new brush, on a brush moves it, on the
// selected brush's handle resizes it.
#include <GLFW/glfw3.h>

#include <algorithm>
#include <cstdlib>
#include <string>

#include "editor/canvas_draw.h"
#include "editor/tools/tool.h"

namespace ts {

namespace {

using DragKind = CanvasDrag::Kind;

constexpr double kMinBrushDragPx = 3;  // window pixels a new-brush drag must cover

// Applies `cmd`, which sets brush `index` to `rect` (index == brushes.size(): adds it), unless
// the map could then no longer run or be saved (too many collision buckets, core's
// brushLimitProblem): the edit is refused and the status bar says why.
bool applyBrushEdit(EditorState& s, size_t index, const RectI& rect, CommandPtr cmd,
                    const char* refused) {
    std::string problem = brushLimitProblem(s.doc.map(), index, rect);
    if (!problem.empty()) {
        setMessage(s, refused + (": " + problem));
        return false;
    }
    return applyEdit(s, std::move(cmd));
}

void brushesPress(EditorState& s, const ToolPoint& p) {
    const Map& m = s.doc.map();
    CanvasDrag& d = s.drag;
    const int64_t radius = std::max<int64_t>(1, int64_t(5 / s.view.zoom()));
    if (s.selectedBrush >= 0 && size_t(s.selectedBrush) < m.brushes.size()) {
        const RectI& r = m.brushes[size_t(s.selectedBrush)].rect;
        if (auto h = handleAt(r, p.px, p.py, radius)) {
            s.doc.beginStroke("Resize brush");
            d.kind = DragKind::ResizeBrush;
            d.handle = *h;
            d.startRect = r;
            return;
        }
    }
    int idx = findBrushAt(m, p.px, p.py);
    s.selectedBrush = idx;
    if (idx >= 0) {
        s.doc.beginStroke("Move brush");
        d.kind = DragKind::MoveBrush;
        d.startRect = m.brushes[size_t(idx)].rect;
    } else {
        d.kind = DragKind::NewBrush;
    }
}

void brushesDrag(EditorState& s, const ToolPoint& p) {
    const Map& m = s.doc.map();
    const CanvasDrag& d = s.drag;
    if (d.kind == DragKind::ResizeBrush && s.selectedBrush >= 0) {
        // The border pixel the drag started from plus the mouse offset: a handle sits on the
        // outline, a few pixels either side of the border pixel, and grabbing it must not
        // move the edge by itself.
        const RectI& r = d.startRect;
        const Handle h = d.handle;
        bool left = h == Handle::Left || h == Handle::TopLeft || h == Handle::BottomLeft;
        bool top = h == Handle::Top || h == Handle::TopLeft || h == Handle::TopRight;
        int64_t ex = (left ? r.x : r.right() - 1) + (p.px - d.startPx);
        int64_t ey = (top ? r.y : r.bottom() - 1) + (p.py - d.startPy);
        const size_t i = size_t(s.selectedBrush);
        if (i < m.brushes.size())
            applyBrushEdit(s, i,
                           resizeRect(m.brushes[i].rect, h, ex, ey, m.widthPx(), m.heightPx()),
                           resizeBrush(m, i, h, ex, ey), "Brush not resized");
    }
    if (d.kind == DragKind::MoveBrush && s.selectedBrush >= 0 &&
        size_t(s.selectedBrush) < m.brushes.size()) {
        const size_t i = size_t(s.selectedBrush);
        const RectI& cur = m.brushes[i].rect;
        const int64_t dx = d.startRect.x + (p.px - d.startPx) - cur.x;
        const int64_t dy = d.startRect.y + (p.py - d.startPy) - cur.y;
        applyBrushEdit(s, i, moveRect(cur, dx, dy, m.widthPx(), m.heightPx()),
                       moveBrush(m, i, dx, dy), "Brush not moved");
    }
}

void brushesRelease(EditorState& s, const ToolPoint& p) {
    const Map& m = s.doc.map();
    const CanvasDrag& d = s.drag;
    if (d.kind != DragKind::NewBrush) return;
    // A click (less than a few window pixels of movement) only changes the selection:
    // clicking empty space to deselect must not leave a 1-pixel brush behind.
    const double moved = std::max(std::llabs(p.px - d.startPx), std::llabs(p.py - d.startPy));
    if (moved * s.view.zoom() < kMinBrushDragPx) return;
    const size_t count = m.brushes.size();
    const RectI r = rectFromCorners(m, d.startPx, d.startPy, p.px, p.py);
    if (applyBrushEdit(s, count, r, addBrush(m, r), "Brush not added"))
        s.selectedBrush = int(count);
}

// The selected brush's handles (a press on one resizes it) and the brush being drawn.
void brushesHighlight(const EditorState& s, gfx::BatchRenderer& b) {
    drawSelectedBrushHandles(s, b);
    const CanvasDrag& d = s.drag;
    if (d.kind == DragKind::NewBrush && s.hoverValid)
        drawBrushPreview(s, b,
                         rectFromCorners(s.doc.map(), d.startPx, d.startPy, s.hoverPx, s.hoverPy));
}

void brushesDelete(EditorState& s) {
    if (s.selectedBrush < 0 || s.locked[kLayerBrushes]) return;
    applyEdit(s, deleteBrush(s.doc.map(), size_t(s.selectedBrush)));
    s.selectedBrush = -1;
    setMessage(s, "Deleted a brush (Ctrl+Z brings it back)");
}

}  // namespace

// clang-format off
const ToolSpec kBrushesTool = {Tool::Brushes, "Brushes", "X", GLFW_KEY_X, kLayerBrushes, false, false, false, false, false,
                               brushesPress, nullptr, brushesDrag, brushesRelease, brushesHighlight, brushesDelete, nullptr,
                               "Drag: new brush. Drag a brush to move, a handle to resize. Del deletes."};
// clang-format on

}  // namespace ts
