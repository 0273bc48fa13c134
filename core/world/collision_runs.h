// The collision layer's leading-edge queries (CollisionWorld::stepBlocked, freeRun,
// supportRun): a box moving one pixel at a time, answered from the cell bits
// (CollisionWorld::cellBits, one byte per tile) and, for 16-px tiles, the tile masks
// (tile_masks.h), specialised per direction at compile time. kH: horizontal travel; kS: +1
// right/down, -1 left/up. Inline, so that a mover that runs every frame (the pixel sweep)
// keeps its boxes in registers; CollisionWorld's members are the same queries out of line,
// for any box.
//
// Every answer is exactly the collision layer's: a one-pixel step of box b is blocked when
// CollisionWorld::rectBlocked(b and the moved box together, travel) is true. Only the tiles
// that the box's leading edge enters are read; plain empty tiles and whole solid tiles are
// settled from their bits, and only walls, slopes, one-way tiles and brushes send a query to
// the detailed (out of line, collision_runs.cpp) checks. Precondition everywhere: the box is
// inside the map and not empty (SweepGrid::holds).
#pragma once
#include <algorithm>
#include <cstdint>
#include <cstring>

#include "world/collision.h"
#include "base/geom.h"

namespace ts {
namespace runs {

// A box in whole pixels.
struct Box {
    int64_t x, y, w, h;
};

// The collision layer as the queries read it: the cell bits, the shape bytes and the grid's
// sizes, straight from the CollisionWorld (one pointer, passed by value). kShift > 0: tiles of
// 2^kShift px (16 px, the common case, is compiled on its own: pixel -> tile is a constant
// shift); kShift == 0: any tile size, read at run time.
template <int kShift>
struct SweepGrid {
    // 16-px tiles read the per-tile pixel masks (CollisionWorld::tileMasks, built for every
    // 16-px map) instead of the per-feature detailed checks.
    static constexpr bool kMasked = kShift == 4;
    const CollisionWorld& world;

