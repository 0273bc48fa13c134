#include "edit/undo_stack.h"

namespace ts {

void UndoStack::push(CommandPtr cmd) {
    discardRedo();
    entries_.push_back(std::move(cmd));
    position_ = entries_.size();
}

bool UndoStack::undo(Map& map) {
    if (!canUndo()) return false;
    entries_[--position_]->revert(map);
    return true;
}

bool UndoStack::redo(Map& map) {
    if (!canRedo()) return false;
    entries_[position_++]->apply(map);
    return true;
}

void UndoStack::clear() {
    entries_.clear();
    position_ = 0;
}

}  // namespace ts
