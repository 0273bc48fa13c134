#include "movers/detail/grid_walls_sweep.h"

#include <algorithm>
#include <climits>

namespace ts::grid_walls {

namespace {

// Raw px to move before entering the next region in direction s: moving up, the next
// region's first coordinate; moving down, one below this region's first.
int64_t distanceToNext(int64_t pos, int64_t h, int s, const Lattice& l) {
    return s > 0 ? regionStart(h + 1, l) - pos : pos - regionStart(h, l) + 1;
}

// The rule that stopped the blocked axes (1 = x, 2 = y, 3 = both), named after the seed's
// cases by the class of the refused region and of the region the actor came from.
const char* ruleWhy(RegionClass from, RegionClass into, bool tie, int32_t blocked) {
    static const char* const kB[] = {"b_block_x", "b_block_y", "b_block_xy"};
    static const char* const kFromB[] = {"c_from_b_x", "c_from_b_y", "c_from_b_xy"};
    static const char* const kCorner[] = {"c_corner_x", "c_corner_y", "c_corner_xy"};
    static const char* const kTie[] = {"c_corner_tie_x", "c_corner_tie_y", "c_corner_tie_xy"};
    static const char* const kSolid[] = {"a_solid_x", "a_solid_y", "a_solid_xy"};
    const int i = blocked - 1;
    if (into == RegionClass::B) return kB[i];
    if (into == RegionClass::A) return kSolid[i];
    if (tie) return kTie[i];
    return from == RegionClass::B ? kFromB[i] : kCorner[i];
}

Fix px(int64_t raw) {
    return Fix::fromRaw(raw);
}

// Does moving in direction s from pos, in region h, go toward or across the region's line?
// Only band regions (h even) have one. A centre exactly on the line counts as past it
// (positions in [k*cell, k*cell + band) lie on the far side), consistent with the
// half-open bands, so the rule mirrors exactly on the raw lattice.
bool towardLine(int64_t pos, int64_t h, int s, const Lattice& l) {
    if ((h & 1) != 0) return false;
    const int side = pos >= floorDiv(h, 2) * l.cell ? 1 : -1;
    return s != side;
}

}  // namespace

template <class T>
SweepResult sweep(T tr, const CollisionWorld& world, const Lattice& l, int64_t x, int64_t y, int sx,
                  int sy, int64_t dist) {
    SweepResult r;
    int64_t hx = regionIndex(x, l), hy = regionIndex(y, l);
    int64_t remX = sx != 0 ? dist : 0, remY = sy != 0 ? dist : 0;
    if (dist > 0 && regionForbidden(world, hx, hy)) {
        // Escape rule: inside a band only travel away from its line, so that an actor that
        // finds itself in one (spawned there, or the band grew) never crosses the wall.
        if (remX > 0 && towardLine(x, hx, sx, l)) {
            r.blocked |= kBlockedX;
            remX = 0;
            tr.arrow(Verdict::Block, "escape_x", px(x), px(y), px(x + sx), px(y));
        }
        if (remY > 0 && towardLine(y, hy, sy, l)) {
            r.blocked |= kBlockedY;
            remY = 0;
            tr.arrow(Verdict::Block, "escape_y", px(x), px(y), px(x), px(y + sy));
        }
    }
    while (remX > 0 || remY > 0) {
        const bool mx = remX > 0, my = remY > 0;
        const int64_t distX = mx ? distanceToNext(x, hx, sx, l) : INT64_MAX;
        const int64_t distY = my ? distanceToNext(y, hy, sy, l) : INT64_MAX;
        const int64_t t = std::min(distX, distY);
        const int64_t rem = mx ? remX : remY;  // equal when both move: the path is diagonal
        if (t > rem) {
            if (mx) x += sx * remX;
            if (my) y += sy * remY;
            break;
        }
        // Up to the last position in the current region, then one raw unit into the next.
        if (mx) {
            x += sx * (t - 1);
            remX -= t;
        }
        if (my) {
            y += sy * (t - 1);
            remY -= t;
        }
        const bool crossX = distX == t, crossY = distY == t;
        const int64_t nx = mx ? x + sx : x, ny = my ? y + sy : y;
        const int64_t nhx = crossX ? hx + sx : hx, nhy = crossY ? hy + sy : hy;
        if (!regionForbidden(world, nhx, nhy)) {
            x = nx;
            y = ny;
            hx = nhx;
            hy = nhy;
            continue;
        }
        bool keepX = !crossX, keepY = !crossY, tie = false;
        if (crossX && crossY) {
            // Re-validate both single-axis results (the seed never checks its clipped one).
            // With one axis crossing, stopping it leaves the centre in its current region.
            bool okX = !regionForbidden(world, nhx, hy);
            bool okY = !regionForbidden(world, hx, nhy);
            tr.arrow(okX ? Verdict::Pass : Verdict::Block, "recheck_x", px(x), px(y), px(nx),
                     px(y));
            tr.arrow(okY ? Verdict::Pass : Verdict::Block, "recheck_y", px(x), px(y), px(x),
                     px(ny));
            tie = okX && okY;
            if (tie) {
                const bool hWall = regionClass(nhx, nhy) == RegionClass::C &&
                                   crossingHasHWall(world, floorDiv(nhx, 2), floorDiv(nhy, 2));
                okX = hWall;
                okY = !hWall;
            }
            keepX = okX;
            keepY = okY;
        }
        const int32_t blocked = (mx && !keepX ? kBlockedX : 0) | (my && !keepY ? kBlockedY : 0);
        tr.arrow(Verdict::Block, ruleWhy(regionClass(hx, hy), regionClass(nhx, nhy), tie, blocked),
                 px(x), px(y), px(nx), px(ny));
        r.blocked |= blocked;
        if (keepX) {
            x = nx;
            hx = nhx;
        } else {
            remX = 0;
        }
        if (keepY) {
            y = ny;
            hy = nhy;
        } else {
            remY = 0;
        }
    }
    r.x = x;
    r.y = y;
    return r;
}

template SweepResult sweep(NoTrace, const CollisionWorld&, const Lattice&, int64_t, int64_t, int,
                           int, int64_t);
template SweepResult sweep(WithTrace, const CollisionWorld&, const Lattice&, int64_t, int64_t, int,
                           int, int64_t);

}  // namespace ts::grid_walls
