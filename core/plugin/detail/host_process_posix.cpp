// The plugin host's operating system parts on Linux (host_process.h): a Unix socket pair,
// posix_spawn with the socket, the library and a shared page on descriptors 3, 4 and 5 and its
// stdout and stderr on a pipe, in a process group of its own that SIGKILL ends whole, dlopen.
#include <dirent.h>
#include <dlfcn.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>
#include <mutex>
#include <set>
#include <vector>

#include "plugin/detail/host_process.h"

extern char** environ;

namespace ts::plat {

namespace {

constexpr size_t kStepPage = 4096;

// The hosts running, whose copies tilestep removes when it exits (their SIGKILL on tilestep's
// end, PR_SET_PDEATHSIG, leaves them no time to).
std::mutex g_liveMutex;
std::set<pid_t> g_live;

void removeLiveCopies() {
    std::lock_guard<std::mutex> lock(g_liveMutex);
    for (pid_t pid : g_live) ::unlink(hostLibraryCopy(pid).c_str());
}

void track(pid_t pid, bool live) {
    static std::once_flag once;
    std::call_once(once, [] { std::atexit(removeLiveCopies); });
    std::lock_guard<std::mutex> lock(g_liveMutex);
    if (live)
        g_live.insert(pid);
    else
        g_live.erase(pid);
}

}  // namespace

bool writeAll(Pipe p, const void* data, size_t n) {
    const char* c = static_cast<const char*>(data);
    while (n > 0) {
        const ssize_t k = ::send(int(p), c, n, MSG_NOSIGNAL);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) return false;
        c += k;
        n -= size_t(k);
    }
    return true;
}

bool writeTwo(Pipe p, const void* a, size_t an, const void* b, size_t bn) {
    // One system call for both.
    iovec parts[2] = {{const_cast<void*>(a), an}, {const_cast<void*>(b), bn}};
    iovec* part = parts;
    int count = bn == 0 ? 1 : 2;
    while (count > 0) {
        msghdr m{};
        m.msg_iov = part;
        m.msg_iovlen = size_t(count);
        ssize_t k = ::sendmsg(int(p), &m, MSG_NOSIGNAL);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) return false;
        while (count > 0 && size_t(k) >= part->iov_len)
            k -= ssize_t(part->iov_len), ++part, --count;
        if (count > 0) {
            part->iov_base = static_cast<char*>(part->iov_base) + k;
            part->iov_len -= size_t(k);
        }
    }
    return true;
}

int64_t readSome(Pipe p, void* data, size_t n, int64_t timeoutMs) {
    if (timeoutMs >= 0) {
        pollfd f{int(p), POLLIN, 0};
        int ready;
        do {
            ready = ::poll(&f, 1, int(std::min<int64_t>(timeoutMs, 1 << 30)));
        } while (ready < 0 && errno == EINTR);
        if (ready == 0) return -1;
    }
    for (;;) {
        const ssize_t k = ::read(int(p), data, n);
        if (k < 0 && errno == EINTR) continue;
        return k > 0 ? int64_t(k) : 0;
    }
}

void closePipe(Pipe p) {
    if (p >= 0) ::close(int(p));
}

bool readable(const std::string& path, std::string* why) {
    if (::access(path.c_str(), R_OK) == 0) return true;
    *why = std::strerror(errno);
    return false;
}

bool removeFile(const std::string& path) {
    return ::unlink(path.c_str()) == 0;
}

std::string copyToTemp(const std::string& path, std::string* error) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        *error = path + ": cannot read (" + std::strerror(errno) + ")";
        return "";
    }
    const char* dir = std::getenv("TMPDIR");
    std::string name = std::string(dir && *dir ? dir : "/tmp") + "/tilestep-plugin-XXXXXX.so";
    std::vector<char> buf(name.begin(), name.end());
    buf.push_back('\0');
    int fd = mkstemps(buf.data(), 3);
    if (fd < 0) {
        *error = path + ": cannot make a temporary copy (" + std::strerror(errno) + ")";
        return "";
    }
    name = buf.data();
    std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    size_t done = 0;
    while (done < bytes.size()) {
        ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (n <= 0) break;
        done += size_t(n);
    }
    ::close(fd);
    if (done != bytes.size()) {
        ::unlink(name.c_str());
        *error = path + ": cannot write a temporary copy to " + name;
        return "";
    }
    return name;
}

bool pinLibrary(const std::string& path, bool copyFirst, PinnedLibrary* out, std::string* error) {
    std::string openPath = path;
    if (copyFirst) {
        openPath = copyToTemp(path, error);
        if (openPath.empty()) return false;
    }
    const int opened = ::open(openPath.c_str(), O_RDONLY | O_CLOEXEC);
    const int openError = errno;
    if (copyFirst) ::unlink(openPath.c_str());  // the open file stays
    // Above the descriptors a host finds its socket and library at.
    const int fd = opened >= 0 ? ::fcntl(opened, F_DUPFD_CLOEXEC, 10) : -1;
    if (opened >= 0) ::close(opened);
    if (fd < 0) {
        *error = path + ": cannot open the plugin (" +
                 std::strerror(opened < 0 ? openError : errno) + ")";
        return false;
    }
    out->fd = fd;
    return true;
}

