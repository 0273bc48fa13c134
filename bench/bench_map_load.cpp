// Loading maps with many actors, up to the format's 65 536: the time per actor must not grow
// with the count (it did: a linear name lookup per actor made loading quadratic, 30 000 actors
// took 1.1 s). Baseline in the same process: the 1024-actor map; compare the per_actor
// counters (ns per actor) of the larger maps against it, per form.
#include <benchmark/benchmark.h>

#include "io/map_io.h"
#include "movers/mover.h"

using namespace ts;

namespace {

Map mapWithActors(int64_t count) {
    Map m = Map::blank(256, 256);
    m.actors.reserve(size_t(count));
    for (int64_t i = 0; i < count; ++i) {
        Actor a;
        a.name = "actor" + std::to_string(i);
        a.mover = MoverKind(i % int64_t(builtinMoverCount()));
        a.x = 16 + (i * 37) % 4000;
        a.y = 16 + (i * 101) % 4000;
        a.params = defaultParams(a.mover);
        m.actors.push_back(std::move(a));
    }
    return m;
}

void report(benchmark::State& state) {
    const double actors = double(state.range(0));
    state.SetItemsProcessed(int64_t(state.iterations()) * state.range(0));
    state.counters["per_actor"] =
        benchmark::Counter(actors * double(state.iterations()),
                           benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

void BM_LoadJson(benchmark::State& state) {
    const std::string text = mapToJson(mapWithActors(state.range(0)));
    for (auto _ : state) {
        Map m = mapFromJson(text, "bench.json");
        benchmark::DoNotOptimize(m.actors.data());
    }
    report(state);
}
BENCHMARK(BM_LoadJson)->Arg(1024)->Arg(4096)->Arg(16384)->Arg(65536)->Unit(benchmark::kMillisecond);

void BM_LoadBinary(benchmark::State& state) {
    const std::string bytes = mapToBinary(mapWithActors(state.range(0)));
    for (auto _ : state) {
        Map m = mapFromBinary(bytes, "bench.tsmap");
        benchmark::DoNotOptimize(m.actors.data());
    }
    report(state);
}
BENCHMARK(BM_LoadBinary)
    ->Arg(1024)
    ->Arg(4096)
    ->Arg(16384)
    ->Arg(65536)
    ->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
