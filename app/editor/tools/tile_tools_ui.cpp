// The tile layer's tools: Stamp, Eraser, Rectangle, Bucket and Eyedropper.
#include <GLFW/glfw3.h>

#include "editor/canvas_draw.h"
#include "editor/canvas_input.h"
#include "editor/tools/tool.h"

namespace ts {

using DragKind = CanvasDrag::Kind;

void pickKind(EditorState& s, CellPos cell) {
    int32_t id = kindAt(s.doc.map(), cell);
    if (id < 0) return;
    s.stamp = Stamp::single(uint16_t(id));
    if (id > 0) s.selectedKind = uint16_t(id);
    setMessage(s, "Picked " + s.doc.map().tileset.kinds[size_t(id)].name);
}

namespace {

// The cell under the cursor, outlined, for the tools that touch one cell.
void highlightCell(const EditorState& s, gfx::BatchRenderer& b) {
    if (!hoverShown(s)) return;
    const Map& m = s.doc.map();
    const CellPos cell = cellAt(m, s.hoverPx, s.hoverPy);
    if (m.inside(cell.x, cell.y)) drawCellRange(s, b, cell, cell, false);
}

// Stamp: left paints (Shift+click a line from the last click), right-drag captures a stamp.
void stampPress(EditorState& s, const ToolPoint& p) {
    const Map& m = s.doc.map();
    if (p.shift && s.lastStampCell) {
        applyEdit(s, stampLine(m, *s.lastStampCell, p.cell, s.stamp));
        s.lastStampCell = p.cell;
        return;
    }
    s.doc.beginStroke("Stamp");
    applyEdit(s, stampAt(s.doc.map(), p.cell, s.stamp));
    s.drag.kind = DragKind::Paint;
}

void stampPressRight(EditorState& s, const ToolPoint&) {
    s.drag.kind = DragKind::Capture;
}

void stampDrag(EditorState& s, const ToolPoint& p) {
    const CanvasDrag& d = s.drag;
    if (d.kind == DragKind::Paint && !(p.cell == d.lastCell))
        applyEdit(s, stampLine(s.doc.map(), d.lastCell, p.cell, s.stamp));
}

void stampRelease(EditorState& s, const ToolPoint&) {
    const CanvasDrag& d = s.drag;
    if (d.kind == DragKind::Paint) s.lastStampCell = d.lastCell;
    if (d.kind == DragKind::Capture) {
        s.stamp = captureStamp(s.doc.map(), d.startCell, d.lastCell);
        setMessage(s, "Stamp " + std::to_string(s.stamp.w) + " x " + std::to_string(s.stamp.h));
    }
}

void stampHighlight(const EditorState& s, gfx::BatchRenderer& b) {
    const CanvasDrag& d = s.drag;
    if (d.kind == DragKind::Capture) return drawCellRange(s, b, d.startCell, d.lastCell, false);
    if (!hoverShown(s)) return;
    const Map& m = s.doc.map();
    const CellPos cell = cellAt(m, s.hoverPx, s.hoverPy);
    if (m.inside(cell.x, cell.y))
        drawCellRange(s, b, cell, {cell.x + s.stamp.w - 1, cell.y + s.stamp.h - 1}, false);
}

// Eraser: empties the cells it is dragged over.
void eraserPress(EditorState& s, const ToolPoint& p) {
    s.doc.beginStroke("Erase");
    applyEdit(s, eraseAt(s.doc.map(), p.cell));
    s.drag.kind = DragKind::Erase;
}

void eraserDrag(EditorState& s, const ToolPoint& p) {
    const CanvasDrag& d = s.drag;
    if (d.kind != DragKind::Erase || p.cell == d.lastCell) return;
    for (CellPos c : lineCells(d.lastCell, p.cell)) applyEdit(s, eraseAt(s.doc.map(), c));
}

// Rectangle: a drag fills the rectangle with the stamp, a right-drag empties it.
void rectanglePress(EditorState& s, const ToolPoint&) {
    s.drag.kind = DragKind::RectFill;
}
void rectanglePressRight(EditorState& s, const ToolPoint&) {
    s.drag.kind = DragKind::RectErase;
}

void rectangleRelease(EditorState& s, const ToolPoint&) {
    const CanvasDrag& d = s.drag;
    if (d.kind == DragKind::RectFill)
        applyEdit(s, fillRect(s.doc.map(), d.startCell, d.lastCell, s.stamp));
    if (d.kind == DragKind::RectErase)
        applyEdit(s, fillRect(s.doc.map(), d.startCell, d.lastCell, Stamp::single(0)));
}

void rectangleHighlight(const EditorState& s, gfx::BatchRenderer& b) {
    const CanvasDrag& d = s.drag;
    if (d.kind == DragKind::RectFill || d.kind == DragKind::RectErase)
        return drawCellRange(s, b, d.startCell, d.lastCell, d.kind == DragKind::RectErase);
    highlightCell(s, b);
}

// Bucket: fills the region of one kind under the click; the right button empties it.
void bucketPress(EditorState& s, const ToolPoint& p) {
    applyEdit(s, bucketFill(s.doc.map(), p.cell, s.stamp.at(0, 0)));
}
void bucketPressRight(EditorState& s, const ToolPoint& p) {
    applyEdit(s, bucketFill(s.doc.map(), p.cell, 0));
}

// Eyedropper: picks the kind under the click and goes back to the Stamp.
void eyedropperPress(EditorState& s, const ToolPoint& p) {
    pickKind(s, p.cell);
    selectTool(s, Tool::Stamp);
}

constexpr const char* kPickHint = "Alt+click picks a kind.";

}  // namespace

// clang-format off
//                                id               name          key  GLFW key    layer        alt   ro     debug  group  paints
const ToolSpec kStampTool      = {Tool::Stamp,      "Stamp",      "B", GLFW_KEY_B, kLayerTiles, true, false, false, true,  true,
                                  stampPress, stampPressRight, stampDrag, stampRelease, stampHighlight, nullptr, nullptr,
                                  "Right-drag: capture. Shift+click: line."};
const ToolSpec kEraserTool     = {Tool::Eraser,     "Eraser",     "E", GLFW_KEY_E, kLayerTiles, true, false, false, false, false,
                                  eraserPress, nullptr, eraserDrag, nullptr, highlightCell, nullptr, nullptr, kPickHint};
const ToolSpec kRectangleTool  = {Tool::RectFill,   "Rectangle",  "R", GLFW_KEY_R, kLayerTiles, true, false, false, false, true,
                                  rectanglePress, rectanglePressRight, nullptr, rectangleRelease,
                                  rectangleHighlight, nullptr, nullptr, "Right-drag erases."};
const ToolSpec kBucketTool     = {Tool::Bucket,     "Bucket",     "F", GLFW_KEY_F, kLayerTiles, true, false, false, false, true,
                                  bucketPress, bucketPressRight, nullptr, nullptr, highlightCell, nullptr, nullptr,
                                  "Right-click erases the region."};
const ToolSpec kEyedropperTool = {Tool::Eyedropper, "Eyedropper", "I", GLFW_KEY_I, kLayerTiles, true, true,  false, false, false,
                                  eyedropperPress, nullptr, nullptr, nullptr, highlightCell, nullptr, nullptr, kPickHint};
// clang-format on

}  // namespace ts
