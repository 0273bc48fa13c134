#include "base/bounded_read.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace ts {

ReadResult readFileAtMost(const std::string& path, uint64_t maxBytes, const char* what,
                          std::string* out, std::string* problem, const StopReading& stop) {
    const std::string tooLarge =
        "larger than " + byteSizeText(maxBytes) + ", the most " + what + " may hold";
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        *problem = std::string("cannot open: ") + std::strerror(errno);
        return ReadResult::CannotOpen;
    }
    std::string bytes;
    struct stat st {};
    if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) {
        if (uint64_t(st.st_size) > maxBytes) {
            ::close(fd);
            *problem = tooLarge;
            return ReadResult::TooLarge;
        }
        bytes.reserve(size_t(st.st_size));
    }
    char buf[1 << 16];
    for (;;) {
        ssize_t n = ::read(fd, buf, sizeof buf);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
            const int err = errno;
            ::close(fd);
            *problem = std::string("cannot read: ") + std::strerror(err);
            return ReadResult::CannotRead;
        }
        if (n == 0) break;
        // One byte over the limit is enough to know: a stream is never read further.
        if (bytes.size() + uint64_t(n) > maxBytes) {
            ::close(fd);
            *problem = tooLarge;
            return ReadResult::TooLarge;
        }
        const size_t from = bytes.size();
        bytes.append(buf, size_t(n));
        if (stop && stop(bytes, from)) break;
    }
    ::close(fd);
    *out = std::move(bytes);
    return ReadResult::Ok;
}

}  // namespace ts
