// A numbered output ("rec-2.tstrace") is claimed by creating it empty and exclusively, so that
// neither an existing file nor one appearing meanwhile is replaced; if nothing is written into it
// after all, only that same empty file is removed (the name may be another file's by then).
#pragma once
#include <cstdint>
#include <string>

namespace ts {

// What identifies the claimed file: device and inode (volume and file index on Windows).
struct ClaimedFile {
    std::string path;
    uint64_t device = 0, index = 0;
};

enum class ClaimResult { Claimed, Exists, Failed };

// Creates `path` empty, failing when anything is there. On Failed, `*error` says why.
ClaimResult claimNewFile(const std::string& path, ClaimedFile* claimed, std::string* error);

// Removes the claimed file if it is still that same empty regular file.
void releaseClaimedFile(const ClaimedFile& claimed);

}  // namespace ts
