// The cost of the plugin ABI: actor-steps per second of the top-down AABB model rebuilt as a
// plugin (examples/movers/topdown_aabb.c, loaded with dlopen, the same algorithm with the
// same sweep shortcut) against the built-in model, on
// the same 256 x 256-tile random map, 1 000 actors and keys, with and without probes. The
// plugin pays for the state conversion, the C function table of the collision layer, the
// watchdog's counter and, traced, the copy of each probe's `why`. Compare items_per_second.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>

#include "bench_scene.h"
#include "world/collision.h"
#include "movers/topdown_aabb.h"
#include "plugin/plugin_registry.h"
#include "trace/trace.h"

using namespace ts;

namespace {

const bench::Scene& scene() {
    return bench::topDownScene();
}

const MoverInfo& plugin() {
    static const MoverInfo* info = [] {
        MoverKind kind{};
        std::string error;
        if (!loadPluginMover(TILESTEP_TOPDOWN_PLUGIN, false, &kind, &error)) {
            std::fprintf(stderr, "%s\n", error.c_str());
            std::exit(1);
        }
        return &moverInfo(kind);
    }();
    return *info;
}

void run(benchmark::State& state, const MoverInfo& mover, bool traced) {
    const bench::Scene& sc = scene();
    CollisionWorld world(sc.map);
    const ParamValues params = defaultParams(MoverKind::TopDownAabb);
    Trace trace;
    bench::runActors(state, sc, [&](const MoverState& s, InputBits k) {
        if (trace.probes.size() > 100000) trace.clear();  // keep memory flat, like a frame's
        return mover.step(s, k, params, world, traced ? &trace : nullptr);
    });
}

void BM_TopDownBuiltIn_Baseline(benchmark::State& state) {
    run(state, kTopDownAabbMover, false);
}
void BM_TopDownPlugin(benchmark::State& state) {
    run(state, plugin(), false);
}
void BM_TopDownBuiltInTraced(benchmark::State& state) {
    run(state, kTopDownAabbMover, true);
}
void BM_TopDownPluginTraced(benchmark::State& state) {
    run(state, plugin(), true);
}

}  // namespace

BENCHMARK(BM_TopDownBuiltIn_Baseline);
BENCHMARK(BM_TopDownPlugin);
BENCHMARK(BM_TopDownBuiltInTraced);
BENCHMARK(BM_TopDownPluginTraced);
BENCHMARK_MAIN();
