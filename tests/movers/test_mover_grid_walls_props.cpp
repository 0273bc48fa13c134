// Grid-edge walls (seed 002), properties on random maps and random inputs, with the speed
// changing every few frames up to 64 px/frame: the centre never ends in, nor sweeps through,
// a wall's forbidden box (checked by a geometric rule written independently of the model's
// region lattice); an up-down flipped map with flipped keys gives the flipped run.
// Determinism, 10^6 px and the left-right mirror: test_mover_properties.cpp, for every mover.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "world/collision.h"
#include "movers/grid_walls.h"
#include "property.h"
#include "shrink.h"
#include "sim/sim.h"
#include "test_support.h"
#include "record/trace_writer.h"
#include "trace/trace.h"
#include "record/trace_writer.h"

using namespace ts;

namespace {

constexpr int64_t kOne = Fix::kOne;

struct Geo {
    int64_t cell, band;  // raw px
};

Geo geoOf(const CollisionWorld& w, Fix band) {
    return Geo{int64_t(w.tileSize()) * kOne, band.raw * w.tileSize()};
}

bool solidCellRef(const CollisionWorld& w, int64_t cx, int64_t cy) {
    const Shape s = w.shapeAt(cx, cy);
    return s != Shape::Empty && s != Shape::OneWay;
}

// The rule as the docs state it, box by box: every wall segment (edge walls, the border,
// the four edges of solid and slope cells) forbids the segment grown by the band on every
// side, half-open; a solid cell forbids its inside.
bool forbiddenRef(const CollisionWorld& w, const Geo& g, int64_t x, int64_t y) {
    const int64_t c = g.cell, b = g.band;
    const int64_t cx = floorDiv(x, c), cy = floorDiv(y, c);
    if (solidCellRef(w, cx, cy)) return true;
    auto in = [](int64_t v, int64_t lo, int64_t hi) { return lo <= v && v < hi; };
    for (int64_t k = cy - 1; k <= cy + 2; ++k)
        for (int64_t i = cx - 1; i <= cx + 1; ++i) {
            const bool h = w.wallH(i, k) || solidCellRef(w, i, k - 1) || solidCellRef(w, i, k);
            if (h && in(x, i * c - b, (i + 1) * c + b) && in(y, k * c - b, k * c + b)) return true;
        }
    for (int64_t j = cy - 1; j <= cy + 1; ++j)
        for (int64_t k = cx - 1; k <= cx + 2; ++k) {
            const bool v = w.wallV(k, j) || solidCellRef(w, k - 1, j) || solidCellRef(w, k, j);
            if (v && in(x, k * c - b, k * c + b) && in(y, j * c - b, (j + 1) * c + b)) return true;
        }
    return false;
}

// The frame's path: a diagonal while both axes move, then the axis that was not stopped.
// Sampled every band / 2: a crossing of any band (2 * band wide) or wall line leaves at
// least one sample inside a forbidden box.
bool pathClear(const CollisionWorld& w, const Geo& g, int64_t x0, int64_t y0, int64_t x1,
               int64_t y1) {
    const int64_t dx = x1 - x0, dy = y1 - y0;
    const int64_t sx = dx > 0 ? 1 : (dx < 0 ? -1 : 0), sy = dy > 0 ? 1 : (dy < 0 ? -1 : 0);
    const int64_t total = std::max(dx * sx, dy * sy);
    const int64_t stride = std::max<int64_t>(1, g.band / 2);
    for (int64_t t = 0;; t = std::min(t + stride, total)) {
        const int64_t ax = std::min(t, dx * sx), ay = std::min(t, dy * sy);
        if (forbiddenRef(w, g, x0 + sx * ax, y0 + sy * ay)) return false;
        if (t == total) return true;
    }
}

// Does a straight run of len raw units from (ax, ay) in direction (ux, uy) cross a wall
// line where a wall (or a solid cell's edge) is? Exact: every grid line passed is found and
// the wall looked up at the crossing, counting a crossing within one raw unit of a wall's
// end as a hit.
bool runCrossesWall(const CollisionWorld& w, int64_t c, int64_t ax, int64_t ay, int ux, int uy,
                    int64_t len) {
    auto wallV = [&](int64_t k, int64_t j) {
        return w.wallV(k, j) || solidCellRef(w, k - 1, j) || solidCellRef(w, k, j);
    };
    auto wallH = [&](int64_t i, int64_t k) {
        return w.wallH(i, k) || solidCellRef(w, i, k - 1) || solidCellRef(w, i, k);
    };
    for (int axis = 0; axis < 2 && len > 0; ++axis) {
        const int u = axis == 0 ? ux : uy;
        if (u == 0) continue;
        const int64_t a = axis == 0 ? ax : ay, b = axis == 0 ? ay : ax;
        const int v = axis == 0 ? uy : ux;
        // Lines k*c passed: moving up, from below k*c to k*c; moving down, from k*c to below.
        const int64_t k0 = u > 0 ? floorDiv(a, c) + 1 : floorDiv(a - len + c, c);
        const int64_t k1 = u > 0 ? floorDiv(a + len, c) : floorDiv(a, c);
        for (int64_t k = k0; k <= k1; ++k) {
            const int64_t t = u > 0 ? k * c - a : a - k * c + 1;  // step that crosses it
            const int64_t other = b + v * t;
            for (int64_t j = floorDiv(other - 2, c); j <= floorDiv(other + 1, c); ++j)
                if (axis == 0 ? wallV(k, j) : wallH(j, k)) return true;
        }
    }
    return false;
}

// The frame's path (a diagonal, then one axis) crosses a wall.
bool pathCrossesWall(const CollisionWorld& w, int64_t x0, int64_t y0, int64_t x1, int64_t y1) {
    const int64_t c = int64_t(w.tileSize()) * kOne;
    const int64_t dx = x1 - x0, dy = y1 - y0;
    const int sx = dx > 0 ? 1 : (dx < 0 ? -1 : 0), sy = dy > 0 ? 1 : (dy < 0 ? -1 : 0);
    const int64_t diag = std::min(dx * sx, dy * sy);
    if (runCrossesWall(w, c, x0, y0, sx, sy, diag)) return true;
    const int64_t mx = x0 + sx * diag, my = y0 + sy * diag;
    return dx * sx > diag ? runCrossesWall(w, c, mx, my, sx, 0, dx * sx - diag)
                          : runCrossesWall(w, c, mx, my, 0, sy, dy * sy - diag);
}

// A free start: the centre of a random cell that is not solid.
MoverState randomStart(const Map& m, uint64_t seed) {
    test::Rng rng(seed);
    CollisionWorld w(m);
    for (;;) {
        const int64_t cx = rng.range(0, m.width - 1), cy = rng.range(0, m.height - 1);
        if (solidCellRef(w, cx, cy)) continue;
        MoverState s;
        s.x = Fix::fromInt(cx * m.tileSize + m.tileSize / 2);
        s.y = Fix::fromInt(cy * m.tileSize + m.tileSize / 2);
        s.w = s.h = m.tileSize / 2;
        return s;
    }
}

// Parameters for one frame: the speed changes every few frames, from 0 to 64 px/frame.
struct ParamSchedule {
    test::Rng rng;
    ParamValues p;
    int64_t left = 0;
    int32_t tile;
    ParamSchedule(uint64_t seed, int32_t tileSize, Fix band, bool normalize)
        : rng(seed), p(defaultParams(MoverKind::GridWalls)), tile(tileSize) {
        p[kGwBand] = band;
        p[kGwNormalizeDiagonal] = Fix::fromInt(normalize ? 1 : 0);
    }
    const ParamValues& next() {
        if (left-- <= 0) {
            left = rng.range(1, 60);
            // The whole range, 0 to 16 cells/frame (256 px at 16-px tiles).
            p[kGwSpeed] = test::drawParam(kGridWallsMover.params[kGwSpeed], rng);
        }
        return p;
    }
};

// A band from the whole range, 1/64 to 15/32 cells, the ends included.
Fix randomBand(test::Rng& rng) {
    return test::drawParam(kGridWallsMover.params[kGwBand], rng);
}

test::RandomMapOptions mapOptions(int32_t tile) {
    test::RandomMapOptions o;
    o.tileSize = tile;
    o.wallPercent = 5;
    o.solidPercent = 8;
    return o;
}

}  // namespace

