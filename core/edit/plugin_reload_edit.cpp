#include "edit/plugin_reload_edit.h"

#include "movers/param_carry.h"
#include "plugin/plugin_mover.h"

namespace ts {

PluginReloadEdit::PluginReloadEdit(std::string label, MoverKind kind, std::vector<Change> changes,
                                   PluginBuildHold previous, PluginBuildHold current,
                                   bool paramsChanged)
    : EditCommand(std::move(label)),
      kind_(kind),
      changes_(std::move(changes)),
      undoBuild_(std::move(previous)),
      redoBuild_(std::move(current)),
      paramsChanged_(paramsChanged) {}

// Each swap remembers the build it replaced, so that the opposite swap puts back the build
// that was in place then (a later rebuild with the same parameters replaces the build without
// an edit of its own).
void PluginReloadEdit::apply(Map& map) {
    const PluginMover* before = pluginMover(kind_);
    if (before != redoBuild_.get() && reinstatePluginMover(kind_, redoBuild_.get()))
        undoBuild_ = PluginBuildHold(before);
    for (const Change& c : changes_) {
        map.actors[c.actor].params = c.after;
        map.actors[c.actor].paramsSet = c.setAfter;
    }
}

void PluginReloadEdit::revert(Map& map) {
    const PluginMover* before = pluginMover(kind_);
    if (before != undoBuild_.get() && reinstatePluginMover(kind_, undoBuild_.get()))
        redoBuild_ = PluginBuildHold(before);
    for (const Change& c : changes_) {
        map.actors[c.actor].params = c.before;
        map.actors[c.actor].paramsSet = c.setBefore;
    }
}

CommandPtr pluginReloadEdit(const Map& map, MoverKind kind, const PluginBuildHold& previous,
                            const PluginBuildHold& current) {
    if (!previous.get() || !current.get()) return nullptr;
    const MoverInfo& from = previous.get()->info();
    const MoverInfo& to = current.get()->info();
    const ParamCarry carry(from.params, from.paramCount, to.params, to.paramCount);
    if (!carry.changed() && !carry.defaultsChanged()) return nullptr;
    std::vector<PluginReloadEdit::Change> changes;
    for (size_t i = 0; i < map.actors.size(); ++i)
        if (map.actors[i].mover == kind) {
            const Actor& before = map.actors[i];
            Actor after = before;
            carry.carry(after);
            if (!(after.params == before.params) || after.paramsSet != before.paramsSet)
                changes.push_back(
                    {i, before.params, after.params, before.paramsSet, after.paramsSet});
        }
    return std::make_unique<PluginReloadEdit>("Reload " + current.get()->id(), kind,
                                              std::move(changes), previous, current,
                                              carry.changed());
}

}  // namespace ts
