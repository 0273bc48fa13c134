// The snag hunt's search (core/hunt), against Sim::step in the same process.
//
// BM_SimStep/M and BM_HuntExplore/M: the same random map (oracles/random_map.h) with one actor
// of built-in mover M; items/s is simulated frames per second: the bare Sim::step with random
// keys, and the hunt's explored frames (restores, key runs, the detectors, the archive; every
// detector on, one thread, shrinking excluded: the maps have no defect to shrink). The ratio
// of the two is the hunt's cost per frame: counter x_run (bench_hunt_common.h).
//
// BM_HuntExplorePlugin/batch:0|1: the same for the example top-down plugin in its plugin host
// (wall time: the host process's steps count), against BM_SimStepPlugin; batch:1 sends each
// epoch's tasks to the host in one message (HuntOptions::batchPluginSteps, the default),
// batch:0 has each task ask for its own frames (one round trip per task). Counter
// host_messages: the step requests and batches sent per 1000 explored frames; M_per_cpu_s:
// millions of explored frames per CPU second of tilestep and the host together (Linux).
//
// BM_TimeToFind/uniform=0|1: the precise-timing defect of tests/hunt/broken_movers.h (J held
// for exactly 7 frames, released where x mod 16 == 3), hunted over 10 seeds by the archive
// search (0) and by uniform random key runs from the spawn (1); counters: mean explored frames
// to the first finding and how many seeds found it within the budget. The ratio of the two
// means is the search's gain.
#include <benchmark/benchmark.h>

#ifdef __unix__
#include <sys/resource.h>
#endif

#include "../tests/hunt/broken_movers.h"
#include "bench_hunt_common.h"
#include "hunt/hunt.h"
#include "plugin/plugin_mover.h"
#include "plugin/plugin_registry.h"
#include "random_map.h"
#include "sim/sim.h"

