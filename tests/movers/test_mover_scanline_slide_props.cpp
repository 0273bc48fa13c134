// Seed 004, scanline slide: properties on random maps and random input logs (about 330 000
// frames in all). The tolerance checked is the one docs/movers/scanline_slide.md states:
// the box shrunk by the shrink size on all four sides never overlaps what the model treats
// as solid (blocked cells with slopes as whole cells, brushes, edge walls, outside).
// Determinism, 10^6 px and mirroring: test_mover_properties.cpp, for every mover.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <string>
#include <tuple>
#include <vector>

#include "world/collision.h"
#include "movers/scanline_slide.h"
#include "property.h"
#include "shrink.h"
#include "sim/sim.h"
#include "record/trace_writer.h"
#include "trace/trace.h"
#include "record/trace_writer.h"

using namespace ts;
using test::Rng;

namespace {

constexpr int64_t kOne = Fix::kOne;

int64_t ceilDivI(int64_t a, int64_t b) {
    return -floorDiv(-a, b);
}

// The model's tolerance, recomputed here: the parameter clamped to [0, (min(w, h) - 1) / 2].
Fix shrinkOf(const MoverState& s, const ParamValues& p) {
    const int32_t m = std::min(s.w, s.h);
    return fixClamp(p[kSsShrink], Fix{}, Fix::ratio(m - 1, 2));
}

// Raw-unit rectangle [x0, x1) x [y0, y1).
struct RawRect {
    int64_t x0, y0, x1, y1;
};

RawRect shrunkBox(const MoverState& s, Fix shrink) {
    return RawRect{s.x.raw + shrink.raw, s.y.raw + shrink.raw, s.x.raw + s.w * kOne - shrink.raw,
                   s.y.raw + s.h * kOne - shrink.raw};
}

// Does the area overlap what the model treats as solid? The shared layer's rectangle test
// (pixels, slopes by mask, brushes, walls crossing the inside, outside the map) on the
// area's pixel cover, which is exact because all geometry has whole-pixel edges, plus
// cells the model blocks as a whole (slopes).
bool overlapsModelSolid(const CollisionWorld& w, const RawRect& r) {
    const RectI cover{floorDiv(r.x0, kOne), floorDiv(r.y0, kOne),
                      ceilDivI(r.x1, kOne) - floorDiv(r.x0, kOne),
                      ceilDivI(r.y1, kOne) - floorDiv(r.y0, kOne)};
    if (w.rectOverlapsSolid(cover)) return true;
    const int64_t t = w.tileSize();
    for (int64_t cy = floorDiv(cover.y, t); cy <= floorDiv(cover.bottom() - 1, t); ++cy)
        for (int64_t cx = floorDiv(cover.x, t); cx <= floorDiv(cover.right() - 1, t); ++cx)
            if (w.cellBlocked(cx, cy, DIR_NONE)) return true;
    return false;
}

// One straight leg of the shrunk box from `a` to `b` (same perp coordinate): the swept area
// must be free, and the cells the shrunk box newly enters must be open for this direction
// of travel (one-way cells). Empty string when fine, else what went wrong.
std::string checkLeg(const CollisionWorld& w, const MoverState& a, const MoverState& b,
                     bool vertical, Fix shrink) {
    const RawRect ra = shrunkBox(a, shrink), rb = shrunkBox(b, shrink);
    RawRect swept{std::min(ra.x0, rb.x0), std::min(ra.y0, rb.y0), std::max(ra.x1, rb.x1),
                  std::max(ra.y1, rb.y1)};
    if (overlapsModelSolid(w, swept)) return "swept area overlaps solid";
    const int64_t T = w.tileSize() * kOne;
    const int64_t from = vertical ? ra.y0 : ra.x0, to = vertical ? rb.y0 : rb.x0;
    if (from == to) return "";
    const int64_t size = vertical ? ra.y1 - ra.y0 : ra.x1 - ra.x0;
    const int64_t p0 = vertical ? ra.x0 : ra.y0, p1 = vertical ? ra.x1 : ra.y1;
    int64_t c0, c1;
    uint8_t travel;
    if (to > from) {  // cells whose start lies in [old front, new front)
        c0 = ceilDivI(from + size, T);
        c1 = ceilDivI(to + size, T) - 1;
        travel = vertical ? DIR_DOWN : DIR_RIGHT;
    } else {  // cells whose end lies in (new back, old back]
        c0 = floorDiv(to, T);
        c1 = floorDiv(from, T) - 1;
        travel = vertical ? DIR_UP : DIR_LEFT;
    }
    for (int64_t c = c0; c <= c1; ++c)
        for (int64_t pc = floorDiv(p0, T); pc <= floorDiv(p1 - 1, T); ++pc)
            if (vertical ? w.cellBlocked(pc, c, travel) : w.cellBlocked(c, pc, travel))
                return "entered a cell closed to this direction";
    return "";
}

// The model moves x then y (main axis then slide); with only vertical keys, y then x.
std::string checkFrame(const CollisionWorld& w, const MoverState& a, const MoverState& b,
                       InputBits in, Fix shrink) {
    const int dx = ((in & KEY_R) ? 1 : 0) - ((in & KEY_L) ? 1 : 0);
    if (overlapsModelSolid(w, shrunkBox(b, shrink))) return "ends overlapping solid";
    MoverState mid = a;
    if (dx != 0 || a.y == b.y) {
        mid.x = b.x;
        std::string e = checkLeg(w, a, mid, false, shrink);
        return e.empty() ? checkLeg(w, mid, b, true, shrink) : e;
    }
    mid.y = b.y;
    std::string e = checkLeg(w, a, mid, true, shrink);
    return e.empty() ? checkLeg(w, mid, b, false, shrink) : e;
}

// Random parameters, each from its whole range (tests/support/shrink.h): speeds, shrinks
// and slide caps fractional from 0 to their maximum, 1 to 31 gaps, any rate in [0, 1].
ParamValues randomParams(Rng& rng) {
    return test::fullRangeParams(MoverKind::ScanlineSlide, rng);
}

test::RandomMapOptions randomOptions(Rng& rng, int tile) {
    test::RandomMapOptions o;
    o.width = int32_t(rng.range(10, 28));
    o.height = int32_t(rng.range(8, 20));
    o.tileSize = tile;
    o.solidPercent = int(rng.range(5, 25));
    o.wallPercent = int(rng.range(0, 15));
    o.brushes = int(rng.range(0, 8));
    return o;
}

// A spawn the model itself accepts (the shared finder uses slopes by pixel mask).
bool spawn(const Map& m, uint64_t seed, int32_t w, int32_t h, MoverState* out) {
    CollisionWorld world(m);
    for (uint64_t k = 0; k < 50; ++k) {
        int64_t x = 0, y = 0;
        if (!test::findFreeBox(m, seed * 131 + k, w, h, &x, &y)) continue;
        MoverState s;
        s.x = Fix::fromInt(x);
        s.y = Fix::fromInt(y);
        s.w = w;
        s.h = h;
        s.facing = DIR_DOWN;
        if (!overlapsModelSolid(world, shrunkBox(s, Fix{}))) {
            *out = s;
            return true;
        }
    }
    return false;
}

struct Scenario {
    Map map;
    MoverState start;
    ParamValues params;
    std::vector<InputBits> inputs;
};

// Seeds whose spawn fails are skipped; the tests count the frames that ran.
bool makeScenario(uint64_t seed, int tile, size_t frames, Scenario* sc) {
    Rng rng(seed);
    sc->map = test::randomMap(seed, randomOptions(rng, tile));
    sc->params = randomParams(rng);
    const int32_t w = int32_t(rng.range(3, tile * 5 / 2)), h = int32_t(rng.range(3, tile * 5 / 2));
    sc->inputs = test::randomInputs(seed ^ 0x5eed, frames, 30);
    return spawn(sc->map, seed, w, h, &sc->start);
}

const MoverInfo& model() {
    return moverInfo(MoverKind::ScanlineSlide);
}

}  // namespace

