// RecoverySlot's lock on Windows: recovery-N.lock opened with no sharing, which a second
// open (another editor, or this one again) is refused until the handle is closed or the
// process dies, as flock's lock is on Linux.
#include <fcntl.h>
#include <io.h>
#include <windows.h>

#include "base/win32_text.h"
#include "editor/recovery_slot.h"

namespace ts {

bool RecoverySlot::acquire(const std::string& dir) {
    release();
    if (dir.empty()) return false;
    for (int i = 0; i < kMaxSlots; ++i) {
        const std::string lock = dir + "/recovery-" + std::to_string(i) + ".lock";
        HANDLE h = ::CreateFileW(win32::widen(lock).c_str(), GENERIC_READ | GENERIC_WRITE, 0,
                                 nullptr, OPEN_ALWAYS, FILE_ATTRIBUTE_NORMAL, nullptr);
        if (h == INVALID_HANDLE_VALUE) {
            if (::GetLastError() == ERROR_SHARING_VIOLATION) continue;  // held by another
            return false;  // the folder is not writable: no slot at all
        }
        const int fd = ::_open_osfhandle(reinterpret_cast<intptr_t>(h), _O_RDWR);
        if (fd < 0) {
            ::CloseHandle(h);
            return false;
        }
        dir_ = dir;
        index_ = i;
        fd_ = fd;
        return true;
    }
    return false;
}

void RecoverySlot::release() {
    if (fd_ >= 0) ::_close(fd_);  // closing drops the lock; the lock file stays for reuse
    fd_ = -1;
    index_ = -1;
    dir_.clear();
}

}  // namespace ts
