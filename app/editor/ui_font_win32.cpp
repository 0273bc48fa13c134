#include <windows.h>

#include <string>

#include "base/win32_text.h"
#include "editor/ui_font.h"

namespace ts {

const char* const kUiFontSource = "DejaVuSans.ttf belongs beside tilestep.exe";

std::string uiFontPath() {
    std::wstring exe(MAX_PATH, L'\0');
    for (;;) {
        const DWORD n = ::GetModuleFileNameW(nullptr, exe.data(), DWORD(exe.size()));
        if (n == 0) return "DejaVuSans.ttf";
        if (n < exe.size()) {
            exe.resize(n);
            break;
        }
        exe.resize(exe.size() * 2);
    }
    const size_t slash = exe.find_last_of(L"\\/");
    return win32::narrow(exe.substr(0, slash + 1)) + "DejaVuSans.ttf";
}

}  // namespace ts
