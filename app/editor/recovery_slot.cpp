#include "editor/recovery_slot.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <utility>

namespace fs = std::filesystem;

namespace ts {

RecoverySlot::~RecoverySlot() {
    release();
}

RecoverySlot::RecoverySlot(RecoverySlot&& o) noexcept
    : dir_(std::move(o.dir_)), index_(std::exchange(o.index_, -1)), fd_(std::exchange(o.fd_, -1)) {}

RecoverySlot& RecoverySlot::operator=(RecoverySlot&& o) noexcept {
    if (this != &o) {
        release();
        dir_ = std::move(o.dir_);
        index_ = std::exchange(o.index_, -1);
        fd_ = std::exchange(o.fd_, -1);
    }
    return *this;
}

std::string RecoverySlot::stem() const {
    return index_ == 0 ? dir_ + "/recovery" : dir_ + "/recovery-" + std::to_string(index_);
}

std::string RecoverySlot::mapPath() const {
    return held() ? stem() + ".json" : std::string();
}

std::string RecoverySlot::sourcePath() const {
    return held() ? stem() + ".txt" : std::string();
}

bool RecoverySlot::hasCopy(std::string* originalPath) const {
    if (!held()) return false;
    std::error_code ec;
    if (!fs::exists(mapPath(), ec)) return false;
    std::ifstream f(sourcePath());
    std::string line;
    std::getline(f, line);
    *originalPath = line;
    return true;
}

namespace {

// Absolute: the next editor may start in another working folder, where a relative path
// would name another file (or none) and Save after recovering would write elsewhere.
std::string absolutePath(const std::string& original) {
    std::string path = original;
    std::error_code ec;
    if (!path.empty()) {
        fs::path abs = fs::absolute(path, ec);
        // "." and doubled slashes go; ".." stays: "link/.." is not always link's own folder.
        bool dotDot = false;
        for (const fs::path& part : abs) dotDot = dotDot || part == "..";
        if (!ec) path = dotDot ? abs.string() : abs.lexically_normal().string();
    }
    return path;
}

std::string escaped(const std::string& s) {
    std::string out;
    for (char c : s) {
        if (c == '\\')
            out += "\\\\";
        else if (c == '\n')
            out += "\\n";
        else if (c == '\r')
            out += "\\r";
        else
            out += c;
    }
    return out;
}

std::string unescaped(const std::string& s) {
    std::string out;
    for (size_t i = 0; i < s.size(); ++i) {
        if (s[i] != '\\' || i + 1 == s.size()) {
            out += s[i];
            continue;
        }
        const char c = s[++i];
        out += c == 'n' ? '\n' : c == 'r' ? '\r' : c;
    }
    return out;
}

}  // namespace

void RecoverySlot::writeSource(const std::string& originalPath) const {
    RecoveryInfo info;
    info.path = originalPath;
    writeInfo(info);
}

void RecoverySlot::writeInfo(const RecoveryInfo& info) const {
    if (!held()) return;
    std::ofstream f(sourcePath(), std::ios::trunc);
    // The path's line as older editors wrote and read it: raw (a Windows path's
    // backslashes stay single).
    f << absolutePath(info.path) << "\n";
    if (info.imported) {
        f << "imported=1\n";
        f << "collision-layer=" << escaped(info.collisionLayer) << "\n";
        f << "level=" << escaped(info.level) << "\n";
    }
    if (info.hasFiles) {
        f << "files=" << info.files.size() << "\n";
        for (const RecoveryInfo::File& file : info.files)
            f << "file=" << (file.exists ? std::to_string(file.hash) : std::string("-")) << " "
              << escaped(absolutePath(file.path)) << "\n";
    }
}

bool RecoverySlot::readInfo(RecoveryInfo* info) const {
    *info = RecoveryInfo{};
    if (!hasCopy(&info->path)) return false;
    std::ifstream f(sourcePath());
    std::string line;
    std::getline(f, line);
    info->path = line;
    while (std::getline(f, line)) {
        const size_t eq = line.find('=');
        if (eq == std::string::npos) continue;
        const std::string key = line.substr(0, eq), value = line.substr(eq + 1);
        if (key == "imported") {
            info->imported = value == "1";
        } else if (key == "collision-layer") {
            info->collisionLayer = unescaped(value);
        } else if (key == "level") {
            info->level = unescaped(value);
        } else if (key == "files") {
            info->hasFiles = true;
        } else if (key == "file") {
            const size_t space = value.find(' ');
            if (space == std::string::npos) continue;
            RecoveryInfo::File file;
            file.path = unescaped(value.substr(space + 1));
            file.exists = value.substr(0, space) != "-";
            if (file.exists) file.hash = std::strtoull(value.c_str(), nullptr, 10);
            info->files.push_back(file);
        }
    }
    return true;
}

void RecoverySlot::removeCopy() const {
    if (!held()) return;
    std::error_code ec;
    fs::remove(mapPath(), ec);
    fs::remove(sourcePath(), ec);
}

}  // namespace ts
