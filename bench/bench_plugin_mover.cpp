// The cost of the plugin ABI: actor-steps per second of the top-down AABB model rebuilt as a
// plugin (examples/movers/topdown_aabb.c, loaded with dlopen, the same algorithm with the
// same sweep shortcut) against the built-in model, on
// the same 256 x 256-tile random map, 1 000 actors and keys, with and without probes. The
// plugin pays for the state conversion, the C function table of the collision layer, the
// watchdog's counter and, traced, the copy of each probe's `why`. Compare items_per_second.
// These load the plugin into this process (TILESTEP_PLUGIN_IN_PROCESS=1).
//
// BM_Resimulate10k_*: what a plugin in its host process (core/plugin/plugin_host.h) costs
// against the same build in this process, in the same run: 10 000 frames of one actor from
// its spawn with the scene's key runs, the keys ahead known as when the Timeline replays a
// recording (movers/step_context.h); *_KeysUnknown guesses the same keys (a live session).
// host_cpu_ms: the host's CPU time per 10 000 frames, besides this process's ("CPU").
// x_wall and x_cpu: the ratio to BM_Resimulate10k_InProcess of this run (run it first, as
// registered): wall time, and CPU time of both processes together. On a machine whose other
// work keeps its cores busy the two processes rarely run at once, and x_cpu is what wall
// time tends to; on idle cores they overlap and x_wall is lower.
#include <benchmark/benchmark.h>

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <ctime>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "bench_scene.h"
#include "world/collision.h"
#include "movers/step_context.h"
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
        ::setenv("TILESTEP_PLUGIN_IN_PROCESS", "1", 1);
        const bool loaded = loadPluginMover(TILESTEP_TOPDOWN_PLUGIN, false, &kind, &error);
        ::unsetenv("TILESTEP_PLUGIN_IN_PROCESS");
        if (!loaded) {
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

const PluginMover& build(bool inProcess) {
    static std::unique_ptr<PluginMover> builds[2];
    std::unique_ptr<PluginMover>& b = builds[inProcess];
    if (!b) {
        std::string error;
        if (inProcess) ::setenv("TILESTEP_PLUGIN_IN_PROCESS", "1", 1);
        b = PluginMover::load(TILESTEP_TOPDOWN_PLUGIN, false, &error);
        ::unsetenv("TILESTEP_PLUGIN_IN_PROCESS");
        if (!b || b->inProcess() != inProcess) {
            std::fprintf(stderr, "%s\n", error.c_str());
            std::exit(1);
        }
    }
    return *b;
}

// The recorded keys after the frame being stepped, as the Timeline gives them.
struct Recording final : KeysAhead {
    std::vector<InputBits> keys;
    int64_t next = 0;
    int keysAfter(size_t, InputBits* out, int max) const override {
        int n = 0;
        for (int64_t f = next; n < max && f < int64_t(keys.size()); ++f) out[n++] = keys[size_t(f)];
        return n;
    }
};

// CPU seconds used so far by this process's children (the plugin hosts), from /proc (the
// scheduler's nanoseconds, not the clock ticks of stat): on a busy machine wall time mostly
// says how long the host waited for a CPU.
double childrenCpuSeconds() {
    double total = 0;
    const std::string self = std::to_string(::getpid());
    for (const auto& e : std::filesystem::directory_iterator("/proc")) {
        std::ifstream in(e.path() / "stat");
        std::string line;
        if (!std::getline(in, line) || line.rfind(')') == std::string::npos) continue;
        std::istringstream rest(line.substr(line.rfind(')') + 2));
        std::string field, ppid;
        rest >> field >> ppid;
        if (ppid != self) continue;
        std::ifstream sched(e.path() / "schedstat");
        long long ns = 0;
        sched >> ns;
        total += double(ns) / 1e9;
    }
    return total;
}

void resimulate(benchmark::State& state, bool inProcess, bool keysKnown) {
    constexpr int64_t kFrames = 10000;
    const bench::Scene& sc = scene();
    const PluginMover& mover = build(inProcess);
    CollisionWorld world(sc.map);
    const ParamValues params = defaultParams(MoverKind::TopDownAabb);
    Recording recording;
    for (int64_t f = 0; f < kFrames; ++f) recording.keys.push_back(sc.frameKeys(size_t(f))[0]);
    const StepContext known{keysKnown ? &recording : nullptr, 0, nullptr};
    const double hostCpuBefore = childrenCpuSeconds();
    const auto wallBefore = std::chrono::steady_clock::now();
    const std::clock_t cpuBefore = std::clock();
    for (auto _ : state) {
        MoverState s = sc.spawn[0];
        for (int64_t f = 0; f < kFrames; ++f) {
            recording.next = f + 1;
            s = mover.step(s, recording.keys[size_t(f)], params, world, nullptr, known);
        }
        benchmark::DoNotOptimize(s);
    }
    state.SetItemsProcessed(int64_t(state.iterations()) * kFrames);
    const double n = double(state.iterations());
    const double wall =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - wallBefore).count() / n;
    const double hostCpu = (childrenCpuSeconds() - hostCpuBefore) / n;
    const double cpu = double(std::clock() - cpuBefore) / CLOCKS_PER_SEC / n + hostCpu;
    state.counters["host_cpu_ms"] = hostCpu * 1000.0;
    // The in-process run's figures, for the ratios of the runs after it.
    static double inProcessWall = 0, inProcessCpu = 0;
    if (inProcess) {
        inProcessWall = wall;
        inProcessCpu = cpu;
    } else if (inProcessWall > 0) {
        state.counters["x_wall"] = wall / inProcessWall;
        state.counters["x_cpu"] = cpu / inProcessCpu;
    }
}

void BM_Resimulate10k_InProcess(benchmark::State& state) {
    resimulate(state, true, true);
}
void BM_Resimulate10k_PluginHost(benchmark::State& state) {
    resimulate(state, false, true);
}
void BM_Resimulate10k_PluginHost_KeysUnknown(benchmark::State& state) {
    resimulate(state, false, false);
}

}  // namespace

BENCHMARK(BM_Resimulate10k_InProcess)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Resimulate10k_PluginHost)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Resimulate10k_PluginHost_KeysUnknown)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_TopDownBuiltIn_Baseline);
BENCHMARK(BM_TopDownPlugin);
BENCHMARK(BM_TopDownBuiltInTraced);
BENCHMARK(BM_TopDownPluginTraced);
BENCHMARK_MAIN();