void unpinLibrary(PinnedLibrary* lib) {
    if (lib->fd >= 0) ::close(int(lib->fd));
    lib->fd = -1;
}

const char* const kHostProgram = "tilestep-plugin-host";

std::string executableDir() {
    char self[4096];
    const ssize_t n = ::readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0) return "";
    std::string dir(self, size_t(n));
    return dir.substr(0, dir.rfind('/') + 1);
}

bool isExecutable(const std::string& path) {
    return !path.empty() && ::access(path.c_str(), X_OK) == 0;
}

bool spawnHost(const std::string& exe, const std::string& pluginPath, const PinnedLibrary& lib,
               HostProcess* proc, Pipe* pipe, std::string* error) {
    int sv[2];
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0) {
        *error = std::strerror(errno);
        return false;
    }
    // Out of the way of the 3 and 4 the host finds them at.
    const int child = ::fcntl(sv[1], F_DUPFD_CLOEXEC, 10);
    ::close(sv[1]);
    // The plugin's printf never reaches tilestep's stdout (a trace): its stdout and stderr
    // are a pipe tilestep reads (drainOutput). Large, so that a chatty step does not block.
    int out[2] = {-1, -1};
    if (::pipe2(out, O_CLOEXEC) == 0) {
        ::fcntl(out[0], F_SETFL, O_NONBLOCK);
        ::fcntl(out[0], F_SETPIPE_SZ, 1 << 20);
    }
    // The page the host writes each step's index in before running it (hostStepIndex), on
    // descriptor 5: without it nothing tells which step ahead ended a host that closed its
    // connection first. Optional: a host without one is asked again alone (the client).
    void* page = MAP_FAILED;
    const int made = ::memfd_create("tilestep-plugin-step", MFD_CLOEXEC);
    int pageFd = made >= 0 ? ::fcntl(made, F_DUPFD_CLOEXEC, 10) : -1;  // as the socket's
    if (made >= 0) ::close(made);
    if (pageFd >= 0 && ::ftruncate(pageFd, kStepPage) == 0)
        page = ::mmap(nullptr, kStepPage, PROT_READ | PROT_WRITE, MAP_SHARED, pageFd, 0);
    if (pageFd >= 0 && page == MAP_FAILED) ::close(pageFd), pageFd = -1;
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, child, 3);
    posix_spawn_file_actions_adddup2(&actions, int(lib.fd), 4);
    if (out[1] >= 0) {
        posix_spawn_file_actions_adddup2(&actions, out[1], 1);
        posix_spawn_file_actions_adddup2(&actions, out[1], 2);
    }
    // After the output's: the pipe's write end may be descriptor 5 here.
    if (pageFd >= 0) posix_spawn_file_actions_adddup2(&actions, pageFd, 5);
    const std::string parent = std::to_string(::getpid());
    char* argv[] = {const_cast<char*>(exe.c_str()), const_cast<char*>(pluginPath.c_str()),
                    const_cast<char*>(parent.c_str()), nullptr};
    // The host starts with no signal blocked: the editor blocks its quit signals in every
    // thread (app/editor/quit_signals), and a blocked mask is inherited.
    posix_spawnattr_t attr;
    posix_spawnattr_init(&attr);
    sigset_t none;
    sigemptyset(&none);
    posix_spawnattr_setsigmask(&attr, &none);
    // Its own process group: killHost ends what the plugin forked with it.
    posix_spawnattr_setpgroup(&attr, 0);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETPGROUP);
    pid_t pid = -1;
    const int rc = ::posix_spawn(&pid, exe.c_str(), &actions, &attr, argv, environ);
    posix_spawnattr_destroy(&attr);
    posix_spawn_file_actions_destroy(&actions);
    ::close(child);
    if (out[1] >= 0) ::close(out[1]);
    if (pageFd >= 0) ::close(pageFd);  // the mapping stays
    if (rc != 0) {
        ::close(sv[0]);
        if (out[0] >= 0) ::close(out[0]);
        if (page != MAP_FAILED) ::munmap(page, kStepPage);
        *error = std::strerror(rc);
        return false;
    }
    proc->id = pid;
    proc->output = out[0];
    proc->stepIndex = page == MAP_FAILED ? nullptr : static_cast<volatile uint32_t*>(page);
    track(pid, true);
    *pipe = sv[0];
    return true;
}

std::string hostLibraryCopy(intptr_t pid) {
    const char* dir = std::getenv("TMPDIR");
    return std::string(dir && *dir ? dir : "/tmp") + "/tilestep-plugin-host-" +
           std::to_string(pid) + ".so";
}

