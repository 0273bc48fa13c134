#include "editor/level_picker.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>

#include "editor/file_actions.h"
#include "io/map_formats.h"

namespace ts {

namespace {

constexpr const char* kTitle = "Choose level";

// The level's size and entities, or that it cannot be read, beside its name in the list.
std::string levelDetails(const interop::LdtkLevelSummary& l) {
    if (!l.problem.empty()) return "cannot be read (the error shows when opened)";
    char buf[96];
    std::snprintf(buf, sizeof buf, "%lld x %lld cells, %zu %s", (long long)l.width,
                  (long long)l.height, l.entities, l.entities == 1 ? "entity" : "entities");
    return buf;
}

void openChosen(EditorState& s) {
    LevelPicker& p = s.dialogs.levelPicker;
    s.dialogs.level = p.levels[size_t(p.choice)].name;
    openPath(s, p.path);
    s.dialogs.level.clear();  // a later Open of another project starts at its first level
}

}  // namespace

void openChoosingLevel(EditorState& s, const std::string& path) {
    const MapFileFormat* f = mapFileFormatFor(path);
    if (f && f->kind == MapFileKind::Ldtk && s.dialogs.level.empty()) {
        interop::ImportOptions options;
        options.collisionLayer = s.dialogs.collisionLayer;
        std::vector<interop::LdtkLevelSummary> levels;
        try {
            levels = interop::listLdtkLevels(path, options);
        } catch (const std::exception&) {
            levels.clear();  // openPath reads it again and shows why it fails
        }
        if (levels.size() > 1) {
            s.dialogs.levelPicker = LevelPicker{true, path, std::move(levels), 0};
            return;
        }
    }
    openPath(s, path);
}

void levelPickerDialog(EditorState& s) {
    LevelPicker& p = s.dialogs.levelPicker;
    if (p.open &&
        !ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId | ImGuiPopupFlags_AnyPopupLevel)) {
        ImGui::OpenPopup(kTitle);
        p.open = false;
        if (s.verbose) {
            std::printf("dialog %s\n", kTitle);  // tests wait for this line
            std::fflush(stdout);
        }
    }
    ImGuiViewport* vp = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos(vp->GetCenter(), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    if (!ImGui::BeginPopupModal(kTitle, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
    ImGui::Text("%s holds %zu levels; open which one?", p.path.c_str(), p.levels.size());
    const int last = int(p.levels.size()) - 1;
    if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_DownArrow)))
        p.choice = std::min(p.choice + 1, last);
    if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_UpArrow)))
        p.choice = std::max(p.choice - 1, 0);
    bool accept =
        !ImGui::IsWindowAppearing() && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter));
    ImGui::BeginChild("levels", ImVec2(ui(420), ui(std::min(12, last + 1) * 20.0f + 8)), true);
    for (int i = 0; i <= last; ++i) {
        const interop::LdtkLevelSummary& l = p.levels[size_t(i)];
        ImGui::PushID(i);
        if (ImGui::Selectable(l.name.c_str(), i == p.choice,
                              ImGuiSelectableFlags_AllowDoubleClick)) {
            p.choice = i;
            accept = accept || ImGui::IsMouseDoubleClicked(0);
        }
        ImGui::PopID();
        ImGui::SameLine(ui(200));
        ImGui::TextDisabled("%s", levelDetails(l).c_str());
    }
    ImGui::EndChild();
    ImGui::TextDisabled("tilestep info %s lists them too; --level NAME opens one directly",
                        p.path.c_str());
    accept = ImGui::Button("Open level") || accept;
    ImGui::SameLine();
    const bool cancel =
        ImGui::Button("Cancel") || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape));
    if (accept || cancel) ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
    if (accept) openChosen(s);
}

}  // namespace ts