TEST(GridWallsProps, NeverEndsInNorSweepsThroughAForbiddenBox) {
    const int32_t tiles[] = {16, 8, 4, 32};
    int64_t frames = 0, blockedFrames = 0, travelledPx = 0;
    for (uint64_t seed = 1; seed <= 50; ++seed) {
        const int32_t tile = tiles[seed % 4];
        const Map m = test::randomMap(seed, mapOptions(tile));
        const CollisionWorld w(m);
        test::Rng rng(seed * 7919);
        const Fix band = randomBand(rng);
        const Geo g = geoOf(w, band);
        ParamSchedule sched(seed, tile, band, rng.chance(50));
        MoverState s = randomStart(m, seed);
        ASSERT_FALSE(forbiddenRef(w, g, s.x.raw, s.y.raw));
        for (InputBits keys : test::randomInputs(seed, 2000)) {
            const MoverState next = kGridWallsMover.step(s, keys, sched.next(), w, nullptr);
            ASSERT_FALSE(forbiddenRef(w, g, next.x.raw, next.y.raw))
                << "seed " << seed << " frame " << frames << " at " << next.x.str() << ","
                << next.y.str();
            ASSERT_TRUE(pathClear(w, g, s.x.raw, s.y.raw, next.x.raw, next.y.raw))
                << "seed " << seed << " from " << s.x.str() << "," << s.y.str() << " to "
                << next.x.str() << "," << next.y.str();
            ASSERT_FALSE(pathCrossesWall(w, s.x.raw, s.y.raw, next.x.raw, next.y.raw)) << seed;
            ASSERT_EQ(next.vx, next.x - s.x);
            ASSERT_EQ(next.vy, next.y - s.y);
            const int dirX = ((keys & KEY_R) ? 1 : 0) - ((keys & KEY_L) ? 1 : 0);
            ASSERT_GE(next.vx.raw * dirX, 0);  // never moves against the input
            if (dirX == 0) {
                ASSERT_EQ(next.vx.raw, 0);
            }
            travelledPx += (std::abs(next.vx.raw) + std::abs(next.vy.raw)) / kOne;
            blockedFrames += (next.aux & 3) != 0;
            s = next;
            ++frames;
        }
    }
    EXPECT_EQ(frames, 100000);
    EXPECT_GT(blockedFrames, 5000);  // the maps are walled enough to exercise the rules
    EXPECT_GT(travelledPx, 100000);  // and open enough that it travels
}