void removeStaleHostLibraryCopies() {
    const char* env = std::getenv("TMPDIR");
    const std::string dir = env && *env ? env : "/tmp";
    DIR* d = ::opendir(dir.c_str());
    if (!d) return;
    const std::string prefix = "tilestep-plugin-host-";
    while (const dirent* e = ::readdir(d)) {
        const std::string name = e->d_name;
        if (name.rfind(prefix, 0) != 0 || name.size() < prefix.size() + 4 ||
            name.compare(name.size() - 3, 3, ".so") != 0)
            continue;
        const long pid = std::strtol(name.c_str() + prefix.size(), nullptr, 10);
        if (pid > 0 && ::kill(pid_t(pid), 0) != 0 && errno == ESRCH)
            ::unlink((dir + "/" + name).c_str());
    }
    ::closedir(d);
}

std::string drainOutput(HostProcess* proc, bool last) {
    std::string text;
    char buf[4096];
    while (proc->output >= 0) {
        const ssize_t n = ::read(int(proc->output), buf, sizeof buf);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        text.append(buf, size_t(n));
    }
    if (last && proc->output >= 0) ::close(int(proc->output));
    if (last) proc->output = kNoPipe;
    return text;
}

bool interruptHost(const HostProcess& proc) {
    if (proc.id <= 0) return false;
    // To the stepping thread (the host's first, whose id is the process's), not a thread of
    // the plugin's that the process's signal could go to; not when it blocks the signal (a
    // plugin that blocked every signal): it would not answer.
    const std::string id = std::to_string(proc.id);
    std::ifstream status("/proc/" + id + "/task/" + id + "/status");
    std::string line;
    while (std::getline(status, line))
        if (line.rfind("SigBlk:", 0) == 0 &&
            (std::strtoull(line.c_str() + 7, nullptr, 16) >> (SIGUSR1 - 1) & 1))
            return false;
    return ::syscall(SYS_tgkill, pid_t(proc.id), pid_t(proc.id), SIGUSR1) == 0;
}

bool debuggerAttached(const HostProcess& proc) {
    if (proc.id <= 0) return false;
    std::ifstream status("/proc/" + std::to_string(proc.id) + "/status");
    std::string line;
    while (std::getline(status, line))
        if (line.rfind("TracerPid:", 0) == 0)
            return std::strtol(line.c_str() + 10, nullptr, 10) != 0;
    return false;
}

namespace {

// After the host is reaped: what it forked ends too (the group keeps its id while any member
// lives), and its copy of the library goes.
void endGroup(pid_t pid, HostProcess* proc) {
    ::kill(-pid, SIGKILL);
    ::unlink(hostLibraryCopy(pid).c_str());
    track(pid, false);
    if (proc->stepIndex) ::munmap(const_cast<uint32_t*>(proc->stepIndex), kStepPage);
    proc->stepIndex = nullptr;
}

}  // namespace

void killHost(HostProcess* proc) {
    if (proc->id > 0) {
        ::kill(-pid_t(proc->id), SIGKILL);
        ::kill(pid_t(proc->id), SIGKILL);
        ::waitpid(pid_t(proc->id), nullptr, 0);
        endGroup(pid_t(proc->id), proc);
    }
    proc->id = -1;
}

std::string reapHost(HostProcess* proc, int64_t waitMs) {
    int status = 0;
    const pid_t pid = pid_t(proc->id);
    proc->id = -1;
    if (pid <= 0) return "ended the plugin host";
    // Bounded: a host that closed its end of the stream and then blocks is killed.
    pid_t got = 0;
    for (int64_t waited = 0; (got = ::waitpid(pid, &status, WNOHANG)) == 0 && waited < waitMs;
         waited += 5)
        ::usleep(5000);
    if (got == 0) {
        ::kill(-pid, SIGKILL);
        ::kill(pid, SIGKILL);
        ::waitpid(pid, nullptr, 0);
        endGroup(pid, proc);
        return "closed its connection to tilestep and was still running " + std::to_string(waitMs) +
               " ms later in the plugin host; killed";
    }
    endGroup(pid, proc);
    if (got != pid) return "ended the plugin host";
    if (WIFSIGNALED(status)) {
        const int sig = WTERMSIG(status);
        std::string s = "was killed by signal " + std::to_string(sig);
        if (const char* name = ::sigabbrev_np(sig)) s += std::string(" (SIG") + name + ")";
        return s + " in the plugin host";
    }
    return "ended the plugin host (exit status " + std::to_string(WEXITSTATUS(status)) +
           ": _exit() or quick_exit()?)";
}

void* openLibrary(const std::string& path, std::string* error) {
    void* handle = ::dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char* e = ::dlerror();
        *error = e ? e : "";
    }
    return handle;
}

void* findSymbol(void* library, const char* name) {
    ::dlerror();
    return ::dlsym(library, name);
}

void closeLibrary(void* library) {
    if (library) ::dlclose(library);
}

}  // namespace ts::plat
