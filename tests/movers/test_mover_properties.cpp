// The properties docs/movers.md ("Properties every model is tested for") promises of every
// model, run over every mover in the registry (one instance per registered mover, so that a
// new model is held to them with no line here): never ending a frame inside what the model
// treats as solid beyond its stated tolerance, no tunnelling (both judged by the snag hunt's
// `inside` and `tunnel` detectors, which ask the model's own MoverRules), the same run twice
// giving the same trace, a map shifted by 10^6 px giving the same relative trace, and a
// mirrored map with mirrored keys giving the mirrored run.
//
// Where a model's page says a property holds only under a condition, documented() below says
// so, in one place, as the page does; a model it does not name is held to every property
// exactly. The models' own oracles (literal sweeps, reference rules) are in
// test_mover_NAME_props.cpp.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "base/json_text.h"
#include "hunt/hunt.h"
#include "movers/mover_registry.h"
#include "property.h"
#include "record/trace_writer.h"
#include "shrink.h"
#include "test_support.h"
#include "sim/sim.h"
#include "trace/trace.h"
#include "world/collision.h"

using namespace ts;
using test::Rng;

namespace {

// A model's documented exceptions to the properties below: the conditions its page states.
struct Documented {
    const char* id;
    const char* page;  // where the model's docs say it
    // Mirror: a point x mirrors to W - x (a box's left edge to W - x - w); true: on the raw
    // lattice, to W - x - 2^-16, as the raw unit [x, x + 2^-16) maps onto [W - x - 2^-16, W - x).
    bool rawLatticeMirror = false;
    // Mirror: the page promises mirrored probes too; false: mirrored states only.
    bool probesMirror = true;
    // Mirror: makes the case one where the page promises symmetry (before the actor is
    // placed: its size and parameters may change).
    void (*mirrorCase)(const Map& m, Actor& a, Rng& rng) = nullptr;
    // Mirror: a model field that changes sign with x, on the frame stepped with `keys`.
    void (*mirrorFields)(MoverState& want, InputBits keys) = nullptr;
    // Shift: makes the case one the page promises shifts (alignment lines counted from 0).
    void (*shiftCase)(Actor& a, Rng& rng) = nullptr;
};

void setWhole(Actor& a, const char* name, int64_t v) {
    const int i = findParam(a.mover, name);
    ASSERT_GE(i, 0) << moverInfo(a.mover).id << " has no parameter " << name;
    a.params[size_t(i)] = Fix::fromInt(v);
}

void makeWhole(Actor& a, const char* name) {
    const int i = findParam(a.mover, name);
    ASSERT_GE(i, 0) << moverInfo(a.mover).id << " has no parameter " << name;
    // Rounded up, so that a fractional speed or acceleration still moves the actor.
    const Fix v = a.params[size_t(i)];
    a.params[size_t(i)] = Fix::fromInt(v.floor() + (Fix::fromInt(v.floor()) == v ? 0 : 1));
}

const std::vector<Documented>& documented() {
    static const std::vector<Documented> table = [] {
        std::vector<Documented> t;
        Documented d{"pixel_sweep", "docs/movers/pixel_sweep.md, Guarantees and limits"};
        // Mirror symmetry holds when positions and speeds stay whole pixels (floor(x) does
        // not commute with mirroring); the page promises states.
        d.probesMirror = false;
        d.mirrorCase = [](const Map&, Actor& a, Rng&) {
            for (const char* p : {"run_speed", "acceleration", "friction", "gravity", "jump_speed",
                                  "max_fall_speed"})
                makeWhole(a, p);
        };
        t.push_back(d);

        d = Documented{"grid_walls", "docs/movers/grid_walls.md, Properties (tests)"};
        // Half-open bands [k - b, k + b): symmetric on the raw lattice; states and probes.
        d.rawLatticeMirror = true;
        t.push_back(d);

        d = Documented{"topdown_aabb", "docs/movers/topdown_aabb.md, Symmetry"};
        // Alignment lines at multiples of align_grid from x = 0 align the box's left edge, and
        // halfway goes right: exact for an odd grid with (map width - box width) a multiple
        // of it. States only; a nudge on x (vertical walk) changes sign.
        d.probesMirror = false;
        d.mirrorCase = [](const Map& m, Actor& a, Rng& rng) {
            const int64_t grid = 2 * rng.range(0, 4) + 1;  // 1, 3, 5, 7, 9
            a.w += int32_t(floorMod(m.widthPx() - a.w, grid));
            setWhole(a, "align_grid", grid);
            setWhole(a, "nudge_step", rng.range(1, 3));
        };
        d.mirrorFields = [](MoverState& want, InputBits k) {
            const bool vertical = ((k & KEY_L) != 0) == ((k & KEY_R) != 0) &&
                                  ((k & KEY_U) != 0) != ((k & KEY_D) != 0);
            if (vertical) want.aux = -want.aux;
        };
        // Lines from x = 0 shift with the map when the grid divides 10^6.
        d.shiftCase = [](Actor& a, Rng& rng) {
            const int64_t grids[] = {1, 4, 5, 16, 25, 32, 64};
            setWhole(a, "align_grid", grids[rng.range(0, 6)]);
        };
        t.push_back(d);

        d = Documented{"scanline_slide", "docs/movers/scanline_slide.md, Symmetry"};
        // A horizontal slide (no single horizontal key) changes sign.
        d.mirrorFields = [](MoverState& want, InputBits k) {
            if (!(k & (KEY_L | KEY_R)) || ((k & KEY_L) && (k & KEY_R))) want.aux = -want.aux;
        };
        t.push_back(d);
        return t;
    }();
    return table;
}

// The model's documented exceptions; none for a model documented() does not name.
Documented exceptionsOf(MoverKind kind) {
    for (const Documented& d : documented())
        if (std::string(d.id) == moverInfo(kind).id) return d;
    return Documented{moverInfo(kind).id, "(none: held to every property)"};
}

// A random map and one actor of `kind` at a free place, parameters from their whole ranges.
// `adjust` may change the actor (size, parameters) before it is placed. False when no place.
bool makeCase(MoverKind kind, uint64_t seed, test::RandomMapOptions opt, Map* out,
              void (*adjust)(const Map&, Actor&, Rng&) = nullptr) {
    Rng rng(seed * 7919 + uint64_t(kind) * 104729);
    Map m = test::randomMap(seed, opt);
    Actor a;
    a.name = "hero";
    a.mover = kind;
    const bool round = moverInfo(kind).round;
    a.w = int32_t(rng.range(3, std::min<int64_t>(2 * opt.tileSize, 60)));
    a.h = round ? a.w : int32_t(rng.range(3, std::min<int64_t>(2 * opt.tileSize, 60)));
    // Every other case the defaults (the speeds a game uses), else every parameter from its
    // whole range, ends included.
    a.params = seed % 2 ? test::fullRangeParams(kind, rng) : defaultParams(kind);
    if (adjust) adjust(m, a, rng);
    int64_t x = 0, y = 0;
    if (!test::findFreeBox(m, seed, a.w, a.h, &x, &y)) return false;
    a.x = round ? x + a.w / 2 : x;
    a.y = round ? y + a.h / 2 : y;
    m.actors.push_back(a);
    *out = std::move(m);
    return true;
}

struct Recorded {
    std::vector<MoverState> states;
    std::vector<std::vector<Probe>> probes;
};

// Steps the map's first actor through `keys`, traced, from `start`.
Recorded runActor(const Map& m, const MoverState& start, const std::vector<InputBits>& keys) {
    const MoverInfo& info = moverInfo(m.actors[0].mover);
    const CollisionWorld world(m);
    Recorded r;
    MoverState s = start;
    Trace trace;
    for (InputBits k : keys) {
        trace.clear();
        s = info.step(s, k, m.actors[0].params, world, &trace);
        r.states.push_back(s);
        r.probes.push_back(trace.probes);
    }
    return r;
}

// Probes compared field by field, as their text says them (a point is (x0, y0) alone); the
// text itself only when a test fails: probeJson per probe was most of the mirror test's time.
auto probeKey(const Probe& p) {
    const bool point = p.shape == ProbeShape::Point;
    return std::make_tuple(int(p.shape), int(p.verdict), p.x0.raw, p.y0.raw, point ? 0 : p.x1.raw,
                           point ? 0 : p.y1.raw);
}

bool probeLess(const Probe& a, const Probe& b) {
    const auto ka = probeKey(a), kb = probeKey(b);
    return ka != kb ? ka < kb : std::strcmp(a.why, b.why) < 0;
}

bool sameProbe(const Probe& a, const Probe& b) {
    return probeKey(a) == probeKey(b) && std::strcmp(a.why, b.why) == 0;
}

std::string texts(const std::vector<Probe>& probes) {
    std::string out;
    for (const Probe& p : probes) out += probeJson(p) + "\n";
    return out;
}

// The same probes in any order.
bool sameProbeSet(std::vector<Probe> a, std::vector<Probe> b) {
    if (a.size() != b.size()) return false;
    std::sort(a.begin(), a.end(), probeLess);
    std::sort(b.begin(), b.end(), probeLess);
    return std::equal(a.begin(), a.end(), b.begin(), sameProbe);
}

class MoverProps : public testing::TestWithParam<MoverKind> {};

std::string moverName(const testing::TestParamInfo<MoverKind>& p) {
    return moverInfo(p.param).id;
}

}  // namespace

