// The Walls tool: a drag along grid lines adds walls, with the right button removes them (the
// stroke itself is core/edit/wall_drag.h).
#include <GLFW/glfw3.h>

#include "editor/canvas_draw.h"
#include "editor/tools/tool.h"

namespace ts {

namespace {

using DragKind = CanvasDrag::Kind;

void beginWallDrag(EditorState& s, const ToolPoint& p, bool on) {
    CanvasDrag& d = s.drag;
    CommandPtr first;
    d.walls = WallDrag::begin(s.doc.map(), p.px, p.py, on, &first);
    if (!d.walls) return;
    s.doc.beginStroke(on ? "Add walls" : "Remove walls");
    applyEdit(s, std::move(first));
    d.kind = DragKind::Walls;
}

void wallsPress(EditorState& s, const ToolPoint& p) {
    beginWallDrag(s, p, true);
}
void wallsPressRight(EditorState& s, const ToolPoint& p) {
    beginWallDrag(s, p, false);
}

void wallsDrag(EditorState& s, const ToolPoint& p) {
    CanvasDrag& d = s.drag;
    if (d.kind != DragKind::Walls || !d.walls) return;
    for (CommandPtr& c : d.walls->moveTo(s.doc.map(), p.px, p.py)) applyEdit(s, std::move(c));
}

// During a drag, the edges it sets (white) or clears (red): its line from the press to the
// pointer. Otherwise the grid edge a click would set or clear.
void wallsHighlight(const EditorState& s, gfx::BatchRenderer& b) {
    if (!hoverShown(s)) return;
    const CanvasDrag& d = s.drag;
    if (d.kind == DragKind::Walls && d.walls) {
        for (const Edge& e : d.walls->edgesTo(s.doc.map(), s.hoverPx, s.hoverPy))
            drawEdgeMark(s, b, e, !d.walls->on());
        return;
    }
    if (auto e = nearestEdge(s.doc.map(), s.hoverPx, s.hoverPy)) drawEdgeMark(s, b, *e);
}

}  // namespace

// clang-format off
const ToolSpec kWallsTool = {Tool::Walls, "Walls", "W", GLFW_KEY_W, kLayerWalls, false, false, false, true, false,
                             wallsPress, wallsPressRight, wallsDrag, nullptr, wallsHighlight, nullptr, nullptr,
                             "Drag along grid lines. Right button removes."};
// clang-format on

}  // namespace ts