namespace {

struct RunStats {
    int64_t frames = 0, blocked = 0, travelledPx = 0;
};

// One whole run of actors[0] with its own parameters: the centre never ends in nor sweeps
// through a forbidden box, never crosses a wall, never moves against the input. "" or the
// first frame that breaks a rule. A forbidden start is not judged.
std::string checkRun(const test::PropCase& c, RunStats* stats) {
    const Actor& a = c.map.actors[0];
    const CollisionWorld w(c.map);
    const Geo g = geoOf(w, fixClamp(a.params[kGwBand], kGridWallsMover.params[kGwBand].minFix(),
                                    kGridWallsMover.params[kGwBand].maxFix()));
    MoverState s = spawnState(a);
    if (forbiddenRef(w, g, s.x.raw, s.y.raw)) return "";
    for (size_t f = 0; f < c.keys.size(); ++f) {
        const InputBits keys = c.keys[f];
        const MoverState next = kGridWallsMover.step(s, keys, a.params, w, nullptr);
        const int dirX = ((keys & KEY_R) ? 1 : 0) - ((keys & KEY_L) ? 1 : 0);
        const int dirY = ((keys & KEY_D) ? 1 : 0) - ((keys & KEY_U) ? 1 : 0);
        std::string what;
        if (forbiddenRef(w, g, next.x.raw, next.y.raw))
            what = "ends in a forbidden box";
        else if (!pathClear(w, g, s.x.raw, s.y.raw, next.x.raw, next.y.raw))
            what = "sweeps through a forbidden box";
        else if (pathCrossesWall(w, s.x.raw, s.y.raw, next.x.raw, next.y.raw))
            what = "crosses a wall";
        else if (next.vx != next.x - s.x || next.vy != next.y - s.y)
            what = "velocity is not the displacement";
        else if (next.vx.raw * dirX < 0 || next.vy.raw * dirY < 0 ||
                 (dirX == 0 && next.vx.raw != 0) || (dirY == 0 && next.vy.raw != 0))
            what = "moves against the input";
        if (!what.empty())
            return what + " (frame " + std::to_string(f) + ", keys " + std::to_string(int(keys)) +
                   ", from " + s.x.str() + "," + s.y.str() + " to " + next.x.str() + "," +
                   next.y.str() + ")";
        if (stats) {
            ++stats->frames;
            stats->blocked += (next.aux & 3) != 0;
            stats->travelledPx += (std::abs(next.vx.raw) + std::abs(next.vy.raw)) / kOne;
        }
        s = next;
    }
    return "";
}

}  // namespace

