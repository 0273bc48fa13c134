// interop::readRegularFile on Linux (tiled_layers.h).
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "io/tiled/tiled_layers.h"

namespace ts::interop {

std::string readRegularFile(const std::string& path, std::string* problem) {
    // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer.
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        *problem = std::string("cannot open: ") + std::strerror(errno);
        return {};
    }
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        ::close(fd);
        *problem = "not a regular file";
        return {};
    }
    if (st.st_size > (int64_t(256) << 20)) {
        ::close(fd);
        *problem = "larger than 256 MiB";
        return {};
    }
    std::string bytes(size_t(st.st_size), '\0');
    size_t got = 0;
    while (got < bytes.size()) {
        ssize_t n = ::read(fd, &bytes[got], bytes.size() - got);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        got += size_t(n);
    }
    ::close(fd);
    bytes.resize(got);
    return bytes;
}

}  // namespace ts::interop
