#include "edit/edit_command.h"

namespace ts {

void CommandGroup::add(CommandPtr cmd) {
    if (cmd && !cmd->changesNothing()) parts_.push_back(std::move(cmd));
}

void CommandGroup::apply(Map& map) {
    for (CommandPtr& c : parts_) c->apply(map);
}

void CommandGroup::revert(Map& map) {
    for (auto it = parts_.rbegin(); it != parts_.rend(); ++it) (*it)->revert(map);
}

bool CommandGroup::changesNothing() const {
    return parts_.empty();
}

Touched CommandGroup::touched() const {
    Touched all;
    for (const CommandPtr& c : parts_) all.add(c->touched());
    return all;
}

ContentShift CommandGroup::contentShift() const {
    ContentShift sum;
    for (const CommandPtr& c : parts_) {
        const ContentShift d = c->contentShift();
        sum.x += d.x;
        sum.y += d.y;
    }
    return sum;
}

}  // namespace ts
