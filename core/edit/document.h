// The map being edited, its undo history, its file path and whether it is saved.
//
// The app turns mouse and keys into commands with the tool functions (tile_tools.h,
// wall_tools.h, brush_tools.h, actor_tools.h, tileset_tools.h, map_tools.h), each built
// from doc.map(), and hands them to doc.apply(). A mouse drag is bracketed by
// beginStroke()/endStroke() so it becomes one undo step.
//
// revision() grows on every change to the map (apply, undo, redo, jump, replace): the
// debugger re-simulates and the renderer re-uploads when it differs from the last seen one.
#pragma once
#include <cstdint>
#include <string>

#include "edit/edit_command.h"
#include "edit/undo_stack.h"

namespace ts {

class Document {
  public:
    explicit Document(Map map = Map::blank(40, 24), std::string path = "");

    const Map& map() const { return map_; }
    uint64_t revision() const { return revision_; }

    // Applies a command built from map() and records it. Returns false (and drops it) for
    // null or no-op commands. Inside a stroke it joins the stroke's single undo step.
    bool apply(CommandPtr cmd);

    // A drag: every command applied until endStroke() becomes one undo step labelled
    // `label`. A stroke that changed nothing leaves no step. begin inside a stroke ends the
    // open one first; undo/redo/jump/replace end it too.
    void beginStroke(std::string label);
    void endStroke();
    bool inStroke() const { return stroke_ != nullptr; }

    bool canUndo() const {
        return inStroke() ? !stroke_->empty() || stack_.canUndo() : stack_.canUndo();
    }
    bool canRedo() const { return !inStroke() && stack_.canRedo(); }
    bool undo();
    bool redo();

    // History panel: entries [0, historyPosition()) are applied, the others can be redone.
    size_t historySize() const { return stack_.size(); }
    size_t historyPosition() const { return stack_.position(); }
    const std::string& historyLabel(size_t i) const { return stack_.entry(i).label(); }
    // Undoes or redoes until `position` entries are applied (clamped to historySize()).
    void jumpTo(size_t position);

    // The sum of the content shifts (EditCommand::contentShift) of the applied commands since
    // the map was opened: how far the content has moved from where it was then. The editor
    // pans its view when this changes (resize, and its undo and redo).
    ContentShift contentShift() const { return shift_; }

    // Files. The path is empty for a new, never saved map.
    const std::string& path() const { return path_; }
    void setPath(std::string path) { path_ = std::move(path); }
    void markSaved();    // call after writing map() to path()
    bool dirty() const;  // changed since the last markSaved() (or since construction)
    // New or Open: takes `map` as the document, clears the history, not dirty.
    void replace(Map map, std::string path);
    // The file read again after another program changed it (disk_watch.h): the map becomes
    // MAP as one undo step labelled `label`, and that state is the saved one. Undo brings
    // back what was there before, unsaved edits included: a reload loses no work.
    void reload(Map map, std::string label);

  private:
    void addShift(const ContentShift& d, int sign);

    Map map_;
    std::string path_;
    UndoStack stack_;
    std::unique_ptr<CommandGroup> stroke_;
    uint64_t revision_ = 1;
    ContentShift shift_;
    // History position of the saved state; -1 when no reachable state is the saved one.
    int64_t savedPosition_ = 0;
};

}  // namespace ts
