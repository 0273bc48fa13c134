// The user's settings folder ($XDG_CONFIG_HOME/tilestep or ~/.config/tilestep; %APPDATA%\tilestep
// on Windows): UI scale, recent files, the ImGui window layout (imgui.ini) and the recovery
// copies of unsaved work (editor/recovery_slot.h).
// Never the working directory, so running tilestep from a map folder leaves no litter.
#pragma once
#include <string>
#include <vector>

namespace ts {

// The folder, created when missing. Empty when no folder can be made (then nothing is
// persisted and the editor still works).
std::string configDir();

struct Settings {
    float uiScale = 0;                      // 0 = not set: follow the monitor's content scale
    std::vector<std::string> recentFiles;   // most recent first
    std::vector<std::string> closedPanels;  // side panel sections the user collapsed
    float panelWidth = 0;                   // the side panel's width at UI scale 1 (0: default)

    void addRecent(const std::string& path);
};

constexpr size_t kMaxRecentFiles = 10;
constexpr float kMaxPanelWidth = 16384;  // a settings.ini width above it is skipped

// settings.ini lines `ui_scale=1.5`, `recent=PATH`, `closed=SECTION`, `panel_width=340`;
// unknown or broken lines are skipped.
Settings loadSettings(const std::string& dir);
void saveSettings(const std::string& dir, const Settings& s);

}  // namespace ts
