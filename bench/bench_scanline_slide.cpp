// Actor-steps per second of the scanline slide model (seed 004) on a 256 x 256-tile random
// map with 1 000 actors on random keys, trace off, at 1, 4, 16 and 64 px per frame, against
// a baseline on the same actors and keys: a plain integrate with no collision at all.
// Compare items_per_second (one item = one actor stepped one frame).
#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "collision.h"
#include "map.h"
#include "movers/scanline_slide.h"

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

// A 256 x 256 map of 16-px tiles: 12% solid, 2% slopes, 1% one-way, 4% of the grid edges
// walled, 600 brushes; actors of 12..16 x 12..16 px where no cell, wall or brush overlaps
// them; keys (any of L R U D J) held for runs of 1..40 frames.
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
            // Slopes count as whole cells for this model.
            bool free = !world.rectOverlapsSolid(RectI{x, y, a.w, a.h});
            for (int64_t cy = y / 16; free && cy <= (y + a.h - 1) / 16; ++cy)
                for (int64_t cx = x / 16; free && cx <= (x + a.w - 1) / 16; ++cx)
                    free = !world.cellBlocked(cx, cy, DIR_NONE);
            if (!free) continue;
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
                    k = InputBits(rng.range(0, 31));
                    left = rng.range(1, 40);
                }
                s.keys[size_t(f) * kActors + size_t(a)] = k;
            }
        }
        return s;
    }();
    return sc;
}

ParamValues paramsAt(int64_t speed) {
    ParamValues p = defaultParams(MoverKind::ScanlineSlide);
    p[kSsSpeed] = Fix::fromInt(speed);
    return p;
}

void BM_ScanlineSlide(benchmark::State& state) {
    const Scene& sc = scene();
    const CollisionWorld world(sc.map);
    const ParamValues p = paramsAt(state.range(0));
    const StepFn step = kScanlineSlideMover.step;
    std::vector<MoverState> actors = sc.spawn;
    size_t frame = 0;
    for (auto _ : state) {
        const InputBits* keys = &sc.keys[(frame++ % kFrames) * kActors];
        for (int a = 0; a < kActors; ++a)
            actors[size_t(a)] = step(actors[size_t(a)], keys[a], p, world, nullptr);
        benchmark::DoNotOptimize(actors.data());
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(int64_t(state.iterations()) * kActors);
}
BENCHMARK(BM_ScanlineSlide)->Arg(1)->Arg(4)->Arg(16)->Arg(64);

// Baseline: the same keys integrated with no collision at all (opposite keys cancel, the
// full speed on each pressed axis), through the same kind of function pointer.
MoverState integrate(const MoverState& s0, InputBits in, const ParamValues& p,
                     const CollisionWorld&, Trace*) {
    MoverState s = s0;
    const int dx = ((in & KEY_R) ? 1 : 0) - ((in & KEY_L) ? 1 : 0);
    const int dy = ((in & KEY_D) ? 1 : 0) - ((in & KEY_U) ? 1 : 0);
    s.vx = p[kSsSpeed] * dx;
    s.vy = p[kSsSpeed] * dy;
    s.x += s.vx;
    s.y += s.vy;
    return s;
}

void BM_IntegrateNoCollision(benchmark::State& state) {
    const Scene& sc = scene();
    const CollisionWorld world(sc.map);
    const ParamValues p = paramsAt(state.range(0));
    StepFn step = integrate;
    benchmark::DoNotOptimize(step);  // an indirect call, like the mover's
    std::vector<MoverState> actors = sc.spawn;
    size_t frame = 0;
    for (auto _ : state) {
        const InputBits* keys = &sc.keys[(frame++ % kFrames) * kActors];
        for (int a = 0; a < kActors; ++a)
            actors[size_t(a)] = step(actors[size_t(a)], keys[a], p, world, nullptr);
        benchmark::DoNotOptimize(actors.data());
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(int64_t(state.iterations()) * kActors);
}
BENCHMARK(BM_IntegrateNoCollision)->Arg(1);

}  // namespace

BENCHMARK_MAIN();