TEST(ScanlineSlideProps, NeverEndsInSolidNeverTunnelsWhileParametersChange) {
    size_t frames = 0, slides = 0, pushes = 0;
    int64_t moved = 0;
    int runs = 0;
    for (uint64_t seed = 1; seed <= 120; ++seed) {
        const int tiles[] = {8, 12, 16, 20, 32};
        Scenario sc;
        if (!makeScenario(seed, tiles[seed % 5], 1500, &sc)) continue;
        CollisionWorld world(sc.map);
        ++runs;
        Rng tweak(seed * 7 + 3);
        MoverState s = sc.start;
        ParamValues p = sc.params;
        const Fix shrink = shrinkOf(s, p);  // shrink stays: a smaller one widens the box
        for (size_t f = 0; f < sc.inputs.size(); ++f) {
            if (tweak.chance(3)) {  // live tuning of everything but the shrink
                ParamValues q = randomParams(tweak);
                q[kSsShrink] = p[kSsShrink];
                p = q;
            }
            const MoverState next = model().step(s, sc.inputs[f], p, world, nullptr);
            const std::string err = checkFrame(world, s, next, sc.inputs[f], shrink);
            ASSERT_EQ(err, "") << "seed " << seed << " frame " << f << " from (" << s.x.str()
                               << ", " << s.y.str() << ") to (" << next.x.str() << ", "
                               << next.y.str() << ") box " << s.w << "x" << s.h;
            moved += std::abs((next.x - s.x).raw) + std::abs((next.y - s.y).raw);
            slides += next.aux != 0;
            pushes += next.pushing;
            s = next;
            ++frames;
        }
    }
    EXPECT_GE(frames, 170000u);
    EXPECT_GE(runs, 110);
    // The runs did exercise the rules: the boxes travel, get blocked and slide.
    EXPECT_GT(moved / kOne, int64_t(frames));
    EXPECT_GT(slides, frames / 200);
    EXPECT_GT(pushes, frames / 10);
}