// The suite's instances are the registry's movers, one each (a mover the instantiation left
// out would go untested), and the table names registered movers only.
TEST(MoverPropsSuite, RunsOverEveryRegisteredMoverAndNamesNoOther) {
    std::set<std::string> instances;
    const testing::UnitTest& unit = *testing::UnitTest::GetInstance();
    for (int i = 0; i < unit.total_test_suite_count(); ++i) {
        const testing::TestSuite& suite = *unit.GetTestSuite(i);
        if (std::string(suite.name()) != "EveryMover/MoverProps") continue;
        for (int j = 0; j < suite.total_test_count(); ++j) {
            const std::string name = suite.GetTestInfo(j)->name();  // "Test/id"
            instances.insert(name.substr(name.find('/') + 1));
        }
    }
    std::set<std::string> registered;
    for (MoverKind k : moverKinds()) registered.insert(moverInfo(k).id);
    EXPECT_EQ(instances, registered);
    for (const Documented& d : documented())
        EXPECT_NE(findMover(d.id), nullptr) << d.id << " is documented here but not registered";
}

// Never ends a frame inside what the model treats as solid (beyond its tolerance), never
// crosses it in one frame, never leaves the map, at any parameter value: the snag hunt's
// `inside`, `tunnel` and `escape` detectors, which judge by the model's own rules
// (MoverRules: its body, tolerance, step height, corner correction, its own path rule), find
// nothing. Every model, no exception: a frame that goes around a corner (pixel_sweep's corner
// correction while rising, grid_walls' diagonal between two bands that meet at a point) is
// no tunnel, as the detector looks for any way the model could have taken.
TEST_P(MoverProps, NeverEndsInSolidNorTunnels) {
    const MoverKind kind = GetParam();
    const Documented doc = exceptionsOf(kind);
    const uint32_t kinds =
        snagBit(SnagKind::Inside) | snagBit(SnagKind::Escape) | snagBit(SnagKind::Tunnel);
    int64_t frames = 0, moved = 0;
    for (uint64_t seed = 1; seed <= 40; ++seed) {
        test::RandomMapOptions opt;
        const int32_t tiles[] = {16, 8, 12, 32};
        opt.tileSize = tiles[seed % 4];
        Map m;
        if (!makeCase(kind, seed, opt, &m)) continue;
        if (seed % 5 == 0) test::clearBorder(m);
        const CollisionWorld world(m);
        const Actor& a = m.actors[0];
        SnagDetectors detectors(world, moverInfo(kind), a.params, kinds);
        std::vector<SnagFinding> found;
        MoverState s = spawnState(a);
        const std::vector<InputBits> keys = test::randomInputs(seed, 1000, 30);
        for (size_t f = 0; f < keys.size(); ++f) {
            const MoverState next = moverInfo(kind).step(s, keys[f], a.params, world, nullptr);
            detectors.observe(StepFacts{int64_t(f), keys[f], &s, &next}, &found);
            ASSERT_TRUE(found.empty())
                << doc.page << ": " << snagKindName(found[0].kind) << ", seed " << seed
                << ", frame " << f << ": " << found[0].detail << "\nfrom "
                << stateJson(int64_t(f), "hero", kind, s) << "\nto   "
                << stateJson(int64_t(f), "hero", kind, next);
            moved += next.x.floor() != s.x.floor() || next.y.floor() != s.y.floor();
            s = next;
            ++frames;
        }
    }
    EXPECT_GE(frames, 30000);
    EXPECT_GT(moved, frames / 10);  // the actors do move around
}

