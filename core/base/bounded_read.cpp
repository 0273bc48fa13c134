#include "base/bounded_read.h"

#include <filesystem>

namespace ts {

std::string byteSizeText(uint64_t bytes) {
    const uint64_t kiB = 1024, MiB = kiB * 1024, GiB = MiB * 1024;
    if (bytes >= GiB && bytes % GiB == 0) return std::to_string(bytes / GiB) + " GiB";
    if (bytes >= MiB && bytes % MiB == 0) return std::to_string(bytes / MiB) + " MiB";
    if (bytes >= kiB && bytes % kiB == 0) return std::to_string(bytes / kiB) + " KiB";
    return std::to_string(bytes) + " bytes";
}

std::string regularFileProblem(const std::string& path) {
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::file_status st = fs::status(fs::u8path(path), ec);  // follows links
    switch (st.type()) {
        case fs::file_type::directory:
            return "is a folder, not a file";
        case fs::file_type::fifo:
            return "not a regular file (a FIFO)";
        case fs::file_type::character:
        case fs::file_type::block:
            return "not a regular file (a device)";
        case fs::file_type::socket:
            return "not a regular file (a socket)";
        default:
            return "";  // regular, missing (the open says why), or unknown
    }
}

}  // namespace ts
