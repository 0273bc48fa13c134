#include "editor/editor_state.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>

#include "edit/map_edits.h"

namespace ts {

const char* layerName(Layer l) {
    static const char* const kNames[] = {"Tiles", "Walls", "Brushes", "Actors", "Grid"};
    return l < kLayerCount ? kNames[l] : "?";
}

void setMessage(EditorState& s, std::string text) {
    if (s.verbose && text != s.message) {
        std::printf("message %s\n", text.c_str());  // tests wait for this line
        std::fflush(stdout);
    }
    s.message = std::move(text);
    s.messageTime = ImGui::GetCurrentContext() ? ImGui::GetTime() : 0;
}

namespace {

// Records in s.hint what `cmd` may change (tile rows, walls) before it is applied, so the
// renderer can skip diffing the whole map.
void noteChange(EditorState& s, const EditCommand* cmd) {
    EditorState::ChangeHint& h = s.hint;
    if (!h.valid || h.toRevision != s.doc.revision()) {
        h = EditorState::ChangeHint{};
        h.fromRevision = h.toRevision = s.doc.revision();
        h.valid = true;
    }
    const Touched t = cmd->touched();
    if (t.has(Touched::Everything)) {
        h.valid = false;  // resize, kind deletion: the renderer diffs it all
        return;
    }
    if (t.parts & Touched::Tiles) {
        const int64_t width = std::max<int64_t>(1, s.doc.map().width);
        const int64_t first = int64_t(t.cellFirst) / width, last = int64_t(t.cellLast) / width;
        if (h.rowFirst > h.rowLast) {
            h.rowFirst = first;
            h.rowLast = last;
        } else {
            h.rowFirst = std::min(h.rowFirst, first);
            h.rowLast = std::max(h.rowLast, last);
        }
    }
    if (t.parts & Touched::Walls) h.walls = true;
}

bool applyTracked(EditorState& s, CommandPtr cmd) {
    // A read-only window offers nothing that edits; should anything still try, the map
    // stays as the file has it (the recording was made on it).
    if (!cmd || s.readOnly) return false;
    noteChange(s, cmd.get());
    bool changed = s.doc.apply(std::move(cmd));
    if (s.hint.valid) s.hint.toRevision = s.doc.revision();
    return changed;
}

}  // namespace

bool applyEdit(EditorState& s, CommandPtr cmd) {
    return applyTracked(s, std::move(cmd));
}

void panelEdit(EditorState& s, const char* label, CommandPtr cmd) {
    if (!cmd || s.readOnly) return;
    if (!s.panelStroke) {
        s.doc.beginStroke(label);
        s.panelStroke = true;
    }
    applyTracked(s, std::move(cmd));
}

void endPanelEdits(EditorState& s) {
    if (s.panelStroke && !ImGui::IsAnyItemActive()) {
        s.doc.endStroke();
        s.panelStroke = false;
    }
}

void logPanelText(const EditorState& s) {
    // Depth 0: logging must not open collapsed sections (ImGui opens 2 levels by default),
    // or the screenshot would show them open.
    if (s.logPanelText) ImGui::LogToTTY(0);
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
