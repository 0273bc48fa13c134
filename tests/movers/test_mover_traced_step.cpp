// Every registered mover writes its step once, templated on the trace policy
// (core/trace/trace_policy.h): the debugger's traced step is the untraced one plus the
// records. On random maps, sizes, parameters, spawns (some inside solid) and keys, the traced
// step must give the untraced step's state every frame (one test per registered mover, from
// the registry), and each model records its own probes (one test per model that knows them).
// (The pixel sweep's probes are checked against its literal sweep:
// test_mover_pixel_sweep_props.cpp.)
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "world/collision.h"
#include "base/json_text.h"
#include "property.h"
#include "sim/sim.h"
#include "trace/trace.h"

using namespace ts;
using test::Rng;

namespace {

struct Episode {
    Map map;
    MoverState start;
    ParamValues params{};
    std::vector<InputBits> keys;
};

// Random parameters inside the spec's range, about half of them near the default (the
// interesting speeds), integer parameters whole.
ParamValues randomParams(MoverKind kind, Rng& rng) {
    const MoverInfo& info = moverInfo(kind);
    ParamValues p = defaultParams(kind);
    for (int i = 0; i < info.paramCount; ++i) {
        const ParamSpec& spec = info.params[i];
        const int64_t lo = spec.minFix().raw, hi = spec.maxFix().raw;
        int64_t v = rng.chance(50) ? rng.range(lo, hi)
                                   : spec.defFix().raw + rng.range(-Fix::kOne / 2, Fix::kOne / 2);
        v = v < lo ? lo : v > hi ? hi : v;
        p[size_t(i)] = spec.integer ? Fix::fromInt(Fix::fromRaw(v).round()) : Fix::fromRaw(v);
    }
    return p;
}

Episode makeEpisode(MoverKind kind, uint64_t seed, size_t frames) {
    Rng rng(seed * 7919 + uint64_t(kind));
    test::RandomMapOptions opt;
    const int32_t tiles[] = {16, 8, 12, 24};
    opt.tileSize = tiles[seed % 4];
    Episode e;
    e.map = test::randomMap(seed, opt);
    if (seed % 3 == 0) test::clearBorder(e.map);  // the map edge stops the actor there

    const bool round = moverInfo(kind).round;
    Actor a;
    a.name = "hero";
    a.mover = kind;
    a.w = int32_t(rng.range(3, 2 * opt.tileSize));
    a.h = round ? a.w : int32_t(rng.range(3, 2 * opt.tileSize));
    int64_t x = 0, y = 0;
    // One spawn in five anywhere, possibly overlapping solid: the escape paths.
    if (seed % 5 == 0 || !test::findFreeBox(e.map, seed, a.w, a.h, &x, &y)) {
        x = rng.range(0, int64_t(opt.width) * opt.tileSize);
        y = rng.range(0, int64_t(opt.height) * opt.tileSize);
    }
    a.x = round ? x + a.w / 2 : x;
    a.y = round ? y + a.h / 2 : y;
    a.params = seed % 2 ? defaultParams(kind) : randomParams(kind, rng);
    e.start = spawnState(a);
    e.params = a.params;
    e.keys = test::randomInputs(seed, frames, 30);
    return e;
}

struct Recorded {
    size_t frames = 0, moved = 0;        // frames stepped; frames the actor moved in
    std::map<std::string, size_t> whys;  // probes recorded, by reason (and direction)

