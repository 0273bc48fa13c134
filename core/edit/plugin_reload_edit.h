// A plugin rebuild with a different parameter list, as an edit of the map: every actor of
// that mover gets its values carried over by name (param_carry.h), and the edit swaps the
// builds with the values. Undo puts back the old values AND the build that reads them in that
// order; redo the new ones and the new build. Values kept by position are only meaningful
// next to the build whose order they follow, and so are the older entries of the history
// (an actor edit before the rebuild holds values in the old order). The other two parts of a
// plugin reload: the check of a new build (core/plugin/plugin_reload.h) and the editor's
// watching of each --plugin file (app/debugger/plugin_rebuild_watch.h).
#pragma once
#include <cstddef>
#include <vector>

#include "edit/edit_command.h"
#include "plugin/plugin_registry.h"

namespace ts {

class PluginReloadEdit : public EditCommand {
  public:
    struct Change {
        size_t actor;
        ParamValues before, after;
        uint32_t setBefore = 0, setAfter = 0;  // Actor::paramsSet
    };
    // `previous` and `current` are builds of the plugin registered as `kind`; `current` is
    // the one installed when the edit is first applied.
    PluginReloadEdit(std::string label, MoverKind kind, std::vector<Change> changes,
                     PluginBuildHold previous, PluginBuildHold current, bool paramsChanged);
    void apply(Map& map) override;
    void revert(Map& map) override;
    // A rebuild whose parameter list changed is a step of the history even when no actor
    // uses it: undoing past it must put the previous build back.
    bool changesNothing() const override { return changes_.empty() && !paramsChanged_; }
    Touched touched() const override { return Touched{Touched::Actors}; }
    const std::vector<Change>& changes() const { return changes_; }

  private:
    MoverKind kind_;
    std::vector<Change> changes_;
    PluginBuildHold undoBuild_, redoBuild_;
    bool paramsChanged_;
};

// The edit for the map `map` after the plugin registered as `kind` went from build
// `previous` to build `current` (a ReloadOutcome's): null when the two builds have the same
// parameter list with the same defaults (the values mean the same to both: nothing to edit).
// A changed default reaches the actors that do not set that parameter.
CommandPtr pluginReloadEdit(const Map& map, MoverKind kind, const PluginBuildHold& previous,
                            const PluginBuildHold& current);

}  // namespace ts
