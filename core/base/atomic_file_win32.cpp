// writeFileAtomically on Windows: the temporary (".tilestep-PID-XXXXXX" in the target's
// folder) is created with CreateFileW and flushed (FlushFileBuffers through _commit). An
// existing target is replaced with ReplaceFileW, which keeps the old file's ACL, attributes
// and creation time (the new file would otherwise take the folder's default permissions); a
// new one is moved into place with MoveFileExW(MOVEFILE_WRITE_THROUGH). As on Linux, a
// symbolic link is written through: the save goes to its final target (the path that
// GetFinalPathNameByHandleW gives) and the link stays a link. A read-only target (the
// attribute Explorer's "Read-only" box sets) is refused.
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

// A test's switch (atomic); off in every other use.
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

// The path the file at `path` finally is, through symbolic links and junctions ("" when it
// cannot be opened or the file system does not say). "\\?\C:\..." or "\\?\UNC\...": a full
// path, which ReplaceFileW needs (Wine's fails on relative ones).
std::string finalPath(const std::string& path) {
    const HANDLE h = ::CreateFileW(win32::widen(path).c_str(), 0,
                                   FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr,
                                   OPEN_EXISTING, FILE_FLAG_BACKUP_SEMANTICS, nullptr);
    if (h == INVALID_HANDLE_VALUE) return "";
    std::wstring buf(1024, L'\0');
    DWORD n = ::GetFinalPathNameByHandleW(h, &buf[0], DWORD(buf.size()), FILE_NAME_NORMALIZED);
    if (n >= buf.size()) {
        buf.assign(n + 1, L'\0');
        n = ::GetFinalPathNameByHandleW(h, &buf[0], DWORD(buf.size()), FILE_NAME_NORMALIZED);
    }
    ::CloseHandle(h);
    if (n == 0 || n >= buf.size()) return "";
    buf.resize(n);
    return win32::narrow(buf);
}

// "C:\maps\a.json" for "\\?\C:\maps\a.json", as the user would write it.
std::string displayPath(const std::string& path) {
    if (path.compare(0, 8, "\\\\?\\UNC\\") == 0) return "\\" + path.substr(7);
    if (path.compare(0, 4, "\\\\?\\") == 0) return path.substr(4);
    return path;
}

// The attributes a save keeps that ReplaceFileW is documented to carry over too, set on
// the temporary as well: Wine's ReplaceFileW carries none of them.
constexpr DWORD kKeptAttributes = FILE_ATTRIBUTE_HIDDEN | FILE_ATTRIBUTE_SYSTEM |
                                  FILE_ATTRIBUTE_ARCHIVE | FILE_ATTRIBUTE_NOT_CONTENT_INDEXED;

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
    // A link's own attributes (GetFileAttributesW does not follow it).
    const DWORD own = ::GetFileAttributesW(win32::widen(path).c_str());
    const bool link = own != INVALID_FILE_ATTRIBUTES && (own & FILE_ATTRIBUTE_REPARSE_POINT);
    if (own != INVALID_FILE_ATTRIBUTES) {
        const std::string final = finalPath(path);
        if (!final.empty())
            target_ = final;
        else if (link)  // Linux creates a dangling link's target; Windows cannot resolve it
            return fail("cannot save through the link: " + win32::errorText(::GetLastError()),
                        error);
    }
    const DWORD attrs = ::GetFileAttributesW(win32::widen(target_).c_str());
    if (attrs != INVALID_FILE_ATTRIBUTES && (attrs & FILE_ATTRIBUTE_READONLY))
        return fail("not saved: " + (link ? displayPath(target_) : std::string("the file")) +
                        " is read-only",
                    error);

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
    const std::wstring target = win32::widen(target_);
    const DWORD old = ::GetFileAttributesW(target.c_str());
    if (old != INVALID_FILE_ATTRIBUTES) {
        if (old & kKeptAttributes) ::SetFileAttributesW(tmp.c_str(), old & kKeptAttributes);
        if (::ReplaceFileW(target.c_str(), tmp.c_str(), nullptr, REPLACEFILE_IGNORE_MERGE_ERRORS,
                           nullptr, nullptr))
            return true;
        const DWORD err = ::GetLastError();
        // The old file is gone already and the new one still has its temporary name.
        if (err == ERROR_UNABLE_TO_MOVE_REPLACEMENT &&
            !::MoveFileExW(tmp.c_str(), target.c_str(), MOVEFILE_WRITE_THROUGH))
            return fail("the old file was removed but the new one could not take its name (" +
                            win32::errorText(::GetLastError()) + "); it is saved as " + tmp_,
                        error);
        if (err == ERROR_UNABLE_TO_MOVE_REPLACEMENT) return true;
        // Else the target is untouched: replaced the way a new file is put in place, which
        // works where ReplaceFileW cannot (a target another program holds open sharing
        // delete, a file system that lacks it), at the cost of the old file's ACL.
    }
    if (!::MoveFileExW(tmp.c_str(), target.c_str(),
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