TEST_P(MoverProps, SameRunTwiceGivesTheSameTrace) {
    const MoverKind kind = GetParam();
    int runs = 0;
    for (uint64_t seed = 200; seed < 206; ++seed) {
        Map m;
        if (!makeCase(kind, seed, {}, &m)) continue;
        Rng rng(seed);
        Map two = m;  // a second actor of the same mover, also in the trace
        if (!test::addActorAtFreeSpot(two, kind, seed + 1, m.actors[0].w, m.actors[0].h, "b"))
            two = m;
        const std::vector<InputBits> keys = test::randomInputs(seed, 800);
        const std::vector<std::string> a = test::runTraceLines(two, keys, true);
        const std::vector<std::string> b = test::runTraceLines(two, keys, true);
        ASSERT_GT(a.size(), keys.size());
        ASSERT_EQ(a, b) << "seed " << seed;
        ++runs;
    }
    EXPECT_GE(runs, 4);
}

// 64-px tiles: 15625 tiles = 10^6 px. The map copied that far right (then down) gives the
// same states and probes, moved by exactly 10^6 px (a value probe's numbers are not
// coordinates).
TEST_P(MoverProps, ShiftedByAMillionPixelsGivesTheSameRelativeTrace) {
    const MoverKind kind = GetParam();
    const Documented doc = exceptionsOf(kind);
    const int64_t kMillion = 1000000;
    int64_t frames = 0;
    for (uint64_t seed = 300; seed < 308; ++seed) {
        test::RandomMapOptions opt;
        opt.tileSize = 64;
        opt.width = 14;
        opt.height = 10;
        Map m;
        if (!makeCase(kind, seed, opt, &m)) continue;
        Rng rng(seed);
        if (doc.shiftCase) doc.shiftCase(m.actors[0], rng);
        const MoverState start = spawnState(m.actors[0]);
        const std::vector<InputBits> keys = test::randomInputs(seed, 1500);
        const Recorded base = runActor(m, start, keys);
        for (int axis = 0; axis < 2; ++axis) {
            const int64_t dx = axis == 0 ? kMillion : 0, dy = axis == 1 ? kMillion : 0;
            const Map far = test::shiftMap(m, int32_t(dx / 64), int32_t(dy / 64));
            MoverState farStart = start;
            farStart.x += Fix::fromInt(dx);
            farStart.y += Fix::fromInt(dy);
            const Recorded moved = runActor(far, farStart, keys);
            for (size_t f = 0; f < keys.size(); ++f) {
                MoverState want = base.states[f];
                want.x += Fix::fromInt(dx);
                want.y += Fix::fromInt(dy);
                ASSERT_EQ(moved.states[f], want)
                    << doc.page << ": seed " << seed << ", axis " << axis << ", frame " << f;
                ASSERT_EQ(moved.probes[f].size(), base.probes[f].size())
                    << "seed " << seed << ", frame " << f;
                for (size_t i = 0; i < base.probes[f].size(); ++i) {
                    Probe p = base.probes[f][i];
                    if (p.shape != ProbeShape::Value) {
                        p.x0 += Fix::fromInt(dx), p.x1 += Fix::fromInt(dx);
                        p.y0 += Fix::fromInt(dy), p.y1 += Fix::fromInt(dy);
                    }
                    ASSERT_TRUE(sameProbe(moved.probes[f][i], p))
                        << probeJson(moved.probes[f][i]) << " vs " << probeJson(p) << ", "
                        << "seed " << seed << ", axis " << axis << ", frame " << f;
                }
                ++frames;
            }
        }
    }
    EXPECT_GE(frames, 12000);
}

