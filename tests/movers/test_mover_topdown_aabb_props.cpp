// Top-down AABB model (seed 003) on random maps and random input logs (tests/support/
// property.h): every frame checked against a 1-px reference sweep. Determinism, exactness at
// 10^6 px and left-right mirror symmetry: test_mover_properties.cpp, for every mover.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "world/collision.h"
#include "movers/topdown_aabb.h"
#include "property.h"
#include "shrink.h"
#include "sim/sim.h"
#include "record/trace_writer.h"
#include "trace/trace.h"
#include "record/trace_writer.h"

using namespace ts;
using test::Rng;

namespace {

RectI moved(RectI r, bool alongX, int64_t px) {
    (alongX ? r.x : r.y) += px;
    return r;
}

// The area a box sweeps over in a one-pixel step: the old box and the new one together. (The
// new box alone is not enough for a 1-px-wide box: it never has a wall line strictly inside,
// so it would hop over one.)
RectI swept(const RectI& from, bool alongX, int64_t sign) {
    RectI r = from;
    if (alongX) {
        r.w += 1;
        if (sign < 0) r.x -= 1;
    } else {
        r.h += 1;
        if (sign < 0) r.y -= 1;
    }
    return r;
}

uint8_t dirOf(bool alongX, int64_t sign) {
    return alongX ? (sign < 0 ? DIR_LEFT : DIR_RIGHT) : (sign < 0 ? DIR_UP : DIR_DOWN);
}

int64_t whole(const ParamValues& p, int i) {
    const ParamSpec& s = kTopDownAabbMover.params[i];
    return std::clamp<int64_t>(p[size_t(i)].floor(), int64_t(s.min), int64_t(s.max));
}

// One axis move of a frame, checked one pixel at a time over the whole swept area (the
// reference sweep): the box moved `got` px toward `sign` (never the other way, never more
// than `limit`), every pixel on the way was free, and if it stopped short the next pixel is
// blocked. `box` advances to the end of the move.
testing::AssertionResult checkMove(const CollisionWorld& w, RectI& box, bool alongX, int64_t sign,
                                   int64_t limit, int64_t got, const char* what) {
    const int64_t dist = sign < 0 ? -got : got;
    if (dist < 0 || dist > limit || (sign == 0 && got != 0))
        return testing::AssertionFailure()
               << what << ": moved " << got << " px, allowed 0.." << limit << " toward " << sign;
    const uint8_t d = dirOf(alongX, sign);
    for (int64_t i = 0; i < dist; ++i) {
        if (w.rectBlocked(swept(box, alongX, sign), d))
            return testing::AssertionFailure()
                   << what << ": passed a blocked pixel from " << box.x << "," << box.y;
        box = moved(box, alongX, sign);
    }
    if (sign != 0 && dist < limit && !w.rectBlocked(swept(box, alongX, sign), d))
        return testing::AssertionFailure()
               << what << ": stopped at " << box.x << "," << box.y << " before a free pixel";
    return testing::AssertionSuccess();
}

// The model's rules for one frame, checked independently of its implementation.
testing::AssertionResult checkFrame(const CollisionWorld& w, const MoverState& a,
                                    const MoverState& b, InputBits keys, const ParamValues& p) {
    const int64_t h = ((keys & KEY_R) ? 1 : 0) - ((keys & KEY_L) ? 1 : 0);
    const int64_t v = ((keys & KEY_D) ? 1 : 0) - ((keys & KEY_U) ? 1 : 0);
    const int pressed = (h != 0) + (v != 0);
    const int64_t speed = a.pushing      ? whole(p, kTdPushSpeed)
                          : pressed == 2 ? whole(p, kTdDiagonalSpeed)
                                         : whole(p, kTdStraightSpeed);
    const int64_t grid = whole(p, kTdAlignGrid), step = whole(p, kTdNudgeStep);
    RectI box{a.x.floor(), a.y.floor(), a.w, a.h};
    const int64_t dx = b.x.floor() - box.x, dy = b.y.floor() - box.y;
    testing::AssertionResult r = testing::AssertionSuccess();
    auto nudgeCheck = [&](bool alongX, int64_t got) {
        const int64_t off = floorMod(alongX ? box.x : box.y, grid);
        const int64_t toLine = off == 0 ? 0 : (2 * off < grid ? -off : grid - off);
        const int64_t want = std::min(step, toLine < 0 ? -toLine : toLine);
        return checkMove(w, box, alongX, toLine < 0 ? -1 : toLine > 0 ? 1 : 0, want, got, "nudge");
    };
    const uint8_t hDir = h > 0 ? DIR_RIGHT : h < 0 ? DIR_LEFT : 0;
    const uint8_t vDir = v > 0 ? DIR_DOWN : v < 0 ? DIR_UP : 0;
    // The seed's restriction: with both axes pressed, a side blocked at the start (the box
    // one pixel over that way, swept) that is not the facing one does not move at all.
    const bool hRestricted =
        pressed == 2 && hDir != a.facing && w.rectBlocked(swept(box, true, h), hDir);
    const bool vRestricted =
        pressed == 2 && vDir != a.facing && w.rectBlocked(swept(box, false, v), vDir);
    if (v != 0 && h == 0) {  // vertical walk, then the x nudge
        if (!(r = checkMove(w, box, false, v, speed, dy, "walk y"))) return r;
        if (!(r = nudgeCheck(true, dx))) return r;
    } else {
        if (!(r = checkMove(w, box, true, h, hRestricted ? 0 : speed, dx,
                            hRestricted ? "walk x (restricted)" : "walk x")))
            return r;
        if (pressed == 1) {
            if (!(r = nudgeCheck(false, dy))) return r;
        } else if (!(r = checkMove(w, box, false, v, vRestricted ? 0 : speed, dy,
                                   vRestricted ? "walk y (restricted)" : "walk y"))) {
            return r;
        }
    }
    if (w.rectOverlapsSolid(RectI{b.x.floor(), b.y.floor(), b.w, b.h}))
        return testing::AssertionFailure() << "ends overlapping solid";
    // Facing sticks while its key is held and otherwise turns only toward a pressed key.
    const InputBits facingKey = a.facing == DIR_LEFT    ? KEY_L
                                : a.facing == DIR_RIGHT ? KEY_R
                                : a.facing == DIR_UP    ? KEY_U
                                                        : KEY_D;
    if ((keys & facingKey) && b.facing != a.facing)
        return testing::AssertionFailure() << "turned while the facing key was held";
    if (b.facing != a.facing && b.facing != hDir && b.facing != vDir)
        return testing::AssertionFailure() << "turned toward a key not pressed";
    if ((b.facing != a.facing && b.facing == hDir && hRestricted) ||
        (b.facing != a.facing && b.facing == vDir && vRestricted))
        return testing::AssertionFailure() << "turned toward a restricted side";
    if (b.pushing) {
        RectI end{b.x.floor(), b.y.floor(), b.w, b.h};
        const bool alongX = b.facing == DIR_LEFT || b.facing == DIR_RIGHT;
        const int64_t sign = (b.facing == DIR_LEFT || b.facing == DIR_UP) ? -1 : 1;
        if (b.facing != hDir && b.facing != vDir)
            return testing::AssertionFailure() << "pushing without holding the facing key";
        if (!w.rectBlocked(swept(end, alongX, sign), b.facing))
            return testing::AssertionFailure() << "pushing while free ahead";
    }
    return testing::AssertionSuccess();
}

// Parameters for a stretch of frames: every one drawn from its whole range (speeds and
// nudge steps 0..64, grids 1..256; tests/support/shrink.h), the ends of the ranges included.
ParamValues randomParams(Rng& rng) {
    return test::fullRangeParams(MoverKind::TopDownAabb, rng);
}

// Live tuning: mostly the seed's values, sometimes anything in the whole range.
ParamValues tunedParams(Rng& rng) {
    return rng.chance(40) ? defaultParams(MoverKind::TopDownAabb) : randomParams(rng);
}

struct RunStats {
    size_t frames = 0, moving = 0, pushing = 0, restricted = 0;
};

// One whole run of actors[0] with its own parameters, every frame checked by checkFrame: ""
// or the first frame that breaks a rule. A start inside solid is not judged.
std::string checkRun(const test::PropCase& c, RunStats* stats) {
    const Actor& a = c.map.actors[0];
    const CollisionWorld world(c.map);
    if (world.rectOverlapsSolid(RectI{a.x, a.y, a.w, a.h})) return "";
    MoverState s = spawnState(a);
    for (size_t f = 0; f < c.keys.size(); ++f) {
        const MoverState next = kTopDownAabbMover.step(s, c.keys[f], a.params, world, nullptr);
        const testing::AssertionResult r = checkFrame(world, s, next, c.keys[f], a.params);
        if (!r)
            return std::string(r.message()) + " (frame " + std::to_string(f) + ", keys " +
                   std::to_string(int(c.keys[f])) + ", from " + s.x.str() + "," + s.y.str() +
                   " facing " + std::to_string(int(s.facing)) + ")";
        if (stats) {
            ++stats->frames;
            stats->moving += next.x != s.x || next.y != s.y;
            stats->pushing += next.pushing;
            stats->restricted += (c.keys[f] & (KEY_L | KEY_R)) && (c.keys[f] & (KEY_U | KEY_D)) &&
                                 next.x != s.x && next.y == s.y;
        }
        s = next;
    }
    return "";
}

}  // namespace

