#include "base/bounded_read.h"

namespace ts {

std::string byteSizeText(uint64_t bytes) {
    const uint64_t kiB = 1024, MiB = kiB * 1024, GiB = MiB * 1024;
    if (bytes >= GiB && bytes % GiB == 0) return std::to_string(bytes / GiB) + " GiB";
    if (bytes >= MiB && bytes % MiB == 0) return std::to_string(bytes / MiB) + " MiB";
    if (bytes >= kiB && bytes % kiB == 0) return std::to_string(bytes / kiB) + " KiB";
    return std::to_string(bytes) + " bytes";
}

}  // namespace ts
