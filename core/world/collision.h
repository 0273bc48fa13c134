// The shared collision layer: the one place that answers "is this pixel solid", "does this
// box hit anything when it moves this way", "is there a wall on this grid edge", "is this
// cell blocked for this direction of travel". Every mover asks here; the app never
// reimplements any of it. Outside the map is solid. Every query is O(1) per pixel or cell.
//
// A CollisionWorld reads the Map it was built from and caches summaries of it (brush buckets,
// per-tile flags): call rebuild() after ANY change to the map (tiles, walls, tileset,
// brushes). The Map must outlive it.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "base/geom.h"
#include "map/map.h"
#include "world/detail/tile_masks.h"

namespace ts {

class CollisionWorld {
  public:
    explicit CollisionWorld(const Map& map);
    // Holds the map without building anything: call rebuild() before the first query.
    // Lets a Sim defer the build (tens of ms on a large map) until something steps.
    struct Deferred {};
    CollisionWorld(const Map& map, Deferred) : map_(&map) {}
    void rebuild();

    // How many (brush, bucket) entries rebuild() stores for brush r in a width x height map of
    // tileSize tiles: the buckets (kBucket x kBucket tiles) the rectangle covers in the map.
    // A full-map brush on 1024 x 512 tiles covers 8192, so 2^19 of them would ask for 2^32
    // entries: loaders and validateMap keep a map's sum at most kMaxBrushBucketEntries, so that
    // the memory a map needs to run is bounded by its content, not only by its file's size.
    static uint64_t brushBucketEntries(const RectI& r, int32_t tileSize, int32_t width,
                                       int32_t height);
    // The sum over all of the map's brushes.
    static uint64_t brushBucketEntries(const Map& m);
    static constexpr uint64_t kMaxBrushBucketEntries = uint64_t(1) << 25;  // 128 MiB of indices
    // "" if a map whose brushes need `entries` in total can run, else the problem.
    static std::string brushBucketProblem(uint64_t entries);
    const Map& map() const { return *map_; }
    // Different for every build of every CollisionWorld in the process (0: never built), so
    // that a copy of the world kept elsewhere (a plugin host's) knows when it is stale.
    uint64_t generation() const { return generation_; }

    int32_t tileSize() const { return tile_; }
    int64_t widthPx() const { return int64_t(map_->width) * tile_; }
    int64_t heightPx() const { return int64_t(map_->height) * tile_; }

    // Shape of the tile at cell (cx, cy); outside the map: Solid.
    Shape shapeAt(int64_t cx, int64_t cy) const;
    uint8_t passMaskAt(int64_t cx, int64_t cy) const;

    // Seed 004's cell rule: a cell is blocked unless it is empty, or one-way with `travel`
    // in its pass mask. Slopes count as solid cells. Outside the map: blocked.
    // travel = DIR_NONE asks about standing in the cell: one-way cells are not blocked.
    bool cellBlocked(int64_t cx, int64_t cy, uint8_t travel) const;

    // Static solidity of one pixel: solid tiles, slope masks, brushes, outside the map.
    // One-way tiles and edge walls (lines, not pixels) do not count.
    bool solidPixel(int64_t x, int64_t y) const;

    // Does box r hit anything, for a box that has just moved one step in `travel` (one Dir
    // bit) or stands still (DIR_NONE)? Counts solidPixel geometry, edge walls that cross the
    // box's interior (touching a wall is not hitting it), and one-way tiles whose pass mask
    // lacks `travel`, but only where the box's leading edge enters the tile through its
    // entry edge (landing on a platform from above, not when already inside it).
    bool rectBlocked(const RectI& r, uint8_t travel) const;
    bool rectOverlapsSolid(const RectI& r) const { return rectBlocked(r, DIR_NONE); }

    // A box moving one pixel at a time (the pixel sweep's leading-edge questions), answered
    // tile by tile from the cell bits and tile masks (collision_runs.h, whose inline versions
    // a mover may call directly) instead of pixel by pixel; defined in collision_runs.cpp.
    // Number of one-pixel steps (0..maxSteps) that `box` can take in `travel` (one Dir bit)
    // before a step is blocked: exactly the answer of asking rectBlocked(swept, travel) for
    // each step, `swept` being the box before and after the step together. (For boxes at
    // least 2 px long in the travel direction that is the moved box alone; a 1-px box would
    // otherwise slip through an edge wall, which is never strictly inside it.) Precondition:
    // the box itself is free (rectOverlapsSolid false, no wall crossing it); a box not inside
    // the map gets 0, an empty one maxSteps. A long free stretch costs O(tiles).
    int64_t freeRun(const RectI& box, uint8_t travel, int64_t maxSteps) const;
    // freeRun(box, travel, 1) == 0, the single step most probes ask about.
    bool stepBlocked(const RectI& box, uint8_t travel) const;
    // Number of one-pixel horizontal steps (0..maxSteps, sign of `dir` = +1 right, -1 left)
    // after each of which the box one pixel lower is certainly blocked for DIR_DOWN, judged
    // only from whole tiles (solid, bottom rows of slopes, one-way tops, horizontal walls)
    // under the box: a lower bound (brushes and partial slopes may support more), which lets
    // a walking sweep skip its per-pixel ground probes on flat floors.
    int64_t supportRun(const RectI& box, int dir, int64_t maxSteps) const;

    // Edge walls, including the map border (seed 002). Horizontal: top edge of cell
    // (cx, cy); vertical: left edge of cell (cx, cy).
    bool wallH(int64_t cx, int64_t cy) const;
    bool wallV(int64_t cx, int64_t cy) const;

