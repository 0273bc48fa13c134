// CREATE_NEW is Windows' O_EXCL; the claimed file is named by volume serial and file index, and
// removed only while it is still that file and still empty.
#include <windows.h>

#include "base/exclusive_file.h"
#include "base/win32_text.h"

namespace ts {

namespace {

bool identify(HANDLE h, uint64_t* device, uint64_t* index, uint64_t* size) {
    BY_HANDLE_FILE_INFORMATION info{};
    if (!::GetFileInformationByHandle(h, &info)) return false;
    *device = info.dwVolumeSerialNumber;
    *index = (uint64_t(info.nFileIndexHigh) << 32) | info.nFileIndexLow;
    *size = (uint64_t(info.nFileSizeHigh) << 32) | info.nFileSizeLow;
    return true;
}

}  // namespace

ClaimResult claimNewFile(const std::string& path, ClaimedFile* claimed, std::string* error) {
    HANDLE h = ::CreateFileW(win32::widen(path).c_str(), GENERIC_WRITE,
                             FILE_SHARE_READ | FILE_SHARE_DELETE, nullptr, CREATE_NEW,
                             FILE_ATTRIBUTE_NORMAL, nullptr);
    if (h == INVALID_HANDLE_VALUE) {
        const DWORD e = ::GetLastError();
        if (e == ERROR_FILE_EXISTS || e == ERROR_ALREADY_EXISTS) return ClaimResult::Exists;
        if (error) *error = "Windows error " + std::to_string(unsigned(e));
        return ClaimResult::Failed;
    }
    uint64_t device = 0, index = 0, size = 0;
    identify(h, &device, &index, &size);
    ::CloseHandle(h);
    *claimed = ClaimedFile{path, device, index};
    return ClaimResult::Claimed;
}

void releaseClaimedFile(const ClaimedFile& claimed) {
    if (claimed.path.empty()) return;
    const std::wstring wide = win32::widen(claimed.path);
    // FILE_FLAG_OPEN_REPARSE_POINT: a link put in its place is looked at, not followed.
    HANDLE h = ::CreateFileW(wide.c_str(), DELETE | FILE_READ_ATTRIBUTES,
                             FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr,
                             OPEN_EXISTING, FILE_FLAG_OPEN_REPARSE_POINT, nullptr);
    if (h == INVALID_HANDLE_VALUE) return;
    uint64_t device = 0, index = 0, size = 0;
    const DWORD attributes = ::GetFileAttributesW(wide.c_str());
    if (identify(h, &device, &index, &size) && size == 0 && device == claimed.device &&
        index == claimed.index && !(attributes & FILE_ATTRIBUTE_REPARSE_POINT)) {
        FILE_DISPOSITION_INFO dispose{TRUE};
        ::SetFileInformationByHandle(h, FileDispositionInfo, &dispose, sizeof dispose);
    }
    ::CloseHandle(h);
}

}  // namespace ts
