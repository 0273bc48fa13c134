// Turns mouse and keys over the canvas into view changes and core editing commands.
#pragma once
#include "editor/editor_state.h"

namespace ts {

// Mouse over the canvas: pan, zoom, and the current tool. Call after ImGui::NewFrame().
void handleCanvasMouse(EditorState& s);
// Tool, view, undo and file hotkeys (Tiled's). Ignored while a text field has focus.
void handleHotkeys(EditorState& s);
// Whether keys may act as hotkeys now: not while any item is active (a field being edited or
// a number being dragged) or wants text. With InputGate, ImGui's state at the start of a
// frame already includes every click that came before the frame's keys.
bool keysAreHotkeys();

void undoEdit(EditorState& s);
void redoEdit(EditorState& s);
void selectTool(EditorState& s, Tool t);
// Deletes the selected brush or actor (whichever the current tool edits).
void deleteSelection(EditorState& s);

}  // namespace ts
