#include "movers/detail/scanline_slide_cast.h"

namespace ts::scanline_slide {

namespace {

constexpr int64_t kOne = Fix::kOne;

int64_t ceilDiv(int64_t a, int64_t b) {
    return -floorDiv(-a, b);
}  // b > 0

// floor(raw / (tile * 2^16)): the cell of a raw coordinate. A 64-bit division costs more than
// the rest of a cast, so the usual power-of-two tiles shift instead.
struct TileDiv {
    int64_t tile;
    int shift;  // log2(tile), or -1
    explicit TileDiv(int64_t t)
        : tile(t), shift((t & (t - 1)) == 0 ? __builtin_ctzll(uint64_t(t)) : -1) {}
    int64_t floor(int64_t raw) const {
        const int64_t px = raw >> Fix::kFracBits;  // floor(raw / 2^16)
        return shift >= 0 ? px >> shift : floorDiv(px, tile);
    }
    int64_t ceil(int64_t raw) const { return -floor(-raw); }
};

// The scanlines as exact rationals: scanline i sits at n(i) / gaps raw units. A scanline
// exactly on a cell or brush boundary belongs to the side facing the edge's centre (as if
// nudged inward by an infinitesimal), the middle one (even gaps) to both sides: that keeps
// verdicts mirror-symmetric, and the ends (lo, hi) test exactly the cells [lo, hi) overlaps.
struct Scanlines {
    int64_t lo, hi;  // raw units
    int gaps;

    int64_t n(int i) const { return lo * gaps + int64_t(i) * (hi - lo); }
    // For drawing: rounded toward the middle of the edge, so that mirrored maps draw exactly
    // mirrored scanlines (the middle one is exact: hi - lo is an even number of raw units).
    Fix pos(int i) const {
        return Fix::fromRaw(2 * i < gaps ? ceilDiv(n(i), gaps) : floorDiv(n(i), gaps));
    }
    // Which scanlines of an obstacle [a, b) (raw) lie inside it, before a and after it.
    uint32_t inside(int64_t a, int64_t b, uint32_t* before, uint32_t* after) const {
        const int64_t A = a * gaps, B = b * gaps;
        uint32_t in = 0, lo_ = 0, hi_ = 0;
        for (int i = 0; i <= gaps; ++i) {
            const int64_t N = n(i);
            const int side = 2 * i - gaps;  // < 0: nudged toward +perp, > 0: toward -perp
            const uint32_t bit = uint32_t(1) << i;
            bool isIn, isBefore, isAfter;
            if (side < 0) {
                isIn = A <= N && N < B, isBefore = N < A, isAfter = N >= B;
            } else if (side > 0) {
                isIn = A < N && N <= B, isBefore = N <= A, isAfter = N > B;
            } else {
                isIn = (A <= N && N < B) || (A < N && N <= B), isBefore = N <= A, isAfter = N >= B;
            }
            if (isIn) in |= bit;
            if (isBefore) lo_ |= bit;
            if (isAfter) hi_ |= bit;
        }
        *before = lo_;
        *after = hi_;
        return in;
    }
};

// Marks what one obstacle at the contact does to the edge: the scanlines it blocks and the
// side of the edge it lies on.
void markObstacle(const Scanlines& lines, int64_t a, int64_t b, EdgeCast& out) {
    uint32_t before = 0, after = 0;
    uint32_t mask = lines.inside(a, b, &before, &after);
    // Side of the part that overlaps the edge: compare its middle with the edge's.
    const int64_t ca = a > lines.lo ? a : lines.lo, cb = b < lines.hi ? b : lines.hi;
    const int64_t mid2 = ca + cb, centre2 = lines.lo + lines.hi;
    // An obstacle no scanline falls on (a wall line along the move, a thin brush) blocks the
    // scanlines between it and the nearer end of the edge: nothing slips between two
    // scanlines.
    if (mid2 < centre2) {
        out.low = true;
        if (b - lines.lo > out.clearLow.raw) out.clearLow = Fix::fromRaw(b - lines.lo);
        if (!mask) mask = before;
    } else if (mid2 > centre2) {
        out.high = true;
        if (lines.hi - a > out.clearHigh.raw) out.clearHigh = Fix::fromRaw(lines.hi - a);
        if (!mask) mask = after;
    } else {
        out.centred = true;
        if (!mask) mask = (uint32_t(1) << lines.gaps << 1) - 1;
    }
    out.blockedMask |= mask;
}

// Everything one cast looks at, in raw units along (main) and across (perp) the move.
struct Sweep {
    const CollisionWorld& world;
    const EdgeSweep& q;
    Scanlines lines;
    int64_t T;         // tile, raw
    TileDiv cell;      // raw coordinate -> cell index
    int dir;           // +1 or -1 along the main axis
    int64_t sw0, sw1;  // main interval the shrunk box's front enters
    uint8_t travel;

