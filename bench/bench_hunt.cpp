// `tilestep hunt` as a user runs it, against `run`-style stepping in the same process.
// (bench_hunt_search.cpp measures the search itself on random maps; this one the sample maps
// and the examples' plugin, end to end through huntMap.)
//
// BM_RunStep/M: Sim::step of mover M's sample map with random key runs, as `tilestep run
// --inputs` steps it: the baseline. Run it first (registered first).
// BM_Hunt/M: huntMap on the same map, 200 000 explored frames, one thread, every detector;
// items/s is explored frames per second, x_run its ratio to BM_RunStep/M of this run
// (the hunt's cost per frame: restores, the detectors, the archive; shrinking included
// where the map has findings, as platformer-slopes' lip).
// M = 0 pixel_sweep (platformer-slopes), 1 grid_walls (grid-walls), 2 topdown_aabb
// (zelda-room), 3 scanline_slide (bomber), 4 the Celeste example plugin (platformer-slopes'
// hero with mover plugin:celeste, loaded in this process).
//
// BM_FindAndShrinkLip: a planted defect, the 2-px brush lip of a 10 x 5 room (as
// tests/cli/test_cli_hunt.cpp's), hunted until found; counters frames_to_find (explored
// frames before the first detection) and the wall time of the whole hunt, shrinking and the
// double replay of both findings included (the items/s of one hunt per iteration).
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>

#include "bench_hunt_common.h"
#include "hunt/hunt.h"
#include "io/map_io.h"
#include "plugin/plugin_registry.h"
#include "sim/sim.h"

namespace ts {
namespace {

const char* const kMaps[] = {"maps/platformer-slopes.json", "maps/grid-walls.json",
                             "maps/zelda-room.json", "maps/bomber.json",
                             "maps/platformer-slopes.json"};
const char* const kNames[] = {"pixel_sweep", "grid_walls", "topdown_aabb", "scanline_slide",
                              "plugin_celeste"};

MoverKind celeste() {
    static const MoverKind kind = [] {
        MoverKind k{};
        std::string error;
        ::setenv("TILESTEP_PLUGIN_IN_PROCESS", "1", 1);
        const bool loaded = loadPluginMover(TILESTEP_CELESTE_PLUGIN, false, &k, &error);
        ::unsetenv("TILESTEP_PLUGIN_IN_PROCESS");
        if (!loaded) {
            std::fprintf(stderr, "%s\n", error.c_str());
            std::exit(1);
        }
        return k;
    }();
    return kind;
}

Map benchMap(int64_t which) {
    Map m = loadMap(std::string(TILESTEP_SOURCE_DIR) + "/" + kMaps[which]);
    if (which == 4) {
        m.actors[0].mover = celeste();
        m.actors[0].params = defaultParams(m.actors[0].mover);
        m.actors[0].paramsSet = 0;
    }
    return m;
}

void BM_RunStep(benchmark::State& state) {
    bench::runStepBaseline(state, benchMap(state.range(0)), state.range(0));
    state.SetLabel(kNames[state.range(0)]);
}

void BM_Hunt(benchmark::State& state) {
    const Map m = benchMap(state.range(0));
    HuntOptions opt;
    opt.frames = 200000;
    opt.jobs = 1;
    int64_t frames = 0;
    double seconds = 0;
    size_t findings = 0;
    for (auto _ : state) {
        HuntResult r;
        std::string error;
        const double t0 = bench::benchClock(false);
        if (!huntMap(m, opt, &r, &error)) {
            state.SkipWithError(error.c_str());
            return;
        }
        seconds += bench::benchClock(false) - t0;
        frames += r.framesExplored;
        findings = r.findings.size();
    }
    state.SetItemsProcessed(frames);
    state.counters["findings"] = double(findings);
    bench::setRatioToBaseline(state, state.range(0), frames, seconds);
    state.SetLabel(kNames[state.range(0)]);
}

Map lipRoom() {
    Map m = loadMap(std::string(TILESTEP_SOURCE_DIR) + "/maps/platformer-slopes.json");
    const int32_t w = 10, h = 5;
    Map room = m;
    room.width = w;
    room.height = h;
    room.tiles.assign(size_t(w * h), 0);
    for (int32_t y = 0; y < h; ++y)
        for (int32_t x = 0; x < w; ++x)
            if (y == 0 || y == h - 1 || x == 0 || x == w - 1) room.tiles[size_t(y * w + x)] = 1;
    room.walls = EdgeWalls{};
    room.walls.resize(w, h);
    room.brushes = {Brush{RectI{80, 62, 16, 2}}};
    room.actors.resize(1);
    room.actors[0].x = 20;
    room.actors[0].y = 48;
    return room;
}

void BM_FindAndShrinkLip(benchmark::State& state) {
    const Map m = lipRoom();
    HuntOptions opt;
    opt.frames = 30000;  // found within about 9 000 (test_cli_hunt's budget)
    opt.jobs = 1;
    opt.kinds = snagBit(SnagKind::Lip);
    int64_t toFind = 0, hunts = 0;
    for (auto _ : state) {
        HuntResult r;
        std::string error;
        if (!huntMap(m, opt, &r, &error) || r.findings.empty()) {
            state.SkipWithError(error.empty() ? "the lip was not found" : error.c_str());
            return;
        }
        toFind += r.framesToFirstFinding;
        ++hunts;
    }
    state.counters["frames_to_find"] = double(toFind) / double(hunts);
    state.SetItemsProcessed(hunts);
}

}  // namespace
}  // namespace ts

BENCHMARK(ts::BM_RunStep)->DenseRange(0, 4)->Unit(benchmark::kMillisecond);
BENCHMARK(ts::BM_Hunt)->DenseRange(0, 4)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK(ts::BM_FindAndShrinkLip)->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
