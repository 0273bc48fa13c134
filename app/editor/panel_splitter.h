// The side panel's left edge can be dragged to make the panel wider or narrower (the map
// canvas takes the rest). The width is kept in EditorState::panelWidth at UI scale 1 (and in
// settings.ini for the next run) and clamped so that the panel and the canvas both keep a
// minimum size.
#pragma once
#include "editor/editor_state.h"
#include "editor/panels.h"

namespace ts {

constexpr float kMinPanelWidth = 220, kMinCanvasWidth = 160;  // at UI scale 1

// Call once per frame after ImGui::NewFrame and before the panels: follows a drag of the
// edge and sets layout.panelW from s.panelWidth.
void sidePanelSplitter(EditorState& s, PanelLayout& layout, float winW, float winH);

}  // namespace ts
