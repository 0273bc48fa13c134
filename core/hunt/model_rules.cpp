// The detectors' view of a model's rules (detail/model_rules.h).
#include "hunt/detail/model_rules.h"

#include <algorithm>
#include <vector>

namespace ts::hunt {

RectI unite(const RectI& a, const RectI& b) {
    const int64_t x0 = std::min(a.x, b.x), y0 = std::min(a.y, b.y);
    return RectI{x0, y0, std::max(a.right(), b.right()) - x0,
                 std::max(a.bottom(), b.bottom()) - y0};
}

RectI shiftedBox(const RectI& b, uint8_t dir, int64_t px) {
    RectI r = b;
    if (dir & DIR_LEFT) r.x -= px;
    if (dir & DIR_RIGHT) r.x += px;
    if (dir & DIR_UP) r.y -= px;
    if (dir & DIR_DOWN) r.y += px;
    return r;
}

ModelRules::ModelRules(const CollisionWorld& world, const MoverInfo& mover,
                       const ParamValues& params)
    : world_(&world), mover_(&mover), params_(&params) {
    if (mover.rules) r_ = *mover.rules;
}

uint8_t ModelRules::heldDirs(InputBits k, const MoverState& s, bool seenGrounded) const {
    if (r_.heldDirs) return r_.heldDirs(k, s, *params_);
    const int dx = ((k & KEY_R) ? 1 : 0) - ((k & KEY_L) ? 1 : 0);
    const int dy = ((k & KEY_D) ? 1 : 0) - ((k & KEY_U) ? 1 : 0);
    uint8_t d = uint8_t((dx < 0 ? DIR_LEFT : 0) | (dx > 0 ? DIR_RIGHT : 0));
    if (!seenGrounded) d |= uint8_t((dy < 0 ? DIR_UP : 0) | (dy > 0 ? DIR_DOWN : 0));
    return d;
}

RectI ModelRules::body(const MoverState& s) const {
    if (r_.solidBox) return r_.solidBox(s, *params_);
    if (mover_->round) {
        const int64_t d = std::max<int64_t>(s.w, 1);
        return RectI{s.x.floor() - d / 2, s.y.floor() - d / 2, d, d};
    }
    return RectI{s.x.floor(), s.y.floor(), s.w, s.h};
}

bool ModelRules::moveBlocked(const MoverState& s, uint8_t dir) const {
    if (r_.moveBlocked) return r_.moveBlocked(s, *params_, *world_, dir);
    const RectI b = body(s);
    if (b.empty()) return true;
    return world_->stepBlocked(b, dir);
}

bool ModelRules::inside(const MoverState& s) const {
    if (r_.insideSolid) return r_.insideSolid(s, *params_, *world_);
    const RectI b = body(s);
    return !b.empty() && world_->rectOverlapsSolid(b);
}

bool ModelRules::pathBlocked(const MoverState& a, const MoverState& b, InputBits keys) const {
    if (r_.pathBlocked) return r_.pathBlocked(a, b, *params_, *world_);
    const RectI from = body(a), to = body(b);
    if (from.empty() || to.empty()) return false;
    if (!straightBlocked(from, to)) return false;
    // The fast checks found every straight way blocked: look for any other, as far sideways
    // as a rise's correction may carry the box (back past where the frame's x move took it)
    // and as high as a rise it climbs (a bump walked over in the frame).
    int prefer = 0;
    const int side = std::max(cornerRange(a, keys, &prefer), 0);
    const int up = r_.gravity ? std::max(stepHeight(), 0) : 0;
    return walk(from, to, side, up) != Walk::Reached;
}

bool ModelRules::straightBlocked(const RectI& from, const RectI& to) const {
    const int64_t dx = to.x - from.x, dy = to.y - from.y;
    const uint8_t hx = dx < 0 ? DIR_LEFT : DIR_RIGHT, vy = dy < 0 ? DIR_UP : DIR_DOWN;
    const int64_t ax = dx < 0 ? -dx : dx, ay = dy < 0 ? -dy : dy;
    // One leg after the other; each leg's freeRun needs a free start, which the first leg's
    // end is when the leg was not blocked.
    auto legs = [&](bool xFirst) {
        RectI box = from;
        for (int leg = 0; leg < 2; ++leg) {
            const bool alongX = (leg == 0) == xFirst;
            const int64_t n = alongX ? ax : ay;
            if (n == 0) continue;
            const uint8_t d = alongX ? hx : vy;
            if (world_->freeRun(box, d, n) < n) return true;
            box = shiftedBox(box, d, n);
        }
        return false;
    };
    return legs(true) && legs(false) && stairBlocked(from, to, false) &&
           stairBlocked(from, to, true);
}

ModelRules::Walk ModelRules::walk(const RectI& from, const RectI& to, int side, int up) const {
    if (from.w != to.w || from.h != to.h) return Walk::TooLarge;  // one box, one size
    const RectI u = unite(from, to);
    const RectI area{u.x - 1 - side, u.y - 1 - up, u.w + 2 + 2 * int64_t(side),
                     u.h + 2 + int64_t(up)};
    // The box's top-left corners that keep it inside the area.
    const int64_t nx = area.w - from.w + 1, ny = area.h - from.h + 1;
    if (nx > kMaxWalkPositions || ny > kMaxWalkPositions || nx * ny > kMaxWalkPositions)
        return Walk::TooLarge;
    const auto index = [&](int64_t x, int64_t y) {
        return size_t((y - area.y) * nx + (x - area.x));
    };
    // Breadth first; every place queued was reached by a step stepBlocked let through, so
    // it is free (stepBlocked's precondition for the next).
    std::vector<uint8_t> seen(size_t(nx * ny), 0);
    std::vector<RectI> queue{from};
    seen[index(from.x, from.y)] = 1;
    const size_t goal = index(to.x, to.y);
    for (size_t head = 0; head < queue.size(); ++head) {
        const RectI box = queue[head];
        for (uint8_t d : {DIR_LEFT, DIR_RIGHT, DIR_UP, DIR_DOWN}) {
            const RectI next = shiftedBox(box, d);
            if (next.x < area.x || next.y < area.y || next.right() > area.right() ||
                next.bottom() > area.bottom())
                continue;
            const size_t i = index(next.x, next.y);
            if (seen[i] || world_->stepBlocked(box, d)) continue;
            if (i == goal) return Walk::Reached;
            seen[i] = 1;
            queue.push_back(next);
        }
    }
    return Walk::NoWay;
}

bool ModelRules::stairBlocked(const RectI& from, const RectI& to, bool descend) const {
    const int h = r_.gravity ? stepHeight() : 0;
    if (h <= 0) return true;
    // Along x a pixel at a time, climbing a rise of up to h px (with head room) as the
    // model's step height lets it; then the vertical leg.
    RectI box = from;
    const int64_t dx = to.x - from.x;
    const uint8_t d = dx < 0 ? DIR_LEFT : DIR_RIGHT;
    for (int64_t i = 0; i < (dx < 0 ? -dx : dx); ++i) {
        if (!world_->stepBlocked(box, d)) {
            box = shiftedBox(box, d);
            // Following the floor down, as a grounded walk sticks to it (up to h px).
            for (int k = 0; descend && k < h && box.bottom() < to.bottom(); ++k) {
                if (world_->stepBlocked(box, DIR_DOWN)) break;
                box = shiftedBox(box, DIR_DOWN);
            }
            continue;
        }
        bool climbed = false;
        for (int k = 1; k <= h && !climbed; ++k) {
            if (world_->stepBlocked(shiftedBox(box, DIR_UP, k - 1), DIR_UP)) break;
            const RectI lifted = shiftedBox(box, DIR_UP, k);
            if (!world_->stepBlocked(lifted, d)) {
                box = shiftedBox(lifted, d);
                climbed = true;
            }
        }
        if (!climbed) return true;
    }
    const int64_t dy = to.y - box.y;
    if (dy == 0) return false;
    const int64_t n = dy < 0 ? -dy : dy;
    return world_->freeRun(box, dy < 0 ? DIR_UP : DIR_DOWN, n) < n;
}

int ModelRules::cornerRange(const MoverState& prev, InputBits keys, int* prefer) const {
    *prefer = 0;
    return r_.cornerRange ? r_.cornerRange(prev, keys, *params_, prefer) : 0;
}

namespace {

// The tile of pixel px (floorDiv by the tile size): a shift for power-of-two tiles. The search
// asks anythingIn / anythingNear for every explored frame, where the divisions cost more
// than the cell loads.
inline int64_t tileIndex(int64_t px, const CollisionWorld::GridSize& g) {
    return g.tileShift >= 0 ? px >> g.tileShift : floorDiv(px, g.tile);
}

}  // namespace

bool ModelRules::anythingNear(const RectI& box) const {
    const CollisionWorld::GridSize& g = world_->gridSize();
    const int64_t t = g.tile;
    // Round bodies stand for bands around wall lines: look one cell further.
    const int64_t m = mover_->round ? t : 1;
    const auto tileOf = [&](int64_t px) { return tileIndex(px, g); };
    const int64_t x0 = tileOf(box.x - m), x1 = tileOf(box.right() + m - 1);
    const int64_t y0 = tileOf(box.y - m), y1 = tileOf(box.bottom() + m - 1);
    if (x0 < 0 || y0 < 0 || x1 >= g.width || y1 >= g.height) return true;  // the map edge
    for (int64_t cy = y0; cy <= y1; ++cy)
        for (int64_t cx = x0; cx <= x1; ++cx)
            if (world_->cellBits(cx, cy)) return true;
    return false;
}

bool ModelRules::anythingIn(const RectI& box) const {
    if (r_.insideSolid || r_.pathBlocked || r_.solidBox || mover_->round) return anythingNear(box);
    if (box.empty()) return false;
    const CollisionWorld::GridSize& g = world_->gridSize();
    const int64_t x0 = tileIndex(box.x, g), x1 = tileIndex(box.right() - 1, g);
    const int64_t y0 = tileIndex(box.y, g), y1 = tileIndex(box.bottom() - 1, g);
    if (x0 < 0 || y0 < 0 || x1 >= g.width || y1 >= g.height) return true;  // the map edge
    for (int64_t cy = y0; cy <= y1; ++cy)
        for (int64_t cx = x0; cx <= x1; ++cx)
            if (world_->cellBits(cx, cy)) return true;
    return false;
}

}  // namespace ts::hunt
