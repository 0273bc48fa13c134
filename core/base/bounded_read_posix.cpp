#include "base/bounded_read.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace ts {

namespace {
// How long a FIFO or device may keep a reader waiting for its writer or its next bytes.
constexpr int kStreamWaitMs = 3000;
}  // namespace

ReadResult readFileAtMost(const std::string& path, uint64_t maxBytes, const char* what,
                          std::string* out, std::string* problem, const StopReading& stop) {
    const std::string tooLarge =
        "larger than " + byteSizeText(maxBytes) + ", the most " + what + " may hold";
    // O_NONBLOCK: opening a FIFO would wait for a writer, and reading one a writer keeps
    // open but silent would wait for ever. Either is waited for kStreamWaitMs at most.
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        *problem = std::string("cannot open: ") + std::strerror(errno);
        return ReadResult::CannotOpen;
    }
    std::string bytes;
    struct stat st {};
    const bool known = ::fstat(fd, &st) == 0;
    if (known && S_ISDIR(st.st_mode)) {
        ::close(fd);
        *problem = "is a folder, not a file";
        return ReadResult::CannotOpen;
    }
    const bool stream = known && !S_ISREG(st.st_mode);
    if (known && S_ISREG(st.st_mode)) {
        if (uint64_t(st.st_size) > maxBytes) {
            ::close(fd);
            *problem = tooLarge;
            return ReadResult::TooLarge;
        }
        bytes.reserve(size_t(st.st_size));
    }
    char buf[1 << 16];
    for (;;) {
        if (stream) {
            // A FIFO nobody has opened for writing shows no event at all (and reads as its
            // end): the wait is what tells "nothing writes to it" from an empty stream.
            pollfd p{fd, POLLIN, 0};
            int ready = 0;
            while ((ready = ::poll(&p, 1, kStreamWaitMs)) < 0 && errno == EINTR) {
            }
            if (ready == 0) {
                ::close(fd);
                *problem = std::string(bytes.empty() ? "nothing writes to it"
                                                     : "nothing more was written to it") +
                           " (" + (S_ISFIFO(st.st_mode) ? "a FIFO" : "not a regular file") +
                           ", waited " + std::to_string(kStreamWaitMs / 1000) + " s)";
                return ReadResult::CannotRead;
            }
        }
        ssize_t n = ::read(fd, buf, sizeof buf);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) continue;  // polled again
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
