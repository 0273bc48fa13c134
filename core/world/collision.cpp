#include "world/collision.h"

#include <algorithm>
#include <atomic>

namespace ts {

namespace {

// floorDiv(a, b) for b > 0, as a shift when b == 1 << shift (shift -1: divide). The queries
// a mover asks every step (rectBlocked, brushHit, wallsCross) spent most of their time in
// int64 divisions by the tile size; an arithmetic shift floors negative values the same way.
inline int64_t floorDivBy(int64_t a, int64_t b, int shift) {
    return shift >= 0 ? a >> shift : floorDiv(a, b);
}

}  // namespace

CollisionWorld::CollisionWorld(const Map& map) : map_(&map) {
    rebuild();
}

void CollisionWorld::rebuild() {
    // Process-wide and atomic: a generation no other world and no earlier build has, for the
    // caches keyed by a world to compare.
    static std::atomic<uint64_t> builds{0};
    generation_ = ++builds;
    const Map& m = *map_;
    tile_ = m.tileSize;
    kindShape_.clear();
    kindMask_.clear();
    for (const TileKind& k : m.tileset.kinds) {
        kindShape_.push_back(k.shape);
        kindMask_.push_back(k.shape == Shape::OneWay ? k.passMask : 0);
    }
    colHeight_.assign(size_t(Shape::Count) * size_t(tile_), 0);
    for (size_t s = 0; s < size_t(Shape::Count); ++s)
        for (int c = 0; c < tile_; ++c)
            colHeight_[s * size_t(tile_) + size_t(c)] =
                uint16_t(shapeColumnHeight(Shape(s), c, tile_));

    bucketsX_ = (m.width + kBucket - 1) / kBucket;
    bucketsY_ = (m.height + kBucket - 1) / kBucket;
    const int64_t span = int64_t(kBucket) * tile_;
    std::vector<size_t> counts(size_t(bucketsX_ * bucketsY_) + 1, 0);
    auto forBuckets = [&](const RectI& r, auto&& fn) {
        int64_t bx0 = std::max<int64_t>(0, floorDiv(r.x, span));
        int64_t by0 = std::max<int64_t>(0, floorDiv(r.y, span));
        int64_t bx1 = std::min<int64_t>(bucketsX_ - 1, floorDiv(r.right() - 1, span));
        int64_t by1 = std::min<int64_t>(bucketsY_ - 1, floorDiv(r.bottom() - 1, span));
        for (int64_t by = by0; by <= by1; ++by)
            for (int64_t bx = bx0; bx <= bx1; ++bx) fn(size_t(by * bucketsX_ + bx));
    };
    for (const Brush& b : m.brushes)
        if (!b.rect.empty()) forBuckets(b.rect, [&](size_t i) { ++counts[i + 1]; });
    for (size_t i = 1; i < counts.size(); ++i) counts[i] += counts[i - 1];
    bucketStart_ = counts;
    bucketItems_.assign(counts.back(), 0);
    std::vector<size_t> fill(counts.begin(), counts.end() - 1);
    for (size_t bi = 0; bi < m.brushes.size(); ++bi)
        if (!m.brushes[bi].rect.empty())
            forBuckets(m.brushes[bi].rect,
                       [&](size_t i) { bucketItems_[fill[i]++] = uint32_t(bi); });
    rebuildCellBits();
    masks_.build(*this, maskLimit_);  // reads the cell bits and the brush buckets
}

uint64_t CollisionWorld::brushBucketEntries(const RectI& r, int32_t tileSize, int32_t width,
                                            int32_t height) {
    if (r.empty() || tileSize < 1 || width < 1 || height < 1) return 0;
    const int64_t span = int64_t(kBucket) * tileSize;
    const int64_t bucketsX = (int64_t(width) + kBucket - 1) / kBucket;
    const int64_t bucketsY = (int64_t(height) + kBucket - 1) / kBucket;
    // The same clamped range as rebuild()'s forBuckets.
    const int64_t bx0 = std::max<int64_t>(0, floorDiv(r.x, span));
    const int64_t by0 = std::max<int64_t>(0, floorDiv(r.y, span));
    const int64_t bx1 = std::min<int64_t>(bucketsX - 1, floorDiv(r.right() - 1, span));
    const int64_t by1 = std::min<int64_t>(bucketsY - 1, floorDiv(r.bottom() - 1, span));
    if (bx1 < bx0 || by1 < by0) return 0;
    return uint64_t(bx1 - bx0 + 1) * uint64_t(by1 - by0 + 1);
}

uint64_t CollisionWorld::brushBucketEntries(const Map& m) {
    uint64_t entries = 0;
    for (const Brush& b : m.brushes)
        entries += brushBucketEntries(b.rect, m.tileSize, m.width, m.height);
    return entries;
}

std::string CollisionWorld::brushBucketProblem(uint64_t entries) {
    if (entries <= kMaxBrushBucketEntries) return "";
    return "the brushes cover " + std::to_string(entries) + " collision buckets of " +
           std::to_string(kBucket) + " x " + std::to_string(kBucket) +
           " tiles (counted once per brush), more than the " +
           std::to_string(kMaxBrushBucketEntries) + " a map may use to run";
}

void CollisionWorld::rebuildCellBits() {
    const Map& m = *map_;
    gridSize_.width = m.width;
    gridSize_.height = m.height;
    gridSize_.tile = tile_;
    gridSize_.tileShift = (tile_ & (tile_ - 1)) == 0 ? __builtin_ctz(uint32_t(tile_)) : -1;
    gridSize_.widthPx = widthPx();
    gridSize_.heightPx = heightPx();
    static_assert(size_t(Shape::Count) <= 16, "a shape fits in 4 bits");
    cellBits_.assign(size_t(m.width) * size_t(m.height) + 8, 0);
    cellShapes_.assign(size_t(m.width) * size_t(m.height), 0);
    for (int64_t cy = 0; cy < m.height; ++cy)
        for (int64_t cx = 0; cx < m.width; ++cx) {
            const Shape s = shapeAt(cx, cy);
            cellShapes_[size_t(cy * m.width + cx)] = uint8_t(uint8_t(s) | passMaskAt(cx, cy) << 4);
            uint8_t b = s == Shape::Solid ? kCellSolid : s == Shape::Empty ? 0 : kCellPartial;
            if (m.walls.v(cx, cy)) b |= kCellWallLeft;
            if (m.walls.v(cx + 1, cy)) b |= kCellWallRight;
            if (m.walls.h(cx, cy)) b |= kCellWallTop;
            if (m.walls.h(cx, cy + 1)) b |= kCellWallBottom;
            cellBits_[size_t(cy * m.width + cx)] = b;
        }
    // The tiles some brush overlaps, swept row by row over per-column differences (a brush
    // adds one where its columns start, takes one away past its end): linear in the map's
    // area plus the brushes, where marking each brush's tiles was brushes x area.
    if (m.brushes.empty()) return;
    struct Span {
        int64_t cy, cx0, cx1;  // from tile row cy on, columns [cx0, cx1]
        int32_t delta;
    };
    std::vector<Span> spans;
    for (const Brush& br : m.brushes) {
        if (br.rect.empty()) continue;
        const int64_t cx0 = std::max<int64_t>(0, floorDiv(br.rect.x, tile_));
        const int64_t cy0 = std::max<int64_t>(0, floorDiv(br.rect.y, tile_));
        const int64_t cx1 = std::min<int64_t>(m.width - 1, floorDiv(br.rect.right() - 1, tile_));
        const int64_t cy1 = std::min<int64_t>(m.height - 1, floorDiv(br.rect.bottom() - 1, tile_));
        if (cx0 > cx1 || cy0 > cy1) continue;
        spans.push_back({cy0, cx0, cx1, +1});
        spans.push_back({cy1 + 1, cx0, cx1, -1});
    }
    std::sort(spans.begin(), spans.end(), [](const Span& a, const Span& b) { return a.cy < b.cy; });
    std::vector<int32_t> diff(size_t(m.width) + 1, 0);
    size_t next = 0;
    for (int64_t cy = 0; cy < m.height && next < spans.size(); ++cy) {
        for (; next < spans.size() && spans[next].cy <= cy; ++next) {
            diff[size_t(spans[next].cx0)] += spans[next].delta;
            diff[size_t(spans[next].cx1 + 1)] -= spans[next].delta;
        }
        int32_t count = 0;
        for (int64_t cx = 0; cx < m.width; ++cx) {
            count += diff[size_t(cx)];
            if (count > 0) cellBits_[size_t(cy * m.width + cx)] |= kCellBrush;
        }
    }
}

Shape CollisionWorld::shapeAt(int64_t cx, int64_t cy) const {
    if (!map_->inside(cx, cy)) return Shape::Solid;
    uint16_t id = map_->tile(cx, cy);
    return id < kindShape_.size() ? kindShape_[id] : Shape::Solid;
}

uint8_t CollisionWorld::passMaskAt(int64_t cx, int64_t cy) const {
    if (!map_->inside(cx, cy)) return 0;
    uint16_t id = map_->tile(cx, cy);
    return id < kindMask_.size() ? kindMask_[id] : 0;
}

bool CollisionWorld::cellBlocked(int64_t cx, int64_t cy, uint8_t travel) const {
    Shape s = shapeAt(cx, cy);
    if (s == Shape::Empty) return false;
    if (s == Shape::OneWay) return travel != DIR_NONE && !(passMaskAt(cx, cy) & travel);
    return true;
}

bool CollisionWorld::solidPixel(int64_t x, int64_t y) const {
    if (x < 0 || y < 0 || x >= widthPx() || y >= heightPx()) return true;
    int64_t tx = x / tile_, ty = y / tile_;
    Shape s = shapeAt(tx, ty);
    if (s != Shape::Empty && s != Shape::OneWay) {
        int64_t lx = x - tx * tile_, ly = y - ty * tile_;
        if (ly >= tile_ - colHeight_[size_t(s) * size_t(tile_) + size_t(lx)]) return true;
    }
    return brushHit(RectI{x, y, 1, 1});
}

bool CollisionWorld::tileRectSolid(int64_t tx, int64_t ty, const RectI& r, uint8_t travel) const {
    Shape s = shapeAt(tx, ty);
    if (s == Shape::Empty) return false;
    const int64_t ox = tx * tile_, oy = ty * tile_;
    if (s == Shape::OneWay) {
        if (travel == DIR_NONE || (passMaskAt(tx, ty) & travel)) return false;
        // Only the box's leading edge, entering through the tile's entry edge, is stopped.
        switch (travel) {
            case DIR_DOWN:
                return r.bottom() - 1 == oy;
            case DIR_UP:
                return r.y == oy + tile_ - 1;
            case DIR_RIGHT:
                return r.right() - 1 == ox;
            case DIR_LEFT:
                return r.x == ox + tile_ - 1;
            default:
                return false;
        }
    }
    if (s == Shape::Solid) return true;
    // Slope: some column c in the overlap has solid rows [tile - h(c), tile) reaching into
    // the overlap's rows [ly0, ly1).
    int64_t lx0 = std::max<int64_t>(r.x - ox, 0), lx1 = std::min<int64_t>(r.right() - ox, tile_);
    int64_t ly1 = std::min<int64_t>(r.bottom() - oy, tile_);
    const uint16_t* col = &colHeight_[size_t(s) * size_t(tile_)];
    for (int64_t c = lx0; c < lx1; ++c)
        if (col[c] > 0 && ly1 > tile_ - col[c]) return true;
    return false;
}

bool CollisionWorld::brushHit(const RectI& r) const {
    if (bucketItems_.empty()) return false;
    // gridSize_ is rebuilt with the buckets and tile_, so its shift matches both.
    const int tsh = gridSize_.tileShift;
    const int64_t tx0 = floorDivBy(r.x, tile_, tsh), tx1 = floorDivBy(r.right() - 1, tile_, tsh);
    const int64_t ty0 = floorDivBy(r.y, tile_, tsh), ty1 = floorDivBy(r.bottom() - 1, tile_, tsh);
    // Early rejection, exact: a brush overlapping r shares a pixel with it, and the tile of
    // that pixel has kCellBrush (set by rebuild from the same brushes as the buckets). Most
    // boxes touch no brush tile; one load per tile then answers instead of a bucket scan.
    // Only where r's tiles are inside the grid the bits were built for.
    if (tx0 >= 0 && ty0 >= 0 && tx1 < gridSize_.width && ty1 < gridSize_.height) {
        uint8_t any = 0;
        for (int64_t ty = ty0; ty <= ty1; ++ty) {
            const uint8_t* row = &cellBits_[size_t(ty * gridSize_.width)];
            for (int64_t tx = tx0; tx <= tx1; ++tx) any |= row[tx];
        }
        if (!(any & kCellBrush)) return false;
    }
    static_assert((kBucket & (kBucket - 1)) == 0, "buckets of a power of two tiles");
    const int64_t span = int64_t(kBucket) * tile_;
    const int bsh = tsh >= 0 ? tsh + __builtin_ctz(unsigned(kBucket)) : -1;
    int64_t bx0 = std::max<int64_t>(0, floorDivBy(r.x, span, bsh));
    int64_t by0 = std::max<int64_t>(0, floorDivBy(r.y, span, bsh));
    int64_t bx1 = std::min<int64_t>(bucketsX_ - 1, floorDivBy(r.right() - 1, span, bsh));
    int64_t by1 = std::min<int64_t>(bucketsY_ - 1, floorDivBy(r.bottom() - 1, span, bsh));
    for (int64_t by = by0; by <= by1; ++by)
        for (int64_t bx = bx0; bx <= bx1; ++bx) {
            size_t b = size_t(by * bucketsX_ + bx);
            for (size_t i = bucketStart_[b]; i < bucketStart_[b + 1]; ++i)
                if (map_->brushes[bucketItems_[i]].rect.overlaps(r)) return true;
        }
    return false;
}

bool CollisionWorld::wallsCross(const RectI& r) const {
    const EdgeWalls& w = map_->walls;
    if (w.horiz.empty() && w.vert.empty()) return false;
    const int64_t t = tile_;
    const int sh = gridSize_.tileShift;
    // Grid lines strictly inside the box: x = k*t with r.x < k*t < r.right().
    const int64_t cx0 = floorDivBy(r.x, t, sh), cx1 = floorDivBy(r.right() - 1, t, sh);
    const int64_t cy0 = floorDivBy(r.y, t, sh), cy1 = floorDivBy(r.bottom() - 1, t, sh);
    const int64_t kx0 = cx0 + 1, kx1 = cx1;
    const int64_t ky0 = cy0 + 1, ky1 = cy1;
    for (int64_t kx = kx0; kx <= kx1; ++kx)
        for (int64_t cy = cy0; cy <= cy1; ++cy)
            if (w.v(kx, cy)) return true;
    for (int64_t ky = ky0; ky <= ky1; ++ky)
        for (int64_t cx = cx0; cx <= cx1; ++cx)
            if (w.h(cx, ky)) return true;
    return false;
}

bool CollisionWorld::rectBlocked(const RectI& r, uint8_t travel) const {
    if (r.empty()) return false;
    if (r.x < 0 || r.y < 0 || r.right() > widthPx() || r.bottom() > heightPx()) return true;
    // r is inside the map here: no negative pixel to floor.
    const int sh = gridSize_.tileShift;
    const int64_t tx0 = floorDivBy(r.x, tile_, sh), tx1 = floorDivBy(r.right() - 1, tile_, sh);
    const int64_t ty0 = floorDivBy(r.y, tile_, sh), ty1 = floorDivBy(r.bottom() - 1, tile_, sh);
    // The cell bits of r's tiles answer most boxes with one load per tile: none set (open
    // floor) is free, a solid tile blocked; only slope and one-way tiles, walls and brushes
    // among them are asked in detail. Only where the tiles are inside the grid the bits were
    // built for (rebuild() after any change to the map keeps them the map's).
    if (tx1 < gridSize_.width && ty1 < gridSize_.height) {
        uint8_t any = 0;
        for (int64_t ty = ty0; ty <= ty1; ++ty) {
            const uint8_t* row = &cellBits_[size_t(ty * gridSize_.width)];
            for (int64_t tx = tx0; tx <= tx1; ++tx) any |= row[tx];
        }
        if (any == 0) return false;
        if (any & kCellSolid) return true;
        if (any & kCellPartial)
            for (int64_t ty = ty0; ty <= ty1; ++ty) {
                const uint8_t* row = &cellBits_[size_t(ty * gridSize_.width)];
                for (int64_t tx = tx0; tx <= tx1; ++tx)
                    if ((row[tx] & kCellPartial) && tileRectSolid(tx, ty, r, travel)) return true;
            }
        const uint8_t walls = kCellWallLeft | kCellWallRight | kCellWallTop | kCellWallBottom;
        if ((any & walls) && wallsCross(r)) return true;
        return (any & kCellBrush) && brushHit(r);
    }
    for (int64_t ty = ty0; ty <= ty1; ++ty)
        for (int64_t tx = tx0; tx <= tx1; ++tx)
            if (tileRectSolid(tx, ty, r, travel)) return true;
    return wallsCross(r) || brushHit(r);
}

bool CollisionWorld::wallH(int64_t cx, int64_t cy) const {
    if (cx < 0 || cx >= map_->width || cy <= 0 || cy >= map_->height) return true;
    return map_->walls.h(cx, cy);
}

bool CollisionWorld::wallV(int64_t cx, int64_t cy) const {
    if (cy < 0 || cy >= map_->height || cx <= 0 || cx >= map_->width) return true;
    return map_->walls.v(cx, cy);
}

void CollisionWorld::collectSolids(const RectI& r, std::vector<RectI>& out) const {
    if (r.empty()) return;
    const int64_t t = tile_;
    int64_t tx0 = floorDiv(r.x, t), tx1 = floorDiv(r.right() - 1, t);
    int64_t ty0 = floorDiv(r.y, t), ty1 = floorDiv(r.bottom() - 1, t);
    for (int64_t ty = ty0; ty <= ty1; ++ty)
        for (int64_t tx = tx0; tx <= tx1; ++tx) {
            Shape s = shapeAt(tx, ty);
            if (s != Shape::Empty && s != Shape::OneWay && tileRectSolid(tx, ty, r, DIR_NONE))
                out.push_back(RectI{tx * t, ty * t, t, t});
        }
    const size_t firstBrush = out.size();
    forEachBrushOverlapping(r, [&](const RectI& b) {
        // A brush spanning several buckets is reported once per bucket: keep one copy.
        for (size_t i = firstBrush; i < out.size(); ++i)
            if (out[i] == b) return;
        out.push_back(b);
    });
    for (int64_t kx = tx0 + 1; kx <= tx1; ++kx)
        for (int64_t cy = ty0; cy <= ty1; ++cy)
            if (map_->walls.v(kx, cy) && r.x < kx * t && kx * t < r.right())
                out.push_back(RectI{kx * t, cy * t, 0, t});
    for (int64_t ky = ty0 + 1; ky <= ty1; ++ky)
        for (int64_t cx = tx0; cx <= tx1; ++cx)
            if (map_->walls.h(cx, ky) && r.y < ky * t && ky * t < r.bottom())
                out.push_back(RectI{cx * t, ky * t, t, 0});
}

}  // namespace ts
