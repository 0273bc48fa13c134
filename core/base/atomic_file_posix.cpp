#include "base/atomic_file.h"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <vector>

namespace ts {

namespace {

// A test's switch (atomic); off in every other use.
std::atomic<bool> gFailForTesting{false};

// ".tilestep-" PID "-" and mkstemp's six letters or digits: short enough for a folder whose
// files have names of the longest length the file system accepts (255 bytes on Linux), where
// "NAME.tmp-XXXXXX" did not fit.
constexpr char kTempPrefix[] = ".tilestep-";
constexpr size_t kTempRandomChars = 6;

// A temporary this old belongs to no running save, whatever its PID says: a save writes and
// renames its temporary within seconds of creating it (the bytes are ready before the file is
// made), and a streamed file (AtomicFileWriter: `tilestep run --trace`) changes with every
// 64 KiB written, so 15 minutes without a change also covers a killed save whose PID was
// reused since.
constexpr time_t kStaleAfterSeconds = 15 * 60;
// A temporary whose PID is no running process here was left by a killed save; the minute of
// grace spares a save running on another machine that shares the folder (NFS), whose PID
// means nothing here and whose file is being written right now.
constexpr time_t kOrphanAfterSeconds = 60;

std::string errnoText(int err) {
    return std::strerror(err);
}

std::string folderOf(const std::string& path) {
    size_t slash = path.rfind('/');
    if (slash == std::string::npos) return ".";
    return slash == 0 ? "/" : path.substr(0, slash);
}

// The PID in a name of our exact pattern, or -1 for any other name.
long tempNamePid(const char* name) {
    const size_t prefix = sizeof kTempPrefix - 1;
    if (std::strncmp(name, kTempPrefix, prefix) != 0) return -1;
    const char* p = name + prefix;
    long pid = 0;
    int digits = 0;
    for (; *p >= '0' && *p <= '9'; ++p, ++digits) {
        if (digits == 10) return -1;
        pid = pid * 10 + (*p - '0');
    }
    if (digits == 0 || *p != '-') return -1;
    ++p;
    size_t random = 0;
    for (; (*p >= '0' && *p <= '9') || (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z'); ++p)
        ++random;
    return *p == '\0' && random == kTempRandomChars ? pid : -1;
}

bool processGone(long pid) {
    return pid > 0 && ::kill(pid_t(pid), 0) != 0 && errno == ESRCH;
}

// Follows a chain of symlinks to the file a save must replace (which may not exist yet).
bool finalTarget(const std::string& path, std::string* target, std::string* problem) {
    std::string p = path;
    for (int depth = 0; depth < 40; ++depth) {  // the kernel's own limit on links in a lookup
        struct stat st {};
        if (::lstat(p.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) {
            *target = p;
            return true;
        }
        std::vector<char> buf(size_t(st.st_size > 0 ? st.st_size : 4096) + 1);
        ssize_t n = ::readlink(p.c_str(), buf.data(), buf.size());
        if (n < 0 || size_t(n) >= buf.size()) {
            *problem = "cannot read the symbolic link " + p;
            return false;
        }
        std::string link(buf.data(), size_t(n));
        p = link[0] == '/' ? link : folderOf(p) + "/" + link;
    }
    *problem = "cannot save through the link: " + errnoText(ELOOP);
    return false;
}

// "Read-only" as the user set it: the mode (or ACL) denies writing. Root may write anything,
// so for root a file is read-only when no one has the write bit.
bool readOnly(const std::string& path, const struct stat& st) {
    if (::geteuid() == 0) return (st.st_mode & 0222) == 0;
    return ::access(path.c_str(), W_OK) != 0 && (errno == EACCES || errno == EROFS);
}

}  // namespace

int removeStaleTemporaries(const std::string& folder) {
    DIR* d = ::opendir(folder.c_str());
    if (!d) return 0;
    const time_t now = ::time(nullptr);
    int removed = 0;
    while (const dirent* e = ::readdir(d)) {
        const long pid = tempNamePid(e->d_name);
        if (pid < 0) continue;
        const std::string path = folder + "/" + e->d_name;
        struct stat st {};
        // Only plain files of this user: never another user's file, never through a link.
        if (::lstat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode) || st.st_uid != ::geteuid())
            continue;
        const time_t age = now - st.st_mtime;
        const bool stale =
            age >= kStaleAfterSeconds || (age >= kOrphanAfterSeconds && processGone(pid));
        if (stale && ::unlink(path.c_str()) == 0) ++removed;
    }
    ::closedir(d);
    return removed;
}

bool AtomicFileWriter::fail(const std::string& problem, std::string* error) const {
    *error = path_ + ": " + problem;
    return false;
}

bool AtomicFileWriter::open(const std::string& path, std::string* error) {
    abandon();
    path_ = path;
    std::string problem;
    if (!finalTarget(path, &target_, &problem)) return fail(problem, error);
    struct stat old {};
    const bool exists = ::stat(target_.c_str(), &old) == 0;
    if (exists && readOnly(target_, old))
        return fail(
            "not saved: " + (target_ == path ? std::string("the file") : target_) + " is read-only",
            error);

    // Same folder as the target, so that rename() is atomic (never across file systems).
    folder_ = folderOf(target_);
    removeStaleTemporaries(folder_);
    std::string tmp = (folder_ == "/" ? "" : folder_) + "/" + kTempPrefix +
                      std::to_string(::getpid()) + "-" + std::string(kTempRandomChars, 'X');
    std::vector<char> tmpName(tmp.begin(), tmp.end());
    tmpName.push_back('\0');
    const int fd = ::mkstemp(tmpName.data());
    if (fd < 0) return fail("cannot create a temporary file: " + errnoText(errno), error);
    fd_ = fd;
    tmp_ = tmpName.data();
    writeErrno_ = 0;
    // mkstemp makes the file 0600 and ours; keep the replaced file's owner (when allowed:
    // root saving a user's file) and mode, else 0644. Owner first: chown clears set-id bits.
    if (exists && (old.st_uid != ::geteuid() || old.st_gid != ::getegid()) &&
        ::fchown(fd_, old.st_uid, old.st_gid) != 0) {
        // Not permitted for a normal user: the new file is theirs, as any editor's would be.
    }
    const mode_t mode = exists ? (old.st_mode & 07777) : 0644;
    if (::fchmod(fd_, mode) != 0) {
        const int err = errno;
        abandon();
        return fail("cannot set the file mode: " + errnoText(err), error);
    }
    return true;
}

bool AtomicFileWriter::write(const char* data, size_t size) {
    if (fd_ < 0 || writeErrno_ != 0) return false;
    size_t done = 0;
    while (done < size) {
        const ssize_t n = ::write(fd_, data + done, size - done);
        if (n < 0 && errno == EINTR) continue;
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
    auto abandonWith = [&](const std::string& what, int err) {
        abandon();
        return fail(what + ": " + errnoText(err), error);
    };
    if (writeErrno_ != 0) return abandonWith("cannot write", writeErrno_);
    if (::fsync(fd_) != 0) return abandonWith("cannot sync", errno);
    if (gFailForTesting) return abandonWith("cannot write (failure injected for testing)", EIO);
    const int fd = fd_;
    fd_ = -1;
    if (::close(fd) != 0) {
        const int err = errno;
        ::unlink(tmp_.c_str());
        return fail("cannot close: " + errnoText(err), error);
    }
    if (::rename(tmp_.c_str(), target_.c_str()) != 0) {
        const int err = errno;
        ::unlink(tmp_.c_str());
        return fail("cannot replace the file: " + errnoText(err), error);
    }
    // Make the rename itself durable; failing here leaves the new file in place, so ignore.
    const int dir = ::open(folder_.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir >= 0) {
        ::fsync(dir);
        ::close(dir);
    }
    return true;
}

void AtomicFileWriter::abandon() {
    if (fd_ < 0) return;
    ::close(fd_);
    fd_ = -1;
    ::unlink(tmp_.c_str());
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
