#include "editor/recovery_slot.h"

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

void RecoverySlot::writeSource(const std::string& originalPath) const {
    if (!held()) return;
    // Absolute: the next editor may start in another working folder, where a relative path
    // would name another file (or none) and Save after recovering would write elsewhere.
    std::string path = originalPath;
    std::error_code ec;
    if (!path.empty()) {
        fs::path abs = fs::absolute(path, ec);
        // "." and doubled slashes go; ".." stays: "link/.." is not always link's own folder.
        bool dotDot = false;
        for (const fs::path& part : abs) dotDot = dotDot || part == "..";
        if (!ec) path = dotDot ? abs.string() : abs.lexically_normal().string();
    }
    std::ofstream f(sourcePath(), std::ios::trunc);
    f << path << "\n";
}

void RecoverySlot::removeCopy() const {
    if (!held()) return;
    std::error_code ec;
    fs::remove(mapPath(), ec);
    fs::remove(sourcePath(), ec);
}

}  // namespace ts
