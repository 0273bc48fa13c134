// Runs a map twice with the same keys and finds the first frame where the two runs differ:
// the check that a mover (above all a plugin, the user's code) is a pure function of its
// state, keys, parameters and map. The two simulations step side by side, so hidden state
// (a static counter, rand(), uninitialised memory) shows up at the first frame that reads it.
#pragma once
#include <cstdint>
#include <functional>
#include <string>

#include "map/map.h"
#include "movers/mover.h"

namespace ts {

class StepWatchdog;

struct DeterminismReport {
    bool same = true;
    int64_t frame = -1;  // first divergent frame (as in the trace: the state after stepping it)
    std::string actor;   // the first actor whose state or probes differ there
    std::string first, second;  // that actor's trace lines in the two runs
    // "frame F, actor 'A': run 1 {..} / run 2 {..}", or "" when the runs are the same.
    std::string message() const;
};

// Steps two simulations of `map` for `frames` frames, keys(frame, actor) driving both, with
// probes on, comparing every actor's state line and probe lines after each frame. `watchdog`
// watches the plugin movers' calls in both (Sim).
DeterminismReport checkDeterminism(const Map& map, int64_t frames,
                                   const std::function<InputBits(int64_t, size_t)>& keys,
                                   const std::function<void(int64_t)>& onFrame = {},
                                   StepWatchdog* watchdog = nullptr);

}  // namespace ts
