// The editor's panels, each a plain function over EditorState (Dear ImGui style). The
// layout is fixed: menu bar on top, toolbar left, tileset / inspector / layers / history on
// the right, status bar at the bottom, the map canvas in the middle.
#pragma once
#include "editor/canvas_draw.h"
#include "editor/editor_state.h"

namespace ts {

// Sizes of the fixed frame around the canvas, in logical pixels, for a UI scale.
struct PanelLayout {
    float menuH, statusH, toolbarW, panelW;
};
PanelLayout panelLayout(float uiScale);
CanvasRect canvasRect(const PanelLayout& l, float winW, float winH);

void menuBar(EditorState& s);
void toolbar(EditorState& s, const PanelLayout& l, float winH);
void sidePanel(EditorState& s, CanvasRenderer& r, const PanelLayout& l, float winW, float winH);
void statusBar(EditorState& s, const PanelLayout& l, float winW, float winH);
// Every warning of the last open or import, while View > Warnings is on.
void warningsPanel(EditorState& s, float winW, float winH);

// Right panel sections.
void tilesetSection(EditorState& s, CanvasRenderer& r);
void inspectorSection(EditorState& s);
// A combo of every mover (the built-ins, then the loaded plugins) showing `current`; *changed
// says whether one was picked, *out which (inspector_panel.cpp).
void moverCombo(const char* label, MoverKind current, MoverKind* out, bool* changed);
void layersSection(EditorState& s);
// An imported Tiled map's own layers: visibility toggles (tiled_art_panel.cpp).
void tiledArtSection(EditorState& s);
void historySection(EditorState& s);

}  // namespace ts
