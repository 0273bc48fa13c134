// Pixel sweep (seed 001) on random maps and random input logs (tests/support/property.h):
// the leading-edge run queries against rectBlocked pixel by pixel, the shipped mover (with
// and without a trace) against the seed's sweep written literally with one full-box query
// per candidate position (the 1-px reference sweep: no tunnelling), never overlapping solid.
// About 200 000 frames. Determinism, 10^6 px and mirroring: test_mover_properties.cpp, for
// every mover.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "world/collision.h"
#include "movers/pixel_sweep.h"
#include "../../oracles/pixel_sweep_literal.h"
#include "property.h"
#include "shrink.h"
#include "sim/sim.h"
#include "record/trace_writer.h"
#include "trace/trace.h"
#include "record/trace_writer.h"

using namespace ts;
namespace ps = ts::pixel_sweep;
using ps::dirOf;
using ps::fullBoxBlocked;
using ps::literalStep;
using ps::sweptStep;
using test::Rng;

namespace {

RectI shifted(const RectI& r, int64_t dx, int64_t dy) {
    return RectI{r.x + dx, r.y + dy, r.w, r.h};
}

// Random parameters, each from its whole range (tests/support/shrink.h): speeds and rates
// fractional from 0 to 64, step heights 0..4, corner correction 0..8, coyote frames 0..30,
// the ends of every range included.
ParamValues randomParams(Rng& rng) {
    return test::fullRangeParams(MoverKind::PixelSweep, rng);
}

test::RandomMapOptions randomOptions(Rng& rng) {
    test::RandomMapOptions o;
    o.width = int32_t(rng.range(10, 28));
    o.height = int32_t(rng.range(8, 20));
    // Mostly powers of two (the shifts of the fast path), sometimes not (divisions).
    const int32_t sizes[] = {8, 12, 16, 16, 16, 20, 32};
    o.tileSize = sizes[rng.range(0, 6)];
    o.solidPercent = int(rng.range(5, 30));
    o.wallPercent = int(rng.range(0, 12));
    o.brushes = int(rng.range(0, 8));
    return o;
}

// A random map, one in five without its border, with low steps on the floors (where the
// step height and the slope stick matter) and thin bars and blocks (corner correction).
Map randomCaseMap(uint64_t seed, Rng& rng) {
    Map m = test::randomMap(seed, randomOptions(rng));
    if (rng.chance(20)) test::clearBorder(m);
    test::addLowSteps(m, rng, int(rng.range(0, 12)));
    test::addThinBrushes(m, rng, int(rng.range(0, 6)));
    return m;
}

// A random map with one pixel-sweep actor of a random size at a free spot.
bool makeCase(uint64_t seed, Map* out, Rng& rng) {
    Map m = randomCaseMap(seed, rng);
    const int32_t w = int32_t(rng.chance(10) ? 1 : rng.range(2, 24));
    const int32_t h = int32_t(rng.chance(10) ? 1 : rng.range(2, 28));
    if (!test::addActorAtFreeSpot(m, MoverKind::PixelSweep, seed * 7 + 1, w, h)) return false;
    m.actors[0].params = randomParams(rng);
    *out = std::move(m);
    return true;
}

TEST(PixelSweepRun, FreeRunMatchesOnePixelAtATime) {
    int checked = 0;
    for (uint64_t seed = 1; seed <= 60; ++seed) {
        Rng rng(seed * 1000);
        test::RandomMapOptions o = randomOptions(rng);
        if (seed % 4 == 0) o.brushes = 60;  // brushes often on the way
        Map m = test::randomMap(seed, o);
        if (seed % 5 == 0) test::clearBorder(m);
        const CollisionWorld w(m);
        for (int i = 0; i < 150; ++i) {
            const int32_t bw = int32_t(rng.chance(15) ? 1 : rng.range(1, 40));
            const int32_t bh = int32_t(rng.chance(15) ? 1 : rng.range(1, 40));
            int64_t bx = 0, by = 0;
            if (!test::findFreeBox(m, seed * 100 + uint64_t(i), bw, bh, &bx, &by)) continue;
            const RectI box{bx, by, bw, bh};
            const int64_t dx[] = {1, -1, 0, 0}, dy[] = {0, 0, 1, -1};
            const int d = int(rng.range(0, 3));
            const int64_t maxSteps = rng.range(0, 90);
            int64_t expect = 0;
            while (expect < maxSteps &&
                   !fullBoxBlocked(w, shifted(box, dx[d] * expect, dy[d] * expect), dx[d], dy[d]))
                ++expect;
            ASSERT_EQ(w.stepBlocked(box, dirOf(dx[d], dy[d])), fullBoxBlocked(w, box, dx[d], dy[d]))
                << "one step, seed " << seed << " box " << bx << "," << by << " " << bw << "x" << bh
                << " dir " << d;
            ASSERT_EQ(w.freeRun(box, dirOf(dx[d], dy[d]), maxSteps), expect)
                << "seed " << seed << " box " << bx << "," << by << " " << bw << "x" << bh
                << " dir " << d << " max " << maxSteps;
            ++checked;
        }
    }
    EXPECT_GT(checked, 5000);
}

TEST(PixelSweepRun, SupportRunIsALowerBound) {
    int nonzero = 0;
    for (uint64_t seed = 1; seed <= 60; ++seed) {
        Rng rng(seed * 77);
        const Map m = randomCaseMap(seed, rng);
        const CollisionWorld w(m);
        for (int i = 0; i < 150; ++i) {
            const int32_t bw = int32_t(rng.range(1, 30)), bh = int32_t(rng.range(1, 30));
            int64_t bx = 0, by = 0;
            if (!test::findFreeBox(m, seed * 31 + uint64_t(i), bw, bh, &bx, &by)) continue;
            const RectI box{bx, by, bw, bh};
            const int dir = rng.chance(50) ? 1 : -1;
            const int64_t maxSteps = rng.range(0, 90);
            const int64_t got = w.supportRun(box, dir, maxSteps);
            ASSERT_LE(got, maxSteps);
            for (int64_t k = 1; k <= got; ++k)
                ASSERT_TRUE(fullBoxBlocked(w, shifted(box, dir * k, 0), 0, 1))
                    << "seed " << seed << " box " << bx << "," << by << " " << bw << "x" << bh
                    << " dir " << dir << " step " << k << " of " << got;
            nonzero += got > 0;
        }
    }
    EXPECT_GT(nonzero, 100);  // the fast path is really taken
}

// Every frame: the shipped step without a trace, with a trace, and the literal sweep agree,
// and the box never ends overlapping solid.
TEST(PixelSweepProps, ShippedEqualsLiteralSweepAndNeverOverlaps) {
    int64_t frames = 0, moved = 0, cases = 0;
    for (uint64_t seed = 1; seed <= 90; ++seed) {
        Rng rng(seed);
        Map m;
        if (!makeCase(seed, &m, rng)) continue;
        ++cases;
        const CollisionWorld w(m);
        MoverState s = spawnState(m.actors[0]);
        ParamValues p = m.actors[0].params;
        const std::vector<InputBits> inputs = test::randomInputs(seed, 1000, 30);
        Trace trace;
        for (size_t f = 0; f < inputs.size(); ++f) {
            if (f % 250 == 249) p = randomParams(rng);  // live tuning
            const MoverState fast = kPixelSweepMover.step(s, inputs[f], p, w, nullptr);
            trace.clear();
            const MoverState traced = kPixelSweepMover.step(s, inputs[f], p, w, &trace);
            const MoverState literal = literalStep(s, inputs[f], p, w);
            ASSERT_EQ(fast, literal) << "seed " << seed << " frame " << f << " from "
                                     << stateJson(0, "a", MoverKind::PixelSweep, s);
            ASSERT_EQ(traced, literal) << "seed " << seed << " frame " << f;
            ASSERT_FALSE(w.rectOverlapsSolid(RectI{fast.x.floor(), fast.y.floor(), s.w, s.h}))
                << "seed " << seed << " frame " << f;
            moved += fast.x.floor() != s.x.floor() || fast.y.floor() != s.y.floor();
            s = fast;
            ++frames;
        }
    }
    EXPECT_GT(cases, 60);
    EXPECT_GT(frames, 60000);
    EXPECT_GT(moved, frames / 4);  // the actors do move around
}

namespace {

// One whole run of actors[0] with its own parameters: the shipped step (untraced and
// traced) equals the literal sweep every frame and never overlaps solid. "" or the first
// frame that differs. A start inside solid is not judged.
std::string checkRun(const test::PropCase& c, int64_t* moved) {
    const Actor& a = c.map.actors[0];
    const CollisionWorld w(c.map);
    if (w.rectOverlapsSolid(RectI{a.x, a.y, a.w, a.h})) return "";
    MoverState s = spawnState(a);
    Trace trace;
    for (size_t f = 0; f < c.keys.size(); ++f) {
        const MoverState fast = kPixelSweepMover.step(s, c.keys[f], a.params, w, nullptr);
        trace.clear();
        const MoverState traced = kPixelSweepMover.step(s, c.keys[f], a.params, w, &trace);
        const MoverState literal = literalStep(s, c.keys[f], a.params, w);
        std::string what;
        if (!(fast == literal))
            what = "shipped " + stateJson(0, "a", MoverKind::PixelSweep, fast) + " literal " +
                   stateJson(0, "a", MoverKind::PixelSweep, literal);
        else if (!(traced == literal))
            what = "traced " + stateJson(0, "a", MoverKind::PixelSweep, traced);
        else if (w.rectOverlapsSolid(RectI{fast.x.floor(), fast.y.floor(), s.w, s.h}))
            what = "overlaps solid";
        if (!what.empty())
            return what + " (frame " + std::to_string(f) + ", keys " +
                   std::to_string(int(c.keys[f])) + ", from " +
                   stateJson(0, "a", MoverKind::PixelSweep, s) + ")";
        if (moved) *moved += fast.x.floor() != s.x.floor() || fast.y.floor() != s.y.floor();
        s = fast;
    }
    return "";
}

}  // namespace

// Every parameter drawn from its whole range on every map (fixed for the run), on maps with
// low steps and thin obstacles: the shipped step against the literal sweep. A failure is
// shrunk to a small map and input log and printed.
TEST(PixelSweepProps, WholeParameterRangeEqualsLiteralSweep) {
    int64_t frames = 0, moved = 0, cases = 0;
    for (uint64_t seed = 1; seed <= 200 * uint64_t(test::propScale()); ++seed) {
        Rng rng(seed * 2654435761u);
        Map m;
        if (!makeCase(seed, &m, rng)) continue;
        ++cases;
        const test::PropCase c{m, test::randomInputs(seed * 11, 800, 30)};
        frames += int64_t(c.keys.size());
        if (checkRun(c, &moved).empty()) continue;
        ADD_FAILURE() << test::checkOrShrink(
            c, [](const test::PropCase& k) { return checkRun(k, nullptr); },
            "seed " + std::to_string(seed));
        return;
    }
    EXPECT_GT(cases, 150);
    EXPECT_GT(moved, frames / 5);  // the actors do move around
}

// The traced step shows the questions the sweep asks: every frame, its probes are exactly
// the literal sweep's full-box questions (leading edge, hit or miss, reason), in order. The
// untraced run answers the same questions in runs; its states are checked above.
TEST(PixelSweepProps, TracedStepRecordsTheLiteralSweepsQuestions) {
    int64_t frames = 0, probes = 0;
    for (uint64_t seed = 1; seed <= 60; ++seed) {
        Rng rng(seed + 500);
        Map m;
        if (!makeCase(seed, &m, rng)) continue;
        const CollisionWorld w(m);
        MoverState s = spawnState(m.actors[0]);
        const ParamValues p = m.actors[0].params;
        const std::vector<InputBits> inputs = test::randomInputs(seed + 500, 400, 30);
        Trace shipped, literal;
        for (size_t f = 0; f < inputs.size(); ++f) {
            shipped.clear();
            literal.clear();
            const MoverState next = kPixelSweepMover.step(s, inputs[f], p, w, &shipped);
            ASSERT_EQ(next, ps::literalStepTraced(s, inputs[f], p, w, literal));
            ASSERT_EQ(shipped.probes.size(), literal.probes.size())
                << "seed " << seed << " frame " << f;
            for (size_t i = 0; i < shipped.probes.size(); ++i)
                ASSERT_EQ(probeJson(shipped.probes[i]), probeJson(literal.probes[i]))
                    << "seed " << seed << " frame " << f << " probe " << i;
            probes += int64_t(shipped.probes.size());
            s = next;
            ++frames;
        }
    }
    EXPECT_GT(frames, 15000);
    EXPECT_GT(probes, frames * 2);  // more than the grounded probe alone
}

}  // namespace
