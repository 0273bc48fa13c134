// Building the per-tile pixel masks (tile_masks.h) from the collision layer's summaries.
#include "world/detail/tile_masks.h"

#include <algorithm>
#include <cstring>
#include <unordered_map>

#include "map/map.h"
#include "world/collision.h"
#include "world/detail/brush_rows.h"

namespace ts {

namespace {

using CW = CollisionWorld;
constexpr int kT = 16;
constexpr uint16_t kAll = 0xffff;

// One tile's masks and along flags: the unit that is deduplicated.
struct Key {
    TileMasks::Entry e;
    uint8_t along;
};
struct KeyHash {
    size_t operator()(const Key& k) const {
        // FNV-1a over the mask words.
        uint64_t h = 1469598103934665603ull ^ k.along;
        for (const auto& slot : k.e.lines)
            for (uint16_t w : slot) h = (h ^ w) * 1099511628211ull;
        return size_t(h);
    }
};
struct KeyEq {
    bool operator()(const Key& a, const Key& b) const {
        return a.along == b.along && std::memcmp(&a.e, &b.e, sizeof a.e) == 0;
    }
};

// The masks of a tile with shape byte `shapeByte` (shape | pass mask << 4), cell bits `bits`
// (for its walls) and extra solid pixels `brushRows` (row ly, bit lx).
Key makeKey(const CollisionWorld& world, uint8_t shapeByte, uint8_t bits,
            const uint16_t* brushRows) {
    const Shape shape = Shape(shapeByte & 15);
    const uint8_t pass = uint8_t(shapeByte >> 4);
    uint16_t rows[kT] = {};
    // Solid pixels: floor shapes are solid in rows [16 - height, 16) of each column. One-way
    // tiles have none (they block only on their entry line, below).
    if (shape != Shape::Empty && shape != Shape::OneWay) {
        const uint16_t* colH = world.columnHeights(shape);
        for (int lx = 0; lx < kT; ++lx)
            for (int ly = kT - colH[lx]; ly < kT; ++ly) rows[ly] |= uint16_t(1u << lx);
    }
    if (brushRows)
        for (int ly = 0; ly < kT; ++ly) rows[ly] |= brushRows[ly];
    Key k;
    std::memset(&k, 0, sizeof k);  // padding too: keys are compared bytewise
    for (int lead = 0; lead < kT; ++lead) {
        // Sideways travel: leading column `lead`, pixels across are rows.
        uint16_t col = 0;
        for (int ly = 0; ly < kT; ++ly) col |= uint16_t(((rows[ly] >> lead) & 1u) << ly);
        k.e.lines[TileMasks::kRight][lead] = k.e.lines[TileMasks::kLeft][lead] = col;
        // Vertical travel: leading row `lead`, pixels across are columns.
        k.e.lines[TileMasks::kDown][lead] = k.e.lines[TileMasks::kUp][lead] = rows[lead];
    }
    // Entry lines: a wall across the travel on the entry edge, or a one-way tile that the
    // travel may not enter, blocks the box whose leading edge enters the tile (rectBlocked:
    // the wall is then strictly inside the swept box; tileRectSolid's one-way rule).
    const bool oneWay = shape == Shape::OneWay;
    auto closed = [&](uint8_t travel) { return oneWay && !(pass & travel); };
    if (closed(DIR_RIGHT) || (bits & CW::kCellWallLeft)) k.e.lines[TileMasks::kRight][0] = kAll;
    if (closed(DIR_LEFT) || (bits & CW::kCellWallRight)) k.e.lines[TileMasks::kLeft][15] = kAll;
    if (closed(DIR_DOWN) || (bits & CW::kCellWallTop)) k.e.lines[TileMasks::kDown][0] = kAll;
    if (closed(DIR_UP) || (bits & CW::kCellWallBottom)) k.e.lines[TileMasks::kUp][15] = kAll;
    k.along = uint8_t(((bits & CW::kCellWallBottom) ? TileMasks::kAlongH : 0) |
                      ((bits & CW::kCellWallRight) ? TileMasks::kAlongV : 0));
    return k;
}

}  // namespace

void TileMasks::build(const CollisionWorld& world, size_t maxEntries) {
    ids_.clear();
    entries_.clear();
    along_.clear();
    const CW::GridSize& gs = world.gridSize();
    if (gs.tile != kT || gs.width <= 0 || gs.height <= 0) return;
    const size_t n = size_t(gs.width) * size_t(gs.height);
    const size_t limit = std::min<size_t>(maxEntries, kFallback);
    if (limit == 0) {  // no table: every tile asks the detailed checks
        ids_.assign(n, kFallback);
        return;
    }
    std::unordered_map<Key, uint16_t, KeyHash, KeyEq> known;
    auto idOf = [&](const Key& k) -> uint16_t {
        const auto it = known.find(k);
        if (it != known.end()) return it->second;
        if (entries_.size() >= limit) return kFallback;
        const uint16_t id = uint16_t(entries_.size());
        entries_.push_back(k.e);
        along_.push_back(k.along);
        known.emplace(k, id);
        return id;
    };
    // Id 0: nothing blocks (empty tiles).
    Key empty;
    std::memset(&empty, 0, sizeof empty);
    idOf(empty);
    ids_.assign(n, 0);
    const uint8_t* bits = world.cellBitsData();
    const uint8_t* shapes = world.cellShapesData();
    // Without brushes a tile's masks follow from its shape byte and wall bits: 4096 keys.
    std::vector<int32_t> byKey(256 * 16, -1);
    const bool anyBrush = !world.map().brushes.empty();
    BrushRows brushRows = anyBrush ? BrushRows(world) : BrushRows();
    const size_t w = size_t(gs.width);
    for (size_t cy = 0; cy < size_t(gs.height); ++cy) {
        const uint8_t* rowBits = bits + cy * w;
        if (anyBrush)
            brushRows.next(std::any_of(rowBits, rowBits + w,
                                       [](uint8_t f) { return (f & CW::kCellBrush) != 0; }));
        for (size_t cx = 0; cx < w; ++cx) {
            const size_t i = cy * w + cx;
            const uint8_t f = bits[i];
            if (f == 0) continue;
            if (f & CW::kCellBrush) {
                ids_[i] = idOf(makeKey(world, shapes[i], f, brushRows.row(int64_t(cx))));
                continue;
            }
            const size_t key = size_t(shapes[i]) | size_t((f >> 2) & 15) << 8;  // 4 wall bits
            if (byKey[key] < 0) byKey[key] = idOf(makeKey(world, shapes[i], f, nullptr));
            ids_[i] = uint16_t(byKey[key]);
        }
    }
}

size_t TileMasks::bytes() const {
    return ids_.capacity() * sizeof(uint16_t) + entries_.capacity() * sizeof(Entry) +
           along_.capacity();
}

}  // namespace ts