namespace {

// A point's mirror image across a map W px wide.
Fix mirroredPoint(Fix x, int64_t widthPx, const Documented& doc) {
    return Fix::fromInt(widthPx) - x - Fix::fromRaw(doc.rawLatticeMirror ? 1 : 0);
}

// A probe's mirror image: areas (rect, cell, band) by their edges, a pixel (point) by its
// column, ends (arrow, segment) as points; a value is no place.
Probe mirroredProbe(Probe p, int64_t widthPx, const Documented& doc) {
    const Fix W = Fix::fromInt(widthPx);
    switch (p.shape) {
        case ProbeShape::Rect:
        case ProbeShape::Cell:
        case ProbeShape::Band: {
            const Fix x0 = p.x0;
            p.x0 = W - p.x1;
            p.x1 = W - x0;
            break;
        }
        case ProbeShape::Point:
            p.x0 = W - Fix::fromInt(1) - p.x0;
            p.x1 = W - Fix::fromInt(1) - p.x1;
            break;
        case ProbeShape::Value:
            break;
        default:
            p.x0 = mirroredPoint(p.x0, widthPx, doc);
            p.x1 = mirroredPoint(p.x1, widthPx, doc);
    }
    return p;
}

MoverState mirroredState(const MoverState& s, int64_t widthPx, bool round, const Documented& doc) {
    MoverState r = test::mirrorState(s, widthPx, round);
    if (round) r.x = mirroredPoint(s.x, widthPx, doc);
    return r;
}

}  // namespace