    // Rectangles of the geometry that overlaps r (for debug overlays): whole solid or slope
    // tiles, brushes, and walls as zero-thickness rectangles.
    void collectSolids(const RectI& r, std::vector<RectI>& out) const;

    // Calls fn(const RectI&) for each brush overlapping r, through the buckets (O(1) for
    // small r). A brush that spans several buckets may be reported more than once.
    template <class Fn>
    void forEachBrushOverlapping(const RectI& r, Fn&& fn) const {
        if (bucketItems_.empty() || r.empty()) return;
        const int64_t span = int64_t(kBucket) * tile_;
        // Movers call this every step: shift instead of dividing for power-of-two tiles.
        const int sh = (span & (span - 1)) == 0 ? __builtin_ctzll(uint64_t(span)) : -1;
        auto bucket = [&](int64_t px) { return sh >= 0 ? px >> sh : floorDiv(px, span); };
        int64_t bx0 = bucket(r.x), bx1 = bucket(r.right() - 1);
        int64_t by0 = bucket(r.y), by1 = bucket(r.bottom() - 1);
        if (bx0 < 0) bx0 = 0;
        if (by0 < 0) by0 = 0;
        if (bx1 > bucketsX_ - 1) bx1 = bucketsX_ - 1;
        if (by1 > bucketsY_ - 1) by1 = bucketsY_ - 1;
        for (int64_t by = by0; by <= by1; ++by)
            for (int64_t bx = bx0; bx <= bx1; ++bx) {
                size_t b = size_t(by * bucketsX_ + bx);
                for (size_t i = bucketStart_[b]; i < bucketStart_[b + 1]; ++i) {
                    const RectI& br = map_->brushes[bucketItems_[i]].rect;
                    if (br.overlaps(r)) fn(br);
                }
            }
    }

    // One byte per tile summarising what a sweep must look at (CellBit flags), so that movers
    // can skip empty stretches with one load per tile (rectBlocked answers from them first).
    // Built by rebuild() from the tiles, walls and brushes: call rebuild() after editing any.
    // Only for cells inside the map.
    enum CellBit : uint8_t {
        kCellSolid = 1,        // a solid tile (or an unknown kind): every pixel solid
        kCellPartial = 2,      // a slope or one-way tile: ask shapeAt / passMaskAt
        kCellWallLeft = 4,     // an edge wall on the tile's left edge (map walls only)
        kCellWallRight = 8,    // ... on its right edge
        kCellWallTop = 16,     // ... on its top edge
        kCellWallBottom = 32,  // ... on its bottom edge
        kCellBrush = 64,       // some brush overlaps the tile
    };
    uint8_t cellBits(int64_t cx, int64_t cy) const {
        return cellBits_[size_t(cy * map_->width + cx)];
    }
    // Row-major, map width per row: the same bytes as cellBits, for loops. Followed by 8 zero
    // bytes, so that a reader may load 8 bytes at once starting at any cell.
    const uint8_t* cellBitsData() const { return cellBits_.data(); }
    // The grid's sizes in one place, for sweeps that scan tiles (filled by rebuild()): tiles
    // per row and per column, the tile size, log2 of the tile size when it is a power of two
    // (else -1), and the map's size in px.
    struct GridSize {
        int64_t width = 0, height = 0, tile = 16;
        int tileShift = 4;
        int64_t widthPx = 0, heightPx = 0;
    };
    const GridSize& gridSize() const { return gridSize_; }
    // Per tile: its Shape in the low 4 bits and its one-way pass mask (passMaskAt) in the high
    // 4 bits, row-major like cellBitsData: shapeAt and passMaskAt in one load, for sweeps that
    // read many tiles. Built by rebuild(). Only for cells inside the map.
    const uint8_t* cellShapesData() const { return cellShapes_.data(); }
    // Solid column heights of a shape (shapeColumnHeight), one per column of a tile.
    const uint16_t* columnHeights(Shape s) const { return &colHeight_[size_t(s) * size_t(tile_)]; }
    // Per-tile pixel masks of the leading-edge questions, for 16-px tiles (tile_masks.h);
    // built by rebuild().
    const TileMasks& tileMasks() const { return masks_; }
    // Keeps at most n distinct masks from now on (tiles beyond get TileMasks::kFallback, the
    // sweeps' detailed checks): lets tests exercise that path on small maps.
    void limitTileMasks(size_t n) {
        maskLimit_ = n;
        masks_.build(*this, n);
    }

  private:
    void rebuildCellBits();
    bool tileRectSolid(int64_t tx, int64_t ty, const RectI& r, uint8_t travel) const;
    bool brushHit(const RectI& r) const;
    bool wallsCross(const RectI& r) const;

    const Map* map_;
    uint64_t generation_ = 0;
    int32_t tile_ = 16;
    std::vector<Shape> kindShape_;
    std::vector<uint8_t> kindMask_;
    std::vector<uint16_t> colHeight_;  // [shape * tile + column]
    // Brushes bucketed on a coarse grid of kBucket x kBucket tiles (compressed rows).
    static constexpr int kBucket = 8;
    int64_t bucketsX_ = 0, bucketsY_ = 0;
    std::vector<size_t> bucketStart_;    // 64-bit: the sum over brushes can pass 2^32
    std::vector<uint32_t> bucketItems_;  // brush indices
    std::vector<uint8_t> cellBits_;      // width * height CellBit flags, then 8 zero bytes
    std::vector<uint8_t> cellShapes_;    // width * height shape | pass mask << 4
    GridSize gridSize_;
    TileMasks masks_;
    size_t maskLimit_ = TileMasks::kFallback;
};

}  // namespace ts
