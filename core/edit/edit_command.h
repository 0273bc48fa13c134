// Editing commands: every change to a Map goes through one, so it can be undone and redone.
//
// Contract: a command is built from the current map by a tool function (tile_tools.h,
// wall_tools.h, ...) and applied to that same map right away (Document::apply does this).
// It stores only what it changes (the before and after values of the touched cells, walls,
// brushes...), never a copy of the whole map, except map resize (map_tools.h), which must
// keep the cut-off parts somewhere.
//
// apply() and revert() alternate, starting with apply(): apply, revert, apply (redo), ...
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "map/map.h"

namespace ts {

// How far a command moves the map's existing content, in map pixels (+x right, +y down).
struct ContentShift {
    int64_t x = 0, y = 0;
    bool operator==(const ContentShift& o) const { return x == o.x && y == o.y; }
    bool operator!=(const ContentShift& o) const { return !(*this == o); }
};

// What a command may change, so that views refresh only that part (the editor uploads only
// the touched tile rows, rebuilds its wall list only when walls changed).
struct Touched {
    enum Part : uint8_t {
        Tiles = 1,  // cells [cellFirst, cellLast] (row-major indices) may change kind
        Walls = 2,
        Brushes = 4,
        Actors = 8,
        Tileset = 16,     // kinds, image
        Header = 32,      // tile size, simulation rate
        Everything = 64,  // the map's size or its tile ids as a whole: diff it all
    };
    uint8_t parts = 0;
    uint32_t cellFirst = UINT32_MAX, cellLast = 0;

    static Touched all() { return Touched{Everything}; }
    bool has(Part p) const { return (parts & (p | Everything)) != 0; }
    void addCell(uint32_t index) {
        parts |= Tiles;
        cellFirst = index < cellFirst ? index : cellFirst;
        cellLast = index > cellLast ? index : cellLast;
    }
    void add(const Touched& o) {
        parts |= o.parts;
        if (o.parts & Tiles) {
            cellFirst = o.cellFirst < cellFirst ? o.cellFirst : cellFirst;
            cellLast = o.cellLast > cellLast ? o.cellLast : cellLast;
        }
    }
};

class EditCommand {
  public:
    explicit EditCommand(std::string label) : label_(std::move(label)) {}
    virtual ~EditCommand() = default;
    EditCommand(const EditCommand&) = delete;
    EditCommand& operator=(const EditCommand&) = delete;

    virtual void apply(Map& map) = 0;   // do and redo
    virtual void revert(Map& map) = 0;  // undo
    // True when applying would leave the map as it was: the document drops such commands,
    // so a click or a stroke that changed nothing leaves no undo step.
    virtual bool changesNothing() const = 0;
    // How far apply() moves the content (revert() moves it back): only a map resize with an
    // anchor does. The editor pans its view by as much, so the content stays on screen.
    virtual ContentShift contentShift() const { return {}; }
    // What apply() and revert() may change. A command that does not say touches everything,
    // which is always safe (the editor then diffs the whole map).
    virtual Touched touched() const { return Touched::all(); }

    // What the history panel shows: "Stamp", "Bucket fill", "Move brush"...
    const std::string& label() const { return label_; }
    void setLabel(std::string label) { label_ = std::move(label); }

  private:
    std::string label_;
};

using CommandPtr = std::unique_ptr<EditCommand>;

// Several commands as one undo step (a mouse drag, or a tool that changes several parts of
// the map). Applies in order, reverts in reverse order.
class CommandGroup : public EditCommand {
  public:
    explicit CommandGroup(std::string label) : EditCommand(std::move(label)) {}
    // Adds a command that is already applied (strokes) or will be applied with the group;
    // null and no-op commands are dropped.
    void add(CommandPtr cmd);
    bool empty() const { return parts_.empty(); }
    size_t size() const { return parts_.size(); }

    void apply(Map& map) override;
    void revert(Map& map) override;
    bool changesNothing() const override;
    ContentShift contentShift() const override;
    Touched touched() const override;  // the union of the parts'

  private:
    std::vector<CommandPtr> parts_;
};

}  // namespace ts
