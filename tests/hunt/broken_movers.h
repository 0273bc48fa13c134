// Deliberately broken movers for the hunt's tests and bench: a top-down box that moves 1 px
// per frame on each pressed axis (x, then y) wherever CollisionWorld::stepBlocked lets it,
// with one planted defect each. They have no MoverRules, so the hunt judges them as it
// judges a plugin (the defaults), and for this box those defaults are exact.
#pragma once
#include "hunt/hunt.h"
#include "movers/mover_registry.h"

namespace ts::test {

enum class Defect {
    None,
    Seam,    // walking right with the box's right edge on a seam of the row below: no move
    Tunnel,  // L+J or R+J: a dash of 16 px, unchecked
    Jitter,  // D held against something below: x goes +1, -1, +1, ...
    Inside,  // U held against something above: 2 px up regardless
    Timing,  // J released after exactly 7 frames with x mod 16 == 3: thrown out of the map
};

inline MoverState brokenStep(const void* ctx, const MoverState& s0, InputBits in,
                             const ParamValues&, const CollisionWorld& w, Trace*,
                             const StepContext&) {
    const Defect d = *static_cast<const Defect*>(ctx);
    MoverState s = s0;
    RectI box{s.x.floor(), s.y.floor(), s.w, s.h};
    const int64_t t = w.tileSize();
    const int dx = ((in & KEY_R) ? 1 : 0) - ((in & KEY_L) ? 1 : 0);
    const int dy = ((in & KEY_D) ? 1 : 0) - ((in & KEY_U) ? 1 : 0);
    if (dx) {
        const uint8_t dir = dx > 0 ? DIR_RIGHT : DIR_LEFT;
        const int64_t below = floorDiv(box.bottom(), t), seam = box.right();
        const bool ghost = d == Defect::Seam && dx > 0 && seam % t == 0 && box.bottom() % t == 0 &&
                           w.shapeAt(seam / t - 1, below) == Shape::Solid &&
                           w.shapeAt(seam / t, below) == Shape::Solid;
        if (d == Defect::Tunnel && (in & KEY_J))
            box.x += dx * 16;
        else if (!ghost && !w.stepBlocked(box, dir))
            box.x += dx;
    }
    if (dy) {
        const uint8_t dir = dy > 0 ? DIR_DOWN : DIR_UP;
        if (d == Defect::Inside && dy < 0 && w.stepBlocked(box, DIR_UP))
            box.y -= 2;
        else if (!w.stepBlocked(box, dir))
            box.y += dy;
    }
    if (d == Defect::Jitter && dy > 0 && dx == 0 && w.stepBlocked(box, DIR_DOWN)) {
        const uint8_t side = (s.aux & 1) ? DIR_LEFT : DIR_RIGHT;
        if (!w.stepBlocked(box, side)) box.x += side == DIR_LEFT ? -1 : 1;
    }
    if (d == Defect::Timing && !(in & KEY_J) && s.timer == 7 && floorMod(box.x, t) == 3)
        box.y += 100000;
    s.timer = (in & KEY_J) ? s.timer + 1 : 0;
    s.aux = s.aux + 1;
    s.vx = Fix::fromInt(box.x) - s.x;
    s.vy = Fix::fromInt(box.y) - s.y;
    s.x = Fix::fromInt(box.x);
    s.y = Fix::fromInt(box.y);
    return s;
}

// The mover with defect `d`, registered once per process ("test_broken_N").
inline MoverKind brokenMover(Defect d) {
    static const Defect kDefects[] = {Defect::None,   Defect::Seam,   Defect::Tunnel,
                                      Defect::Jitter, Defect::Inside, Defect::Timing};
    static const char* const kIds[] = {"test_broken_none",   "test_broken_seam",
                                       "test_broken_tunnel", "test_broken_jitter",
                                       "test_broken_inside", "test_broken_timing"};
    static MoverKind kinds[6];
    static bool registered[6] = {};
    const int i = int(d);
    if (!registered[i]) {
        if (const MoverInfo* known = findMover(kIds[i])) {
            kinds[i] = known->kind;
        } else {
            MoverInfo info{kIds[i], kIds[i], nullptr, 0, false, brokenStep, nullptr};
            info.ctx = &kDefects[i];
            std::string error;
            registerMover(info, &kinds[i], &error);
        }
        registered[i] = true;
    }
    return kinds[i];
}

}  // namespace ts::test
