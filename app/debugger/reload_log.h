// The plugin reloads of this editor session, for the Plugins section of the debugger panel:
// when, which plugin and build (the library's path and file time), the result and what
// changed (ReloadOutcome::message: the check, the parameters, the kept build). Without GL, so
// that it is tested alone.
#pragma once
#include <ctime>
#include <deque>
#include <string>

#include "plugin/plugin_reload.h"

namespace ts {

struct ReloadLogEntry {
    enum class Result { Installed, Kept, Stuck };
    std::string when;   // local time, "14:03:22"
    std::string build;  // "reload.so (file 14:03:21)"
    Result result = Result::Kept;
    std::string detail;  // the outcome's message
};

// `path` reloaded at `now`: the entry for `outcome`; `fileTime` is the library's mtime.
ReloadLogEntry reloadLogEntry(const std::string& path, std::time_t fileTime,
                              const ReloadOutcome& outcome, std::time_t now);
const char* resultName(ReloadLogEntry::Result r);  // "installed", "kept the previous build"...

class ReloadLog {
  public:
    static constexpr size_t kMaxEntries = 100;
    void add(ReloadLogEntry e);
    const std::deque<ReloadLogEntry>& entries() const { return entries_; }  // oldest first

  private:
    std::deque<ReloadLogEntry> entries_;
};

// The editor's log (one editor per process): written by PluginRebuildWatch, shown by the panel.
ReloadLog& editorReloadLog();

}  // namespace ts
