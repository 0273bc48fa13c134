#include "edit/disk_watch.h"

#include <filesystem>
#include <fstream>
#include <iterator>

#include "base/file_identity.h"

namespace fs = std::filesystem;

namespace ts {

namespace {

constexpr uint64_t kAlwaysReadBytes = uint64_t(16) << 20;

// Identity, size and time, without reading the content.
FileStamp statFile(const std::string& path) {
    FileStamp st;
    st.path = path;
    std::error_code ec;
    if (!fs::is_regular_file(path, ec)) return st;
    const auto size = fs::file_size(path, ec);
    if (ec) return st;
    const auto time = fs::last_write_time(path, ec);
    if (ec) return st;
    st.exists = true;
    st.statKnown = true;
    st.identity = fileIdentityKey(path);
    st.size = uint64_t(size);
    st.mtime = int64_t(time.time_since_epoch().count());
    return st;
}

bool sameStat(const FileStamp& a, const FileStamp& b) {
    return a.statKnown && b.statKnown && a.identity == b.identity && a.size == b.size &&
           a.mtime == b.mtime;
}

bool sameContent(const FileStamp& a, const FileStamp& b) {
    return a.exists == b.exists && (!a.exists || a.hash == b.hash);
}

}  // namespace

uint64_t contentHash(const std::string& bytes) {
    uint64_t h = 14695981039346656037ull;
    for (unsigned char c : bytes) {
        h ^= c;
        h *= 1099511628211ull;
    }
    return h;
}

FileStamp stampFile(const std::string& path) {
    FileStamp st = statFile(path);
    if (!st.exists) return st;
    std::ifstream in(path, std::ios::binary);
    std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (!in && !in.eof()) {
        FileStamp unreadable;
        unreadable.path = path;
        return unreadable;
    }
    st.hash = contentHash(bytes);
    // Written while it was read: the time says so, and the next check reads it again.
    if (!sameStat(st, statFile(path))) st.statKnown = false;
    return st;
}

void DiskWatch::clear() {
    stamps_.clear();
    lastSeen_.clear();
    declined_.clear();
    lastChanged_.clear();
}

void DiskWatch::watch(const std::vector<std::string>& paths) {
    clear();
    for (const std::string& p : paths)
        if (!p.empty()) stamps_.push_back(stampFile(p));
}

void DiskWatch::watchContent(const std::string& path, bool exists, uint64_t hash) {
    FileStamp st;
    st.path = path;
    st.exists = exists;
    st.hash = hash;
    for (FileStamp& s : stamps_)
        if (s.path == path) {
            s = st;
            return;
        }
    stamps_.push_back(st);
}

std::vector<std::string> DiskWatch::changed() {
    std::vector<std::string> out;
    lastSeen_.clear();
    for (FileStamp& was : stamps_) {
        FileStamp now = statFile(was.path);
        // A large file whose stamp is the same is taken as unchanged without reading it; a
        // smaller one is read anyway: a same-size rewrite within the clock's resolution (a
        // coarse file system, a tool that sets the time back) keeps the stamp.
        if (now.exists && was.exists && sameStat(was, now) && now.size > kAlwaysReadBytes) continue;
        if (now.exists) now = stampFile(was.path);
        if (sameContent(was, now)) {
            // Touched, or replaced by the same bytes: not a change; the new time and
            // identity spare the next check from reading it again.
            if (now.exists) was = now;
            continue;
        }
        lastSeen_[was.path] = now;
        out.push_back(was.path);
    }
    lastChanged_ = out;
    return out;
}

DiskWatch::Action DiskWatch::onFocus(bool dirty) {
    std::vector<std::string> paths = changed();
    size_t asked = 0;
    for (const std::string& p : paths) {
        auto d = declined_.find(p);
        if (d == declined_.end() || !sameContent(d->second, lastSeen_[p])) ++asked;
    }
    if (asked == 0) return Action::None;
    return dirty ? Action::Ask : Action::Reload;
}

DiskWatch::Action DiskWatch::onSave() {
    return changed().empty() ? Action::None : Action::Ask;
}

void DiskWatch::decline() {
    for (const auto& [path, st] : lastSeen_) declined_[path] = st;
}

}  // namespace ts
