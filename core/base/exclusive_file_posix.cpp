#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "base/exclusive_file.h"

namespace ts {

ClaimResult claimNewFile(const std::string& path, ClaimedFile* claimed, std::string* error) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd < 0) {
        if (errno == EEXIST) return ClaimResult::Exists;
        if (error) *error = std::strerror(errno);
        return ClaimResult::Failed;
    }
    struct stat st {};
    ::fstat(fd, &st);
    ::close(fd);
    *claimed = ClaimedFile{path, uint64_t(st.st_dev), uint64_t(st.st_ino)};
    return ClaimResult::Claimed;
}

void releaseClaimedFile(const ClaimedFile& claimed) {
    struct stat st {};
    if (!claimed.path.empty() && ::lstat(claimed.path.c_str(), &st) == 0 && S_ISREG(st.st_mode) &&
        st.st_size == 0 && uint64_t(st.st_dev) == claimed.device &&
        uint64_t(st.st_ino) == claimed.index)
        ::unlink(claimed.path.c_str());
}

}  // namespace ts
