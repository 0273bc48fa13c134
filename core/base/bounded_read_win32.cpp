// readFileAtMost on Windows: the path opened as UTF-16, the bytes read raw (no CRLF
// translation), the same limits and messages as the POSIX version.
#include <windows.h>

#include "base/bounded_read.h"
#include "base/win32_text.h"

namespace ts {

ReadResult readFileAtMost(const std::string& path, uint64_t maxBytes, const char* what,
                          std::string* out, std::string* problem, const StopReading& stop) {
    const std::string tooLarge =
        "larger than " + byteSizeText(maxBytes) + ", the most " + what + " may hold";
    HANDLE h = ::CreateFileW(win32::widen(path).c_str(), GENERIC_READ,
                             FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr,
                             OPEN_EXISTING, FILE_ATTRIBUTE_NORMAL, nullptr);
    if (h == INVALID_HANDLE_VALUE) {
        *problem = "cannot open: " + win32::errorText(::GetLastError());
        return ReadResult::CannotOpen;
    }
    auto finish = [&](ReadResult r) {
        ::CloseHandle(h);
        return r;
    };
    std::string bytes;
    LARGE_INTEGER size{};
    if (::GetFileType(h) == FILE_TYPE_DISK && ::GetFileSizeEx(h, &size)) {
        if (uint64_t(size.QuadPart) > maxBytes) {
            *problem = tooLarge;
            return finish(ReadResult::TooLarge);
        }
        bytes.reserve(size_t(size.QuadPart));
    }
    char buf[1 << 16];
    for (;;) {
        DWORD n = 0;
        if (!::ReadFile(h, buf, sizeof buf, &n, nullptr)) {
            const DWORD err = ::GetLastError();
            if (err == ERROR_BROKEN_PIPE) break;  // the writer closed its end: the end of input
            *problem = "cannot read: " + win32::errorText(err);
            return finish(ReadResult::CannotRead);
        }
        if (n == 0) break;
        if (bytes.size() + uint64_t(n) > maxBytes) {
            *problem = tooLarge;
            return finish(ReadResult::TooLarge);
        }
        const size_t from = bytes.size();
        bytes.append(buf, size_t(n));
        if (stop && stop(bytes, from)) break;
    }
    *out = std::move(bytes);
    return finish(ReadResult::Ok);
}

}  // namespace ts
