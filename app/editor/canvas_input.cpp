#include "editor/canvas_input.h"

#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_internal.h>  // ClosePopupsExceptModals

#include <algorithm>
#include <cstdlib>

#include "editor/file_actions.h"

namespace ts {

namespace {

using DragKind = CanvasDrag::Kind;

constexpr double kMinBrushDragPx = 3;  // window pixels a new-brush drag must cover

bool isTileTool(Tool t) {
    return t == Tool::Stamp || t == Tool::Eraser || t == Tool::RectFill || t == Tool::Bucket ||
           t == Tool::Eyedropper;
}

Layer toolLayer(Tool t) {
    if (t == Tool::Walls) return kLayerWalls;
    if (t == Tool::Brushes) return kLayerBrushes;
    if (t == Tool::Actors) return kLayerActors;
    return kLayerTiles;
}

void pickKind(EditorState& s, CellPos cell) {
    int32_t id = kindAt(s.doc.map(), cell);
    if (id < 0) return;
    s.stamp = Stamp::single(uint16_t(id));
    if (id > 0) s.selectedKind = uint16_t(id);
    setMessage(s, "Picked " + s.doc.map().tileset.kinds[size_t(id)].name);
}

// A fresh drag starting at map pixel (px, py); returns the cell under it.
CellPos beginDrag(CanvasDrag& d, const Map& m, int64_t px, int64_t py) {
    const CellPos cell = cellAt(m, px, py);
    d = CanvasDrag{};
    d.startCell = d.lastCell = cell;
    d.startPx = px;
    d.startPy = py;
    return cell;
}

// A Walls stroke (add with the left button, remove with the right); see core/edit/wall_drag.h.
void beginWallDrag(EditorState& s, int64_t px, int64_t py, bool on) {
    CanvasDrag& d = s.drag;
    CommandPtr first;
    d.walls = WallDrag::begin(s.doc.map(), px, py, on, &first);
    if (!d.walls) return;
    s.doc.beginStroke(on ? "Add walls" : "Remove walls");
    applyEdit(s, std::move(first));
    d.kind = DragKind::Walls;
    d.remove = !on;
}

void startLeft(EditorState& s, int64_t px, int64_t py, bool shift, bool alt) {
    const Map& m = s.doc.map();
    CanvasDrag& d = s.drag;
    const CellPos cell = beginDrag(d, m, px, py);
    if (isTileTool(s.tool) && alt) {
        pickKind(s, cell);
        return;
    }
    switch (s.tool) {
        case Tool::Stamp:
            if (shift && s.lastStampCell) {
                applyEdit(s, stampLine(m, *s.lastStampCell, cell, s.stamp));
                s.lastStampCell = cell;
                return;
            }
            s.doc.beginStroke("Stamp");
            applyEdit(s, stampAt(s.doc.map(), cell, s.stamp));
            d.kind = DragKind::Paint;
            break;
        case Tool::Eraser:
            s.doc.beginStroke("Erase");
            applyEdit(s, eraseAt(m, cell));
            d.kind = DragKind::Erase;
            break;
        case Tool::RectFill:
            d.kind = DragKind::RectFill;
            break;
        case Tool::Bucket:
            applyEdit(s, bucketFill(m, cell, s.stamp.at(0, 0)));
            break;
        case Tool::Eyedropper:
            pickKind(s, cell);
            selectTool(s, Tool::Stamp);
            break;
        case Tool::Walls:
            beginWallDrag(s, px, py, true);
            break;
        case Tool::Brushes: {
            const int64_t radius = std::max<int64_t>(1, int64_t(5 / s.view.zoom()));
            if (s.selectedBrush >= 0 && size_t(s.selectedBrush) < m.brushes.size()) {
                const RectI& r = m.brushes[size_t(s.selectedBrush)].rect;
                if (auto h = handleAt(r, px, py, radius)) {
                    s.doc.beginStroke("Resize brush");
                    d.kind = DragKind::ResizeBrush;
                    d.handle = *h;
                    d.startRect = r;
                    return;
                }
            }
            int idx = findBrushAt(m, px, py);
            s.selectedBrush = idx;
            if (idx >= 0) {
                s.doc.beginStroke("Move brush");
                d.kind = DragKind::MoveBrush;
                d.startRect = m.brushes[size_t(idx)].rect;
            } else {
                d.kind = DragKind::NewBrush;
            }
            break;
        }
        case Tool::Actors: {
            int idx = findActorAt(m, px, py);
            if (idx >= 0) {
                s.selectedActor = idx;
                s.doc.beginStroke("Move actor");
                d.kind = DragKind::MoveActor;
                d.startX = m.actors[size_t(idx)].x;
                d.startY = m.actors[size_t(idx)].y;
            } else if (m.inside(cell.x, cell.y)) {
                size_t count = m.actors.size();
                if (applyEdit(s, addActor(m, s.newActorMover, px, py)))
                    s.selectedActor = int(count);
            } else {
                s.selectedActor = -1;
            }
            break;
        }
        default:
            break;
    }
}

void startRight(EditorState& s, int64_t px, int64_t py) {
    const Map& m = s.doc.map();
    CanvasDrag& d = s.drag;
    const CellPos cell = beginDrag(d, m, px, py);
    switch (s.tool) {
        case Tool::Stamp:
            d.kind = DragKind::Capture;
            break;
        case Tool::RectFill:
            d.kind = DragKind::RectErase;
            break;
        case Tool::Bucket:
            applyEdit(s, bucketFill(m, cell, 0));
            break;
        case Tool::Walls:
            beginWallDrag(s, px, py, false);
            break;
        default:
            break;
    }
}

void continueDrag(EditorState& s, int64_t px, int64_t py) {
    const Map& m = s.doc.map();
    CanvasDrag& d = s.drag;
    CellPos cell = cellAt(m, px, py);
    switch (d.kind) {
        case DragKind::Paint:
            if (!(cell == d.lastCell)) applyEdit(s, stampLine(m, d.lastCell, cell, s.stamp));
            break;
        case DragKind::Erase:
            if (!(cell == d.lastCell))
                for (CellPos c : lineCells(d.lastCell, cell)) applyEdit(s, eraseAt(s.doc.map(), c));
            break;
        case DragKind::Walls:
            if (d.walls)
                for (CommandPtr& c : d.walls->moveTo(m, px, py)) applyEdit(s, std::move(c));
            break;
        case DragKind::ResizeBrush:
            if (s.selectedBrush >= 0) {
                // The border pixel the drag started from plus the mouse offset: a handle sits
                // on the outline, a few pixels either side of the border pixel, and grabbing
                // it must not move the edge by itself.
                const RectI& r = d.startRect;
                const Handle h = d.handle;
                bool left = h == Handle::Left || h == Handle::TopLeft || h == Handle::BottomLeft;
                bool top = h == Handle::Top || h == Handle::TopLeft || h == Handle::TopRight;
                int64_t ex = (left ? r.x : r.right() - 1) + (px - d.startPx);
                int64_t ey = (top ? r.y : r.bottom() - 1) + (py - d.startPy);
                applyEdit(s, resizeBrush(m, size_t(s.selectedBrush), h, ex, ey));
            }
            break;
        case DragKind::MoveBrush:
            if (s.selectedBrush >= 0 && size_t(s.selectedBrush) < m.brushes.size()) {
                const RectI& cur = m.brushes[size_t(s.selectedBrush)].rect;
                applyEdit(s, moveBrush(m, size_t(s.selectedBrush),
                                       d.startRect.x + (px - d.startPx) - cur.x,
                                       d.startRect.y + (py - d.startPy) - cur.y));
            }
            break;
        case DragKind::MoveActor:
            if (s.selectedActor >= 0 && size_t(s.selectedActor) < m.actors.size()) {
                const Actor& a = m.actors[size_t(s.selectedActor)];
                applyEdit(s,
                          moveActor(m, size_t(s.selectedActor), d.startX + (px - d.startPx) - a.x,
                                    d.startY + (py - d.startPy) - a.y));
            }
            break;
        default:
            break;
    }
    d.lastCell = cell;
}

void finishDrag(EditorState& s, int64_t px, int64_t py) {
    const Map& m = s.doc.map();
    CanvasDrag& d = s.drag;
    switch (d.kind) {
        case DragKind::Paint:
            s.lastStampCell = d.lastCell;
            break;
        case DragKind::RectFill:
            applyEdit(s, fillRect(m, d.startCell, d.lastCell, s.stamp));
            break;
        case DragKind::RectErase:
            applyEdit(s, fillRect(m, d.startCell, d.lastCell, Stamp::single(0)));
            break;
        case DragKind::Capture:
            s.stamp = captureStamp(m, d.startCell, d.lastCell);
            setMessage(s, "Stamp " + std::to_string(s.stamp.w) + " x " + std::to_string(s.stamp.h));
            break;
        case DragKind::NewBrush: {
            // A click (less than a few window pixels of movement) only changes the selection:
            // clicking empty space to deselect must not leave a 1-pixel brush behind.
            const double moved = std::max(std::llabs(px - d.startPx), std::llabs(py - d.startPy));
            if (moved * s.view.zoom() < kMinBrushDragPx) break;
            size_t count = m.brushes.size();
            if (applyEdit(s, addBrush(m, rectFromCorners(m, d.startPx, d.startPy, px, py))))
                s.selectedBrush = int(count);
            break;
        }
        default:
            break;
    }
    if (s.doc.inStroke()) s.doc.endStroke();
    d.kind = DragKind::None;
}

}  // namespace

void selectTool(EditorState& s, Tool t) {
    if (s.drag.kind != DragKind::None && s.drag.kind != DragKind::Pan) {
        if (s.doc.inStroke()) s.doc.endStroke();
        s.drag.kind = DragKind::None;
    }
    s.tool = t;
    s.inspecting = false;
}

void inspectAt(EditorState& s, int64_t px, int64_t py) {
    // The topmost (last drawn) box under the pixel.
    for (size_t i = s.inspectBoxes.size(); i-- > 0;) {
        const RectI& r = s.inspectBoxes[i];
        if (px >= r.x && py >= r.y && px < r.right() && py < r.bottom()) {
            s.selectedActor = int(i);
            return;
        }
    }
}

void undoEdit(EditorState& s) {
    if (s.drag.kind != DragKind::Pan) s.drag.kind = DragKind::None;
    if (!s.doc.undo()) setMessage(s, "Nothing to undo");
    clampSelection(s);
}

void redoEdit(EditorState& s) {
    if (s.drag.kind != DragKind::Pan) s.drag.kind = DragKind::None;
    if (!s.doc.redo()) setMessage(s, "Nothing to redo");
    clampSelection(s);
}

void deleteSelection(EditorState& s) {
    const Map& m = s.doc.map();
    if (s.tool == Tool::Actors && s.selectedActor >= 0 && !s.locked[kLayerActors]) {
        applyEdit(s, deleteActor(m, size_t(s.selectedActor)));
        s.selectedActor = -1;
    } else if (s.tool == Tool::Brushes && s.selectedBrush >= 0 && !s.locked[kLayerBrushes]) {
        applyEdit(s, deleteBrush(m, size_t(s.selectedBrush)));
        s.selectedBrush = -1;
    }
}

void handleCanvasMouse(EditorState& s) {
    ImGuiIO& io = ImGui::GetIO();
    View& v = s.view;
    const double mx = io.MousePos.x, my = io.MousePos.y;
    const bool mouseValid = s.interactive && ImGui::IsMousePosValid();
    const bool overCanvas =
        mouseValid && v.canvas.contains(float(mx), float(my)) && !io.WantCaptureMouse;
    const bool dragging = s.drag.kind != DragKind::None;
    s.hoverValid = mouseValid && (overCanvas || dragging);
    if (s.hoverValid) {
        s.hoverPx = v.mapPixelX(mx);
        s.hoverPy = v.mapPixelY(my);
    }
    if (!s.interactive) return;

    // Panning: middle drag anywhere on the canvas, or Space + left drag.
    if (s.drag.kind == DragKind::Pan) {
        v.pan(mx - s.drag.lastSx, my - s.drag.lastSy);
        s.drag.lastSx = mx;
        s.drag.lastSy = my;
        if (!io.MouseDown[2] && !io.MouseDown[0]) s.drag.kind = DragKind::None;
        return;
    }
    if (overCanvas && !dragging && (io.MouseClicked[2] || (io.MouseClicked[0] && s.spaceHeld))) {
        s.drag = CanvasDrag{};
        s.drag.kind = DragKind::Pan;
        s.drag.lastSx = mx;
        s.drag.lastSy = my;
        return;
    }
    if (overCanvas && io.MouseWheel != 0) v.zoomAt(mx, my, io.MouseWheel > 0 ? 1 : -1);

    const int64_t px = s.hoverPx, py = s.hoverPy;
    if (dragging) {
        int button =
            s.drag.remove || s.drag.kind == DragKind::Capture || s.drag.kind == DragKind::RectErase
                ? 1
                : 0;
        continueDrag(s, px, py);
        if (!io.MouseDown[button]) finishDrag(s, px, py);
        return;
    }
    if (!overCanvas) return;
    bool left = io.MouseClicked[0], right = io.MouseClicked[1];
    if (!left && !right) return;
    if (s.inspecting) {
        if (left) inspectAt(s, px, py);
        return;
    }
    Layer layer = toolLayer(s.tool);
    if (s.locked[layer] && !(s.tool == Tool::Eyedropper || (io.KeyAlt && isTileTool(s.tool)))) {
        setMessage(s, std::string(layerName(layer)) + " layer is locked");
        return;
    }
    if (left) {
        startLeft(s, px, py, io.KeyShift, io.KeyAlt);
    } else {
        startRight(s, px, py);
    }
    // A click released in the same frame still ends its stroke.
    if (s.drag.kind != DragKind::None) {
        int button = right ? 1 : 0;
        if (!io.MouseDown[button]) finishDrag(s, px, py);
    }
}

void handleHotkeys(EditorState& s) {
    ImGuiIO& io = ImGui::GetIO();
    s.spaceHeld = !io.WantCaptureKeyboard && ImGui::IsKeyDown(GLFW_KEY_SPACE);
    // Escape closes an open menu (ImGui leaves that to keyboard navigation, which is off);
    // the modal dialogs answer it themselves (Cancel).
    if (s.interactive && !io.WantTextInput && ImGui::IsKeyPressed(GLFW_KEY_ESCAPE, false) &&
        ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId | ImGuiPopupFlags_AnyPopupLevel)) {
        ImGui::ClosePopupsExceptModals();
        return;
    }
    if (io.WantCaptureKeyboard || !s.interactive) return;
    auto pressed = [](int key) { return ImGui::IsKeyPressed(key, false); };
    if (io.KeyCtrl) {
        if (pressed(GLFW_KEY_Z)) io.KeyShift ? redoEdit(s) : undoEdit(s);
        if (pressed(GLFW_KEY_Y)) redoEdit(s);
        if (pressed(GLFW_KEY_N)) requestNew(s);
        if (pressed(GLFW_KEY_O)) requestOpen(s);
        if (pressed(GLFW_KEY_S)) io.KeyShift ? requestSaveAs(s) : (void)saveDocument(s);
        if (pressed(GLFW_KEY_Q)) requestQuit(s);
        return;
    }
    struct Binding {
        int key;
        Tool tool;
    };
    static const Binding kTools[] = {{GLFW_KEY_B, Tool::Stamp},      {GLFW_KEY_E, Tool::Eraser},
                                     {GLFW_KEY_R, Tool::RectFill},   {GLFW_KEY_F, Tool::Bucket},
                                     {GLFW_KEY_I, Tool::Eyedropper}, {GLFW_KEY_W, Tool::Walls},
                                     {GLFW_KEY_X, Tool::Brushes},    {GLFW_KEY_A, Tool::Actors}};
    for (const Binding& b : kTools)
        if (pressed(b.key)) selectTool(s, b.tool);
    if (pressed(GLFW_KEY_V) && s.debugMode) s.inspecting = true;
    if (pressed(GLFW_KEY_G)) s.visible[kLayerGrid] = !s.visible[kLayerGrid];
    if (pressed(GLFW_KEY_HOME)) s.fitRequested = true;
    const View& v = s.view;
    const double cx = v.canvas.x + v.canvas.w / 2, cy = v.canvas.y + v.canvas.h / 2;
    // Keys zoom toward the cursor when it is over the canvas, else the canvas centre.
    bool cursorIn = v.canvas.contains(io.MousePos.x, io.MousePos.y);
    double zx = cursorIn ? io.MousePos.x : cx, zy = cursorIn ? io.MousePos.y : cy;
    if (ImGui::IsKeyPressed(GLFW_KEY_EQUAL) || ImGui::IsKeyPressed(GLFW_KEY_KP_ADD))
        s.view.zoomAt(zx, zy, 1);
    if (ImGui::IsKeyPressed(GLFW_KEY_MINUS) || ImGui::IsKeyPressed(GLFW_KEY_KP_SUBTRACT))
        s.view.zoomAt(zx, zy, -1);
    if (pressed(GLFW_KEY_DELETE) || pressed(GLFW_KEY_BACKSPACE)) deleteSelection(s);
    if (pressed(GLFW_KEY_ESCAPE)) {
        if (s.stamp.w != 1 || s.stamp.h != 1) {  // a captured stamp: back to the kind
            s.stamp = Stamp::single(s.selectedKind);
            setMessage(s, "Stamp cleared");
        }
        s.selectedBrush = s.selectedActor = -1;
        if (s.doc.inStroke()) s.doc.endStroke();
        s.drag.kind = DragKind::None;
    }
}

}  // namespace ts
