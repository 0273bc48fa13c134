#include "edit/document.h"

#include "edit/map_edits.h"

namespace ts {

Document::Document(Map map, std::string path) : map_(std::move(map)), path_(std::move(path)) {}

bool Document::apply(CommandPtr cmd) {
    if (!cmd || cmd->changesNothing()) return false;
    cmd->apply(map_);
    ++revision_;
    addShift(cmd->contentShift(), 1);
    // The redo entries are gone once the map moves away from them, stroke or not.
    if (stack_.canRedo()) {
        if (savedPosition_ > int64_t(stack_.position())) savedPosition_ = -1;
        stack_.discardRedo();
    }
    if (stroke_)
        stroke_->add(std::move(cmd));
    else
        stack_.push(std::move(cmd));
    return true;
}

void Document::beginStroke(std::string label) {
    endStroke();
    stroke_ = std::make_unique<CommandGroup>(std::move(label));
}

void Document::endStroke() {
    if (!stroke_) return;
    std::unique_ptr<CommandGroup> stroke = std::move(stroke_);
    if (!stroke->empty()) stack_.push(std::move(stroke));
}

bool Document::undo() {
    endStroke();
    if (!stack_.undo(map_)) return false;
    ++revision_;
    addShift(stack_.entry(stack_.position()).contentShift(), -1);
    return true;
}

bool Document::redo() {
    endStroke();
    if (!stack_.redo(map_)) return false;
    ++revision_;
    addShift(stack_.entry(stack_.position() - 1).contentShift(), 1);
    return true;
}

void Document::jumpTo(size_t position) {
    endStroke();
    if (position > stack_.size()) position = stack_.size();
    while (stack_.position() > position) undo();
    while (stack_.position() < position) redo();
}

void Document::markSaved() {
    endStroke();
    savedPosition_ = int64_t(stack_.position());
}

bool Document::dirty() const {
    if (stroke_ && !stroke_->empty()) return true;
    return savedPosition_ != int64_t(stack_.position());
}

void Document::replace(Map map, std::string path) {
    stroke_.reset();
    stack_.clear();
    map_ = std::move(map);
    path_ = std::move(path);
    savedPosition_ = 0;
    ++revision_;
    shift_ = ContentShift{};
}

void Document::reload(Map map, std::string label) {
    endStroke();
    if (!(map == map_)) apply(std::make_unique<SwapMapEdit>(std::move(label), std::move(map)));
    markSaved();
}

void Document::addShift(const ContentShift& d, int sign) {
    shift_.x += sign * d.x;
    shift_.y += sign * d.y;
}

}  // namespace ts
