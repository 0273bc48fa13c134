#include "editor/panels.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "editor/canvas_input.h"
#include "editor/file_actions.h"
#include "editor/tools/tool.h"

namespace ts {

namespace {

constexpr ImGuiWindowFlags kFixedWindow =
    ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoCollapse |
    ImGuiWindowFlags_NoBringToFrontOnFocus | ImGuiWindowFlags_NoSavedSettings;

const float kUiScales[] = {1.0f, 1.25f, 1.5f, 1.75f, 2.0f, 2.5f, 3.0f};

std::string zoomText(double z) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g%%", std::round(z * 1000) / 10);
    return buf;
}

// A collapsing section of the side panel. ImGui 1.86 keeps tree states only in memory (and
// the panel window saves no settings), so which sections are closed goes to settings.ini.
bool section(EditorState& s, const char* name) {
    std::vector<std::string>& closed = s.settings.closedPanels;
    auto at = std::find(closed.begin(), closed.end(), name);
    const bool wasOpen = at == closed.end();
    ImGui::SetNextItemOpen(wasOpen, ImGuiCond_Once);
    const bool open = ImGui::CollapsingHeader(name);
    if (open != wasOpen) {
        if (open)
            closed.erase(at);
        else
            closed.push_back(name);
        saveSettings(s.configDir, s.settings);
    }
    return open;
}

// The File menu of a read-only window (`tilestep view`): nothing to create, open or save but
// what the window itself offers to save (the recording).
void viewerFileMenu(EditorState& s) {
    if (!ImGui::BeginMenu("File")) return;
    if (s.viewerSave.save) {
        if (ImGui::MenuItem(s.viewerSave.label.c_str(), "Ctrl+S")) requestViewerSave(s);
        ImGui::Separator();
    }
    if (s.viewerDrive.save) {  // `view --listen`: an input log played into the live game
        if (ImGui::MenuItem(s.viewerDrive.label.c_str())) requestViewerDrive(s);
        ImGui::Separator();
    }
    if (ImGui::MenuItem("Quit", "Ctrl+Q")) requestQuit(s);
    ImGui::EndMenu();
}

}  // namespace

PanelLayout panelLayout(float uiScale) {
    float k = uiScale > 0 ? uiScale : 1;
    return {std::round(19 * k), std::round(24 * k), std::round(112 * k), std::round(300 * k)};
}

CanvasRect canvasRect(const PanelLayout& l, float winW, float winH) {
    CanvasRect c;
    c.x = l.toolbarW;
    c.y = l.menuH;
    c.w = std::max(1.0f, winW - l.toolbarW - l.panelW);
    c.h = std::max(1.0f, winH - l.menuH - l.statusH);
    return c;
}

void menuBar(EditorState& s) {
    if (!ImGui::BeginMainMenuBar()) return;
    if (s.readOnly) {
        viewerFileMenu(s);
    } else if (ImGui::BeginMenu("File")) {
        if (ImGui::MenuItem("New...", "Ctrl+N")) requestNew(s);
        if (ImGui::MenuItem("Open...", "Ctrl+O")) requestOpen(s);
        if (ImGui::BeginMenu("Open recent", !s.settings.recentFiles.empty())) {
            std::string chosen;
            for (const std::string& p : s.settings.recentFiles)
                if (ImGui::MenuItem(p.c_str())) chosen = p;
            ImGui::EndMenu();
            if (!chosen.empty()) requestOpenPath(s, chosen);
        }
        ImGui::Separator();
        if (ImGui::MenuItem("Save", "Ctrl+S")) saveDocument(s);
        if (ImGui::MenuItem("Save as...", "Ctrl+Shift+S")) requestSaveAs(s);
        // Below the items the window tests click by position (Open recent), so none moves.
        if (ImGui::MenuItem("Import...")) requestImport(s);
        if (ImGui::MenuItem("Export...")) requestExport(s);
        ImGui::Separator();
        if (ImGui::MenuItem("Quit", "Ctrl+Q")) requestQuit(s);
        ImGui::EndMenu();
    }
    if (!s.readOnly && ImGui::BeginMenu("Edit")) {  // a read-only window has nothing to undo
        if (ImGui::MenuItem("Undo", "Ctrl+Z", false, s.doc.canUndo())) undoEdit(s);
        if (ImGui::MenuItem("Redo", "Ctrl+Y", false, s.doc.canRedo())) redoEdit(s);
        ImGui::Separator();
        if (ImGui::MenuItem("Delete selection", "Del")) deleteSelection(s);
        if (ImGui::MenuItem("Resize map...")) requestResize(s);
        ImGui::EndMenu();
    }
    if (ImGui::BeginMenu("View")) {
        View& v = s.view;
        double cx = v.canvas.x + v.canvas.w / 2, cy = v.canvas.y + v.canvas.h / 2;
        if (ImGui::MenuItem("Zoom in", "+")) v.zoomAt(cx, cy, 1);
        if (ImGui::MenuItem("Zoom out", "-")) v.zoomAt(cx, cy, -1);
        if (ImGui::MenuItem("Zoom to fit", "Home")) s.fitRequested = true;
        ImGui::MenuItem("Grid", "G", &s.visible[kLayerGrid]);
        if (ImGui::BeginMenu("UI scale")) {
            for (float k : kUiScales) {
                char label[16];
                std::snprintf(label, sizeof label, "%g x", double(k));
                if (ImGui::MenuItem(label, nullptr, std::fabs(s.uiScale - k) < 0.01f))
                    s.pendingUiScale = k;
            }
            ImGui::EndMenu();
        }
        // Last, so the items above keep their places (window tests and users' habits).
        const std::string warnings = "Warnings (" + std::to_string(s.warnings.size()) + ")";
        ImGui::MenuItem(warnings.c_str(), nullptr, &s.showWarnings, !s.warnings.empty());
        ImGui::EndMenu();
    }
    ImGui::EndMainMenuBar();
}

