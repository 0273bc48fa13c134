#include "editor/panel_splitter.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>

namespace ts {

void sidePanelSplitter(EditorState& s, PanelLayout& layout, float winW, float winH) {
    const float k = s.uiScale > 0 ? s.uiScale : 1;
    const float maxW = std::max(kMinPanelWidth * k, winW - layout.toolbarW - kMinCanvasWidth * k);
    auto clampW = [&](float w) { return std::round(std::clamp(w, kMinPanelWidth * k, maxW)); };
    float w = s.panelWidth > 0 ? clampW(s.panelWidth * k) : clampW(layout.panelW);
    if (!s.interactive) {
        layout.panelW = w;
        return;
    }
    const ImGuiIO& io = ImGui::GetIO();
    const float edge = winW - w, grab = std::max(3.0f, 3 * k);
    const bool overEdge = ImGui::IsMousePosValid() && std::fabs(io.MousePos.x - edge) <= grab &&
                          io.MousePos.y > layout.menuH && io.MousePos.y < winH - layout.statusH;
    const bool free =
        !ImGui::IsAnyItemActive() &&
        !ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId | ImGuiPopupFlags_AnyPopupLevel);
    if (s.draggingPanel && !io.MouseDown[0]) {
        s.draggingPanel = false;
        // The next run opens with this width (settings.ini, once per drag).
        s.settings.panelWidth = s.panelWidth;
        saveSettings(s.configDir, s.settings);
    }
    if (!s.draggingPanel && overEdge && free && io.MouseClicked[0] &&
        s.drag.kind == CanvasDrag::Kind::None)
        s.draggingPanel = true;
    if (s.draggingPanel) {
        w = clampW(winW - io.MousePos.x);
        s.panelWidth = w / k;
    }
    if (s.draggingPanel || (overEdge && free)) ImGui::SetMouseCursor(ImGuiMouseCursor_ResizeEW);
    layout.panelW = w;
}

}  // namespace ts
