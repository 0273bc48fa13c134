#include "editor/config.h"

#include <algorithm>
#include <filesystem>
#include <fstream>

namespace ts {

namespace fs = std::filesystem;

void Settings::addRecent(const std::string& path) {
    if (path.empty()) return;
    std::error_code ec;
    fs::path abs = fs::absolute(path, ec);
    std::string p = ec ? path : abs.lexically_normal().string();
    recentFiles.erase(std::remove(recentFiles.begin(), recentFiles.end(), p), recentFiles.end());
    recentFiles.insert(recentFiles.begin(), p);
    if (recentFiles.size() > kMaxRecentFiles) recentFiles.resize(kMaxRecentFiles);
}

Settings loadSettings(const std::string& dir) {
    Settings s;
    if (dir.empty()) return s;
    std::ifstream f(dir + "/settings.ini");
    std::string line;
    while (std::getline(f, line)) {
        auto eq = line.find('=');
        if (eq == std::string::npos) continue;
        std::string key = line.substr(0, eq), value = line.substr(eq + 1);
        if (key == "ui_scale") {
            char* end = nullptr;
            float v = std::strtof(value.c_str(), &end);
            if (end && *end == '\0' && v >= 0.5f && v <= 4.0f) s.uiScale = v;
        } else if (key == "recent" && !value.empty() && s.recentFiles.size() < kMaxRecentFiles) {
            s.recentFiles.push_back(value);
        } else if (key == "closed" && !value.empty()) {
            s.closedPanels.push_back(value);
        } else if (key == "panel_width") {
            // Any width the window could hold; the splitter clamps it to the window in use.
            char* end = nullptr;
            float v = std::strtof(value.c_str(), &end);
            if (end && *end == '\0' && v >= 1.0f && v <= kMaxPanelWidth) s.panelWidth = v;
        }
    }
    return s;
}

void saveSettings(const std::string& dir, const Settings& s) {
    if (dir.empty()) return;
    std::string tmp = dir + "/settings.ini.tmp";
    {
        std::ofstream f(tmp, std::ios::trunc);
        if (s.uiScale > 0) f << "ui_scale=" << s.uiScale << "\n";
        for (const std::string& r : s.recentFiles) f << "recent=" << r << "\n";
        for (const std::string& c : s.closedPanels) f << "closed=" << c << "\n";
        if (s.panelWidth > 0) f << "panel_width=" << s.panelWidth << "\n";
        if (!f) return;
    }
    std::error_code ec;
    fs::rename(tmp, dir + "/settings.ini", ec);
}

}  // namespace ts
