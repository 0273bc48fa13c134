// The concrete change records the tools build. Each keeps only before/after values of what
// it touches. Tools in *_tools.h create them; callers rarely need these types directly.
#pragma once
#include <cstdint>
#include <type_traits>
#include <vector>

#include "edit/edit_command.h"

namespace ts {

// Tile cells that change kind. Indices are row-major (y * width + x), unique per edit.
struct CellChange {
    uint32_t index;
    uint16_t before, after;
};
class TileEdit : public EditCommand {
  public:
    TileEdit(std::string label, std::vector<CellChange> changes)
        : EditCommand(std::move(label)), changes_(std::move(changes)) {}
    void apply(Map& map) override;
    void revert(Map& map) override;
    bool changesNothing() const override { return changes_.empty(); }
    Touched touched() const override;
    const std::vector<CellChange>& changes() const { return changes_; }

  private:
    std::vector<CellChange> changes_;
};

// Builds a TileEdit from writes computed against the unchanged map: later writes to the
// same cell win, cells that end up with their old kind are left out.
class TileEditBuilder {
  public:
    explicit TileEditBuilder(const Map& map) : map_(map) {}
    void set(int64_t x, int64_t y, uint16_t id);  // ignored outside the map
    CommandPtr build(std::string label);

  private:
    const Map& map_;
    std::vector<std::pair<uint32_t, uint16_t>> writes_;  // (index, after)
};

// Grid-edge walls that change. Index into EdgeWalls::horiz or ::vert.
struct WallChange {
    bool horizontal;
    uint32_t index;
    uint8_t before, after;
};
class WallEdit : public EditCommand {
  public:
    WallEdit(std::string label, std::vector<WallChange> changes)
        : EditCommand(std::move(label)), changes_(std::move(changes)) {}
    void apply(Map& map) override;
    void revert(Map& map) override;
    bool changesNothing() const override { return changes_.empty(); }
    Touched touched() const override { return Touched{Touched::Walls}; }

  private:
    std::vector<WallChange> changes_;
};

// Insert, erase or replace one element of Map::brushes or Map::actors.
template <class T>
class ListEdit : public EditCommand {
  public:
    enum class Op { Insert, Erase, Replace };
    using List = std::vector<T> Map::*;
    // Insert: `after` goes at `index`. Erase: `before` is the element at `index`.
    ListEdit(std::string label, List list, Op op, size_t index, T before, T after)
        : EditCommand(std::move(label)),
          list_(list),
          op_(op),
          index_(index),
          before_(std::move(before)),
          after_(std::move(after)) {}
    void apply(Map& map) override {
        std::vector<T>& v = map.*list_;
        if (op_ == Op::Insert) v.insert(v.begin() + long(index_), after_);
        if (op_ == Op::Erase) v.erase(v.begin() + long(index_));
        if (op_ == Op::Replace) v[index_] = after_;
    }
    void revert(Map& map) override {
        std::vector<T>& v = map.*list_;
        if (op_ == Op::Insert) v.erase(v.begin() + long(index_));
        if (op_ == Op::Erase) v.insert(v.begin() + long(index_), before_);
        if (op_ == Op::Replace) v[index_] = before_;
    }
    bool changesNothing() const override {
        if (op_ != Op::Replace || !(before_ == after_)) return false;
        // Which parameters an actor sets is left out of == but decides what a save writes.
        if constexpr (std::is_same_v<T, Actor>) return before_.paramsSet == after_.paramsSet;
        return true;
    }
    Touched touched() const override {
        return Touched{std::is_same_v<T, Actor> ? Touched::Actors : Touched::Brushes};
    }

  private:
    List list_;
    Op op_;
    size_t index_;
    T before_, after_;
};
using BrushEdit = ListEdit<Brush>;
using ActorEdit = ListEdit<Actor>;

// The tileset's kinds, image path and cell size (small: copied whole).
class TilesetEdit : public EditCommand {
  public:
    TilesetEdit(std::string label, Tileset before, Tileset after)
        : EditCommand(std::move(label)), before_(std::move(before)), after_(std::move(after)) {}
    void apply(Map& map) override { map.tileset = after_; }
    void revert(Map& map) override { map.tileset = before_; }
    bool changesNothing() const override { return before_ == after_; }
    Touched touched() const override { return Touched{Touched::Tileset}; }

  private:
    Tileset before_, after_;
};

// Removes tile kind `id`: its cells become 0 and every higher id moves down by one. Stores
// only the removed kind and the cells that held it (the shift of the others is invertible).
class DeleteKindEdit : public EditCommand {
  public:
    DeleteKindEdit(std::string label, const Map& map, uint16_t id);
    void apply(Map& map) override;
    void revert(Map& map) override;
    bool changesNothing() const override { return false; }

  private:
    uint16_t id_;
    TileKind kind_;
    std::vector<uint32_t> cells_;  // cells that held `id`
};

// Tile size and simulation rate.
struct MapHeader {
    int32_t tileSize, simRate;
    bool operator==(const MapHeader& o) const {
        return tileSize == o.tileSize && simRate == o.simRate;
    }
};
class HeaderEdit : public EditCommand {
  public:
    HeaderEdit(std::string label, MapHeader before, MapHeader after)
        : EditCommand(std::move(label)), before_(before), after_(after) {}
    void apply(Map& map) override { set(map, after_); }
    void revert(Map& map) override { set(map, before_); }
    bool changesNothing() const override { return before_ == after_; }
    Touched touched() const override { return Touched{Touched::Header}; }

  private:
    static void set(Map& map, MapHeader h) {
        map.tileSize = h.tileSize;
        map.simRate = h.simRate;
    }
    MapHeader before_, after_;
};

// Replaces the whole map (resize). Holds one map: the new one before apply(), the old one
// after it; apply() and revert() swap.
class SwapMapEdit : public EditCommand {
  public:
    SwapMapEdit(std::string label, Map other, ContentShift shift = {})
        : EditCommand(std::move(label)), other_(std::move(other)), shift_(shift) {}
    void apply(Map& map) override { std::swap(map, other_); }
    void revert(Map& map) override { std::swap(map, other_); }
    bool changesNothing() const override { return false; }
    ContentShift contentShift() const override { return shift_; }

  private:
    Map other_;
    ContentShift shift_;
};

}  // namespace ts
