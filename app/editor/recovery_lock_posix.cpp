// RecoverySlot's lock on Linux: flock on recovery-N.lock, dropped when the file is closed
// (or the process dies).
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include "editor/recovery_slot.h"

namespace ts {

bool RecoverySlot::acquire(const std::string& dir) {
    release();
    if (dir.empty()) return false;
    for (int i = 0; i < kMaxSlots; ++i) {
        const std::string lock = dir + "/recovery-" + std::to_string(i) + ".lock";
        const int fd = ::open(lock.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
        if (fd < 0) return false;  // the folder is not writable: no slot at all
        // Per open file: a second editor, or a second open in this process, is refused.
        if (::flock(fd, LOCK_EX | LOCK_NB) == 0) {
            dir_ = dir;
            index_ = i;
            fd_ = fd;
            return true;
        }
        ::close(fd);
    }
    return false;
}

void RecoverySlot::release() {
    if (fd_ >= 0) ::close(fd_);  // closing drops the lock; the lock file stays for reuse
    fd_ = -1;
    index_ = -1;
    dir_.clear();
}

}  // namespace ts
