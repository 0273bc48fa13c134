// The benchmark scene the movers' programs share (issue 3): a random 256 x 256-tile map
// (oracle::scatterMap), 1 000 actors on free spots and random key runs, all from a fixed
// seed, plus the loop that steps every actor once per benchmark iteration. One item = one actor
// stepped one frame.
#pragma once
#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "world/collision.h"
#include "map/map.h"
#include "movers/mover.h"
#include "random_map.h"
#include "splitmix.h"

namespace ts::bench {

// The map (tiles, solid / slope / one-way / wall percentages, brushes, border) as
// oracle::scatterMap draws it, then the actors and keys.
struct SceneSpec : oracle::ScatterOptions {
    uint64_t seed = 20260522;
    int actors = 1000;
    int frames = 512;                      // key table length; the runs wrap around it
    int keyMax = 31;                       // keys drawn from 0..keyMax (15: no jump)
    int jumpPercent = 0;                   // share of key runs that also hold J
    int32_t minSize = 12, maxSize = 16;    // actor width
    int32_t minHeight = 0, maxHeight = 0;  // actor height; 0: the width's range
};

struct Scene {
    SceneSpec spec;
    Map map;
    std::vector<MoverState> spawn;
    std::vector<InputBits> keys;  // [frame * actors + actor]
    const InputBits* frameKeys(size_t frame) const {
        return &keys[(frame % size_t(spec.frames)) * size_t(spec.actors)];
    }
};

// isFree(world, box) decides where an actor may spawn; the box is its top-left and size.
template <class IsFree>
Scene makeScene(const SceneSpec& spec, IsFree&& isFree) {
    Scene s;
    s.spec = spec;
    SplitMix64 rng(spec.seed);
    s.map = oracle::scatterMap(spec, rng);
    const int64_t px = s.map.widthPx();
    CollisionWorld world(s.map);
    while (s.spawn.size() < size_t(spec.actors)) {
        MoverState a;
        a.w = int32_t(rng.range(spec.minSize, spec.maxSize));
        a.h = spec.maxHeight > 0 ? int32_t(rng.range(spec.minHeight, spec.maxHeight))
                                 : int32_t(rng.range(spec.minSize, spec.maxSize));
        const int64_t x = rng.range(0, px - a.w), y = rng.range(0, px - a.h);
        if (!isFree(world, RectI{x, y, a.w, a.h})) continue;
        a.x = Fix::fromInt(x);
        a.y = Fix::fromInt(y);
        a.facing = DIR_DOWN;
        s.spawn.push_back(a);
    }
    s.keys.assign(size_t(spec.frames) * size_t(spec.actors), 0);
    for (int a = 0; a < spec.actors; ++a) {
        InputBits k = 0;
        int64_t left = 0;
        for (int f = 0; f < spec.frames; ++f) {
            if (left-- <= 0) {
                k = InputBits(rng.range(0, spec.keyMax));
                if (spec.jumpPercent > 0 && rng.chance(spec.jumpPercent)) k |= KEY_J;
                left = rng.range(1, 40);
            }
            s.keys[size_t(f) * size_t(spec.actors) + size_t(a)] = k;
        }
    }
    return s;
}

// Steps every actor once per iteration with step(state, keys) and counts actor-steps.
// Returns the actors' final states (for counters such as "how many ended inside walls").
template <class Step>
std::vector<MoverState> runActors(benchmark::State& state, const Scene& sc, Step&& step) {
    std::vector<MoverState> actors = sc.spawn;
    size_t frame = 0;
    for (auto _ : state) {
        const InputBits* keys = sc.frameKeys(frame++);
        for (size_t a = 0; a < actors.size(); ++a) actors[a] = step(actors[a], keys[a]);
        benchmark::DoNotOptimize(actors.data());
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(int64_t(state.iterations()) * int64_t(actors.size()));
    return actors;
}

// The top-down scene: 12% solid, a few slopes and one-way tiles, 4% of the grid edges walled,
// 600 brushes; actors of 12..16 px on free spots; keys L R U D only. Shared by the built-in
// model's bench and its plugin rebuild's, so their ratio compares the same work.
inline const Scene& topDownScene() {
    static const Scene sc = [] {
        SceneSpec spec;
        spec.keyMax = 15;
        return makeScene(spec, [](const CollisionWorld& world, const RectI& r) {
            return !world.rectOverlapsSolid(r);
        });
    }();
    return sc;
}

}  // namespace ts::bench
