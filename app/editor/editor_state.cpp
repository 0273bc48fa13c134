#include "editor/editor_state.h"

#include <imgui.h>

namespace ts {

const char* toolName(Tool t) {
    static const char* const kNames[] = {"Stamp",      "Eraser", "Rectangle", "Bucket",
                                         "Eyedropper", "Walls",  "Brushes",   "Actors"};
    return size_t(t) < size_t(Tool::Count) ? kNames[size_t(t)] : "?";
}

const char* toolHotkey(Tool t) {
    static const char* const kKeys[] = {"B", "E", "R", "F", "I", "W", "X", "A"};
    return size_t(t) < size_t(Tool::Count) ? kKeys[size_t(t)] : "";
}

const char* layerName(Layer l) {
    static const char* const kNames[] = {"Tiles", "Walls", "Brushes", "Actors", "Grid"};
    return l < kLayerCount ? kNames[l] : "?";
}

void setMessage(EditorState& s, std::string text) {
    s.message = std::move(text);
    s.messageTime = ImGui::GetCurrentContext() ? ImGui::GetTime() : 0;
}

bool applyEdit(EditorState& s, CommandPtr cmd) {
    return s.doc.apply(std::move(cmd));
}

void panelEdit(EditorState& s, const char* label, CommandPtr cmd) {
    if (!cmd) return;
    if (!s.panelStroke) {
        s.doc.beginStroke(label);
        s.panelStroke = true;
    }
    s.doc.apply(std::move(cmd));
}

void endPanelEdits(EditorState& s) {
    if (s.panelStroke && !ImGui::IsAnyItemActive()) {
        s.doc.endStroke();
        s.panelStroke = false;
    }
}

void clampSelection(EditorState& s) {
    const Map& m = s.doc.map();
    if (s.selectedBrush >= int(m.brushes.size())) s.selectedBrush = -1;
    if (s.selectedActor >= int(m.actors.size())) s.selectedActor = -1;
    if (s.selectedKind >= m.tileset.kinds.size())
        s.selectedKind = uint16_t(m.tileset.kinds.size() > 1 ? 1 : 0);
    for (uint16_t& id : s.stamp.ids)
        if (id >= m.tileset.kinds.size()) id = 0;
}

}  // namespace ts