namespace {

struct RunStats {
    size_t frames = 0, slides = 0, pushes = 0;
};

// One whole run of actors[0] with its own parameters, every frame checked: "" or the first
// frame that breaks a rule. A start the model counts as overlapping is not judged.
std::string checkRun(const test::PropCase& c, RunStats* stats) {
    const Actor& a = c.map.actors[0];
    const CollisionWorld world(c.map);
    MoverState s = spawnState(a);
    if (overlapsModelSolid(world, shrunkBox(s, Fix{}))) return "";
    const Fix shrink = shrinkOf(s, a.params);
    for (size_t f = 0; f < c.keys.size(); ++f) {
        const MoverState next = model().step(s, c.keys[f], a.params, world, nullptr);
        const std::string err = checkFrame(world, s, next, c.keys[f], shrink);
        if (!err.empty())
            return err + " (frame " + std::to_string(f) + ", keys " +
                   std::to_string(int(c.keys[f])) + ", from " + s.x.str() + "," + s.y.str() +
                   " to " + next.x.str() + "," + next.y.str() + ")";
        if (stats) {
            ++stats->frames;
            stats->slides += next.aux != 0;
            stats->pushes += next.pushing;
        }
        s = next;
    }
    return "";
}

}  // namespace

// Every parameter drawn from its whole range on every map (fixed for the run), thin bars
// and small blocks among the tiles, walls and brushes, boxes of 1 px to 2.5 tiles. A failure
// is shrunk to a small map and input log and printed.
TEST(ScanlineSlideProps, WholeParameterRangeNeverEndsInSolidNeverTunnels) {
    RunStats stats;
    int runs = 0;
    for (uint64_t seed = 1; seed <= 200 * uint64_t(test::propScale()); ++seed) {
        Rng rng(seed * 15485863);
        const int tiles[] = {4, 8, 12, 16, 32};
        const int tile = tiles[seed % 5];
        test::PropCase c{test::randomMap(seed, randomOptions(rng, tile)),
                         test::randomInputs(seed * 5, 1000, 20)};
        test::addThinBrushes(c.map, rng, int(rng.range(0, 10)));
        const int32_t w = int32_t(rng.chance(10) ? 1 : rng.range(1, tile * 5 / 2));
        const int32_t h = int32_t(rng.chance(10) ? 1 : rng.range(1, tile * 5 / 2));
        MoverState start;
        if (!spawn(c.map, seed, w, h, &start)) continue;
        Actor hero;
        hero.name = "hero";
        hero.mover = MoverKind::ScanlineSlide;
        hero.x = start.x.floor();
        hero.y = start.y.floor();
        hero.w = w;
        hero.h = h;
        hero.params = randomParams(rng);
        c.map.actors.push_back(hero);
        ++runs;
        if (checkRun(c, &stats).empty()) continue;
        ADD_FAILURE() << test::checkOrShrink(
            c, [](const test::PropCase& k) { return checkRun(k, nullptr); },
            "seed " + std::to_string(seed));
        return;
    }
    EXPECT_GE(runs, 180);
    EXPECT_GT(stats.slides, stats.frames / 500);  // the rules are exercised
    EXPECT_GT(stats.pushes, stats.frames / 20);
}