// Left-right mirror: the mirrored map with L and R swapped gives the mirrored states (and
// probes, as a set: their order may follow the travel direction), under the conditions the
// model's page states.
TEST_P(MoverProps, MirroredMapAndKeysGiveTheMirroredRun) {
    const MoverKind kind = GetParam();
    const Documented doc = exceptionsOf(kind);
    const bool round = moverInfo(kind).round;
    int64_t frames = 0, moving = 0;
    for (uint64_t seed = 400; seed < 460; ++seed) {
        test::RandomMapOptions opt;
        const int32_t tiles[] = {16, 8, 12, 32};
        opt.tileSize = tiles[seed % 4];
        Map m;
        if (!makeCase(kind, seed, opt, &m, doc.mirrorCase)) continue;
        const int64_t W = m.widthPx();
        const Map mirrored = test::mirrorMap(m);
        const MoverState start = spawnState(m.actors[0]);
        const std::vector<InputBits> keys = test::randomInputs(seed, 1000);
        const Recorded a = runActor(m, start, keys);
        const Recorded b =
            runActor(mirrored, mirroredState(start, W, round, doc), test::mirrorInputs(keys));
        for (size_t f = 0; f < keys.size(); ++f) {
            MoverState want = mirroredState(a.states[f], W, round, doc);
            if (doc.mirrorFields) doc.mirrorFields(want, keys[f]);
            ASSERT_EQ(b.states[f], want)
                << doc.page << ": seed " << seed << ", frame " << f << "\nrun      "
                << stateJson(int64_t(f), "hero", kind, a.states[f]) << "\nmirrored "
                << stateJson(int64_t(f), "hero", kind, b.states[f]);
            if (doc.probesMirror) {
                std::vector<Probe> back;
                for (const Probe& p : a.probes[f]) back.push_back(mirroredProbe(p, W, doc));
                ASSERT_TRUE(sameProbeSet(b.probes[f], back))
                    << "mirrored:\n"
                    << texts(b.probes[f]) << "want:\n"
                    << texts(back) << doc.page << ": seed " << seed << ", frame " << f;
            }
            moving += f > 0 && a.states[f].x != a.states[f - 1].x;
            ++frames;
        }
    }
    EXPECT_GE(frames, 40000);
    EXPECT_GT(moving, frames / 20);  // the runs really move sideways
}

INSTANTIATE_TEST_SUITE_P(EveryMover, MoverProps, testing::ValuesIn(moverKinds()), moverName);
