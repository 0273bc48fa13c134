// Hot reload of a mover plugin, without any window: noticing that the library file changed,
// loading the new build, checking it over a recording, and installing it or keeping the
// previous build. Tests drive these directly. The other two parts of a plugin reload: the
// editor's watching of each --plugin file (app/debugger/plugin_rebuild_watch.h) and the undo
// step of a rebuild with another parameter list (core/edit/plugin_reload_edit.h).
#pragma once
#include <cstdint>
#include <string>
#include <sys/types.h>
#include <vector>

#include "map/map.h"
#include "movers/mover.h"
#include "movers/param_carry.h"
#include "plugin/plugin_registry.h"

namespace ts {

// Polls a file's modification time and size. A change is reported once the file has kept
// the same time and size for one more poll, so that a library still being written by the
// linker is not loaded half-written.
class PluginFileWatch {
  public:
    explicit PluginFileWatch(std::string path);
    const std::string& path() const { return path_; }
    // True once per settled change since the last true (or since construction).
    bool poll();

  private:
    struct Stamp {
        bool exists = false;
        int64_t mtimeNs = 0;
        int64_t size = 0;
        bool operator==(const Stamp& o) const {
            return exists == o.exists && mtimeNs == o.mtimeNs && size == o.size;
        }
    };
    Stamp read() const;
    std::string path_;
    Stamp loaded_, pending_;
    bool havePending_ = false;
};

struct ReloadOutcome {
    bool installed = false;  // the new build is in place; else the previous one still is
    bool stuck = false;      // the check was given up on: a step ran longer than the limit
    std::string message;     // one line for the status bar and stderr
    // When installed: the build before and the new one, held (plugin_registry.h) so that an
    // edit of the map's actors (edit/plugin_reload_edit.h) can swap between them on undo.
    // Dropping both without such an edit unloads the previous build.
    PluginBuildHold previous, current;
};

// Loads a new build of the plugin registered as `kind` from `path` (through a temporary
// copy, so the same path loads as new code), installs it and runs `map` twice side by side
// over `frames` frames with keys[frame * actors + actor] (checkDeterminism) on a worker
// thread, each step watched with `stepLimitMs`. A build whose parameter list differs runs
// the check with the map's values carried over by name (param_carry.h), as the map will
// hold them. Loaded, deterministic and in time: the new build stays and the message says
// what became of the parameters ("; parameters: + lift (default 5), - old; 3 actors
// updated"). Else (a step or init that crashed or exited counts) the previous build is put back and
// the message says why. A step that ran too long cannot be stopped: its thread is left running (one
// busy CPU core until the process exits) and never touches anything but its own copy of the map.
// `map` with the parameters of every actor of `kind` carried over as `carry` says.
Map withParamsCarried(const Map& map, MoverKind kind, const ParamCarry& carry);

ReloadOutcome reloadPluginChecked(MoverKind kind, const std::string& path, const Map& map,
                                  int64_t frames, const std::vector<InputBits>& keys,
                                  int64_t stepLimitMs);

}  // namespace ts
