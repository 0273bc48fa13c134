// Seed 001's pixel sweep. Each frame: velocities and jump (beginFrame), then the box moves
// one pixel at a time along X (climbing rises up to the step height, sticking to downward
// slopes while grounded), then along Y (sliding around ceiling corners when moving up).
// Every pixel step asks one leading-edge question (sweepFreeRun with one step); without a
// trace, stretches where every pixel would get the same plain answer are skipped in one
// tile-by-tile query, which gives the same result as asking pixel by pixel.
#include "pixel_sweep.h"

#include <algorithm>
#include <array>

#include "../collision.h"
#include "../trace.h"
#include "pixel_sweep_run.h"

namespace ts {
namespace pixel_sweep {

namespace {

constexpr ParamSpec kParams[] = {
    {"run_speed", "px/frame", 2.0, 0.0, 64.0, false,
     "Horizontal speed the input accelerates toward"},
    {"acceleration", "px/frame^2", 0.25, 0.0, 64.0, false,
     "Change of horizontal speed per frame while left or right is held"},
    {"friction", "px/frame^2", 0.25, 0.0, 64.0, false,
     "Change of horizontal speed per frame toward 0 while neither is held"},
    {"gravity", "px/frame^2", 0.25, 0.0, 64.0, false, "Added to the falling speed every frame"},
    {"jump_speed", "px/frame", 5.0, 0.0, 64.0, false, "Upward speed given by a jump"},
    {"max_fall_speed", "px/frame", 6.0, 0.0, 64.0, false, "Falling speed cap"},
    {"step_height", "px", 1.0, 0.0, 4.0, true,
     "Highest rise climbed while walking, and deepest drop followed down a slope"},
    {"stick_to_slopes", "0/1", 1.0, 0.0, 1.0, true,
     "Follow downward slopes while grounded instead of letting gravity bounce the actor"},
    {"corner_correction", "px", 1.0, 0.0, 8.0, true,
     "How far a rising actor slides sideways around a ceiling corner"},
    {"coyote_frames", "frames", 0.0, 0.0, 30.0, true,
     "Frames after leaving the ground during which a jump still works"},
};
static_assert(sizeof(kParams) / sizeof(kParams[0]) == kParamCount, "one spec per parameter");
static_assert(kParamCount <= kMaxParams, "ParamValues holds them all");

// The ranges as fixed point, at compile time (they are whole numbers): the step runs for
// every actor every frame and should not convert doubles.
constexpr Fix wholeFix(double d) {
    return Fix::fromInt(int64_t(d));
}
struct Range {
    Fix min, max;
};
constexpr std::array<Range, kParamCount> ranges() {
    std::array<Range, kParamCount> r{};
    for (int i = 0; i < kParamCount; ++i)
        r[size_t(i)] = Range{wholeFix(kParams[i].min), wholeFix(kParams[i].max)};
    return r;
}
constexpr std::array<Range, kParamCount> kRanges = ranges();

// The strip of pixels that `steps` one-pixel steps of box b in `dir` newly cover; one step:
// its leading edge.
RectI leadingStrip(const RectI& b, uint8_t dir, int64_t steps = 1) {
    switch (dir) {
        case DIR_RIGHT:
            return RectI{b.right(), b.y, steps, b.h};
        case DIR_LEFT:
            return RectI{b.x - steps, b.y, steps, b.h};
        case DIR_DOWN:
            return RectI{b.x, b.bottom(), b.w, steps};
        default:
            return RectI{b.x, b.y - steps, b.w, steps};
    }
}

uint8_t horizontalDir(int sign) {
    return sign > 0 ? DIR_RIGHT : DIR_LEFT;
}

// The integer box while it sweeps, and the per-pixel rules.
struct Sweeper {
    const CollisionWorld& world;
    CellView cells;
    Trace* trace;
    const Tuning& t;
    int64_t w, h;
    int64_t px, py;

    RectI box(int64_t dx = 0, int64_t dy = 0) const { return RectI{px + dx, py + dy, w, h}; }

    // sweepFreeRun; one step: sweepStepBlocked; a longer run is first settled from the cell
    // bits of the strip it would cover when nothing is there at all (every step free).
    int64_t freeRun(const RectI& b, uint8_t dir, int64_t maxSteps) const {
        if (maxSteps <= 1) return maxSteps == 1 ? !sweepStepBlocked(world, b, dir) : 0;
        if (cells.bitsOver(leadingStrip(b, dir, maxSteps)) == 0) return maxSteps;
        return sweepFreeRun(world, b, dir, maxSteps);
    }

