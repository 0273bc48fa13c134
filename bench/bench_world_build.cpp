// Building the collision world (CollisionWorld: cell bits, brush buckets, tile masks) of a
// 512 x 512 map with 8192 stacked half-map brushes, against the same map without brushes
// (the baseline, in the same process): the brushes' share must grow with the map's area, not
// with brushes x area (issue 19: it took 8 s, the goal is ready to step in at most 1.5 s).
// Argument: the number of brushes (0 is the baseline).
#include <benchmark/benchmark.h>

#include "map/map.h"
#include "world/collision.h"

using namespace ts;

namespace {

// Brushes of half the map, each shifted by a few pixels from the last: stacked, not equal.
Map stackedBrushMap(int64_t brushes) {
    Map m = Map::blank(512, 512);
    const int64_t half = 256 * 16;
    for (int64_t i = 0; i < brushes; ++i) {
        const int64_t dx = (i * 37) % 1013, dy = (i * 53) % 997;
        m.brushes.push_back({RectI{dx, dy, half + i % 29, half - i % 31}});
    }
    return m;
}

void BM_WorldBuild(benchmark::State& state) {
    const Map m = stackedBrushMap(state.range(0));
    for (auto _ : state) {
        CollisionWorld world(m);
        benchmark::DoNotOptimize(world.tileMasks().ids());
    }
}
BENCHMARK(BM_WorldBuild)->ArgName("brushes")->Arg(0)->Arg(8192)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
