#include "base/file_identity.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cstdint>
#include <filesystem>

namespace fs = std::filesystem;

namespace ts {

namespace {

// What a path points at. An existing file is its device and inode; a file about to be
// created is its folder's device and inode plus its name; a path whose folder is missing too
// is its normalised absolute text (nothing can be written there, so this only has to be
// consistent).
struct Identity {
    enum Kind { File, NameInFolder, Text } kind = Text;
    dev_t dev = 0;
    ino_t ino = 0;
    std::string name;

    bool operator==(const Identity& o) const {
        return kind == o.kind && dev == o.dev && ino == o.ino && name == o.name;
    }
};

// The Linux limit on symlinks followed in one lookup; a loop ends here too.
constexpr int kMaxLinkDepth = 40;

Identity identify(const std::string& path, int depth = 0) {
    Identity id;
    struct stat st {};
    // "-" is stdout: the file it was redirected to, if any (`>> m.json` appends to the map).
    if (path == "-" ? ::fstat(STDOUT_FILENO, &st) == 0 : ::stat(path.c_str(), &st) == 0) {
        id.kind = Identity::File;
        id.dev = st.st_dev;
        id.ino = st.st_ino;
        return id;
    }
    fs::path p(path);
    // A dangling symlink: writing to it creates its target, so the target is the output.
    if (::lstat(path.c_str(), &st) == 0 && S_ISLNK(st.st_mode) && depth < kMaxLinkDepth) {
        std::error_code ec;
        fs::path target = fs::read_symlink(p, ec);
        if (!ec) {
            if (target.is_relative()) target = p.parent_path() / target;
            return identify(target.string(), depth + 1);
        }
    }
    fs::path folder = p.parent_path();
    if (folder.empty()) folder = ".";
    if (::stat(folder.c_str(), &st) == 0 && p.has_filename()) {
        id.kind = Identity::NameInFolder;
        id.dev = st.st_dev;
        id.ino = st.st_ino;
        id.name = p.filename().string();
        return id;
    }
    std::error_code ec;
    id.name = fs::absolute(p, ec).lexically_normal().string();
    return id;
}

}  // namespace

bool sameFile(const std::string& a, const std::string& b) {
    return identify(a) == identify(b);
}

std::string fileIdentityKey(const std::string& path) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) return "";
    return std::to_string(uint64_t(st.st_dev)) + ":" + std::to_string(uint64_t(st.st_ino));
}

}  // namespace ts
