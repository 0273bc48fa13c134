#include "movers/detail/topdown_aabb_sweep.h"

#include <vector>

namespace ts::topdown {

Box shifted(const Box& b, uint8_t d, int64_t px) {
    Box r = b;
    switch (d) {
        case DIR_LEFT:
            r.x -= px;
            break;
        case DIR_RIGHT:
            r.x += px;
            break;
        case DIR_UP:
            r.y -= px;
            break;
        case DIR_DOWN:
            r.y += px;
            break;
        default:
            break;
    }
    return r;
}

RectI leadingStrip(const Box& b, uint8_t d) {
    switch (d) {
        case DIR_LEFT:
            return RectI{b.x - 1, b.y, 2, b.h};
        case DIR_RIGHT:
            return RectI{b.x + b.w - 1, b.y, 2, b.h};
        case DIR_UP:
            return RectI{b.x, b.y - 1, b.w, 2};
        case DIR_DOWN:
            return RectI{b.x, b.y + b.h - 1, b.w, 2};
        default:
            return b.rect();
    }
}

RectI probeRect(const Box& b, uint8_t d) {
    // (size - 1) / 2 and 2 - size % 2: the middle pixel of an odd size, both of an even one.
    const int64_t mx = b.x + (b.w - 1) / 2, mw = 2 - b.w % 2;
    const int64_t my = b.y + (b.h - 1) / 2, mh = 2 - b.h % 2;
    switch (d) {
        case DIR_LEFT:
            return RectI{b.x - 1, my, 2, mh};
        case DIR_RIGHT:
            return RectI{b.x + b.w - 1, my, 2, mh};
        case DIR_UP:
            return RectI{mx, b.y - 1, mw, 2};
        case DIR_DOWN:
            return RectI{mx, b.y + b.h - 1, mw, 2};
        default:
            return b.rect();
    }
}

void probePixel(const Box& b, uint8_t d, int64_t* x, int64_t* y) {
    const int64_t mx = b.x + (b.w - 1) / 2, my = b.y + (b.h - 1) / 2;
    *x = d == DIR_LEFT ? b.x - 1 : d == DIR_RIGHT ? b.x + b.w : mx;
    *y = d == DIR_UP ? b.y - 1 : d == DIR_DOWN ? b.y + b.h : my;
}

namespace {

// The leading strips of all `dist` one-pixel steps together.
RectI sweptStrip(const Box& b, uint8_t d, int64_t dist) {
    RectI r = leadingStrip(b, d);
    if (d == DIR_LEFT || d == DIR_UP) (d == DIR_LEFT ? r.x : r.y) -= dist - 1;
    (d == DIR_LEFT || d == DIR_RIGHT ? r.w : r.h) += dist - 1;
    return r;
}

// Does some step of the sweep put the box's leading edge on a tile's entry edge (the only
// place where a one-way tile can stop it)? inline: called from both instantiations of the
// sweep, it would otherwise no longer be inlined as it was into the single sweep.
inline bool entersTileEdge(const Box& b, uint8_t d, int64_t dist, int64_t t) {
    switch (d) {
        case DIR_RIGHT:  // new outer columns x+w .. x+w+dist-1; entry at multiples of t
            return floorDiv(b.x + b.w + dist - 1, t) != floorDiv(b.x + b.w - 1, t);
        case DIR_DOWN:
            return floorDiv(b.y + b.h + dist - 1, t) != floorDiv(b.y + b.h - 1, t);
        case DIR_LEFT:  // new outer columns x-dist .. x-1; entry at t-1 mod t
            return floorDiv(b.x, t) != floorDiv(b.x - dist, t);
        case DIR_UP:
            return floorDiv(b.y, t) != floorDiv(b.y - dist, t);
        default:
            return true;
    }
}

}  // namespace

template <class T>
int64_t sweep(T tr, Box& b, uint8_t d, int64_t dist, const CollisionWorld& world) {
    // Fast path, exact: when no step enters a new tile, one-way tiles cannot stop the box, and
    // everything else blocks the union of the steps' strips iff it blocks one of them.
    if (dist > 1 && !entersTileEdge(b, d, dist, world.tileSize()) &&
        !world.rectBlocked(sweptStrip(b, d, dist), d)) {
        b = shifted(b, d, dist);
        return dist;
    }
    for (int64_t moved = 0; moved < dist; ++moved) {
        const RectI strip = leadingStrip(b, d);
        if (world.rectBlocked(strip, d)) {
            // Which geometry stopped it is asked only for the trace.
            if constexpr (T::kOn) emitBlockers(tr, strip, d, world);
            return moved;
        }
        b = shifted(b, d, 1);
    }
    return dist;
}

template int64_t sweep(NoTrace, Box&, uint8_t, int64_t, const CollisionWorld&);
template int64_t sweep(WithTrace, Box&, uint8_t, int64_t, const CollisionWorld&);

void emitBlockers(WithTrace tr, const RectI& strip, uint8_t d, const CollisionWorld& world) {
    std::vector<RectI> solids;
    world.collectSolids(strip, solids);
    for (const RectI& r : solids) tr.rect(Verdict::Hit, "blocker", r.x, r.y, r.right(), r.bottom());

    // One-way tiles stop a box only as it enters them through their entry edge (see
    // CollisionWorld::rectBlocked); collectSolids leaves them out, so find them here.
    const int64_t t = world.tileSize();
    const bool horizontal = d == DIR_LEFT || d == DIR_RIGHT;
    const int64_t outer = d == DIR_LEFT    ? strip.x
                          : d == DIR_RIGHT ? strip.right() - 1
                          : d == DIR_UP    ? strip.y
                                           : strip.bottom() - 1;
    const bool entering =
        (d == DIR_RIGHT || d == DIR_DOWN) ? floorMod(outer, t) == 0 : floorMod(outer, t) == t - 1;
    if (!entering) return;
    const int64_t cell = floorDiv(outer, t);
    const int64_t from = horizontal ? strip.y : strip.x;
    const int64_t to = horizontal ? strip.bottom() - 1 : strip.right() - 1;
    for (int64_t c = floorDiv(from, t); c <= floorDiv(to, t); ++c) {
        const int64_t cx = horizontal ? cell : c, cy = horizontal ? c : cell;
        if (world.shapeAt(cx, cy) == Shape::OneWay && !(world.passMaskAt(cx, cy) & d))
            tr.rect(Verdict::Hit, "blocker", cx * t, cy * t, (cx + 1) * t, (cy + 1) * t);
    }
}

}  // namespace ts::topdown