    // Would box b be blocked after one pixel in `dir`? Traced as its leading edge.
    bool blocked(const RectI& b, uint8_t dir, const char* why) const {
        const bool hit = sweepStepBlocked(world, b, dir);
        if (trace) {
            const RectI e = leadingStrip(b, dir);
            trace->rect(hit ? Verdict::Hit : Verdict::Miss, why, e.x, e.y, e.right(), e.bottom());
        }
        return hit;
    }

    // Without a trace, for an airborne actor (no descend probes): is the whole frame free
    // movement for box b moving nx then ny? True when every tile that the frame's probes
    // could look at (the box moved nx then ny, and the row below it for the grounded test) is
    // plain empty space inside the map, so that every probe would answer "free": x and y
    // move by their full speed, nothing is climbed, and the actor ends airborne.
    static bool freeFrame(const CellView& cells, const RectI& b, int64_t nx, int64_t ny) {
        const int64_t x0 = std::min(b.x, b.x + nx), x1 = std::max(b.x, b.x + nx) + b.w;
        const int64_t y0 = std::min(b.y, b.y + ny), y1 = std::max(b.y, b.y + ny) + b.h + 1;
        return cells.bitsOver(RectI{x0, y0, x1 - x0, y1 - y0}) == 0;
    }

    // Without a trace, after the plain side step of box() was found blocked: can no climb
    // succeed? Every lifted box (k = 1..step height) shares the rows [py - 1, py + h - 1 -
    // step height] of the leading column; a solid tile there, or those rows leaving the map,
    // blocks every side probe whatever the head-room probes say.
    bool climbSurelyFails(int sg) const {
        const int64_t rows = h - t.stepHeight + 1;
        if (rows <= 0) return false;
        const unsigned u = cells.bitsOver(RectI{sg > 0 ? px + w : px - 1, py - 1, 1, rows});
        return (u & (CellView::kOutside | CollisionWorld::kCellSolid)) != 0;
    }

    // One pixel along X with the seed's slope rules. Returns false when a wall stops it.
    // onGround: grounded and not moving up (cleared when the actor walks off a ledge);
    // supportKnown: this pixel proved the box stands on something; knownBlocked: the fast
    // path already found the plain step blocked (never set with a trace).
    bool pixelX(int sg, bool& onGround, bool& supportKnown, bool knownBlocked) {
        const uint8_t dir = horizontalDir(sg);
        supportKnown = false;
        if (!knownBlocked && !blocked(box(), dir, "step")) {
            px += sg;
            if (onGround && t.stickToSlopes) {
                // Follow the floor down by up to the step height; deeper is a ledge. The
                // probes go one pixel at a time; without a trace, as one run query.
                int64_t drop = 0;
                if (!trace)
                    drop = freeRun(box(), DIR_DOWN, t.stepHeight + 1);
                else
                    while (drop <= t.stepHeight && !blocked(box(0, drop), DIR_DOWN, "descend"))
                        ++drop;
                if (drop > t.stepHeight) {
                    onGround = false;
                } else {
                    py += drop;
                    supportKnown = true;
                }
            }
            return true;
        }
        // A rise: lift by k (the head must fit) and try the side step again.
        if (!trace && climbSurelyFails(sg)) return false;
        for (int k = 1; k <= t.stepHeight; ++k) {
            if (blocked(box(0, 1 - k), DIR_UP, "climb")) break;
            if (!blocked(box(0, -k), dir, "climb")) {
                px += sg;
                py -= k;
                return true;
            }
        }
        return false;
    }

