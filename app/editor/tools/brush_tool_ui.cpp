// The Brushes tool: a drag on empty space draws a new brush, on a brush moves it, on the
// selected brush's handle resizes it.
#include <GLFW/glfw3.h>

#include <algorithm>
#include <cstdlib>

#include "editor/canvas_draw.h"
#include "editor/tools/tool.h"

namespace ts {

namespace {

using DragKind = CanvasDrag::Kind;

constexpr double kMinBrushDragPx = 3;  // window pixels a new-brush drag must cover

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
        applyEdit(s, resizeBrush(m, size_t(s.selectedBrush), h, ex, ey));
    }
    if (d.kind == DragKind::MoveBrush && s.selectedBrush >= 0 &&
        size_t(s.selectedBrush) < m.brushes.size()) {
        const RectI& cur = m.brushes[size_t(s.selectedBrush)].rect;
        applyEdit(s,
                  moveBrush(m, size_t(s.selectedBrush), d.startRect.x + (p.px - d.startPx) - cur.x,
                            d.startRect.y + (p.py - d.startPy) - cur.y));
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
    size_t count = m.brushes.size();
    if (applyEdit(s, addBrush(m, rectFromCorners(m, d.startPx, d.startPy, p.px, p.py))))
        s.selectedBrush = int(count);
}

// The brush being drawn.
void brushesHighlight(const EditorState& s, gfx::BatchRenderer& b) {
    const CanvasDrag& d = s.drag;
    if (d.kind == DragKind::NewBrush && s.hoverValid)
        drawBrushPreview(s, b,
                         rectFromCorners(s.doc.map(), d.startPx, d.startPy, s.hoverPx, s.hoverPy));
}

void brushesDelete(EditorState& s) {
    if (s.selectedBrush < 0 || s.locked[kLayerBrushes]) return;
    applyEdit(s, deleteBrush(s.doc.map(), size_t(s.selectedBrush)));
    s.selectedBrush = -1;
}

}  // namespace

// clang-format off
const ToolSpec kBrushesTool = {Tool::Brushes, "Brushes", "X", GLFW_KEY_X, kLayerBrushes, false, false, false, false,
                               brushesPress, nullptr, brushesDrag, brushesRelease, brushesHighlight, brushesDelete,
                               "Drag: new brush. Drag a brush to move, a handle to resize. Del deletes."};
// clang-format on

}  // namespace ts
