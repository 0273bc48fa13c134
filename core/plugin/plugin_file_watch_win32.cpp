// PluginFileWatch's stamp of the plugin file on Windows: the last write time (100 ns ticks,
// as nanoseconds) and the size, from the file's attributes without opening it (a DLL being
// written by the linker may be locked).
#include <windows.h>

#include "base/win32_text.h"
#include "plugin/plugin_reload.h"

namespace ts {

PluginFileWatch::Stamp PluginFileWatch::read() const {
    Stamp s;
    WIN32_FILE_ATTRIBUTE_DATA a{};
    if (!::GetFileAttributesExW(win32::widen(path_).c_str(), GetFileExInfoStandard, &a)) return s;
    s.exists = true;
    const int64_t ticks =
        (int64_t(a.ftLastWriteTime.dwHighDateTime) << 32) | a.ftLastWriteTime.dwLowDateTime;
    s.mtimeNs = ticks * 100;
    s.size = (int64_t(a.nFileSizeHigh) << 32) | a.nFileSizeLow;
    return s;
}

}  // namespace ts