    const uint8_t* bits() const { return world.cellBitsData(); }      // 8 zero bytes after the last
    const uint8_t* shapes() const { return world.cellShapesData(); }  // shape | pass mask << 4
    int64_t width() const { return world.gridSize().width; }          // tiles per row
    int64_t tile() const { return kShift > 0 ? int64_t(1) << kShift : world.gridSize().tile; }
    int64_t widthPx() const { return world.gridSize().widthPx; }
    int64_t heightPx() const { return world.gridSize().heightPx; }
    const TileMasks& masks() const { return world.tileMasks(); }
    // Pixel -> tile, for pixels inside the map (never negative).
    int64_t tileOf(int64_t v) const {
        if (kShift > 0) return v >> kShift;
        const int shift = world.gridSize().tileShift;
        return shift >= 0 ? v >> shift : v / tile();
    }
    // Pixel -> tile, floored also for negative pixels.
    int64_t floorTile(int64_t v) const {
        if (kShift > 0) return v >> kShift;
        const int shift = world.gridSize().tileShift;
        return shift >= 0 ? v >> shift : floorDiv(v, tile());
    }
    // Unsigned compares, combined without branches: 1 <= w <= width and 0 <= x <= width - w
    // (the first makes width - w non-negative), the same along y.
    bool holds(const Box& b) const {
        const CollisionWorld::GridSize& gs = world.gridSize();
        return (uint64_t(b.w - 1) < uint64_t(gs.widthPx)) &
               (uint64_t(b.x) <= uint64_t(gs.widthPx - b.w)) &
               (uint64_t(b.h - 1) < uint64_t(gs.heightPx)) &
               (uint64_t(b.y) <= uint64_t(gs.heightPx - b.h));
    }
};

// The queries are small and called from few places, each with constant directions: always
// inlined, so that the callers' boxes stay in registers (GCC's own choice changes with every
// edit of the callers and costs a call with the box in memory when it goes out of line).
#define TS_SWEEP_INLINE __attribute__((always_inline)) inline

using CW = CollisionWorld;

// Cell bits of the tiles [c0, c1] across the travel in tile line `ti` (a tile column for
// horizontal travel, a tile row for vertical travel), as a word whose bytes together hold
// them (test with bytesOf(bit), or fold with unionOf).
template <bool kH, class G>
TS_SWEEP_INLINE uint64_t lineBits(G g, int64_t ti, int64_t c0, int64_t c1) {
    if (kH) {
        const uint8_t* cell = g.bits() + c0 * g.width() + ti;
        // One or two tile rows (boxes up to a tile tall plus one): both loaded, no loop
        // whose exit depends on the box's alignment.
        if (c1 - c0 <= 1) return cell[0] | cell[(c1 - c0) * g.width()];
        unsigned u = *cell;
        for (int64_t c = c0; c < c1; ++c) u |= *(cell += g.width());
        return u;
    }
    const uint8_t* row = g.bits() + ti * g.width() + c0;
    const int64_t n = c1 - c0 + 1;
    if (n > 8) {
        unsigned u = 0;
        for (int64_t i = 0; i < n; ++i) u |= row[i];
        return u;
    }
    // Up to 8 tiles in one load (the bits are padded for that), the first n bytes kept.
    static constexpr uint64_t kFirstBytes[9] = {
        0,           0xff,         0xffff,         0xffffff,
        0xffffffff,  0xffffffffff, 0xffffffffffff, 0xffffffffffffff,
        ~uint64_t(0)};
    static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "first bytes are the low bytes");
    uint64_t word;
    std::memcpy(&word, row, 8);
    return word & kFirstBytes[n];
}

// A cell bit in every byte of a lineBits word.
constexpr uint64_t bytesOf(unsigned bit) {
    return 0x0101010101010101ull * bit;
}

// The union of a lineBits word's bytes.
inline unsigned unionOf(uint64_t word) {
    word |= word >> 32;
    word |= word >> 16;
    word |= word >> 8;
    return unsigned(word & 0xff);
}

// The line a one-pixel step newly covers (its leading edge) and the box's extent across.
template <bool kH, int kS>
inline int64_t leadOf(const Box& b) {
    return kS > 0 ? (kH ? b.x + b.w : b.y + b.h) : (kH ? b.x : b.y) - 1;
}

constexpr int slotOf(bool kH, int kS) {
    return kH ? (kS > 0 ? TileMasks::kRight : TileMasks::kLeft)
              : (kS > 0 ? TileMasks::kDown : TileMasks::kUp);
}

// maskLine for boxes that meet three or more tiles across (id: the first tile's). Out of
// line: it needs registers that the common case should not have to save.
template <bool kH, class G, class HitOf>
__attribute__((noinline)) int64_t maskLineWide(G g, const uint16_t* id, int64_t a0, int64_t a1,
                                               HitOf hitOf) {
    const TileMasks& tm = g.masks();
    constexpr unsigned along = kH ? TileMasks::kAlongH : TileMasks::kAlongV;
    const int64_t c0 = a0 >> 4, c1 = (a1 - 1) >> 4, stride = kH ? g.width() : 1;
    const uint16_t idLo = id[0], idHi = id[(c1 - c0) * stride];
    if ((idLo == TileMasks::kFallback) | (idHi == TileMasks::kFallback)) return -1;
    const unsigned selLo = 0xffffu << (a0 & 15), selHi = 0xffffu >> (15 - ((a1 - 1) & 15));
    const bool two = c1 != c0;
    int64_t hit = hitOf(tm.entry(idLo), selLo & (two ? 0xffffu : selHi)) |
                  hitOf(tm.entry(idHi), two ? selHi : 0u) |
                  ((tm.along(idLo) & along) && two ? 0xffffu : 0u);
    for (int64_t c = c0 + 1; c < c1; ++c) {
        const uint16_t i = id[(c - c0) * stride];
        if (i == TileMasks::kFallback) return -1;
        hit |= hitOf(tm.entry(i), 0xffffu) | ((tm.along(i) & along) ? 0xffffu : 0u);
    }
    return hit;
}

// From the tile masks (16-px tiles), for the tiles of tile line ti that the box's pixels
// [a0, a1) across the travel meet: the OR of hitOf(mask entry, the box's pixels across in
// that tile), all 16 bits when a wall along the travel lies between two of those tiles
// (stepDetail's `c < c1`), or -1 when one of them has no masks (TileMasks::kFallback).
// Boxes meet one or two tiles across nearly always: both are read without a branch (the
// second with no pixels when there is one), only wider boxes loop.
template <bool kH, class G, class HitOf>
TS_SWEEP_INLINE int64_t maskLine(G g, int64_t ti, int64_t a0, int64_t a1, HitOf hitOf) {
    const TileMasks& tm = g.masks();
    constexpr unsigned along = kH ? TileMasks::kAlongH : TileMasks::kAlongV;
    const int64_t c0 = a0 >> 4, stride = kH ? g.width() : 1;
    const uint16_t* id = tm.ids() + (kH ? c0 * g.width() + ti : ti * g.width() + c0);
    const int64_t off = a0 & 15, n = a1 - a0;
    if (off + n <= 32) {
        // One or two tiles across (every box up to 17 px): the box's pixels as one 32-bit
        // window, the first tile's in the low half, the second's (if any) in the high half.
        const uint32_t win = uint32_t((uint64_t(1) << n) - 1) << off;
        const bool two = (win >> 16) != 0;
        const uint16_t idLo = id[0], idHi = id[two ? stride : 0];
        if (std::max(idLo, idHi) == TileMasks::kFallback) return -1;
        return hitOf(tm.entry(idLo), win & 0xffffu) | hitOf(tm.entry(idHi), win >> 16) |
               ((tm.along(idLo) & along) && two ? 0xffffu : 0u);
    }
    return maskLineWide<kH>(g, id, a0, a1, hitOf);
}

// stepDetail from the tile masks: 1 blocked, 0 free, -1 a tile without masks.
template <bool kH, int kS, class G>
TS_SWEEP_INLINE int maskStep(G g, int64_t lead, int64_t a0, int64_t a1) {
    const int64_t local = lead & 15;
    const int64_t hit =
        maskLine<kH>(g, lead >> 4, a0, a1, [local](const TileMasks::Entry& e, unsigned sel) {
            return e.lines[slotOf(kH, kS)][local] & sel;
        });
    return hit < 0 ? -1 : hit != 0;
}

// runDetail (and runBrushes: brushes are in the masks) from the tile masks: the blocking
// distance within tile line ti, at most `best`, or -1 for a tile without masks.
template <bool kH, int kS, class G>
TS_SWEEP_INLINE int64_t maskRun(G g, int64_t ti, int64_t first, int64_t a0, int64_t a1,
                                int64_t best) {
    // The leading lines of the tile on which a step is blocked.
    int64_t hit = maskLine<kH>(g, ti, a0, a1, [](const TileMasks::Entry& e, unsigned sel) {
        return TileMasks::linesHit(e, slotOf(kH, kS), sel);
    });
    if (hit < 0) return -1;
    // Only the lines from the run's first one on: the box already covers those behind it.
    const int64_t tileLo = ti << 4;
    int64_t d;
    if (kS > 0) {
        hit &= 0xffff << (std::max(tileLo, first) - tileLo);
        if (hit == 0) return best;
        d = tileLo + __builtin_ctzll(uint64_t(hit)) - first;
    } else {
        hit &= (2 << (std::min(tileLo + 15, first) - tileLo)) - 1;
        if (hit == 0) return best;
        d = first - (tileLo + 63 - __builtin_clzll(uint64_t(hit)));
    }
    return std::min(best, d);
}

// stepBlocked past the quick checks: the tiles of leading line `lead` hold walls, slopes,
// one-way tiles or brushes, and no whole solid tile.
template <bool kH, int kS, class G>
bool stepDetail(G g, int64_t lead, int64_t a0, int64_t a1);

// The blocking distance (steps before the first blocked one, at most `best`) within tile line
// `ti`, whose cells hold no whole solid tile, for the run whose first leading line is `first`.
template <bool kH, int kS, class G>
int64_t runDetail(G g, int64_t ti, int64_t first, int64_t a0, int64_t a1, int64_t best);

// Brushes in the strip the leading edge sweeps in `best` steps: the distance of the first.
template <bool kH, int kS, class G>
int64_t runBrushes(G g, int64_t first, int64_t a0, int64_t a1, int64_t best);

// stepBlocked from the cell bits: plain empty tiles and whole solid tiles settle it, the
// rest goes to stepDetail.
template <bool kH, int kS, class G>
TS_SWEEP_INLINE bool stepByBits(G g, int64_t lead, int64_t a0, int64_t a1) {
    const uint64_t u = lineBits<kH>(g, g.tileOf(lead), g.tileOf(a0), g.tileOf(a1 - 1));
    if (u == 0) return false;
    if (u & bytesOf(CW::kCellSolid)) return true;
    return stepDetail<kH, kS>(g, lead, a0, a1);
}

// The same, out of line: with tile masks only tiles without masks need it.
template <bool kH, int kS, class G>
__attribute__((noinline)) bool stepByBitsOutOfLine(G g, int64_t lead, int64_t a0, int64_t a1) {
    return stepByBits<kH, kS>(g, lead, a0, a1);
}

// Is the one-pixel step of b blocked?
template <bool kH, int kS, class G>
TS_SWEEP_INLINE bool stepBlocked(G g, const Box& b) {
    const int64_t lead = leadOf<kH, kS>(b);
    if (kS > 0 ? lead >= (kH ? g.widthPx() : g.heightPx()) : lead < 0) return true;
    const int64_t a0 = kH ? b.y : b.x, a1 = kH ? b.y + b.h : b.x + b.w;
    if constexpr (G::kMasked) {
        // Every tile has masks (empty tiles none set, solid tiles all): no branch on what
        // the tiles hold.
        const int hit = maskStep<kH, kS>(g, lead, a0, a1);
        if (hit >= 0) return hit != 0;
        return stepByBitsOutOfLine<kH, kS>(g, lead, a0, a1);
    }
    return stepByBits<kH, kS>(g, lead, a0, a1);
}

// Number of one-pixel steps (0..maxSteps) b can take before a step is blocked.
template <bool kH, int kS, class G>
TS_SWEEP_INLINE int64_t freeRun(G g, const Box& b, int64_t maxSteps) {
    const int64_t first = leadOf<kH, kS>(b);
    // Outside the map is solid: the leading edge may reach the last pixel (or 0) at most.
    int64_t best =
        std::min(maxSteps, kS > 0 ? (kH ? g.widthPx() : g.heightPx()) - first : first + 1);
    if (best <= 0) return 0;
    const int64_t a0 = kH ? b.y : b.x, a1 = kH ? b.y + b.h : b.x + b.w;
    const int64_t c0 = g.tileOf(a0), c1 = g.tileOf(a1 - 1);
    int64_t tiLast = g.tileOf(first + kS * (best - 1));
    const int64_t tiFirst = g.tileOf(first);
    // A run within two tile lines (nearly every run below 16 px per frame) reads both lines'
    // bits at once: when they are empty, as they mostly are, the run is free without a loop
    // whose exit depends on the box's alignment.
    if (kS > 0 ? tiLast - tiFirst <= 1 : tiFirst - tiLast <= 1) {
        if ((lineBits<kH>(g, tiFirst, c0, c1) | lineBits<kH>(g, tiLast, c0, c1)) == 0) return best;
    }
    uint64_t seen = 0;
    for (int64_t ti = tiFirst;; ti += kS) {
        const uint64_t u = lineBits<kH>(g, ti, c0, c1);
        if (u != 0) {
            // Brushes are searched at the end, only for lines the masks did not answer.
            if (!G::kMasked) seen |= u;
            if (u & bytesOf(CW::kCellSolid)) {
                // Nothing in a tile blocks before its first pixel, which a solid tile blocks.
                const int64_t firstLead = kS > 0 ? std::max(ti * g.tile(), first)
                                                 : std::min(ti * g.tile() + g.tile() - 1, first);
                best = (firstLead - first) * kS;
                break;
            }
            const int64_t was = best;
            int64_t got = -1;
            if constexpr (G::kMasked) got = maskRun<kH, kS>(g, ti, first, a0, a1, best);
            if (got < 0) {
                seen |= u;
                got = runDetail<kH, kS>(g, ti, first, a0, a1, best);
            }
            best = got;
            if (best == 0) return 0;
            if (best != was) tiLast = g.tileOf(first + kS * (best - 1));
        }
        if (kS > 0 ? ti >= tiLast : ti <= tiLast) break;
    }
    if ((seen & bytesOf(CW::kCellBrush)) && best > 0)
        best = runBrushes<kH, kS>(g, first, a0, a1, best);
    return best;
}

// Without the climb probes: after the plain side step of b (direction sg) was found blocked,
// can no climb of up to `stepHeight` px succeed? Every lifted box shares the rows
// [y - 1, y + h - 1 - stepHeight] of the leading column; a solid tile there, or those rows
// or that column leaving the map, blocks every side probe whatever the head-room probes say.
template <class G>
TS_SWEEP_INLINE bool climbSurelyFails(G g, const Box& b, int sg, int stepHeight) {
    const int64_t rows = b.h - stepHeight + 1;
    if (rows <= 0) return false;
    const int64_t col = sg > 0 ? b.x + b.w : b.x - 1, y0 = b.y - 1, y1 = y0 + rows - 1;
    if (col < 0 || col >= g.widthPx() || y0 < 0 || y1 >= g.heightPx()) return true;
    return (lineBits<true>(g, g.tileOf(col), g.tileOf(y0), g.tileOf(y1)) & CW::kCellSolid) != 0;
}

// Number of one-pixel horizontal steps (0..maxSteps, dir +1 right, -1 left) after each of
// which the box one pixel lower is certainly blocked for downward travel, judged only from
// whole tiles under the box (CollisionWorld::supportRun).
template <class G>
int64_t supportRun(G g, const Box& b, int dir, int64_t maxSteps);

}  // namespace runs
}  // namespace ts