TEST(TopDownAabbProps, EveryFrameMatchesTheReferenceSweep) {
    size_t frames = 0, moving = 0, blocked = 0, maps = 0;
    for (uint64_t seed = 1; seed <= 60; ++seed) {
        Rng rng(seed * 7919);
        test::RandomMapOptions opt;
        opt.tileSize = int32_t(8 << rng.range(0, 2));  // 8, 16 or 32
        opt.width = int32_t(rng.range(10, 30));
        opt.height = int32_t(rng.range(8, 20));
        opt.brushes = int(rng.range(0, 12));
        opt.solidPercent = int(rng.range(3, 18));  // sparse maps too, so that runs go far
        opt.wallPercent = int(rng.range(1, 8));
        Map m = test::randomMap(seed, opt);
        const int32_t bw = int32_t(rng.range(1, 2 * opt.tileSize));
        const int32_t bh = int32_t(rng.range(1, 2 * opt.tileSize));
        int64_t x = 0, y = 0;
        if (!test::findFreeBox(m, seed, bw, bh, &x, &y)) continue;
        ++maps;
        CollisionWorld world(m);
        MoverState s;
        s.x = Fix::fromInt(x);
        s.y = Fix::fromInt(y);
        s.w = bw;
        s.h = bh;
        s.facing = DIR_DOWN;
        ParamValues p = defaultParams(MoverKind::TopDownAabb);
        const std::vector<InputBits> keys = test::randomInputs(seed, 2000, 15);
        for (size_t f = 0; f < keys.size(); ++f) {
            if (f % 97 == 0) p = tunedParams(rng);  // parameters change between frames
            const MoverState next = kTopDownAabbMover.step(s, keys[f], p, world, nullptr);
            ASSERT_TRUE(checkFrame(world, s, next, keys[f], p))
                << "seed " << seed << " frame " << f << " keys " << int(keys[f]) << " from "
                << s.x.str() << "," << s.y.str() << " size " << bw << "x" << bh;
            moving += (next.x != s.x || next.y != s.y);
            blocked += next.pushing;
            s = next;
            ++frames;
        }
    }
    EXPECT_GE(maps, 50u);
    EXPECT_GE(frames, 100000u);
    EXPECT_GT(moving, frames / 4);  // the runs really walk and really hit things
    EXPECT_GT(blocked, frames / 50);
}

