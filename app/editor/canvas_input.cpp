#include "editor/canvas_input.h"

#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_internal.h>  // ClosePopupsExceptModals

#include <cstdio>

#include "editor/file_actions.h"
#include "editor/tools/tool.h"

namespace ts {

namespace {

using DragKind = CanvasDrag::Kind;

// A fresh drag by `tool` with `button`, starting at map pixel (px, py).
ToolPoint beginDrag(EditorState& s, const ToolSpec& tool, int button, int64_t px, int64_t py,
                    bool shift) {
    CanvasDrag& d = s.drag;
    const CellPos cell = cellAt(s.doc.map(), px, py);
    d = CanvasDrag{};
    d.tool = tool.id;
    d.button = button;
    d.startCell = d.lastCell = cell;
    d.startPx = px;
    d.startPy = py;
    return {px, py, cell, shift};
}

void continueDrag(EditorState& s, int64_t px, int64_t py) {
    const ToolSpec& tool = toolSpec(s.drag.tool);
    const ToolPoint p{px, py, cellAt(s.doc.map(), px, py)};
    if (tool.drag) tool.drag(s, p);
    s.drag.lastCell = p.cell;
}

void finishDrag(EditorState& s, int64_t px, int64_t py) {
    const ToolSpec& tool = toolSpec(s.drag.tool);
    if (tool.release) tool.release(s, {px, py, cellAt(s.doc.map(), px, py)});
    if (s.doc.inStroke()) s.doc.endStroke();
    s.drag.kind = DragKind::None;
}

}  // namespace

void selectTool(EditorState& s, Tool t) {
    // Inspect keeps the edit tool: a click uses it again once inspecting ends.
    if (t == Tool::Inspect) {
        s.inspecting = true;
        return;
    }
    if (s.drag.kind != DragKind::None && s.drag.kind != DragKind::Pan) {
        if (s.doc.inStroke()) s.doc.endStroke();
        s.drag.kind = DragKind::None;
    }
    s.tool = t;
    s.inspecting = false;
    if (s.verbose) {
        for (const ToolSpec* tool : toolTable())
            if (tool->id == t) std::printf("tool %s\n", tool->name);  // tests wait for this line
        std::fflush(stdout);
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
    // Deleting is an Edit-mode action: in Debug mode the selection is the inspected actor, and
    // Delete there removed it unnoticed (issue 30).
    if (s.debugMode || s.inspecting) {
        setMessage(s, "Debug mode does not delete: Tab goes back to Edit mode");
        return;
    }
    // The selected edit tool's.
    if (auto del = toolSpec(s.tool).deleteSelected) del(s);
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
        continueDrag(s, px, py);
        if (!io.MouseDown[s.drag.button]) finishDrag(s, px, py);
        return;
    }
    if (!overCanvas) return;
    bool left = io.MouseClicked[0], right = io.MouseClicked[1];
    if (!left && !right) return;
    const ToolSpec& tool = currentTool(s);
    const bool picks = left && io.KeyAlt && tool.altPicksKind;  // Alt+click: the eyedropper
    if (s.locked[tool.layer] && !tool.readOnly && !(io.KeyAlt && tool.altPicksKind)) {
        setMessage(s, std::string(layerName(tool.layer)) + " layer is locked");
        return;
    }
    const int button = left ? 0 : 1;
    const ToolPoint p = beginDrag(s, tool, button, px, py, io.KeyShift);
    if (picks) {
        pickKind(s, p.cell);
        return;
    }
    if (auto press = left ? tool.press : tool.pressRight) press(s, p);
    // A click released in the same frame still ends its stroke.
    if (s.drag.kind != DragKind::None && !io.MouseDown[button]) finishDrag(s, px, py);
}

bool keysAreHotkeys() {
    // Not io.WantTextInput: ImGui 1.86 sets it from the frame before, so in the frame after a
    // field was left with Return (a dialog's path, then Ctrl+Q at once) it still says "typing"
    // and the key was lost. A field being typed into is always the active item.
    return !ImGui::GetIO().WantCaptureKeyboard && !ImGui::IsAnyItemActive();
}

void handleHotkeys(EditorState& s) {
    ImGuiIO& io = ImGui::GetIO();
    s.spaceHeld = keysAreHotkeys() && ImGui::IsKeyDown(GLFW_KEY_SPACE);
    // Escape closes an open menu (ImGui leaves that to keyboard navigation, which is off);
    // the modal dialogs answer it themselves (Cancel).
    if (s.interactive && !io.WantTextInput && ImGui::IsKeyPressed(GLFW_KEY_ESCAPE, false) &&
        ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId | ImGuiPopupFlags_AnyPopupLevel)) {
        ImGui::ClosePopupsExceptModals();
        return;
    }
    if (!keysAreHotkeys() || !s.interactive) return;
    auto pressed = [](int key) { return ImGui::IsKeyPressed(key, false); };
    if (io.KeyCtrl && s.readOnly) {  // `tilestep view`: no undo; its own save and quitting
        if (pressed(GLFW_KEY_S) && s.viewerSave.save) requestViewerSave(s);
        if (pressed(GLFW_KEY_Q)) requestQuit(s);
        return;
    }
    if (io.KeyCtrl) {
        if (pressed(GLFW_KEY_Z)) io.KeyShift ? redoEdit(s) : undoEdit(s);
        if (pressed(GLFW_KEY_Y)) redoEdit(s);
        if (pressed(GLFW_KEY_N)) requestNew(s);
        if (pressed(GLFW_KEY_O)) requestOpen(s);
        if (pressed(GLFW_KEY_S)) io.KeyShift ? requestSaveAs(s) : (void)saveDocument(s);
        if (pressed(GLFW_KEY_Q)) requestQuit(s);
        return;
    }
    for (const ToolSpec* tool : toolTable())
        if (toolOffered(s, *tool) && pressed(tool->key)) selectTool(s, tool->id);
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
    if (!s.readOnly && (pressed(GLFW_KEY_DELETE) || pressed(GLFW_KEY_BACKSPACE)))
        deleteSelection(s);
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