// Every parameter drawn from its whole range on every map (fixed for the run: speeds up to
// 16 cells/frame, bands from 1/64 to 15/32 cell, both diagonal rules), tiles of 4 to 64 px.
// A failure is shrunk to a small map and input log and printed.
TEST(GridWallsProps, WholeParameterRangeNeverEntersNorSweepsThroughAForbiddenBox) {
    const int32_t tiles[] = {4, 8, 16, 32, 64};
    RunStats stats;
    for (uint64_t seed = 1; seed <= 150 * uint64_t(test::propScale()); ++seed) {
        const int32_t tile = tiles[seed % 5];
        test::Rng rng(seed * 998244353);
        test::RandomMapOptions o = mapOptions(tile);
        o.width = int32_t(rng.range(6, 24));
        o.height = int32_t(rng.range(6, 16));
        o.wallPercent = int(rng.range(0, 12));
        o.solidPercent = int(rng.range(0, 15));
        test::PropCase c{test::randomMap(seed, o), test::randomInputs(seed * 13, 1000, 25)};
        if (rng.chance(20)) test::clearBorder(c.map);
        const MoverState start = randomStart(c.map, seed);
        Actor ball;
        ball.name = "ball";
        ball.mover = MoverKind::GridWalls;
        ball.x = start.x.floor();
        ball.y = start.y.floor();
        ball.w = ball.h = std::max(1, tile / 2);
        ball.params = test::fullRangeParams(MoverKind::GridWalls, rng);
        c.map.actors.push_back(ball);
        if (checkRun(c, &stats).empty()) continue;
        ADD_FAILURE() << test::checkOrShrink(
            c, [](const test::PropCase& k) { return checkRun(k, nullptr); },
            "seed " + std::to_string(seed));
        return;
    }
    EXPECT_GT(stats.frames, 100000);
    EXPECT_GT(stats.blocked, stats.frames / 20);  // walled enough to exercise the rules
    EXPECT_GT(stats.travelledPx, stats.frames);   // and open enough that it travels
}

