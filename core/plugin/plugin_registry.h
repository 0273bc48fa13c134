// Plugin movers in the mover registry (movers/mover_registry.h): each registered PluginMover
// gets the next MoverKind after the movers before it, and moverInfo()/findMover() (mover.h)
// answer for it, so that maps, the Sim and the Timeline step it through its MoverInfo like a
// built-in (the entry's ctx is the build, which its functions call).
//
// Register and replace on one thread, while no simulation steps the kind being replaced on
// another; the one exception, a reload check's worker thread that was given up on, only ever
// reads registry entries, which are published whole and never changed. Registered movers are
// never freed (references to their MoverInfo and ParamSpecs stay valid), but the library of a
// build that was replaced is closed once nothing refers to it: not the registry's entry, no
// PluginBuildHold (the undo history holds the builds its reload edits swap between), and no
// reload check was ever given up on (its stuck thread may get going again and step any
// plugin of its map, so from then on every build stays mapped until the process exits).
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "movers/mover.h"
#include "plugin/plugin_mover.h"

namespace ts {

// Registers a plugin mover. Its id must not be taken; on failure (id taken, every MoverKind
// taken) returns false with *error.
bool registerPluginMover(std::unique_ptr<PluginMover> mover, MoverKind* kind, std::string* error);
// Loads PATH and registers it; when a plugin with the same id is registered already, the
// new build replaces it under the same kind (what the editor's hot reload does, and a
// second command run in one process, as the tests do). See PluginMover::load for copyFirst.
bool loadPluginMover(const std::string& path, bool copyFirst, MoverKind* kind, std::string* error);
// Loads several libraries in order as loadPluginMover does, one kind each in *kinds (a
// command's repeated --plugin). Two of them with the same id are an error naming both
// paths ("B.so: plugin:x is also the id of A.so; ..."), not the second replacing the first in
// silence; the same path twice is "PATH: given twice". Stops at the first failure, the
// libraries before it staying loaded. `limitMs`: the calls' limit of the watchdog that will
// watch them (PluginMover::load).
bool loadPluginMovers(const std::vector<std::string>& paths, bool copyFirst,
                      std::vector<MoverKind>* kinds, std::string* error, int64_t limitMs = 0);
// Puts `mover` (same id) in the place of the plugin registered as `kind`.
bool replacePluginMover(MoverKind kind, std::unique_ptr<PluginMover> mover, std::string* error);
// Puts back a build that was registered before (the reload check's undo); false when
// `previous` was never registered.
bool reinstatePluginMover(MoverKind kind, const PluginMover* previous);

// Keeps a registered build's library loaded while it exists (copies keep it too), so that
// the build can be put back with reinstatePluginMover. Empty: holds nothing.
class PluginBuildHold {
  public:
    PluginBuildHold() = default;
    explicit PluginBuildHold(const PluginMover* build);
    PluginBuildHold(const PluginBuildHold& o) : PluginBuildHold(o.build_) {}
    PluginBuildHold& operator=(const PluginBuildHold& o);
    ~PluginBuildHold();
    const PluginMover* get() const { return build_; }

  private:
    const PluginMover* build_ = nullptr;
};

// A reload check was given up on: no build, of now or later, is unloaded any more (the stuck
// thread steps whichever builds the registry holds when it gets going again, any plugin its map
// uses, and an entry read just before a swap would outlive an unload).
void keepPluginBuildsLoaded();

bool isPluginKind(MoverKind kind);                 // a registered plugin's kind
const MoverInfo* pluginMoverInfo(MoverKind kind);  // null when not registered
const MoverInfo* findPluginMover(const std::string& id);
const PluginMover* pluginMover(MoverKind kind);  // null when not registered
std::vector<MoverKind> pluginMoverKinds();

}  // namespace ts
