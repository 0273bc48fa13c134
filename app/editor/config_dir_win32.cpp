// configDir on Windows: %APPDATA%\tilestep (the roaming profile's folder for a program's
// settings), made as UTF-16 so that a user name with accents works.
#include <cstdlib>
#include <filesystem>

#include "base/win32_text.h"
#include "editor/config.h"

namespace ts {

namespace fs = std::filesystem;

std::string configDir() {
    const wchar_t* appData = ::_wgetenv(L"APPDATA");
    if (!appData || !*appData) return "";
    const fs::path dir = fs::path(appData) / L"tilestep";
    std::error_code ec;
    fs::create_directories(dir, ec);
    return ec ? "" : win32::narrow(dir.wstring());
}

}  // namespace ts