void toolbar(EditorState& s, const PanelLayout& l, float winH) {
    ImGui::SetNextWindowPos(ImVec2(0, l.menuH));
    ImGui::SetNextWindowSize(ImVec2(l.toolbarW, winH - l.menuH - l.statusH));
    // No scrollbar: at large UI scales in a small window the hints run past the bottom, and a
    // scrollbar would take its width from the tool buttons' labels (the wheel still scrolls).
    ImGui::Begin("Tools", nullptr,
                 kFixedWindow | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoScrollbar);
    ImGui::TextDisabled("TOOLS");
    const float w = ImGui::GetContentRegionAvail().x;
    const Tool current = currentTool(s).id;
    bool first = true;
    for (const ToolSpec* tool : toolTable()) {
        if (!toolOffered(s, *tool)) continue;
        if (tool->groupStart && !first) ImGui::Separator();
        first = false;
        const bool active = tool->id == current;
        if (active)
            ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
        char label[48];
        std::snprintf(label, sizeof label, "%s##tool", tool->name);
        ImGui::PushID(int(tool->id));
        if (ImGui::Button(label, ImVec2(w - ImGui::GetFontSize() * 1.4f, 0)))
            selectTool(s, tool->id);
        ImGui::PopID();
        if (active) ImGui::PopStyleColor();
        ImGui::SameLine();
        ImGui::TextDisabled("%s", tool->hotkey);
    }
    ImGui::Separator();
    if (!s.readOnly) {  // nothing paints in a read-only window
        ImGui::TextDisabled("PAINT");
        const Map& m = s.doc.map();
        if (s.stamp.w == 1 && s.stamp.h == 1) {
            uint16_t id = s.stamp.at(0, 0);
            ImGui::TextWrapped(
                "%s", id < m.tileset.kinds.size() ? m.tileset.kinds[id].name.c_str() : "?");
        } else {
            ImGui::Text("%d x %d stamp", s.stamp.w, s.stamp.h);
        }
        ImGui::Separator();
    }
    ImGui::TextDisabled("HINTS");
    ImGui::PushTextWrapPos(0);
    if (const char* hint = toolHint(s)) ImGui::TextDisabled("%s", hint);
    ImGui::TextDisabled("Pan: middle drag or Space+drag. Wheel zooms.");
    ImGui::PopTextWrapPos();
    ImGui::End();
}

void sidePanel(EditorState& s, CanvasRenderer& r, const PanelLayout& l, float winW, float winH) {
    ImGui::SetNextWindowPos(ImVec2(winW - l.panelW, l.menuH));
    ImGui::SetNextWindowSize(ImVec2(l.panelW, winH - l.menuH - l.statusH));
    ImGui::Begin("Panels", nullptr, kFixedWindow | ImGuiWindowFlags_NoResize);
    logPanelText(s);
    ImGui::PushItemWidth(std::round(l.panelW * 0.55f));
    if (section(s, "Tileset")) tilesetSection(s, r);
    if (section(s, "Inspector")) inspectorSection(s);
    if (section(s, "Layers")) layersSection(s);
    if (section(s, "History")) historySection(s);
    ImGui::PopItemWidth();
    ImGui::End();
}

void layersSection(EditorState& s) {
    if (!ImGui::BeginTable("layers", 3, ImGuiTableFlags_SizingStretchProp)) return;
    ImGui::TableSetupColumn("Layer");
    ImGui::TableSetupColumn("Visible");
    ImGui::TableSetupColumn("Locked");
    ImGui::TableHeadersRow();
    for (int i = 0; i < kLayerCount; ++i) {
        ImGui::PushID(i);
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(layerName(Layer(i)));
        ImGui::TableNextColumn();
        ImGui::Checkbox("##visible", &s.visible[i]);
        ImGui::TableNextColumn();
        if (i != kLayerGrid) ImGui::Checkbox("##locked", &s.locked[i]);
        ImGui::PopID();
    }
    ImGui::EndTable();
    tiledArtSection(s);
}

