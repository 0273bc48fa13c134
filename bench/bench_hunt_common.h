// What bench_hunt.cpp and bench_hunt_search.cpp share: the baseline (Sim::step with random key
// runs, as `tilestep run --inputs` steps a map) and the ratio of a hunt's explored frames per
// second to that baseline measured in the same process (speed is reported as ratios, never as
// timed assertions).
#pragma once
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdint>
#include <ctime>
#include <map>
#include <vector>

#include "sim/sim.h"

namespace ts::bench {

// Seconds of the process's CPU time (the hunts here run on one thread, and the machines the
// benches run on are shared: wall time counts other programs' work), or of the wall clock
// where another process does part of the work (a plugin in its plugin host).
inline double benchClock(bool wall) {
    if (wall)
        return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch())
            .count();
    return double(std::clock()) / CLOCKS_PER_SEC;
}

// Frames per second of the baseline of each benchmark argument, filled by runStepBaseline.
inline std::map<int64_t, double>& huntBaselines() {
    static std::map<int64_t, double> b;
    return b;
}

// The baseline loop: the first actor's keys change every 16 frames (an LCG's top 5 bits: L R U
// D J in any combination), the run restarts every 2 000 frames. Records frames/s (benchClock)
// under `arg` and sets items/s.
inline void runStepBaseline(benchmark::State& state, const Map& m, int64_t arg, bool wall = false) {
    Sim sim(m);
    std::vector<InputBits> keys(m.actors.size(), 0);
    uint64_t r = 1;
    int64_t frames = 0;
    const double start = benchClock(wall);
    for (auto _ : state) {
        for (int i = 0; i < 4096; ++i) {
            if ((i & 15) == 0) {
                r = r * 6364136223846793005ull + 1442695040888963407ull;
                keys[0] = InputBits(r >> 59);
            }
            sim.step(keys, nullptr);
            if (sim.frame() >= 2000) sim.reset();
        }
        frames += 4096;
    }
    huntBaselines()[arg] = double(frames) / (benchClock(wall) - start);
    state.SetItemsProcessed(frames);
}

// Sets the counter x_run: explored frames per second (`seconds` on the baseline's clock) over
// the baseline of `arg` (when that baseline ran first in this process).
inline void setRatioToBaseline(benchmark::State& state, int64_t arg, int64_t frames,
                               double seconds) {
    const auto base = huntBaselines().find(arg);
    if (base != huntBaselines().end() && seconds > 0)
        state.counters["x_run"] = (double(frames) / seconds) / base->second;
}

}  // namespace ts::bench
