// Where one editor keeps the recovery copy of its unsaved work, inside the settings folder.
// Several editors may run at once: each holds its own slot (an flock on recovery-N.lock for
// as long as it lives), so no editor overwrites another's copy. The lock dies with its
// process, so the slot of an editor that crashed is free again, and the next editor to take
// it offers the copy it left. Slot 0 is recovery.json / recovery.txt (the names from before
// slots existed); slot N > 0 is recovery-N.json / recovery-N.txt.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace ts {

// What the recovery copy needs besides the map to save back where the work came from: the
// map's own path, how a Tiled or LDtk map was imported (its collision layer and level), and
// what each of the document's files held when it was opened or last saved (so that Save
// after recovering notices a file changed in between, and an imported map is saved back
// into its own file, never exported over it). Stored after the path's line in the source
// file, one `key=value` line each, newlines and backslashes escaped; an older editor reads
// the path alone.
struct RecoveryInfo {
    std::string path;  // "" for a map never saved
    bool imported = false;
    std::string collisionLayer, level;
    struct File {
        std::string path;
        bool exists = false;
        uint64_t hash = 0;  // core/edit/disk_watch.h's contentHash
    };
    std::vector<File> files;
    bool hasFiles = false;  // false for a copy made before files were recorded
};

class RecoverySlot {
  public:
    static constexpr int kMaxSlots = 16;

    RecoverySlot() = default;
    ~RecoverySlot();
    RecoverySlot(RecoverySlot&& o) noexcept;
    RecoverySlot& operator=(RecoverySlot&& o) noexcept;
    RecoverySlot(const RecoverySlot&) = delete;
    RecoverySlot& operator=(const RecoverySlot&) = delete;

    // Takes the lowest slot of `dir` that no running editor holds. False when dir is empty,
    // the lock files cannot be made, or all kMaxSlots are held: then there is no recovery
    // copy, and the editor still works.
    bool acquire(const std::string& dir);
    void release();
    bool held() const { return fd_ >= 0; }
    int index() const { return index_; }

    // The copy of the map (JSON) and the file naming the map's own path (one line, empty
    // for a map never saved). Empty strings when no slot is held.
    std::string mapPath() const;
    std::string sourcePath() const;

    // A copy is there: *originalPath gets the map's own path.
    bool hasCopy(std::string* originalPath) const;
    // Stores originalPath made absolute against the current working folder.
    void writeSource(const std::string& originalPath) const;
    // The same with the rest of what a recovery needs; readInfo reads it back (false when no
    // copy is there).
    void writeInfo(const RecoveryInfo& info) const;
    bool readInfo(RecoveryInfo* info) const;
    void removeCopy() const;

  private:
    std::string stem() const;  // dir/recovery or dir/recovery-N

    std::string dir_;
    int index_ = -1;
    int fd_ = -1;
};

}  // namespace ts
