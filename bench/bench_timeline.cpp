// Seeking in one hour of recording (216 000 frames at 60 Hz): restore the nearest snapshot
// and re-simulate. Baseline in the same process: stepping one frame of the same map, so the
// cost of a seek can be read as "worth N frames".
#include <benchmark/benchmark.h>

#include <random>

#include "map/map.h"
#include "sim/timeline.h"

using namespace ts;

namespace {

constexpr int64_t kHour = 216000;

Map benchMap() {
    Map m = Map::blank(64, 48);
    for (int x = 0; x < 64; ++x) m.setTile(x, 40, 1);
    for (int i = 0; i < 8; ++i) {
        Actor a;
        a.name = "actor" + std::to_string(i);
        a.mover = MoverKind(i % builtinMoverCount());
        a.x = 40 + i * 100;
        a.y = 400;
        a.w = a.h = 12;
        a.params = defaultParams(a.mover);
        m.actors.push_back(a);
    }
    return m;
}

std::vector<InputBits> keysFor(int64_t frame) {
    // Deterministic pseudo-random key runs (a new run every 37 frames).
    uint32_t h = uint32_t(frame / 37) * 2654435761u;
    return std::vector<InputBits>(8, InputBits((h >> 16) & 31));
}

struct Recording {
    Map map = benchMap();
    Timeline timeline{map};
    Recording() {
        for (int64_t f = 0; f < kHour; ++f) timeline.step(keysFor(f), nullptr);
    }
};

Recording& recording() {
    static Recording r;
    return r;
}

void BM_StepOneFrame_Baseline(benchmark::State& state) {
    Map m = benchMap();
    Sim sim(m);
    int64_t f = 0;
    for (auto _ : state) sim.step(keysFor(f++), nullptr);
}
BENCHMARK(BM_StepOneFrame_Baseline);

void BM_SeekRandomInOneHour(benchmark::State& state) {
    Recording& r = recording();
    std::mt19937_64 rng(42);
    Trace trace;
    for (auto _ : state) {
        int64_t p = int64_t(rng() % uint64_t(kHour + 1));
        r.timeline.seek(p, &trace);
        benchmark::DoNotOptimize(r.timeline.sim().states().data());
    }
    state.counters["snapshot_bytes"] = double(r.timeline.snapshotBytes());
    state.counters["recording_bytes"] = double(r.timeline.recordingBytes());
    state.counters["snapshot_interval"] = double(r.timeline.snapshotInterval());
}
BENCHMARK(BM_SeekRandomInOneHour)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
