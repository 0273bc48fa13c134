// The plugin host's operating system parts on Windows (host_process.h): a named pipe opened
// for overlapped I/O at both ends (an anonymous pipe cannot be read with a deadline), the
// host started with CreateProcessW and the pipe's handle on its command line, ended with
// TerminateProcess, and the DLL loaded with LoadLibraryW from a copy in the temporary folder.
#include <windows.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <set>

#include "base/win32_text.h"
#include "plugin/detail/host_process.h"

namespace ts::plat {

namespace {

HANDLE handleOf(Pipe p) {
    return reinterpret_cast<HANDLE>(p);
}

// One overlapped operation on `h`, waited for at most timeoutMs (< 0: for ever): the bytes
// moved, 0 when the pipe is broken, -1 when it did not complete in time (then cancelled).
int64_t overlapped(HANDLE h, bool write, void* data, DWORD n, int64_t timeoutMs) {
    OVERLAPPED ov{};
    ov.hEvent = ::CreateEventW(nullptr, TRUE, FALSE, nullptr);
    if (!ov.hEvent) return 0;
    const BOOL done =
        write ? ::WriteFile(h, data, n, nullptr, &ov) : ::ReadFile(h, data, n, nullptr, &ov);
    DWORD moved = 0;
    int64_t result = 0;
    if (!done && ::GetLastError() != ERROR_IO_PENDING) {
        result = 0;
    } else if (timeoutMs >= 0 &&
               ::WaitForSingleObject(ov.hEvent, DWORD(std::min<int64_t>(timeoutMs, 0x7fffffff))) ==
                   WAIT_TIMEOUT) {
        ::CancelIoEx(h, &ov);
        // It may have completed meanwhile: then the bytes count.
        result = ::GetOverlappedResult(h, &ov, &moved, TRUE) && moved > 0 ? int64_t(moved) : -1;
    } else {
        result = ::GetOverlappedResult(h, &ov, &moved, TRUE) ? int64_t(moved) : 0;
    }
    ::CloseHandle(ov.hEvent);
    return result;
}

// Unique names for the pipes and copies this process makes (atomic: any thread may start a host).
std::atomic<unsigned> g_counter{0};

std::string temporaryFolder() {
    wchar_t dir[MAX_PATH + 1];
    const DWORD n = ::GetTempPathW(MAX_PATH + 1, dir);
    return n > 0 && n <= MAX_PATH ? win32::narrow(std::wstring(dir, n)) : std::string(".\\");
}

constexpr char kCopyPrefix[] = "tilestep-plugin-";

// The process id in a copy's name ("tilestep-plugin-PID-N.dll"), or 0.
DWORD copyOwner(const std::string& name) {
    size_t i = sizeof kCopyPrefix - 1;
    if (name.compare(0, i, kCopyPrefix) != 0) return 0;
    uint64_t pid = 0;
    const size_t start = i;
    for (; i < name.size() && name[i] >= '0' && name[i] <= '9' && pid <= 0xffffffffu; ++i)
        pid = pid * 10 + uint64_t(name[i] - '0');
    if (i == start || i >= name.size() || name[i] != '-' || pid > 0xffffffffu) return 0;
    return DWORD(pid);
}

bool processGone(DWORD pid) {
    HANDLE p = ::OpenProcess(SYNCHRONIZE, FALSE, pid);
    if (!p) return ::GetLastError() == ERROR_INVALID_PARAMETER;  // no such process
    const bool exited = ::WaitForSingleObject(p, 0) == WAIT_OBJECT_0;
    ::CloseHandle(p);
    return exited;
}

// The names of the copies this process made: one with its process id that it did not make
// is an earlier process's, which had the same id.
std::mutex g_copiesMutex;
std::set<std::string> g_ownCopies;

// Copies left by a tilestep that has ended. A DLL cannot be deleted while it is loaded, so a
// copy loaded into tilestep itself (TILESTEP_PLUGIN_IN_PROCESS) that was never unloaded, or
// one a host still had loaded when tilestep ended, outlives it: the next tilestep to make a
// copy deletes them. (A copy still loaded somewhere fails to delete and stays.)
void removeStaleCopies(const std::string& dir) {
    WIN32_FIND_DATAW e{};
    const HANDLE d = ::FindFirstFileW(win32::widen(dir + kCopyPrefix + "*.dll").c_str(), &e);
    if (d == INVALID_HANDLE_VALUE) return;
    do {
        const std::string name = win32::narrow(e.cFileName);
        const DWORD pid = copyOwner(name);
        if (pid == 0 ||
            (e.dwFileAttributes & (FILE_ATTRIBUTE_DIRECTORY | FILE_ATTRIBUTE_REPARSE_POINT)))
            continue;
        if (pid == ::GetCurrentProcessId()) {
            std::lock_guard<std::mutex> lock(g_copiesMutex);
            if (g_ownCopies.count(name)) continue;
        } else if (!processGone(pid)) {
            continue;
        }
        ::DeleteFileW(win32::widen(dir + name).c_str());
    } while (::FindNextFileW(d, &e));
    ::FindClose(d);
}

std::string lastError() {
    return win32::errorText(::GetLastError());
}

// Processes get pipe ends by inheritance: one spawn at a time makes its end inheritable, so
// that no other host inherits it too (a pipe held by another process never reads as broken).
std::mutex g_spawnMutex;

// Every host in a job that ends with tilestep: a host whose plugin hangs is not left running
// when tilestep is closed. The job also limits each host's memory (setHostLimits).
HANDLE hostJob() {
    // Made once (a function's static: its first call makes it, threads or not), never changed.
    static HANDLE job = [] {
        HANDLE j = ::CreateJobObjectW(nullptr, nullptr);
        if (j) {
            JOBOBJECT_EXTENDED_LIMIT_INFORMATION limits{};
            limits.BasicLimitInformation.LimitFlags = JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE;
            ::SetInformationJobObject(j, JobObjectExtendedLimitInformation, &limits, sizeof limits);
        }
        return j;
    }();
    return job;
}

// What each host may commit: $TILESTEP_PLUGIN_MEMORY_MB (default 4096 MiB), read at each
// start as on Linux (where it limits the address space); the host reads it back from its job
// for its reports (plugin_host_win32.cpp). The limit is the job's, so a new value applies to
// the hosts already running too.
void setHostLimits(HANDLE job) {
    uint64_t mb = 4096;
    if (const char* v = std::getenv("TILESTEP_PLUGIN_MEMORY_MB"))
        if (const uint64_t n = std::strtoull(v, nullptr, 10)) mb = std::min<uint64_t>(n, 1u << 30);
    JOBOBJECT_EXTENDED_LIMIT_INFORMATION limits{};
    limits.BasicLimitInformation.LimitFlags =
        JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE | JOB_OBJECT_LIMIT_PROCESS_MEMORY;
    limits.ProcessMemoryLimit = SIZE_T(mb) << 20;
    ::SetInformationJobObject(job, JobObjectExtendedLimitInformation, &limits, sizeof limits);
}

std::wstring quoted(const std::wstring& arg) {
    // CommandLineToArgvW's rules: backslashes double only before a quote.
    std::wstring out = L"\"";
    size_t slashes = 0;
    for (wchar_t c : arg) {
        if (c == L'\\') {
            ++slashes;
            continue;
        }
        out.append(c == L'"' ? 2 * slashes + 1 : slashes, L'\\');
        slashes = 0;
        out += c;
    }
    out.append(2 * slashes, L'\\');
    return out + L"\"";
}

}  // namespace

bool writeAll(Pipe p, const void* data, size_t n) {
    const char* c = static_cast<const char*>(data);
    while (n > 0) {
        const DWORD chunk = DWORD(std::min<size_t>(n, 1u << 30));
        const int64_t k = overlapped(handleOf(p), true, const_cast<char*>(c), chunk, -1);
        if (k <= 0) return false;
        c += k;
        n -= size_t(k);
    }
    return true;
}

bool writeTwo(Pipe p, const void* a, size_t an, const void* b, size_t bn) {
    return writeAll(p, a, an) && writeAll(p, b, bn);
}

int64_t readSome(Pipe p, void* data, size_t n, int64_t timeoutMs) {
    if (n == 0) return 0;
    for (;;) {
        const int64_t k =
            overlapped(handleOf(p), false, data, DWORD(std::min<size_t>(n, 1u << 30)), timeoutMs);
        // A zero-byte message (none is ever written) is not the end of the stream.
        if (k != 0) return k;
        DWORD avail = 0;
        if (!::PeekNamedPipe(handleOf(p), nullptr, 0, nullptr, &avail, nullptr)) return 0;
    }
}

void closePipe(Pipe p) {
    if (p != kNoPipe) ::CloseHandle(handleOf(p));
}

bool readable(const std::string& path, std::string* why) {
    const HANDLE h = ::CreateFileW(win32::widen(path).c_str(), GENERIC_READ,
                                   FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr,
                                   OPEN_EXISTING, FILE_ATTRIBUTE_NORMAL, nullptr);
    if (h == INVALID_HANDLE_VALUE) {
        *why = lastError();
        return false;
    }
    ::CloseHandle(h);
    return true;
}

bool removeFile(const std::string& path) {
    return ::DeleteFileW(win32::widen(path).c_str()) != 0;
}

std::string copyToTemp(const std::string& path, std::string* error) {
    const std::string dir = temporaryFolder();
    removeStaleCopies(dir);
    for (int tries = 0; tries < 100; ++tries) {
        const std::string file = kCopyPrefix + std::to_string(::GetCurrentProcessId()) + "-" +
                                 std::to_string(g_counter++) + ".dll";
        const std::string name = dir + file;
        {  // before it exists: another thread's sweep must not take it for a stale one
            std::lock_guard<std::mutex> lock(g_copiesMutex);
            g_ownCopies.insert(file);
        }
        // Fails rather than replaces: the name may be another tilestep's loaded copy.
        if (::CopyFileW(win32::widen(path).c_str(), win32::widen(name).c_str(), TRUE)) return name;
        const DWORD e = ::GetLastError();
        {
            std::lock_guard<std::mutex> lock(g_copiesMutex);
            g_ownCopies.erase(file);
        }
        if (e != ERROR_FILE_EXISTS && e != ERROR_ALREADY_EXISTS) {
            *error = path + ": cannot make a temporary copy in " + dir + " (" +
                     win32::errorText(e) + ")";
            return "";
        }
    }
    *error = path + ": cannot make a temporary copy in " + dir;
    return "";
}

bool pinLibrary(const std::string& path, bool, PinnedLibrary* out, std::string* error) {
    out->copy = copyToTemp(path, error);
    if (out->copy.empty()) return false;
    // The copy goes when this handle closes, however tilestep ends (a registered build is
    // never unpinned). The loader opens it sharing delete, so hosts can still load it.
    const HANDLE h = ::CreateFileW(win32::widen(out->copy).c_str(), GENERIC_READ | DELETE,
                                   FILE_SHARE_READ | FILE_SHARE_DELETE, nullptr, OPEN_EXISTING,
                                   FILE_FLAG_DELETE_ON_CLOSE, nullptr);
    out->fd = h == INVALID_HANDLE_VALUE ? -1 : reinterpret_cast<intptr_t>(h);
    return true;
}

void unpinLibrary(PinnedLibrary* lib) {
    if (lib->fd != -1) ::CloseHandle(reinterpret_cast<HANDLE>(lib->fd));
    lib->fd = -1;
    if (!lib->copy.empty()) removeFile(lib->copy);
    lib->copy.clear();
}

const char* const kHostProgram = "tilestep-plugin-host.exe";

std::string executableDir() {
    std::wstring self(32768, L'\0');
    const DWORD n = ::GetModuleFileNameW(nullptr, &self[0], DWORD(self.size()));
    if (n == 0 || n >= self.size()) return "";
    self.resize(n);
    const size_t slash = self.find_last_of(L"\\/");
    return slash == std::wstring::npos ? "" : win32::narrow(self.substr(0, slash + 1));
}

bool isExecutable(const std::string& path) {
    if (path.empty()) return false;
    const DWORD a = ::GetFileAttributesW(win32::widen(path).c_str());
    return a != INVALID_FILE_ATTRIBUTES && !(a & FILE_ATTRIBUTE_DIRECTORY);
}

bool spawnHost(const std::string& exe, const std::string& pluginPath, const PinnedLibrary& lib,
               HostProcess* proc, Pipe* pipe, std::string* error) {
    const std::wstring name = L"\\\\.\\pipe\\tilestep-plugin-" +
                              std::to_wstring(::GetCurrentProcessId()) + L"-" +
                              std::to_wstring(g_counter++);
    const DWORD buffer = 1 << 20;
    const HANDLE ours = ::CreateNamedPipeW(
        name.c_str(), PIPE_ACCESS_DUPLEX | FILE_FLAG_OVERLAPPED | FILE_FLAG_FIRST_PIPE_INSTANCE,
        PIPE_TYPE_BYTE | PIPE_READMODE_BYTE | PIPE_WAIT | PIPE_REJECT_REMOTE_CLIENTS, 1, buffer,
        buffer, 0, nullptr);
    if (ours == INVALID_HANDLE_VALUE) {
        *error = lastError();
        return false;
    }
    const HANDLE theirs = ::CreateFileW(name.c_str(), GENERIC_READ | GENERIC_WRITE, 0, nullptr,
                                        OPEN_EXISTING, FILE_FLAG_OVERLAPPED, nullptr);
    if (theirs == INVALID_HANDLE_VALUE) {
        *error = lastError();
        ::CloseHandle(ours);
        return false;
    }
    // argv: the host, the plugin's path (for messages), tilestep's process id, the pipe's
    // handle, the copy of the library to load.
    std::wstring command = quoted(win32::widen(exe)) + L" " + quoted(win32::widen(pluginPath)) +
                           L" " + std::to_wstring(::GetCurrentProcessId()) + L" " +
                           std::to_wstring(reinterpret_cast<uintptr_t>(theirs)) + L" " +
                           quoted(win32::widen(lib.copy));
    STARTUPINFOW si{};
    si.cb = sizeof si;
    PROCESS_INFORMATION pi{};
    // Without a console of its own (tilestep's, when it has one, is shared).
    const DWORD flags = CREATE_SUSPENDED | (::GetConsoleWindow() ? 0 : CREATE_NO_WINDOW);
    BOOL started;
    DWORD startError = 0;
    {
        std::lock_guard<std::mutex> lock(g_spawnMutex);
        ::SetHandleInformation(theirs, HANDLE_FLAG_INHERIT, HANDLE_FLAG_INHERIT);
        started = ::CreateProcessW(win32::widen(exe).c_str(), &command[0], nullptr, nullptr, TRUE,
                                   flags, nullptr, nullptr, &si, &pi);
        startError = ::GetLastError();
        ::CloseHandle(theirs);
    }
    if (!started) {
        ::CloseHandle(ours);
        *error = win32::errorText(startError);
        return false;
    }
    if (const HANDLE job = hostJob()) {
        std::lock_guard<std::mutex> lock(g_spawnMutex);
        setHostLimits(job);
        ::AssignProcessToJobObject(job, pi.hProcess);
    }
    ::ResumeThread(pi.hThread);
    ::CloseHandle(pi.hThread);
    proc->id = reinterpret_cast<intptr_t>(pi.hProcess);
    *pipe = reinterpret_cast<Pipe>(ours);
    return true;
}

void killHost(HostProcess* proc) {
    if (proc->id != -1) {
        const HANDLE h = reinterpret_cast<HANDLE>(proc->id);
        ::TerminateProcess(h, 1);
        ::WaitForSingleObject(h, INFINITE);
        ::CloseHandle(h);
    }
    proc->id = -1;
}

bool interruptHost(const HostProcess&) {
    return false;  // a hang is reported without where
}

bool debuggerAttached(const HostProcess& proc) {
    BOOL attached = FALSE;
    return proc.id != -1 &&
           ::CheckRemoteDebuggerPresent(reinterpret_cast<HANDLE>(proc.id), &attached) && attached;
}

std::string drainOutput(HostProcess*, bool) {
    return "";  // the host's output goes to tilestep's own stderr (not captured here)
}

std::string reapHost(HostProcess* proc, int64_t waitMs) {
    if (proc->id == -1) return "ended the plugin host";
    const HANDLE h = reinterpret_cast<HANDLE>(proc->id);
    proc->id = -1;
    DWORD code = 0;
    // A host that closed its end but blocks: killed after waitMs, never waited on for ever.
    if (::WaitForSingleObject(h, DWORD(std::max<int64_t>(waitMs, 0))) != WAIT_OBJECT_0) {
        ::TerminateProcess(h, 1);
        ::WaitForSingleObject(h, INFINITE);
        ::CloseHandle(h);
        return "closed its connection and was still running after " + std::to_string(waitMs) +
               " ms in the plugin host; killed";
    }
    const bool known = ::GetExitCodeProcess(h, &code);
    ::CloseHandle(h);
    if (!known) return "ended the plugin host";
    // An exception nothing caught ends a process with its code (0xC0000005 and the like).
    if (code >= 0xC0000000u) {
        char hex[16];
        std::snprintf(hex, sizeof hex, "0x%08lx", static_cast<unsigned long>(code));
        return std::string("ended the plugin host with exception ") + hex;
    }
    return "ended the plugin host (exit status " + std::to_string(code) +
           ": _exit() or quick_exit()?)";
}

void* openLibrary(const std::string& path, std::string* error) {
    std::string native = path;
    for (char& c : native)
        if (c == '/') c = '\\';
    // Its own folder first for the DLLs it needs, as Windows does for a program's.
    const HMODULE h =
        ::LoadLibraryExW(win32::widen(native).c_str(), nullptr, LOAD_WITH_ALTERED_SEARCH_PATH);
    if (!h) *error = lastError();
    return reinterpret_cast<void*>(h);
}

void* findSymbol(void* library, const char* name) {
    return reinterpret_cast<void*>(::GetProcAddress(static_cast<HMODULE>(library), name));
}

void closeLibrary(void* library) {
    if (library) ::FreeLibrary(static_cast<HMODULE>(library));
}

}  // namespace ts::plat
