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
#include <cstddef>
#include <string>

namespace ts {

// Writes `bytes` to `path` atomically. False with *error = "PATH: problem" ("PATH: cannot
// create a temporary file: Permission denied", "PATH: not saved: the file is read-only"),
// leaving an existing file untouched and no temporary file behind.
bool writeFileAtomically(const std::string& path, const std::string& bytes, std::string* error);

// writeFileAtomically for a file written piece by piece (a long trace): open() creates the
// temporary (after the same checks: links followed, read-only refused), write() appends to it,
// commit() syncs it and renames it over the target. Until commit the target is untouched; an
// uncommitted writer (an error, an exception, the program killed) removes its temporary when
// destroyed or abandoned, or leaves it for removeStaleTemporaries if the process dies.
class AtomicFileWriter {
  public:
    AtomicFileWriter() = default;
    AtomicFileWriter(const AtomicFileWriter&) = delete;
    AtomicFileWriter& operator=(const AtomicFileWriter&) = delete;
    ~AtomicFileWriter() { abandon(); }

    // False with *error = "PATH: problem", as writeFileAtomically.
    bool open(const std::string& path, std::string* error);
    // Appends; false once any write has failed (commit then reports it).
    bool write(const char* data, size_t size);
    // Syncs, closes and renames into place. False with *error (the target untouched, the
    // temporary removed).
    bool commit(std::string* error);
    // Removes the temporary; the target stays as it was.
    void abandon();

  private:
    bool fail(const std::string& problem, std::string* error) const;
    int fd_ = -1;
    int writeErrno_ = 0;
    std::string path_, target_, folder_, tmp_;
};

// Removes, from `folder`, temporaries of writeFileAtomically's exact name pattern that this
// user owns and that no save is still writing (see the rule in atomic_file.cpp). Returns how
// many it removed. writeFileAtomically calls it; exposed for tests.
int removeStaleTemporaries(const std::string& folder);

// Test-only failure injection: while set, writeFileAtomically fails after writing and syncing
// the temporary file and before renaming it (as a full disk or an I/O error would).
void setAtomicWriteFailureForTesting(bool fail);

}  // namespace ts