namespace ts {
namespace {

const MoverKind kKinds[] = {MoverKind::PixelSweep, MoverKind::GridWalls, MoverKind::TopDownAabb,
                            MoverKind::ScanlineSlide};

Map benchMap(MoverKind kind) {
    Map m = oracle::randomMap(4242);
    int64_t x = 0, y = 0;
    oracle::findFreeBox(m, 7, 12, 12, &x, &y);
    Actor a;
    a.name = "hero";
    a.mover = kind;
    a.x = kind == MoverKind::GridWalls ? x + 6 : x;
    a.y = kind == MoverKind::GridWalls ? y + 6 : y;
    a.w = a.h = 12;
    a.params = defaultParams(kind);
    m.actors.push_back(a);
    return m;
}

void BM_SimStep(benchmark::State& state) {
    bench::runStepBaseline(state, benchMap(kKinds[state.range(0)]), state.range(0));
}
BENCHMARK(BM_SimStep)->DenseRange(0, 3);

void BM_HuntExplore(benchmark::State& state) {
    const Map m = benchMap(kKinds[state.range(0)]);
    int64_t frames = 0;
    double seconds = 0;
    for (auto _ : state) {
        HuntOptions opt;
        opt.frames = 400000;
        opt.jobs = 1;
        HuntResult r;
        std::string error;
        const double t0 = bench::benchClock(false);
        huntMap(m, opt, &r, &error);
        seconds += bench::benchClock(false) - t0;
        frames += r.framesExplored;
        state.counters["findings"] = double(r.findings.size());
        state.counters["cells"] = double(r.cells);
    }
    state.SetItemsProcessed(frames);
    bench::setRatioToBaseline(state, state.range(0), frames, seconds);
}
BENCHMARK(BM_HuntExplore)->DenseRange(0, 3)->Unit(benchmark::kMillisecond);

// The example top-down plugin (examples/movers/topdown_aabb.c) in its plugin host: the hunt
// passes each task's planned keys ahead, so the host steps them in chunks. BM_SimStepPlugin
// is its baseline (Sim::step through the same host; baseline key 4).
bool topdownPlugin(benchmark::State& state, MoverKind* kind) {
    std::string error;
    if (loadPluginMover(TILESTEP_TOPDOWN_PLUGIN, false, kind, &error)) return true;
    state.SkipWithError(error.c_str());
    return false;
}

void BM_SimStepPlugin(benchmark::State& state) {
    MoverKind kind{};
    if (topdownPlugin(state, &kind)) bench::runStepBaseline(state, benchMap(kind), 4, true);
}
BENCHMARK(BM_SimStepPlugin)->Unit(benchmark::kMillisecond)->UseRealTime();

// CPU seconds of this process's children that have ended (the plugin hosts reaped so far);
// -1 where the system does not say.
double childrenCpuSeconds() {
#ifdef __unix__
    rusage u{};
    if (getrusage(RUSAGE_CHILDREN, &u) != 0) return -1;
    return double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
           double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) * 1e-6;
#else
    return -1;
#endif
}

void BM_HuntExplorePlugin(benchmark::State& state) {
    MoverKind kind{};
    if (!topdownPlugin(state, &kind)) return;
    const Map m = benchMap(kind);
    const PluginMover* plugin = pluginMover(kind);
    const uint64_t messagesBefore = plugin->hostStepRequests() + plugin->hostBatches();
    int64_t frames = 0;
    double seconds = 0, cpu = 0;
    bool hostCpu = true;
    for (auto _ : state) {
        // A host started outside the timed hunt, ended (and reaped) after it: its CPU time is
        // the hunt's share of the host's work.
        plugin->restart();
        const double before = childrenCpuSeconds();
        Sim warm(m);
        warm.step({0}, nullptr);
        HuntOptions opt;
        opt.frames = 100000;
        opt.jobs = 1;
        opt.batchPluginSteps = state.range(0) != 0;
        HuntResult r;
        std::string error;
        const double cpu0 = bench::benchClock(false);
        huntMap(m, opt, &r, &error);
        cpu += bench::benchClock(false) - cpu0;
        frames += r.framesExplored;
        seconds += r.seconds;
        state.PauseTiming();
        plugin->restart();
        const double after = childrenCpuSeconds();
        hostCpu = hostCpu && before >= 0 && after >= 0;
        cpu += after - before;
        state.ResumeTiming();
    }
    state.SetItemsProcessed(frames);
    bench::setRatioToBaseline(state, 4, frames, seconds);
    const uint64_t messages = plugin->hostStepRequests() + plugin->hostBatches() - messagesBefore;
    state.counters["host_messages"] =
        1000.0 * double(messages) / double(std::max<int64_t>(1, frames));
    // Explored frames per CPU second of both processes (tilestep's and the host's): what one
    // core does when the two share it; independent of how busy the machine is.
    if (hostCpu && cpu > 0) state.counters["M_per_cpu_s"] = double(frames) / cpu / 1e6;
}
BENCHMARK(BM_HuntExplorePlugin)
    ->ArgName("batch")
    ->Arg(0)
    ->Arg(1)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

void BM_TimeToFind(benchmark::State& state) {
    // The room of the test (12 x 6 tiles, a solid border, nothing inside).
    oracle::RandomMapOptions room;
    room.width = 12;
    room.height = 6;
    room.solidPercent = 0;
    room.slopes = room.oneWay = false;
    room.wallPercent = 0;
    room.brushes = 0;
    Map m = oracle::randomMap(1, room);
    Actor a;
    a.name = "hero";
    a.mover = test::brokenMover(test::Defect::Timing);
    a.x = 20;
    a.y = 40;
    a.w = a.h = 12;
    m.actors.push_back(a);
    const bool uniform = state.range(0) != 0;
    double sum = 0;
    int found = 0;
    for (auto _ : state) {
        sum = 0;
        found = 0;
        for (uint64_t seed = 1; seed <= 10; ++seed) {
            HuntOptions opt;
            opt.frames = 2000000;
            opt.jobs = 1;
            opt.seed = seed;
            opt.kinds = snagBit(SnagKind::Escape);
            opt.uniformRandom = uniform;
            HuntResult r;
            std::string error;
            huntMap(m, opt, &r, &error);
            if (r.framesToFirstFinding >= 0) ++found;
            sum += double(r.framesToFirstFinding >= 0 ? r.framesToFirstFinding : opt.frames);
        }
    }
    state.counters["mean_frames_to_find"] = sum / 10;
    state.counters["seeds_found"] = found;
}
BENCHMARK(BM_TimeToFind)->Arg(0)->Arg(1)->Iterations(1)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace ts

BENCHMARK_MAIN();