// Every parameter drawn from its whole range on every map (fixed for the run), maps with
// thin bars and small blocks as well as tiles, walls and brushes, boxes of 1 px to 2 tiles:
// every frame against the reference rules. A failure is shrunk to a small map and input log
// and printed.
TEST(TopDownAabbProps, WholeParameterRangeMatchesTheReferenceRules) {
    RunStats stats;
    size_t maps = 0;
    for (uint64_t seed = 1; seed <= 200 * uint64_t(test::propScale()); ++seed) {
        Rng rng(seed * 104729);
        test::RandomMapOptions opt;
        opt.tileSize = int32_t(4 << rng.range(0, 3));  // 4, 8, 16 or 32
        opt.width = int32_t(rng.range(6, 24));
        opt.height = int32_t(rng.range(6, 16));
        opt.brushes = int(rng.range(0, 8));
        opt.solidPercent = int(rng.range(3, 20));
        opt.wallPercent = int(rng.range(0, 10));
        test::PropCase c{test::randomMap(seed, opt), test::randomInputs(seed * 3, 1500, 12)};
        if (rng.chance(20)) test::clearBorder(c.map);
        test::addThinBrushes(c.map, rng, int(rng.range(0, 12)));
        const int32_t bw = int32_t(rng.chance(10) ? 1 : rng.range(1, 2 * opt.tileSize));
        const int32_t bh = int32_t(rng.chance(10) ? 1 : rng.range(1, 2 * opt.tileSize));
        if (!test::addActorAtFreeSpot(c.map, MoverKind::TopDownAabb, seed, bw, bh)) continue;
        c.map.actors[0].params = randomParams(rng);
        ++maps;
        if (checkRun(c, &stats).empty()) continue;
        ADD_FAILURE() << test::checkOrShrink(
            c, [](const test::PropCase& k) { return checkRun(k, nullptr); },
            "seed " + std::to_string(seed));
        return;
    }
    EXPECT_GE(maps, 180u);
    // The runs really walk and really hit things (less often than at the defaults: speeds
    // of 0 and boxes two tiles wide are in the range).
    EXPECT_GT(stats.moving, stats.frames / 6);
    EXPECT_GT(stats.pushing, stats.frames / 100);
    EXPECT_GT(stats.restricted, 20u);  // diagonal frames held on one axis by the restriction
}
