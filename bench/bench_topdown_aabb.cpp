// Actor-steps per second of the top-down AABB model (seed 003) on a 256 x 256-tile random map
// with 1 000 actors on random keys, against two baselines on the same map, actors and keys:
// the seed's literal "move, then shunt back out of whatever it hit" resolution, and a plain
// integrate with no collision at all. Compare items_per_second.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "collision.h"
#include "map.h"
#include "movers/topdown_aabb.h"
#include "trace.h"

using namespace ts;

namespace {

constexpr int kActors = 1000;
constexpr int kFrames = 512;  // key table length; the runs wrap around it

// SplitMix64: deterministic everywhere.
struct Rng {
    uint64_t s;
    uint64_t next() {
        uint64_t z = (s += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    }
    int64_t range(int64_t lo, int64_t hi) { return lo + int64_t(next() % uint64_t(hi - lo + 1)); }
};

struct Scene {
    Map map;
    std::vector<MoverState> spawn;
    std::vector<InputBits> keys;  // [frame * kActors + actor]
};

// A 256 x 256 map of 16-px tiles: 12% solid, a few slopes and one-way tiles, 4% of the grid
// edges walled, 600 brushes; actors of 12..16 x 12..16 px on free spots; keys in runs of
// 1..40 frames.
const Scene& scene() {
    static const Scene sc = [] {
        Scene s;
        Rng rng{20260522};
        s.map = Map::blank(256, 256, 16);
        for (int32_t y = 0; y < 256; ++y)
            for (int32_t x = 0; x < 256; ++x) {
                const int64_t r = rng.range(0, 99);
                s.map.setTile(x, y,
                              r < 12   ? 1
                              : r < 14 ? uint16_t(2 + rng.range(0, 5))
                              : r < 15 ? 8
                                       : 0);
            }
        for (int32_t y = 1; y < 256; ++y)
            for (int32_t x = 0; x < 256; ++x)
                if (rng.range(0, 99) < 4) s.map.walls.setH(x, y, true);
        for (int32_t y = 0; y < 256; ++y)
            for (int32_t x = 1; x < 256; ++x)
                if (rng.range(0, 99) < 4) s.map.walls.setV(x, y, true);
        for (int i = 0; i < 600; ++i)
            s.map.brushes.push_back(Brush{
                RectI{rng.range(0, 4000), rng.range(0, 4000), rng.range(3, 48), rng.range(3, 48)}});
        CollisionWorld world(s.map);
        while (s.spawn.size() < size_t(kActors)) {
            MoverState a;
            a.w = int32_t(rng.range(12, 16));
            a.h = int32_t(rng.range(12, 16));
            const int64_t x = rng.range(0, 4096 - a.w), y = rng.range(0, 4096 - a.h);
            if (world.rectOverlapsSolid(RectI{x, y, a.w, a.h})) continue;
            a.x = Fix::fromInt(x);
            a.y = Fix::fromInt(y);
            a.facing = DIR_DOWN;
            s.spawn.push_back(a);
        }
        s.keys.assign(size_t(kFrames) * kActors, 0);
        for (int a = 0; a < kActors; ++a) {
            InputBits k = 0;
            int64_t left = 0;
            for (int f = 0; f < kFrames; ++f) {
                if (left-- <= 0) {
                    k = InputBits(rng.range(0, 15));
                    left = rng.range(1, 40);
                }
                s.keys[size_t(f) * kActors + size_t(a)] = k;
            }
        }
        return s;
    }();
    return sc;
}

// The seed's own resolution, literally: move by the speed (and the +-1 correction toward the
// 16-px grid), then shunt back one pixel at a time toward where it came from until the box no
// longer overlaps anything. One overlap query per axis when nothing is hit; it tunnels
// through anything thinner than a step.
MoverState seedMoveThenShunt(const MoverState& s, InputBits in, const CollisionWorld& world) {
    MoverState o = s;
    const int h = ((in & KEY_R) ? 1 : 0) - ((in & KEY_L) ? 1 : 0);
    const int v = ((in & KEY_D) ? 1 : 0) - ((in & KEY_U) ? 1 : 0);
    const int pressed = (h != 0) + (v != 0);
    const int64_t speed = pressed == 2 ? 2 : 3;
    int64_t x = s.x.floor(), y = s.y.floor();
    auto overlaps = [&] { return world.rectOverlapsSolid(RectI{x, y, s.w, s.h}); };
    if (h) {
        const int64_t x0 = x;
        x += h * speed;
        while (x != x0 && overlaps()) x -= h;
        if (pressed == 1 && floorMod(y, 16) != 0) {
            const int64_t y0 = y;
            y += floorMod(y, 16) < 8 ? -1 : 1;
            if (overlaps()) y = y0;
        }
    }
    if (v) {
        const int64_t y0 = y;
        y += v * speed;
        while (y != y0 && overlaps()) y -= v;
        if (pressed == 1 && floorMod(x, 16) != 0) {
            const int64_t x1 = x;
            x += floorMod(x, 16) < 8 ? -1 : 1;
            if (overlaps()) x = x1;
        }
    }
    o.x = Fix::fromInt(x);
    o.y = Fix::fromInt(y);
    return o;
}

MoverState integrateOnly(const MoverState& s, InputBits in) {
    MoverState o = s;
    const int h = ((in & KEY_R) ? 1 : 0) - ((in & KEY_L) ? 1 : 0);
    const int v = ((in & KEY_D) ? 1 : 0) - ((in & KEY_U) ? 1 : 0);
    const int64_t speed = (h != 0 && v != 0) ? 2 : 3;
    // Wrap inside the map so that the positions stay in the same range as the others'.
    o.x = Fix::fromInt(floorMod(s.x.floor() + h * speed, 4096 - s.w));
    o.y = Fix::fromInt(floorMod(s.y.floor() + v * speed, 4096 - s.h));
    return o;
}

template <class StepAll>
void runFrames(benchmark::State& state, StepAll&& stepAll) {
    const Scene& sc = scene();
    std::vector<MoverState> actors = sc.spawn;
    size_t frame = 0;
    for (auto _ : state) {
        const InputBits* keys = &sc.keys[(frame % kFrames) * kActors];
        stepAll(actors, keys);
        benchmark::ClobberMemory();
        ++frame;
    }
    state.SetItemsProcessed(int64_t(state.iterations()) * kActors);
    state.counters["actors"] = kActors;
}

void BM_TopDownAabb(benchmark::State& state) {
    const Scene& sc = scene();
    CollisionWorld world(sc.map);
    const ParamValues params = defaultParams(MoverKind::TopDownAabb);
    runFrames(state, [&](std::vector<MoverState>& actors, const InputBits* keys) {
        for (int a = 0; a < kActors; ++a)
            actors[size_t(a)] =
                kTopDownAabbMover.step(actors[size_t(a)], keys[a], params, world, nullptr);
    });
}

void BM_TopDownAabbTraced(benchmark::State& state) {
    const Scene& sc = scene();
    CollisionWorld world(sc.map);
    const ParamValues params = defaultParams(MoverKind::TopDownAabb);
    Trace trace;
    runFrames(state, [&](std::vector<MoverState>& actors, const InputBits* keys) {
        trace.clear();
        for (int a = 0; a < kActors; ++a) {
            trace.actor = a;
            actors[size_t(a)] =
                kTopDownAabbMover.step(actors[size_t(a)], keys[a], params, world, &trace);
        }
        benchmark::DoNotOptimize(trace.probes.data());
    });
}

void BM_SeedMoveThenShunt(benchmark::State& state) {
    const Scene& sc = scene();
    CollisionWorld world(sc.map);
    runFrames(state, [&](std::vector<MoverState>& actors, const InputBits* keys) {
        for (int a = 0; a < kActors; ++a)
            actors[size_t(a)] = seedMoveThenShunt(actors[size_t(a)], keys[a], world);
    });
}

void BM_IntegrateOnly(benchmark::State& state) {
    runFrames(state, [&](std::vector<MoverState>& actors, const InputBits* keys) {
        for (int a = 0; a < kActors; ++a)
            actors[size_t(a)] = integrateOnly(actors[size_t(a)], keys[a]);
    });
}

}  // namespace

BENCHMARK(BM_TopDownAabb);
BENCHMARK(BM_TopDownAabbTraced);
BENCHMARK(BM_SeedMoveThenShunt);
BENCHMARK(BM_IntegrateOnly);
BENCHMARK_MAIN();