void historySection(EditorState& s) {
    const Document& d = s.doc;
    ImGui::BeginChild("history", ImVec2(0, 150), true);
    size_t pos = d.historyPosition();
    size_t jump = size_t(-1);
    if (ImGui::Selectable("(opened)", pos == 0)) jump = 0;
    for (size_t i = 0; i < d.historySize(); ++i) {
        ImGui::PushID(int(i));
        bool redoable = i >= pos;
        if (redoable)
            ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
        if (ImGui::Selectable(d.historyLabel(i).c_str(), i + 1 == pos)) jump = i + 1;
        if (redoable) ImGui::PopStyleColor();
        ImGui::PopID();
    }
    static size_t lastSize = 0;  // UI-only: scroll to the newest step when one is added
    if (d.historySize() != lastSize) {
        lastSize = d.historySize();
        ImGui::SetScrollHereY(1.0f);
    }
    ImGui::EndChild();
    if (jump != size_t(-1)) {
        s.doc.jumpTo(jump);
        clampSelection(s);
    }
}

float ui(float px) {
    return px * ImGui::GetFontSize() / 13.0f;
}

namespace {

const ImVec4 kMessageColor(1.0f, 0.85f, 0.4f, 1.0f);

// A message longer than the status bar's room (a reload's report, a refused edit's reason),
// wrapped in a box standing on the status bar rather than cut at the window's edge. It takes
// no input: clicks go to what lies under it.
void wrappedMessage(const std::string& text, float x, float winW, float bottom) {
    ImGui::SetNextWindowPos(ImVec2(x, bottom), ImGuiCond_Always, ImVec2(0, 1));
    ImGui::SetNextWindowSize(ImVec2(winW - x, 0));  // 0: fit the height to the text
    ImGui::SetNextWindowBgAlpha(0.92f);
    ImGui::Begin("##status message", nullptr,
                 ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoInputs |
                     ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav |
                     ImGuiWindowFlags_NoSavedSettings);
    ImGui::PushTextWrapPos(0);
    ImGui::TextColored(kMessageColor, "%s", text.c_str());
    ImGui::PopTextWrapPos();
    ImGui::End();
}

}  // namespace

void warningsPanel(EditorState& s, float winW, float winH) {
    if (!s.showWarnings || s.warnings.empty()) return;
    ImGui::SetNextWindowPos(ImVec2(winW / 2, winH / 2), ImGuiCond_FirstUseEver, ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowSize(ImVec2(ui(560), ui(240)), ImGuiCond_FirstUseEver);
    const std::string title = std::to_string(s.warnings.size()) +
                              (s.warnings.size() == 1 ? " warning" : " warnings") +
                              " of the last open###Warnings";
    if (ImGui::Begin(title.c_str(), &s.showWarnings)) {
        for (const std::string& w : s.warnings) {
            ImGui::Bullet();
            ImGui::TextWrapped("%s", w.c_str());
        }
    }
    ImGui::End();
}

void statusBar(EditorState& s, const PanelLayout& l, float winW, float winH) {
    ImGui::SetNextWindowPos(ImVec2(0, winH - l.statusH));
    ImGui::SetNextWindowSize(ImVec2(winW, l.statusH));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(8, 4));
    ImGui::Begin("Status", nullptr,
                 kFixedWindow | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoScrollbar);
    const Map& m = s.doc.map();
    if (s.hoverValid) {
        CellPos c = cellAt(m, s.hoverPx, s.hoverPy);
        ImGui::Text("cell %lld, %lld", (long long)c.x, (long long)c.y);
        ImGui::SameLine(ui(150));
        ImGui::Text("px %lld, %lld", (long long)s.hoverPx, (long long)s.hoverPy);
    } else {
        ImGui::TextDisabled("cell -");
        ImGui::SameLine(ui(150));
        ImGui::TextDisabled("px -");
    }
    ImGui::SameLine(ui(300));
    ImGui::Text("zoom %s", zoomText(s.view.zoom()).c_str());
    ImGui::SameLine(ui(420));
    ImGui::Text("%d x %d tiles, %d px", m.width, m.height, m.tileSize);
    ImGui::SameLine(ui(600));
    ImGui::Text("%s", currentTool(s).name);
    const float messageX = ui(720);
    bool wrapAbove = false;
    if (!s.message.empty() && ImGui::GetTime() - s.messageTime < 6) {
        wrapAbove = ImGui::CalcTextSize(s.message.c_str()).x > winW - messageX - 8;
        if (!wrapAbove) {
            ImGui::SameLine(messageX);
            ImGui::TextColored(kMessageColor, "%s", s.message.c_str());
        }
    }
    ImGui::End();
    ImGui::PopStyleVar();
    if (wrapAbove) wrappedMessage(s.message, messageX, winW, winH - l.statusH);
}

}  // namespace ts
