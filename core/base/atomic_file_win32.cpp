// writeFileAtomically on Windows: the temporary (".tilestep-PID-XXXXXX" in the target's
// folder) is created with CreateFileW, flushed (FlushFileBuffers through _commit), and moved
// over the target with MoveFileExW(MOVEFILE_REPLACE_EXISTING | MOVEFILE_WRITE_THROUGH), which
// replaces in one step on the same volume. A read-only target (the attribute Explorer's
// "Read-only" box sets) is refused. Unlike Linux, a symbolic link at the path is replaced by
// the file rather than written through, and the new file takes the folder's default
// permissions (ReplaceFileW would keep the old ACL but fails on files another program holds).
#include <fcntl.h>
#include <io.h>
#include <windows.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <random>

#include "base/atomic_file.h"
#include "base/win32_text.h"

namespace ts {

namespace {

std::atomic<bool> gFailForTesting{false};

constexpr char kTempPrefix[] = ".tilestep-";
constexpr size_t kTempRandomChars = 6;
// The same rule as on Linux (atomic_file_posix.cpp): stale after 15 minutes, or after a
// minute once its process is gone.
constexpr long long kStaleAfterSeconds = 15 * 60;
constexpr long long kOrphanAfterSeconds = 60;

std::string folderOf(const std::string& path) {
    const size_t slash = path.find_last_of("/\\");
    if (slash == std::string::npos) return path.size() == 2 && path[1] == ':' ? path : ".";
    if (slash == 0 || (slash == 2 && path[1] == ':')) return path.substr(0, slash + 1);
    return path.substr(0, slash);
}

std::string joined(const std::string& folder, const std::string& name) {
    const char last = folder.empty() ? '\\' : folder.back();
    return last == '\\' || last == '/' || last == ':' ? folder + name : folder + "\\" + name;
}

long tempNamePid(const std::string& name) {
    const size_t prefix = sizeof kTempPrefix - 1;
    if (name.compare(0, prefix, kTempPrefix) != 0) return -1;
    size_t i = prefix;
    long pid = 0;
    int digits = 0;
    for (; i < name.size() && name[i] >= '0' && name[i] <= '9'; ++i, ++digits) {
        if (digits == 10) return -1;
        pid = pid * 10 + (name[i] - '0');
    }
    if (digits == 0 || i >= name.size() || name[i] != '-') return -1;
    ++i;
    size_t random = 0;
    for (; i < name.size() && std::isalnum(static_cast<unsigned char>(name[i])); ++i) ++random;
    return i == name.size() && random == kTempRandomChars ? pid : -1;
}

bool processGone(long pid) {
    HANDLE p = ::OpenProcess(SYNCHRONIZE, FALSE, DWORD(pid));
    if (!p) return ::GetLastError() == ERROR_INVALID_PARAMETER;  // no such process
    const bool exited = ::WaitForSingleObject(p, 0) == WAIT_OBJECT_0;
    ::CloseHandle(p);
    return exited;
}

long long secondsSince(const FILETIME& t) {
    FILETIME now{};
    ::GetSystemTimeAsFileTime(&now);
    auto ticks = [](const FILETIME& f) {
        return (static_cast<long long>(f.dwHighDateTime) << 32) | f.dwLowDateTime;
    };
    return (ticks(now) - ticks(t)) / 10000000;  // 100 ns ticks
}

}  // namespace

int removeStaleTemporaries(const std::string& folder) {
    WIN32_FIND_DATAW e{};
    HANDLE d = ::FindFirstFileW(win32::widen(joined(folder, ".tilestep-*")).c_str(), &e);
    if (d == INVALID_HANDLE_VALUE) return 0;
    int removed = 0;
    do {
        const std::string name = win32::narrow(e.cFileName);
        const long pid = tempNamePid(name);
        if (pid < 0 ||
            (e.dwFileAttributes & (FILE_ATTRIBUTE_DIRECTORY | FILE_ATTRIBUTE_REPARSE_POINT)))
            continue;
        const long long age = secondsSince(e.ftLastWriteTime);
        const bool stale =
            age >= kStaleAfterSeconds || (age >= kOrphanAfterSeconds && processGone(pid));
        if (stale && ::DeleteFileW(win32::widen(joined(folder, name)).c_str())) ++removed;
    } while (::FindNextFileW(d, &e));
    ::FindClose(d);
    return removed;
}

bool AtomicFileWriter::fail(const std::string& problem, std::string* error) const {
    *error = path_ + ": " + problem;
    return false;
}

bool AtomicFileWriter::open(const std::string& path, std::string* error) {
    abandon();
    path_ = path;
    target_ = path;
    const DWORD attrs = ::GetFileAttributesW(win32::widen(target_).c_str());
    if (attrs != INVALID_FILE_ATTRIBUTES && (attrs & FILE_ATTRIBUTE_READONLY))
        return fail("not saved: the file is read-only", error);

    folder_ = folderOf(target_);
    removeStaleTemporaries(folder_);
    std::random_device seed;
    std::mt19937 pick(seed());
    const char kLetters[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    for (int attempt = 0; attempt < 100; ++attempt) {
        std::string name = kTempPrefix + std::to_string(::GetCurrentProcessId()) + "-";
        for (size_t i = 0; i < kTempRandomChars; ++i) name += kLetters[pick() % 62];
        const std::string tmp = joined(folder_, name);
        HANDLE h = ::CreateFileW(win32::widen(tmp).c_str(), GENERIC_WRITE, 0, nullptr, CREATE_NEW,
                                 FILE_ATTRIBUTE_NORMAL, nullptr);
        if (h == INVALID_HANDLE_VALUE) {
            const DWORD err = ::GetLastError();
            if (err == ERROR_FILE_EXISTS) continue;
            return fail("cannot create a temporary file: " + win32::errorText(err), error);
        }
        const int fd = ::_open_osfhandle(reinterpret_cast<intptr_t>(h), _O_BINARY | _O_WRONLY);
        if (fd < 0) {
            ::CloseHandle(h);
            ::DeleteFileW(win32::widen(tmp).c_str());
            return fail("cannot create a temporary file: out of file descriptors", error);
        }
        fd_ = fd;
        tmp_ = tmp;
        writeErrno_ = 0;
        return true;
    }
    return fail("cannot create a temporary file: every name tried exists", error);
}

bool AtomicFileWriter::write(const char* data, size_t size) {
    if (fd_ < 0 || writeErrno_ != 0) return false;
    size_t done = 0;
    while (done < size) {
        const unsigned chunk = unsigned(std::min<size_t>(size - done, 1u << 30));
        const int n = ::_write(fd_, data + done, chunk);
        if (n <= 0) {
            writeErrno_ = n < 0 ? errno : EIO;
            return false;
        }
        done += size_t(n);
    }
    return true;
}

bool AtomicFileWriter::commit(std::string* error) {
    if (fd_ < 0) return fail("not open", error);
    auto abandonWith = [&](const std::string& what, const std::string& why) {
        abandon();
        return fail(what + ": " + why, error);
    };
    if (writeErrno_ != 0) return abandonWith("cannot write", std::strerror(writeErrno_));
    if (::_commit(fd_) != 0) return abandonWith("cannot sync", std::strerror(errno));
    if (gFailForTesting)
        return abandonWith("cannot write (failure injected for testing)", std::strerror(EIO));
    const int fd = fd_;
    fd_ = -1;
    const std::wstring tmp = win32::widen(tmp_);
    if (::_close(fd) != 0) {
        const int err = errno;
        ::DeleteFileW(tmp.c_str());
        return fail(std::string("cannot close: ") + std::strerror(err), error);
    }
    if (!::MoveFileExW(tmp.c_str(), win32::widen(target_).c_str(),
                       MOVEFILE_REPLACE_EXISTING | MOVEFILE_WRITE_THROUGH)) {
        const DWORD err = ::GetLastError();
        ::DeleteFileW(tmp.c_str());
        return fail("cannot replace the file: " + win32::errorText(err), error);
    }
    return true;
}

void AtomicFileWriter::abandon() {
    if (fd_ < 0) return;
    ::_close(fd_);
    fd_ = -1;
    ::DeleteFileW(win32::widen(tmp_).c_str());
}

bool writeFileAtomically(const std::string& path, const std::string& bytes, std::string* error) {
    AtomicFileWriter out;
    if (!out.open(path, error)) return false;
    out.write(bytes.data(), bytes.size());
    return out.commit(error);
}

void setAtomicWriteFailureForTesting(bool fail) {
    gFailForTesting = fail;
}

}  // namespace ts
