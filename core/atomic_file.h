// Replacing a file the way trusted editors do (Tiled's QSaveFile, vim, Emacs): the new bytes
// go to a temporary file in the target's folder, are synced, then renamed over the target, so
// a crash or a full disk leaves either the old file or the new one, never a mix.
//   - A symlink is written through: its final target is replaced, the link stays a link.
//   - A read-only target is refused (its mode says "do not change me", even to root).
//   - The target's mode (and, where permitted, owner and group) is kept.
//   - The temporary name is short (".tilestep-PID-XXXXXX"), so any name the file system
//     accepts can be saved, and temporaries left by a killed save are removed by the next
//     save into that folder once they are stale (see removeStaleTemporaries).
#pragma once
#include <string>

namespace ts {

// Writes `bytes` to `path` atomically. False with *error = "PATH: problem" ("PATH: cannot
// create a temporary file: Permission denied", "PATH: not saved: the file is read-only"),
// leaving an existing file untouched and no temporary file behind.
bool writeFileAtomically(const std::string& path, const std::string& bytes, std::string* error);

// Removes, from `folder`, temporaries of writeFileAtomically's exact name pattern that this
// user owns and that no save is still writing (see the rule in atomic_file.cpp). Returns how
// many it removed. writeFileAtomically calls it; exposed for tests.
int removeStaleTemporaries(const std::string& folder);

// Test-only failure injection: while set, writeFileAtomically fails after writing and syncing
// the temporary file and before renaming it (as a full disk or an I/O error would).
void setAtomicWriteFailureForTesting(bool fail);

}  // namespace ts
