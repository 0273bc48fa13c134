// The trace listener's sockets on Windows (listen_socket.h): Winsock, sockets not inherited
// by the processes tilestep starts (the plugin host), accepted ones non-blocking for
// receiveNow, and no Unix sockets.
#include <winsock2.h>
#include <windows.h>

#include "base/win32_text.h"
#include "listen_socket.h"

namespace ts::cli::net {

void startup() {
    static const bool started = [] {
        WSADATA data;
        return ::WSAStartup(MAKEWORD(2, 2), &data) == 0;
    }();
    (void)started;
}

int streamSocket(int family) {
    startup();
    const SOCKET s = ::WSASocketW(family, SOCK_STREAM, IPPROTO_TCP, nullptr, 0,
                                  WSA_FLAG_OVERLAPPED | WSA_FLAG_NO_HANDLE_INHERIT);
    return s == INVALID_SOCKET ? -1 : int(s);
}

std::string lastError() {
    return win32::errorText(static_cast<unsigned long>(::WSAGetLastError()));
}

void closeSocket(int fd) {
    if (fd >= 0) ::closesocket(SOCKET(fd));
}

bool waitReadable(int fd, int timeoutMs) {
    WSAPOLLFD p{};
    p.fd = SOCKET(fd);
    p.events = POLLRDNORM;
    return ::WSAPoll(&p, 1, timeoutMs) > 0;
}

int acceptSocket(int fd, sockaddr_storage* peer) {
    int len = sizeof *peer;
    const SOCKET s = ::accept(SOCKET(fd), reinterpret_cast<sockaddr*>(peer), &len);
    if (s == INVALID_SOCKET) return -1;
    ::SetHandleInformation(reinterpret_cast<HANDLE>(s), HANDLE_FLAG_INHERIT, 0);
    u_long nonBlocking = 1;
    ::ioctlsocket(s, FIONBIO, &nonBlocking);
    return int(s);
}

long receiveNow(int fd, char* buf, size_t n) {
    const int k = ::recv(SOCKET(fd), buf, int(n), 0);
    if (k >= 0) return long(k);
    return ::WSAGetLastError() == WSAEWOULDBLOCK ? -1 : -2;
}

void sendNow(int fd, const std::string& bytes) {
    u_long nonBlocking = 1;
    ::ioctlsocket(SOCKET(fd), FIONBIO, &nonBlocking);
    ::send(SOCKET(fd), bytes.data(), int(bytes.size()), 0);
}

intptr_t duplicateSocket(int fd, int* family) {
    WSAPROTOCOL_INFOW info{};
    if (::WSADuplicateSocketW(SOCKET(fd), ::GetCurrentProcessId(), &info) != 0) return -1;
    *family = info.iAddressFamily;
    const SOCKET s = ::WSASocketW(FROM_PROTOCOL_INFO, FROM_PROTOCOL_INFO, FROM_PROTOCOL_INFO, &info,
                                  0, WSA_FLAG_OVERLAPPED | WSA_FLAG_NO_HANDLE_INHERIT);
    return s == INVALID_SOCKET ? -1 : intptr_t(s);
}

bool unixPathFits(const std::string&, std::string*) {
    return true;  // refused when opened, with the reason
}

bool bindUnixSocket(const std::string& path, int*, SocketFileId*, std::string* error) {
    *error = path + ": Unix sockets are not supported on Windows (listen on 127.0.0.1:PORT)";
    return false;
}

void removeUnixSocket(const std::string&, const SocketFileId&) {}

}  // namespace ts::cli::net