    // Moving up into something: slide sideways by up to the corner correction, pixel by
    // pixel, to a place where the up step is free. Tries `pref` first at each distance;
    // with no preference, two open sides at the same distance are a tie: no slide.
    bool corner(int pref) {
        const int sides[2] = {pref != 0 ? pref : 1, pref != 0 ? -pref : -1};
        bool open[2] = {true, true};
        for (int k = 1; k <= t.cornerCorrection && (open[0] || open[1]); ++k) {
            int found = 0, count = 0;
            for (int i = 0; i < 2; ++i) {
                if (!open[i]) continue;
                const int sd = sides[i];
                if (blocked(box(sd * (k - 1), 0), horizontalDir(sd), "corner")) {
                    open[i] = false;
                    continue;
                }
                if (!blocked(box(sd * k, 0), DIR_UP, "corner")) {
                    if (count++ == 0) found = sd;
                    if (pref != 0) break;
                }
            }
            if (count == 2 && pref == 0) return false;
            if (count > 0) {
                px += found * k;
                py -= 1;
                return true;
            }
        }
        return false;
    }
};

MoverState step(const MoverState& s0, InputBits in, const ParamValues& p,
                const CollisionWorld& world, Trace* trace) {
    FrameStart f = beginFrame(s0, in, p);
    MoverState& s = f.s;
    const Fix targetX = s.x + s.vx;
    const int64_t nx = targetX.floor() - s.x.floor();
    if (!trace && nx == 0) {
        const int64_t px = s.x.floor(), py = s.y.floor();
        const int64_t ny = (s.y + s.vy).floor() - py;
        // Not a pixel to move: only the grounded test is left. Or an airborne frame where
        // the box and everything it passes is empty space (see Sweeper::freeFrame).
        if (ny == 0 ||
            (!s0.grounded && Sweeper::freeFrame(CellView(world), RectI{px, py, s.w, s.h}, 0, ny))) {
            s.x = targetX;
            s.y += s.vy;
            s.pushing = s0.pushing && f.inputDir != 0 && s0.facing == s.facing;
            const bool grounded =
                ny == 0 && sweepStepBlocked(world, RectI{px, py, s.w, s.h}, DIR_DOWN);
            endFrame(s, f, grounded);
            return s;
        }
    }
    const Tuning t = tuning(p);
    Sweeper sw{world, CellView(world), trace, t, s.w, s.h, s.x.floor(), s.y.floor()};
    const bool stick = t.stickToSlopes;
    if (!trace && nx != 0 && !s0.grounded &&
        Sweeper::freeFrame(sw.cells, sw.box(), nx, (s.y + s.vy).floor() - sw.py)) {
        s.x = targetX;
        s.y += s.vy;
        s.pushing = false;
        endFrame(s, f, false);
        return s;
    }

    // X sweep.
    bool onGround = f.onGround, supportKnown = false, blockedX = false;
    const int sgx = nx > 0 ? 1 : -1;
    const int64_t py0 = sw.py;
    for (int64_t left = nx * sgx; left > 0;) {
        bool knownBlocked = false;
        if (!trace) {
            const int64_t free = sw.freeRun(sw.box(), horizontalDir(sgx), left);
            int64_t k = free;
            if (onGround && stick) k = std::min(k, sweepSupportRun(world, sw.box(), sgx, k));
            knownBlocked = k == free && k < left;
            if (k > 0) {
                sw.px += sgx * k;
                left -= k;
                supportKnown = onGround && stick;
                if (left == 0) break;
            }
        }
        if (!sw.pixelX(sgx, onGround, supportKnown, knownBlocked)) {
            blockedX = true;
            break;
        }
        --left;
    }
    if (blockedX) {
        s.x = Fix::fromInt(sw.px);
        s.vx = Fix{};
    } else {
        s.x = targetX;
    }
    s.y += Fix::fromInt(sw.py - py0);
    s.pushing = nx != 0 ? (blockedX && f.inputDir == sgx)
                        : (s0.pushing && f.inputDir != 0 && s0.facing == s.facing);

    // Y sweep.
    bool blockedY = false;
    const Fix targetY = s.y + s.vy;
    const int64_t ny = targetY.floor() - sw.py;
    const int sgy = ny > 0 ? 1 : -1;
    const uint8_t diry = sgy > 0 ? DIR_DOWN : DIR_UP;
    const int64_t px1 = sw.px;
    const int pref = cornerPreference(s);
    int groundAfterFall = -1;  // known from the fall's own run query: 0 or 1
    for (int64_t left = ny * sgy; left > 0;) {
        bool knownBlocked = false;
        if (!trace) {
            // Falling, ask one pixel further: whether the box then stands on something is
            // the end-of-frame grounded test, answered by the same query.
            const int64_t run = sw.freeRun(sw.box(), diry, sgy > 0 ? left + 1 : left);
            const int64_t k = std::min(run, left);
            if (sgy > 0 && run >= left) groundAfterFall = run == left ? 1 : 0;
            sw.py += sgy * k;
            left -= k;
            if (left == 0) break;
            knownBlocked = true;
        }
        if (!knownBlocked && !sw.blocked(sw.box(), diry, "step")) {
            sw.py += sgy;
        } else if (!(sgy < 0 && t.cornerCorrection > 0 && sw.corner(pref))) {
            blockedY = true;
            break;
        }
        --left;
    }
    if (blockedY) {
        s.y = Fix::fromInt(sw.py);
        s.vy = Fix{};
    } else {
        s.y = targetY;
    }
    s.x += Fix::fromInt(sw.px - px1);

    // Grounded: the box one pixel lower is blocked. Skip the probe when the sweep already
    // proved it (landing, or a walk that kept its footing); a trace always shows it.
    bool grounded;
    if (!trace && groundAfterFall >= 0)
        grounded = groundAfterFall == 1;
    else if (!trace && blockedY && sgy > 0)
        grounded = true;
    else if (!trace && ny == 0 && nx != 0 && onGround && supportKnown)
        grounded = true;
    else
        grounded = sw.blocked(sw.box(), DIR_DOWN, "ground");
    endFrame(s, f, grounded);
    return s;
}

void describe(const MoverState& s, std::string& out) {
    out += ",\"air_frames\":" + std::to_string(s.timer);
    out += ",\"remainder_x\":" + s.x.frac().str() + ",\"remainder_y\":" + s.y.frac().str();
}

}  // namespace

Fix param(const ParamValues& p, Param i) {
    return fixClamp(p[size_t(i)], kRanges[size_t(i)].min, kRanges[size_t(i)].max);
}

int intParam(const ParamValues& p, Param i) {
    return int(param(p, i).floor());
}

Tuning tuning(const ParamValues& p) {
    Tuning t;
    t.stepHeight = intParam(p, kStepHeight);
    t.stickToSlopes = intParam(p, kStickToSlopes) != 0;
    t.cornerCorrection = intParam(p, kCornerCorrection);
    return t;
}

FrameStart beginFrame(const MoverState& s0, InputBits in, const ParamValues& p) {
    FrameStart f;
    f.s = s0;
    MoverState& s = f.s;
    const Fix maxSpeed = Fix::fromInt(kMaxSpeedPx);
    f.inputDir = ((in & KEY_R) ? 1 : 0) - ((in & KEY_L) ? 1 : 0);
    if (f.inputDir != 0) {
        s.vx = fixApproach(s.vx, param(p, kRunSpeed) * f.inputDir, param(p, kAcceleration));
        s.facing = f.inputDir > 0 ? DIR_RIGHT : DIR_LEFT;
    } else if (s.vx != Fix{}) {  // approaching 0 from 0 stays 0 whatever the friction
        s.vx = fixApproach(s.vx, Fix{}, param(p, kFriction));
    }
    s.vx = fixClamp(s.vx, -maxSpeed, maxSpeed);

    const bool canJump = s0.grounded || (s0.timer >= 1 && s0.timer <= intParam(p, kCoyoteFrames));
    if ((in & KEY_J) && canJump) {
        s.vy = -param(p, kJumpSpeed);
        f.jumped = true;
    } else if (s0.grounded && s.vy >= Fix{}) {
        s.vy = Fix{};  // standing: gravity would only push into the floor
    } else {
        s.vy = s.vy + param(p, kGravity);
    }
    // The cap is at least 0: a speed of 0 needs no clamping.
    if (s.vy != Fix{}) s.vy = fixClamp(s.vy, -maxSpeed, param(p, kMaxFallSpeed));
    f.onGround = s0.grounded && !f.jumped;
    return f;
}

int cornerPreference(const MoverState& s) {
    if (s.vx != Fix{}) return fixSign(s.vx);
    return s.facing == DIR_RIGHT ? 1 : (s.facing == DIR_LEFT ? -1 : 0);
}

void endFrame(MoverState& s, const FrameStart& f, bool grounded) {
    s.grounded = grounded;
    if (grounded)
        s.timer = 0;
    else if (f.jumped)
        s.timer = kAirborneCap;
    else
        s.timer = s.timer >= kAirborneCap - 1 ? kAirborneCap : std::max(s.timer, 0) + 1;
}

}  // namespace pixel_sweep

const MoverInfo kPixelSweepMover = {
    MoverKind::PixelSweep,    "pixel_sweep", "Pixel sweep (platformer)", pixel_sweep::kParams,
    pixel_sweep::kParamCount, false,         pixel_sweep::step,          pixel_sweep::describe};

}  // namespace ts
