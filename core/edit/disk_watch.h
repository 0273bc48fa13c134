// What the files of an open document held on disk when they were opened or last saved, and
// whether another program (Tiled, git, a second tilestep) has changed them since: a save
// must never write over such a change silently (as Tiled, the editor asks: Reload,
// Overwrite or Save As), and a document without unsaved changes simply reloads.
//
// A file's stamp is its identity, size and modification time, and a hash of its content:
// the content decides (a file touched, or replaced by a rename with the same bytes, has not
// changed; one rewritten with the same size and time has); only a file over 16 MiB whose
// stamp is unchanged is taken as unchanged without being read again.
#pragma once
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace ts {

// FNV-1a, 64 bits: tells one version of a file from another, not a secure hash.
uint64_t contentHash(const std::string& bytes);

struct FileStamp {
    std::string path;
    bool exists = false;
    std::string identity;  // fileIdentityKey
    uint64_t size = 0;
    int64_t mtime = 0;  // the file clock's ticks
    // The content's hash; none when only the content is known (watchContent): the next
    // check reads the file.
    uint64_t hash = 0;
    bool statKnown = false;
};

// The file as it is now (read whole for its hash); exists = false when it cannot be read.
FileStamp stampFile(const std::string& path);

class DiskWatch {
  public:
    // Forgets everything: a new map, or one never saved, has no file to watch.
    void clear();
    // Records the files as they are now on disk (after an open, a reload or a save).
    void watch(const std::vector<std::string>& paths);
    // Records PATH as holding content of HASH (exists = false: no file), whatever it holds
    // now: a recovered document's files as they were when it was opened, so that a change
    // made while the editor was not running is noticed too.
    void watchContent(const std::string& path, bool exists, uint64_t hash);

    // The files recorded, with what they held then (for the recovery copy).
    const std::vector<FileStamp>& files() const { return stamps_; }

    // The watched files whose content differs from what was recorded (or that appeared or
    // went away since), in the order they were watched.
    std::vector<std::string> changed();
    // What the last check (changed, onFocus, onSave) found.
    const std::vector<std::string>& lastChanged() const { return lastChanged_; }

    enum class Action : uint8_t { None, Reload, Ask };
    // The window regained focus: nothing changed (None); a document without unsaved changes
    // reloads (Reload); one with changes asks (Ask), but not again about the very versions
    // the user already declined to decide on (decline()).
    Action onFocus(bool dirty);
    // Save into the document's own file: Ask whenever a file changed, declined or not.
    Action onSave();
    // The user answered Cancel: onFocus does not ask about these versions again.
    void decline();

  private:
    std::vector<FileStamp> stamps_;
    std::map<std::string, FileStamp> lastSeen_;  // per changed path, its stamp when checked
    std::map<std::string, FileStamp> declined_;
    std::vector<std::string> lastChanged_;
};

}  // namespace ts
