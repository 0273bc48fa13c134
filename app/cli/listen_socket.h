// The few socket calls in which POSIX and Winsock differ, for the trace listener
// (trace_listener.cpp): listen_socket_posix.cpp and listen_socket_win32.cpp. Sockets are
// ints on both (a Winsock SOCKET is a small handle value); the address types and functions
// both have (sockaddr_in6, inet_pton, bind, listen) come from the headers below.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>

#ifdef _WIN32
#include <winsock2.h>
#include <ws2tcpip.h>
#else
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#endif

namespace ts::cli::net {

// Sockets can be used from here on (Winsock's start-up, once).
void startup();
// A stream socket of `family` that programs tilestep starts do not inherit, its address
// reusable at once when it listens (a recording started again right after the last one);
// -1 on failure.
int streamSocket(int family);
// The last socket call's failure, in words.
std::string lastError();
void closeSocket(int fd);
// Waits up to timeoutMs (-1: for ever) for `fd` to be readable; false on a timeout.
bool waitReadable(int fd, int timeoutMs);
// The next connection, not inherited by programs tilestep starts; -1 on failure.
int acceptSocket(int fd, sockaddr_storage* peer);
// Reads what has arrived without waiting: the count, 0 when the other end closed, -1 when
// nothing is there yet, -2 on a failure (lastError).
long receiveNow(int fd, char* buf, size_t n);
// Sends what fits without waiting (a refusal's one line).
void sendNow(int fd, const std::string& bytes);
// A second socket for the same connection (its own to close), and its address family.
intptr_t duplicateSocket(int fd, int* family);

// Unix sockets (a path given to --listen): bound, not yet listening, in *fd; a socket file
// left by a listener that died is replaced, any other file is not. Windows has none here:
// false with a message that says what to use instead.
// The socket file a listener made, by identity: removing the path removes only that file (the
// path may have been replaced since, by a recording saved there or by another listener).
struct SocketFileId {
    uint64_t dev = 0, ino = 0;
};
bool unixPathFits(const std::string& path, std::string* error);
bool bindUnixSocket(const std::string& path, int* fd, SocketFileId* id, std::string* error);
void removeUnixSocket(const std::string& path, const SocketFileId& id);

}  // namespace ts::cli::net
