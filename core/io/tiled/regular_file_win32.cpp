// interop::readRegularFile on Windows (tiled_layers.h): the path opened as UTF-16, read raw,
// with the same limits and messages as on Linux. A named pipe or a device is "not a regular
// file", as a FIFO is there.
#include <windows.h>

#include "base/win32_text.h"
#include "io/tiled/tiled_layers.h"

namespace ts::interop {

std::string readRegularFile(const std::string& path, std::string* problem) {
    HANDLE h = ::CreateFileW(win32::widen(path).c_str(), GENERIC_READ,
                             FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr,
                             OPEN_EXISTING, FILE_ATTRIBUTE_NORMAL, nullptr);
    if (h == INVALID_HANDLE_VALUE) {
        *problem = "cannot open: " + win32::errorText(::GetLastError());
        return {};
    }
    LARGE_INTEGER size{};
    if (::GetFileType(h) != FILE_TYPE_DISK || !::GetFileSizeEx(h, &size)) {
        ::CloseHandle(h);
        *problem = "not a regular file";
        return {};
    }
    if (size.QuadPart > (int64_t(256) << 20)) {
        ::CloseHandle(h);
        *problem = "larger than 256 MiB";
        return {};
    }
    std::string bytes(size_t(size.QuadPart), '\0');
    size_t got = 0;
    while (got < bytes.size()) {
        DWORD n = 0;
        if (!::ReadFile(h, &bytes[got], DWORD(bytes.size() - got), &n, nullptr) || n == 0) break;
        got += n;
    }
    ::CloseHandle(h);
    bytes.resize(got);
    return bytes;
}

}  // namespace ts::interop
