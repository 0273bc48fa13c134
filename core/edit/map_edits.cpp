#include "edit/map_edits.h"

#include <algorithm>

namespace ts {

Touched TileEdit::touched() const {
    Touched t;
    for (const CellChange& c : changes_) t.addCell(c.index);
    return t;
}

void TileEdit::apply(Map& map) {
    for (const CellChange& c : changes_) map.tiles[c.index] = c.after;
}

void TileEdit::revert(Map& map) {
    for (const CellChange& c : changes_) map.tiles[c.index] = c.before;
}

void TileEditBuilder::set(int64_t x, int64_t y, uint16_t id) {
    if (map_.inside(x, y)) writes_.emplace_back(uint32_t(y * map_.width + x), id);
}

CommandPtr TileEditBuilder::build(std::string label) {
    // Stable sort keeps the writes to one cell in order, so the last one wins.
    std::stable_sort(writes_.begin(), writes_.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<CellChange> changes;
    for (size_t i = 0; i < writes_.size(); ++i) {
        if (i + 1 < writes_.size() && writes_[i + 1].first == writes_[i].first) continue;
        uint16_t before = map_.tiles[writes_[i].first];
        if (before != writes_[i].second)
            changes.push_back({writes_[i].first, before, writes_[i].second});
    }
    writes_.clear();
    return std::make_unique<TileEdit>(std::move(label), std::move(changes));
}

void WallEdit::apply(Map& map) {
    for (const WallChange& c : changes_)
        (c.horizontal ? map.walls.horiz : map.walls.vert)[c.index] = c.after;
}

void WallEdit::revert(Map& map) {
    for (const WallChange& c : changes_)
        (c.horizontal ? map.walls.horiz : map.walls.vert)[c.index] = c.before;
}

DeleteKindEdit::DeleteKindEdit(std::string label, const Map& map, uint16_t id)
    : EditCommand(std::move(label)), id_(id), kind_(map.tileset.kinds[id]) {
    for (size_t i = 0; i < map.tiles.size(); ++i)
        if (map.tiles[i] == id) cells_.push_back(uint32_t(i));
}

void DeleteKindEdit::apply(Map& map) {
    for (uint16_t& t : map.tiles) {
        if (t == id_)
            t = 0;
        else if (t > id_)
            --t;
    }
    map.tileset.kinds.erase(map.tileset.kinds.begin() + id_);
}

void DeleteKindEdit::revert(Map& map) {
    map.tileset.kinds.insert(map.tileset.kinds.begin() + id_, kind_);
    // After apply no cell holds a kind that was id_, so shifting up every id >= id_
    // restores the others; then the recorded cells get id_ back.
    for (uint16_t& t : map.tiles)
        if (t >= id_) ++t;
    for (uint32_t i : cells_) map.tiles[i] = id_;
}

}  // namespace ts