// The band may change between two frames too. A band that grows under the actor can leave
// it inside a box (the docs' escape rule): it never crosses a wall, and from every free
// start the frame stays free.
TEST(GridWallsProps, BandChangingEveryFrameKeepsFreeStartsFree) {
    int64_t forbiddenStarts = 0;
    for (uint64_t seed = 100; seed < 110; ++seed) {
        const Map m = test::randomMap(seed, mapOptions(16));
        const CollisionWorld w(m);
        test::Rng rng(seed);
        ParamSchedule sched(seed, 16, Fix::ratio(1, 4), true);
        MoverState s = randomStart(m, seed);
        for (InputBits keys : test::randomInputs(seed, 1000)) {
            ParamValues p = sched.next();
            p[kGwBand] = randomBand(rng);
            const Geo g = geoOf(w, p[kGwBand]);
            const bool wasFree = !forbiddenRef(w, g, s.x.raw, s.y.raw);
            const MoverState next = kGridWallsMover.step(s, keys, p, w, nullptr);
            ASSERT_FALSE(pathCrossesWall(w, s.x.raw, s.y.raw, next.x.raw, next.y.raw))
                << "seed " << seed << " from " << s.x.str() << "," << s.y.str() << " to "
                << next.x.str() << "," << next.y.str();
            forbiddenStarts += !wasFree;
            if (wasFree) {
                ASSERT_FALSE(forbiddenRef(w, g, next.x.raw, next.y.raw)) << seed;
                ASSERT_TRUE(pathClear(w, g, s.x.raw, s.y.raw, next.x.raw, next.y.raw)) << seed;
            }
            s = next;
        }
    }
    EXPECT_GT(forbiddenStarts, 1000);  // the escape rule is exercised
}

namespace {

// The raw lattice's mirror (docs/movers/grid_walls.md, Guarantees): the raw unit [x, x + 1)
// maps to [W - x - 1, W - x), so the half-open bands [k - band, k + band) map onto half-open
// bands. The left-right mirror is in test_mover_properties.cpp, for every mover.
int64_t mirrorPoint(int64_t x, int64_t wRaw) {
    return wRaw - 1 - x;
}

// Up-down mirror of a map without slopes (the model reads slopes as solid cells, and a
// flipped floor slope has no tile kind): rows reversed, walls moved with them.
Map flipVertically(const Map& m) {
    Map r = m;
    for (int32_t y = 0; y < m.height; ++y)
        for (int32_t x = 0; x < m.width; ++x) r.setTile(x, m.height - 1 - y, m.tile(x, y));
    r.walls.resize(m.width, m.height);
    for (int32_t y = 0; y <= m.height; ++y)
        for (int32_t x = 0; x < m.width; ++x)
            if (m.walls.h(x, y)) r.walls.setH(x, m.height - y, true);
    for (int32_t y = 0; y < m.height; ++y)
        for (int32_t x = 0; x <= m.width; ++x)
            if (m.walls.v(x, y)) r.walls.setV(x, m.height - 1 - y, true);
    r.brushes.clear();
    return r;
}

InputBits flipKeys(InputBits k) {
    return InputBits((k & ~(KEY_U | KEY_D)) | ((k & KEY_U) ? KEY_D : 0) |
                     ((k & KEY_D) ? KEY_U : 0));
}

}  // namespace

// The same symmetry up-down (states only): the corner rule prefers stopping vertical travel
// at a horizontal wall whichever side the actor comes from.
TEST(GridWallsProps, FlippedMapAndKeysGiveTheFlippedRun) {
    for (uint64_t seed = 500; seed < 510; ++seed) {
        test::RandomMapOptions o = mapOptions(16);
        o.slopes = false;
        const Map m = test::randomMap(seed, o);
        const Map fm = flipVertically(m);
        const CollisionWorld w(m), fw(fm);
        const int64_t hRaw = m.heightPx() * kOne;
        test::Rng rng(seed);
        ParamSchedule sched(seed, 16, randomBand(rng), rng.chance(50));
        MoverState s = randomStart(m, seed);
        MoverState fs = s;
        fs.y = Fix::fromRaw(mirrorPoint(s.y.raw, hRaw));
        for (InputBits keys : test::randomInputs(seed, 2000)) {
            const ParamValues& p = sched.next();
            s = kGridWallsMover.step(s, keys, p, w, nullptr);
            fs = kGridWallsMover.step(fs, flipKeys(keys), p, fw, nullptr);
            MoverState want = s;
            want.y = Fix::fromRaw(mirrorPoint(s.y.raw, hRaw));
            want.vy = -s.vy;
            ASSERT_EQ(fs, want) << "seed " << seed << " at " << s.x.str() << "," << s.y.str();
        }
    }
}
