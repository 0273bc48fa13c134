#include "pixel_sweep_literal.h"

#include <algorithm>

#include "movers/pixel_sweep.h"
#include "trace/trace_policy.h"

namespace ts::pixel_sweep {

// The box before and after a one-pixel step, together.
RectI sweptStep(const RectI& r, int64_t dx, int64_t dy) {
    return RectI{std::min(r.x, r.x + dx), std::min(r.y, r.y + dy), r.w + (dx != 0 ? 1 : 0),
                 r.h + (dy != 0 ? 1 : 0)};
}

uint8_t dirOf(int64_t dx, int64_t dy) {
    return dx > 0 ? DIR_RIGHT : dx < 0 ? DIR_LEFT : dy > 0 ? DIR_DOWN : DIR_UP;
}

// Full-box question: is the one-pixel step of box r by (dx, dy) blocked?
bool fullBoxBlocked(const CollisionWorld& w, const RectI& r, int64_t dx, int64_t dy) {
    return w.rectBlocked(sweptStep(r, dx, dy), dirOf(dx, dy));
}

namespace {

// fullBoxBlocked, recorded (with a trace policy that records) as the leading edge of the step.
template <class T>
bool asked(T tr, const CollisionWorld& w, const RectI& r, int64_t dx, int64_t dy, const char* why) {
    const bool hit = fullBoxBlocked(w, r, dx, dy);
    if constexpr (T::kOn) {
        const RectI e = dx > 0   ? RectI{r.right(), r.y, 1, r.h}
                        : dx < 0 ? RectI{r.x - 1, r.y, 1, r.h}
                        : dy > 0 ? RectI{r.x, r.bottom(), r.w, 1}
                                 : RectI{r.x, r.y - 1, r.w, 1};
        tr.rect(hit ? Verdict::Hit : Verdict::Miss, why, e.x, e.y, e.right(), e.bottom());
    }
    return hit;
}

// The seed's moveX / moveY written literally: one pixel at a time, every candidate position
// asked about with one full-box collision query (FlashPunk's collideTypes), with this
// model's rules (step height with head room, sticking only while grounded and not moving
// up, corner correction). Velocities and jump come from the shipped beginFrame.
template <class T>
__attribute__((always_inline)) inline MoverState literal(T tr, const MoverState& s0, InputBits in,
                                                         const ParamValues& p,
                                                         const CollisionWorld& w) {
    const Tuning t = tuning(p);
    const FrameStart f = beginFrame(s0, in, p);
    MoverState s = f.s;
    int64_t x = s.x.floor(), y = s.y.floor();
    auto box = [&](int64_t bx, int64_t by) { return RectI{bx, by, s.w, s.h}; };
    const int64_t x0 = x, y0 = y;

    bool onGround = f.onGround, blockedX = false;
    const Fix targetX = s.x + s.vx;
    const int64_t nx = targetX.floor() - x;
    const int sx = nx > 0 ? 1 : -1;
    for (int64_t i = 0; i < nx * sx; ++i) {
        if (!asked(tr, w, box(x, y), sx, 0, "step")) {
            x += sx;
            if (onGround && t.stickToSlopes) {
                int64_t drop = 0;
                while (drop <= t.stepHeight && !asked(tr, w, box(x, y + drop), 0, 1, "descend"))
                    ++drop;
                if (drop > t.stepHeight)
                    onGround = false;
                else
                    y += drop;
            }
            continue;
        }
        bool climbed = false;
        for (int k = 1; k <= t.stepHeight && !climbed; ++k) {
            if (asked(tr, w, box(x, y - k + 1), 0, -1, "climb")) break;
            if (!asked(tr, w, box(x, y - k), sx, 0, "climb")) {
                x += sx;
                y -= k;
                climbed = true;
            }
        }
        if (!climbed) {
            blockedX = true;
            break;
        }
    }
    s.x = blockedX ? Fix::fromInt(x) : targetX;
    if (blockedX) s.vx = Fix{};
    s.y += Fix::fromInt(y - y0);
    s.pushing = nx != 0 ? (blockedX && f.inputDir == sx)
                        : (s0.pushing && f.inputDir != 0 && s0.facing == s.facing);

    bool blockedY = false;
    const Fix targetY = s.y + s.vy;
    const int64_t ny = targetY.floor() - y;
    const int sy = ny > 0 ? 1 : -1;
    const int pref = cornerPreference(s);
    const int64_t x1 = x;
    for (int64_t i = 0; i < ny * sy; ++i) {
        if (!asked(tr, w, box(x, y), 0, sy, "step")) {
            y += sy;
            continue;
        }
        bool slid = false;
        if (sy < 0) {
            const int sides[2] = {pref != 0 ? pref : 1, pref != 0 ? -pref : -1};
            bool open[2] = {true, true};
            for (int k = 1; k <= t.cornerCorrection && !slid; ++k) {
                int found = 0, count = 0;
                for (int j = 0; j < 2; ++j) {
                    if (!open[j] || (pref != 0 && count > 0)) continue;
                    if (asked(tr, w, box(x + sides[j] * (k - 1), y), sides[j], 0, "corner")) {
                        open[j] = false;
                    } else if (!asked(tr, w, box(x + sides[j] * k, y), 0, -1, "corner")) {
                        if (count++ == 0) found = sides[j];
                    }
                }
                if (count == 2 && pref == 0) break;
                if (count > 0) {
                    x += found * k;
                    y -= 1;
                    slid = true;
                }
                if (!open[0] && !open[1]) break;
            }
        }
        if (!slid) {
            blockedY = true;
            break;
        }
    }
    s.y = blockedY ? Fix::fromInt(y) : targetY;
    if (blockedY) s.vy = Fix{};
    s.x += Fix::fromInt(x - x1);
    endFrame(s, f, asked(tr, w, box(x, y), 0, 1, "ground"));
    (void)x0;
    return s;
}

}  // namespace

MoverState literalStep(const MoverState& s0, InputBits in, const ParamValues& p,
                       const CollisionWorld& w) {
    return literal(NoTrace{}, s0, in, p, w);
}

MoverState literalStepTraced(const MoverState& s0, InputBits in, const ParamValues& p,
                             const CollisionWorld& w, Trace& trace) {
    return literal(WithTrace{&trace}, s0, in, p, w);
}

}  // namespace ts::pixel_sweep
