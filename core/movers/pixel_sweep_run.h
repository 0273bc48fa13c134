// Leading-edge queries for the pixel sweep (seed 001): how far a box can move one pixel at a
// time before something stops it, answered tile by tile (one byte per tile, from
// CollisionWorld::cellBits) instead of pixel by pixel.
#pragma once
#include <cstdint>
#include <cstring>

#include "../collision.h"
#include "../geom.h"

namespace ts {

// The collision layer's per-tile summary (CollisionWorld::cellBits), for quick checks that
// settle most probes of a frame with a few byte loads before an exact run query is needed.
class CellView {
  public:
    static constexpr unsigned kOutside = 0x100;  // bitsOver: part of the rectangle is off the map

    explicit CellView(const CollisionWorld& w)
        : bits_(w.cellBitsData()),
          width_(w.map().width),
          tile_(w.tileSize()),
          shift_((tile_ & (tile_ - 1)) == 0 ? __builtin_ctzll(uint64_t(tile_)) : -1),
          widthPx_(w.widthPx()),
          heightPx_(w.heightPx()) {}

    // Union of the cell bits of every tile that r (not empty) touches, plus kOutside when r
    // is not inside the map. 0: r holds nothing solid, no wall on any edge of its tiles, no
    // brush, no slope or one-way tile.
    unsigned bitsOver(const RectI& r) const {
        if (r.x < 0 || r.y < 0 || r.right() > widthPx_ || r.bottom() > heightPx_) return kOutside;
        const int64_t tx0 = tileOf(r.x), n = tileOf(r.right() - 1) - tx0 + 1;
        const int64_t ty0 = tileOf(r.y), ty1 = tileOf(r.bottom() - 1);
        // Up to 8 tiles of a row in one 8-byte load (the bits are padded for that), OR-ed
        // over the rows and folded into one byte at the end.
        if (n > 8) return bitsOverWide(tx0, n, ty0, ty1);
        const uint64_t keep = n == 8 ? ~uint64_t(0) : (uint64_t(1) << (8 * n)) - 1;
        uint64_t acc = 0;
        const uint8_t* row = bits_ + ty0 * width_ + tx0;
        for (int64_t ty = ty0; ty <= ty1; ++ty, row += width_) {
            uint64_t word;
            std::memcpy(&word, row, 8);
            acc |= word;
        }
        acc &= keep;
        acc |= acc >> 32;
        acc |= acc >> 16;
        acc |= acc >> 8;
        return unsigned(acc & 0xff);
    }

  private:
    int64_t tileOf(int64_t px) const { return shift_ >= 0 ? px >> shift_ : px / tile_; }
    unsigned bitsOverWide(int64_t tx0, int64_t n, int64_t ty0, int64_t ty1) const {
        unsigned u = 0;
        for (int64_t ty = ty0; ty <= ty1; ++ty)
            for (const uint8_t *c = bits_ + ty * width_ + tx0, *e = c + n; c < e; ++c) u |= *c;
        return u;
    }

    const uint8_t* bits_;
    int64_t width_, tile_;
    int shift_;
    int64_t widthPx_, heightPx_;
};

// Number of one-pixel steps (0..maxSteps) that `box` can take in `travel` (one Dir bit)
// before a step is blocked, with exactly the answer of stepping one pixel at a time and
// asking CollisionWorld::rectBlocked(swept, travel) for each step, where `swept` is the box
// before and after the step together. (For boxes at least 2 px long in the travel direction
// that is the same as asking about the moved box alone; a 1-px box would otherwise slip
// through an edge wall, which is never strictly inside it.)
// Precondition: the box itself is free (inside the map, rectOverlapsSolid false, no wall
// crossing it); a box that is not inside the map gets 0. It only looks at what the box's
// leading edge enters, one tile at a time, so a long free stretch costs O(tiles); brushes
// are searched only when a tile on the way is marked as touched by one.
int64_t sweepFreeRun(const CollisionWorld& world, const RectI& box, uint8_t travel,
                     int64_t maxSteps);

// sweepFreeRun(world, box, travel, 1) == 0, the single step most probes ask about, without
// the run's bookkeeping: only the tiles of the leading edge are read.
bool sweepStepBlocked(const CollisionWorld& world, const RectI& box, uint8_t travel);

// Number of one-pixel horizontal steps (0..maxSteps, sign of `dir` = +1 right, -1 left)
// after each of which the box one pixel lower is certainly blocked for DIR_DOWN, judged only
// from whole tiles (solid, bottom rows of slopes, one-way tops, horizontal walls) under the
// box. A conservative lower bound: the exact answer may be larger (brushes, partial
// slopes), never smaller. Lets the walking sweep skip its per-pixel ground probes on flat
// floors.
int64_t sweepSupportRun(const CollisionWorld& world, const RectI& box, int dir, int64_t maxSteps);

}  // namespace ts
