// Per-tile pixel masks for 16-px tiles: what a one-pixel step of a box meets on its leading
// line inside one tile, as 16-bit words, so that the pixel sweep's detailed checks (slopes,
// one-way tiles, edge walls, brushes) become a few branch-free word operations instead of
// loops with a branch per feature. Built by CollisionWorld::rebuild(); for other tile sizes
// there are none (active() is false) and the sweeps keep their per-feature checks.
//
// For a travel direction (slot) and a leading line `lead` of a tile (the tile-local column
// the box newly covers when moving sideways, the row when moving vertically), lines[slot]
// [lead] is the set of tile-local pixels across the travel (rows for sideways travel,
// columns for vertical travel) that block the step when the box covers them: solid pixels
// (solid tiles, slopes, brushes), plus the whole entry line for an edge wall across the
// travel on the tile's entry edge or a one-way tile whose pass mask forbids the travel.
// Walls *along* the travel (between two tile rows inside a box moving sideways, two tile
// columns for vertical travel) block only a box that covers both sides, which no single
// pixel says: they are a flag per mask (along()). Each is exactly the corresponding part of
// CollisionWorld::rectBlocked for a free box (see tests/world/test_tile_masks.cpp).
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

namespace ts {

class CollisionWorld;

class TileMasks {
  public:
    enum Slot { kRight = 0, kLeft = 1, kDown = 2, kUp = 3 };
    // along() bits: a wall on the tile's bottom edge (sideways travel), right edge (vertical).
    enum Along : uint8_t { kAlongH = 1, kAlongV = 2 };
    // The id of tiles whose masks did not fit in the table: ask the detailed checks.
    static constexpr uint16_t kFallback = 0xffff;

    // 128 bytes; aligned so that one slot (32 bytes) never straddles two cache lines.
    struct alignas(64) Entry {
        uint16_t lines[4][16];  // [slot][leading line] -> blocking pixels across the travel
    };

    // Rebuilds from the world's map, cell bits and column heights; keeps at most maxEntries
    // distinct masks (the rest get kFallback; tests lower it to exercise that path).
    void build(const CollisionWorld& world, size_t maxEntries = kFallback);
    // Built (a 16-px map): every tile has an id, possibly kFallback.
    bool active() const { return !ids_.empty(); }
    // One id per tile, row-major like CollisionWorld::cellBitsData.
    const uint16_t* ids() const { return ids_.data(); }
    const Entry& entry(uint16_t id) const { return entries_[id]; }
    uint8_t along(uint16_t id) const { return along_[id]; }
    size_t entryCount() const { return entries_.size(); }
    // Heap bytes held (ids, masks, flags).
    size_t bytes() const;

    // The leading lines of `e` (for `slot`) on which a pixel of `across` blocks: bit i set
    // when lines[slot][i] & across != 0. Branch-free.
    static unsigned linesHit(const Entry& e, int slot, unsigned across);

  private:
    std::vector<uint16_t> ids_;
    std::vector<Entry> entries_;
    std::vector<uint8_t> along_;
};

}  // namespace ts

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace ts {

inline unsigned TileMasks::linesHit(const Entry& e, int slot, unsigned across) {
#if defined(__SSE2__)
    // 16 lines in two registers: AND with `across` in every lane, compare with zero, pack
    // the 16 lane results to bytes and take their sign bits.
    const __m128i sel = _mm_set1_epi16(short(across));
    const __m128i* p = reinterpret_cast<const __m128i*>(e.lines[slot]);
    const __m128i zero = _mm_setzero_si128();
    const __m128i lo = _mm_cmpeq_epi16(_mm_and_si128(_mm_loadu_si128(p), sel), zero);
    const __m128i hi = _mm_cmpeq_epi16(_mm_and_si128(_mm_loadu_si128(p + 1), sel), zero);
    return ~unsigned(_mm_movemask_epi8(_mm_packs_epi16(lo, hi))) & 0xffffu;
#else
    unsigned hit = 0;
    for (int i = 0; i < 16; ++i) hit |= unsigned((e.lines[slot][i] & across) != 0) << i;
    return hit;
#endif
}

}  // namespace ts
