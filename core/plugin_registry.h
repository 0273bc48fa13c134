// The process-wide table of plugin movers: each registered PluginMover gets a MoverKind from
// kFirstPluginKind on, and moverInfo()/findMover() (mover.h) answer for it, so that maps,
// the Sim and the Timeline step it through the same MoverInfo::step pointer as the built-ins
// (the built-ins' lookup is unchanged: one comparison more in moverInfo).
//
// Register and replace on one thread, while no simulation steps the kind being replaced on
// another; the one exception, a reload check's worker thread that was given up on, only ever
// reads a slot's mover pointer, which is atomic. Registered movers are never freed
// (references to their MoverInfo stay valid, and a stuck step may still be running one).
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "mover.h"
#include "plugin_mover.h"

namespace ts {

// Registers a plugin mover. Its id must not be taken; on failure (id taken, table full)
// returns false with *error.
bool registerPluginMover(std::unique_ptr<PluginMover> mover, MoverKind* kind, std::string* error);
// Loads PATH and registers it; when a plugin with the same id is registered already, the
// new build replaces it under the same kind (what the editor's hot reload does, and a
// second command run in one process, as the tests do). See PluginMover::load for copyFirst.
bool loadPluginMover(const std::string& path, bool copyFirst, MoverKind* kind, std::string* error);
// Loads several libraries in order as loadPluginMover does, one kind each in *kinds (a
// command's repeated --plugin). Two of them with the same id are an error naming both
// paths ("B.so: plugin:x is also the id of A.so; ..."), not the second replacing the first in
// silence; the same path twice is "PATH: given twice". Stops at the first failure, the
// libraries before it staying loaded.
bool loadPluginMovers(const std::vector<std::string>& paths, bool copyFirst,
                      std::vector<MoverKind>* kinds, std::string* error);
// Puts `mover` (same id) in the place of the plugin registered as `kind`.
bool replacePluginMover(MoverKind kind, std::unique_ptr<PluginMover> mover, std::string* error);
// Puts back a build that was registered before (the reload check's undo); false when
// `previous` was never registered.
bool reinstatePluginMover(MoverKind kind, const PluginMover* previous);

const MoverInfo* pluginMoverInfo(MoverKind kind);  // null when not registered
const MoverInfo* findPluginMover(const std::string& id);
const PluginMover* pluginMover(MoverKind kind);  // null when not registered
std::vector<MoverKind> pluginMoverKinds();

}  // namespace ts