    // Where the box stops for an obstacle spanning [mainLo, mainHi) along the move: at its
    // near side, never behind the start (a box that already overlaps something by its
    // tolerance stays where it is).
    int64_t stopFor(int64_t mainLo, int64_t mainHi) const {
        const int64_t size = int64_t(q.mainSize) * kOne;
        if (dir > 0) return mainLo - size > q.from.raw ? mainLo - size : q.from.raw;
        return mainHi < q.from.raw ? mainHi : q.from.raw;
    }

    // Calls visit(mainLo, mainHi, a, b) for each obstacle in the swept area: the nearest
    // blocked cell of each row, walls across the move that the front crosses, walls along
    // the move inside the edge, brushes. [a, b) is its extent across the move.
    template <class Visit>
    void forEachObstacle(Visit&& visit) const {
        auto cellBlocked = [&](int64_t mc, int64_t pc) {
            return q.vertical ? world.cellBlocked(pc, mc, travel)
                              : world.cellBlocked(mc, pc, travel);
        };
        // Wall on main grid line k (across the move) along perp cell pc.
        auto wallAcross = [&](int64_t k, int64_t pc) {
            return q.vertical ? world.wallH(pc, k) : world.wallV(k, pc);
        };
        // Wall on perp grid line k (along the move) beside main cell mc.
        auto wallAlong = [&](int64_t mc, int64_t k) {
            return q.vertical ? world.wallV(k, mc) : world.wallH(mc, k);
        };
        const int64_t c0 = cell.floor(sw0), c1 = cell.floor(sw1 - 1);
        const int64_t r0 = cell.floor(lines.lo), r1 = cell.floor(lines.hi - 1);
        for (int64_t r = r0; r <= r1; ++r)
            for (int64_t i = 0; i <= c1 - c0; ++i) {
                const int64_t c = dir > 0 ? c0 + i : c1 - i;
                if (cellBlocked(c, r)) {
                    visit(c * T, (c + 1) * T, r * T, (r + 1) * T);
                    break;
                }
            }
        // Lines k*T in [sw0, sw1) moving forward, in (sw0, sw1] moving backward: touching a
        // wall is not crossing it.
        const int64_t k0 = dir > 0 ? cell.ceil(sw0) : cell.floor(sw0) + 1;
        const int64_t k1 = dir > 0 ? cell.ceil(sw1) - 1 : cell.floor(sw1);
        for (int64_t k = k0; k <= k1; ++k)
            for (int64_t r = r0; r <= r1; ++r)
                if (wallAcross(k, r)) visit(k * T, k * T, r * T, (r + 1) * T);
        for (int64_t k = cell.floor(lines.lo) + 1; k <= cell.ceil(lines.hi) - 1; ++k)
            for (int64_t i = 0; i <= c1 - c0; ++i) {
                const int64_t c = dir > 0 ? c0 + i : c1 - i;
                if (wallAlong(c, k)) {
                    visit(c * T, (c + 1) * T, k * T, k * T);
                    break;
                }
            }
        // Brush edges are whole pixels, so the pixel cover of the swept area finds exactly
        // the brushes that overlap it.
        const int64_t pm0 = floorDiv(sw0, kOne), pm1 = ceilDiv(sw1, kOne);
        const int64_t pp0 = floorDiv(lines.lo, kOne), pp1 = ceilDiv(lines.hi, kOne);
        const RectI swept = q.vertical ? RectI{pp0, pm0, pp1 - pp0, pm1 - pm0}
                                       : RectI{pm0, pp0, pm1 - pm0, pp1 - pp0};
        world.forEachBrushOverlapping(swept, [&](const RectI& b) {
            if (q.vertical)
                visit(b.y * kOne, b.bottom() * kOne, b.x * kOne, b.right() * kOne);
            else
                visit(b.x * kOne, b.right() * kOne, b.y * kOne, b.bottom() * kOne);
        });
    }
};

}  // namespace

Fix scanlinePos(const EdgeSweep& q, int i) {
    const Scanlines lines{q.perp.raw + q.shrink.raw,
                          q.perp.raw + int64_t(q.perpSize) * kOne - q.shrink.raw, q.gaps};
    return lines.pos(i);
}

template <class T>
EdgeCast castEdge(T tr, const CollisionWorld& world, const EdgeSweep& q) {
    const int dir = q.to > q.from ? 1 : -1;
    const int64_t s = q.shrink.raw;
    const int64_t mainSize = int64_t(q.mainSize) * kOne;
    // The main interval that the shrunk box enters: from its current front (the tolerance
    // strip in front of it included) to the full box's front at the destination. Checking
    // the full front keeps the box from entering anything head-on; checking from the shrunk
    // front keeps a box that already overlaps something by its tolerance from going deeper.
    const int64_t sw0 = dir > 0 ? q.from.raw + mainSize - s : q.to.raw;
    const int64_t sw1 = dir > 0 ? q.to.raw + mainSize : q.from.raw + s;
    const Sweep sweep{
        world,
        q,
        Scanlines{q.perp.raw + s, q.perp.raw + int64_t(q.perpSize) * kOne - s, q.gaps},
        int64_t(world.tileSize()) * kOne,
        TileDiv(world.tileSize()),
        dir,
        sw0,
        sw1,
        uint8_t(q.vertical ? (dir > 0 ? DIR_DOWN : DIR_UP) : (dir > 0 ? DIR_RIGHT : DIR_LEFT))};

    EdgeCast out;
    out.total = q.gaps + 1;
    out.stop = q.to;
    // First the nearest contact; then the scanlines of the obstacles at that contact only,
    // so that what lies further on (within the same sub-step) does not count: the verdict
    // does not depend on where a sub-step ends.
    int64_t stop = q.to.raw;
    sweep.forEachObstacle([&](int64_t mainLo, int64_t mainHi, int64_t, int64_t) {
        const int64_t at = sweep.stopFor(mainLo, mainHi);
        out.hit = true;
        stop = dir > 0 ? (at < stop ? at : stop) : (at > stop ? at : stop);
    });
    if (out.hit) {
        sweep.forEachObstacle([&](int64_t mainLo, int64_t mainHi, int64_t a, int64_t b) {
            if (sweep.stopFor(mainLo, mainHi) == stop) markObstacle(sweep.lines, a, b, out);
        });
        out.blocked = __builtin_popcount(out.blockedMask);
        out.stop = Fix::fromRaw(stop);
    }

    const Fix f0 = dir > 0 ? q.from + Fix::fromInt(q.mainSize) : q.from;
    const Fix f1 = dir > 0 ? q.to + Fix::fromInt(q.mainSize) : q.to;
    for (int i = 0; i <= q.gaps; ++i) {
        const Fix p = sweep.lines.pos(i);
        const Verdict v = (out.blockedMask >> i) & 1 ? Verdict::Block : Verdict::Pass;
        if (q.vertical)
            tr.segment(v, "scanline", p, f0, p, f1);
        else
            tr.segment(v, "scanline", f0, p, f1, p);
    }
    return out;
}

template EdgeCast castEdge(NoTrace, const CollisionWorld&, const EdgeSweep&);
template EdgeCast castEdge(WithTrace, const CollisionWorld&, const EdgeSweep&);

}  // namespace ts::scanline_slide
