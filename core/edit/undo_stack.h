// A linear history of applied commands. Entries [0, position()) are applied; entries from
// position() on can be redone until a new command is pushed, which discards them.
#pragma once
#include <vector>

#include "edit/edit_command.h"

namespace ts {

class UndoStack {
  public:
    // `cmd` must already be applied to the map. Discards the redo entries.
    void push(CommandPtr cmd);
    bool canUndo() const { return position_ > 0; }
    bool canRedo() const { return position_ < entries_.size(); }
    bool undo(Map& map);  // false when there is nothing to undo
    bool redo(Map& map);  // false when there is nothing to redo
    void discardRedo() { entries_.resize(position_); }
    void clear();

    size_t size() const { return entries_.size(); }
    size_t position() const { return position_; }
    const EditCommand& entry(size_t i) const { return *entries_[i]; }

  private:
    std::vector<CommandPtr> entries_;
    size_t position_ = 0;
};

}  // namespace ts
