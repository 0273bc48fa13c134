// The trace listener's sockets on Linux (listen_socket.h).
#include <poll.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "listen_socket.h"

namespace ts::cli::net {

void startup() {}

int streamSocket(int family) {
    const int fd = ::socket(family, SOCK_STREAM | SOCK_CLOEXEC, 0);
    const int one = 1;
    if (fd >= 0 && family != AF_UNIX) ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    return fd;
}

std::string lastError() {
    return std::strerror(errno);
}

void closeSocket(int fd) {
    if (fd >= 0) ::close(fd);
}

bool waitReadable(int fd, int timeoutMs) {
    pollfd p{fd, POLLIN, 0};
    for (;;) {
        const int r = ::poll(&p, 1, timeoutMs);
        if (r < 0 && errno == EINTR) continue;
        return r > 0;
    }
}

int acceptSocket(int fd, sockaddr_storage* peer) {
    socklen_t len = sizeof *peer;
    return ::accept4(fd, reinterpret_cast<sockaddr*>(peer), &len, SOCK_CLOEXEC);
}

long receiveNow(int fd, char* buf, size_t n) {
    for (;;) {
        const ssize_t k = ::recv(fd, buf, n, MSG_DONTWAIT);
        if (k >= 0) return long(k);
        if (errno == EINTR) continue;
        return errno == EAGAIN || errno == EWOULDBLOCK ? -1 : -2;
    }
}

void sendNow(int fd, const std::string& bytes) {
    (void)!::send(fd, bytes.data(), bytes.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
}

intptr_t duplicateSocket(int fd, int* family) {
    sockaddr_storage ss{};
    socklen_t len = sizeof ss;
    ::getsockname(fd, (sockaddr*)&ss, &len);
    *family = ss.ss_family;
    return ::dup(fd);
}

bool unixPathFits(const std::string& path, std::string* error) {
    if (path.size() < sizeof(sockaddr_un{}.sun_path)) return true;
    *error = "--listen: the socket path '" + path + "' is longer than " +
             std::to_string(sizeof(sockaddr_un{}.sun_path) - 1) + " bytes";
    return false;
}

bool bindUnixSocket(const std::string& path, int* fd, SocketFileId* id, std::string* error) {
    sockaddr_un sa{};
    sa.sun_family = AF_UNIX;
    std::strncpy(sa.sun_path, path.c_str(), sizeof sa.sun_path - 1);
    struct stat st;
    if (::lstat(path.c_str(), &st) == 0) {
        // A socket file left by a listener that died is reused; a live one or any other
        // file is not touched.
        if (!S_ISSOCK(st.st_mode)) {
            *error = path + ": exists and is not a socket (not replaced)";
            return false;
        }
        const int probe = ::socket(AF_UNIX, SOCK_STREAM, 0);
        const bool live = probe >= 0 && ::connect(probe, (sockaddr*)&sa, sizeof sa) == 0;
        if (probe >= 0) ::close(probe);
        if (live) {
            *error = path + ": another program is listening there";
            return false;
        }
        ::unlink(path.c_str());
    }
    *fd = streamSocket(AF_UNIX);
    if (*fd < 0 || ::bind(*fd, (sockaddr*)&sa, sizeof sa) != 0) {
        *error = path + ": cannot listen (" + lastError() + ")";
        return false;
    }
    struct stat made;
    if (::lstat(path.c_str(), &made) == 0) *id = {uint64_t(made.st_dev), uint64_t(made.st_ino)};
    return true;
}

void removeUnixSocket(const std::string& path, const SocketFileId& id) {
    struct stat st;
    if (::lstat(path.c_str(), &st) == 0 && S_ISSOCK(st.st_mode) && uint64_t(st.st_dev) == id.dev &&
        uint64_t(st.st_ino) == id.ino)
        ::unlink(path.c_str());
}

}  // namespace ts::cli::net
