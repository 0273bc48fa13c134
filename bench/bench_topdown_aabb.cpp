// Actor-steps per second of the top-down AABB model (seed 003) on a 256 x 256-tile random map
// with 1 000 actors on random keys, against two baselines on the same map, actors and keys:
// the seed's literal "move, then shunt back out of whatever it hit" resolution, and a plain
// integrate with no collision at all. Compare items_per_second.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "world/collision.h"
#include "map/map.h"
#include "bench_scene.h"
#include "movers/topdown_aabb.h"
#include "trace/trace.h"

using namespace ts;

namespace {

const bench::Scene& scene() {
    return bench::topDownScene();
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

void BM_TopDownAabb(benchmark::State& state) {
    const bench::Scene& sc = scene();
    CollisionWorld world(sc.map);
    const ParamValues params = defaultParams(MoverKind::TopDownAabb);
    bench::runActors(state, sc, [&](const MoverState& s, InputBits k) {
        return kTopDownAabbMover.step(s, k, params, world, nullptr);
    });
}

void BM_TopDownAabbTraced(benchmark::State& state) {
    const bench::Scene& sc = scene();
    CollisionWorld world(sc.map);
    const ParamValues params = defaultParams(MoverKind::TopDownAabb);
    Trace trace;
    bench::runActors(state, sc, [&](const MoverState& s, InputBits k) {
        if (trace.probes.size() > 100000) trace.clear();  // keep memory flat, like a frame's
        return kTopDownAabbMover.step(s, k, params, world, &trace);
    });
}

void BM_SeedMoveThenShunt(benchmark::State& state) {
    const bench::Scene& sc = scene();
    CollisionWorld world(sc.map);
    bench::runActors(state, sc, [&](const MoverState& s, InputBits k) {
        return seedMoveThenShunt(s, k, world);
    });
}

void BM_IntegrateOnly(benchmark::State& state) {
    bench::runActors(state, scene(), integrateOnly);
}

}  // namespace

BENCHMARK(BM_TopDownAabb);
BENCHMARK(BM_TopDownAabbTraced);
BENCHMARK(BM_SeedMoveThenShunt);
BENCHMARK(BM_IntegrateOnly);
BENCHMARK_MAIN();