    size_t count(const std::string& why) const {
        const auto it = whys.find(why);
        return it == whys.end() ? 0 : it->second;
    }
};

// Steps each episode untraced and traced side by side; fails at the first frame where the
// states differ.
Recorded compareTracedWithUntraced(MoverKind kind) {
    const MoverInfo& info = moverInfo(kind);
    const auto step = [&](const MoverState& s, InputBits in, const ParamValues& p,
                          const CollisionWorld& world,
                          Trace* trace) { return info.step(s, in, p, world, trace); };
    Recorded r;
    for (uint64_t seed = 1; seed <= 20; ++seed) {
        const Episode e = makeEpisode(kind, seed, 1500);
        const CollisionWorld world(e.map);
        MoverState untraced = e.start, traced = e.start;
        Trace trace;
        for (size_t f = 0; f < e.keys.size(); ++f) {
            trace.clear();
            const MoverState before = untraced;
            untraced = step(untraced, e.keys[f], e.params, world, nullptr);
            traced = step(traced, e.keys[f], e.params, world, &trace);
            EXPECT_EQ(untraced, traced)
                << "seed " << seed << ", frame " << f << "\nuntraced "
                << stateJson(int64_t(f), "hero", kind, untraced) << "\ntraced   "
                << stateJson(int64_t(f), "hero", kind, traced);
            if (!(untraced == traced)) return r;
            ++r.frames;
            if (untraced.x != before.x || untraced.y != before.y) ++r.moved;
            for (const Probe& p : trace.probes) {
                ++r.whys[p.why];
                // Segments also by direction: a horizontal one for a move along x.
                if (p.shape == ProbeShape::Segment)
                    ++r.whys[std::string(p.why) + (p.y0 == p.y1 ? ":along_x" : ":along_y")];
            }
        }
    }
    return r;
}

// Each mover's episodes, stepped once for all the tests that read them.
const Recorded& recorded(MoverKind kind) {
    static std::map<MoverKind, Recorded> done;
    const auto it = done.find(kind);
    return it != done.end() ? it->second : done[kind] = compareTracedWithUntraced(kind);
}

class EveryMover : public testing::TestWithParam<MoverKind> {};

std::string moverName(const testing::TestParamInfo<MoverKind>& p) {
    return moverInfo(p.param).id;
}

}  // namespace

TEST_P(EveryMover, TracedEqualsUntracedAndMoves) {
    const Recorded& r = recorded(GetParam());
    ASSERT_EQ(r.frames, 20u * 1500u);
    EXPECT_GT(r.moved, r.frames / 5);
    EXPECT_GT(r.whys.size(), 0u) << "the traced step records no probe";
}

INSTANTIATE_TEST_SUITE_P(TracedStep, EveryMover, testing::ValuesIn(moverKinds()), moverName);

TEST(TracedStep, GridWallsRecordsItsProbes) {
    const Recorded& r = recorded(MoverKind::GridWalls);
    ASSERT_EQ(r.frames, 20u * 1500u);
    // Every frame: the wanted move and the move made, and the 3 x 3 regions around it.
    EXPECT_EQ(r.count("want"), r.frames);
    EXPECT_EQ(r.count("move"), r.frames);
    EXPECT_EQ(r.count("region_a") + r.count("region_b") + r.count("region_c"), 9 * r.frames);
    // Bands, and the sweep's own records: the rules that stopped it and the re-validations.
    EXPECT_GT(r.count("band_h") + r.count("band_v"), 0u);
    EXPECT_GT(r.count("b_block_x") + r.count("b_block_y"), 0u);
    EXPECT_GT(r.count("escape_x") + r.count("escape_y"), 0u);  // spawned inside a band
    EXPECT_GT(r.count("recheck_x"), 0u);
    EXPECT_EQ(r.count("recheck_x"), r.count("recheck_y"));
}

TEST(TracedStep, TopDownAabbRecordsItsProbes) {
    const Recorded& r = recorded(MoverKind::TopDownAabb);
    ASSERT_EQ(r.frames, 20u * 1500u);
    // Every frame: the seed's four border probes.
    for (const char* why : {"probe_n", "probe_e", "probe_s", "probe_w"})
        EXPECT_EQ(r.count(why), r.frames) << why;
    // Stops record what stopped them; nudges their arrow.
    EXPECT_GT(r.count("blocker"), 0u);
    EXPECT_GT(r.count("nudge"), 0u);
}

TEST(TracedStep, ScanlineSlideRecordsItsProbes) {
    const Recorded& r = recorded(MoverKind::ScanlineSlide);
    ASSERT_EQ(r.frames, 20u * 1500u);
    // Each cast records its scanlines (2 to 32 of them) and then its pass rate.
    EXPECT_GT(r.count("pass_rate"), r.frames / 4);
    EXPECT_GE(r.count("scanline"), 2 * r.count("pass_rate"));
    EXPECT_GT(r.count("scanline:along_x"), r.frames / 10);
    EXPECT_GT(r.count("scanline:along_y"), r.frames / 10);
    EXPECT_GT(r.count("slide"), 0u);
}
