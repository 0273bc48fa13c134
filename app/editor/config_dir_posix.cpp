// configDir on Linux: $XDG_CONFIG_HOME/tilestep, else ~/.config/tilestep.
#include <cstdlib>
#include <filesystem>

#include "editor/config.h"

namespace ts {

namespace fs = std::filesystem;

std::string configDir() {
    std::string base;
    const char* xdg = std::getenv("XDG_CONFIG_HOME");
    const char* home = std::getenv("HOME");
    if (xdg && *xdg) {
        base = xdg;
    } else if (home && *home) {
        base = std::string(home) + "/.config";
    } else {
        return "";
    }
    std::string dir = base + "/tilestep";
    std::error_code ec;
    fs::create_directories(dir, ec);
    return ec ? "" : dir;
}

}  // namespace ts
