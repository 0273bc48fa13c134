// Actor-steps per second of the pixel sweep (seed 001) on a 256 x 256-tile random map with
// 1 000 actors on random keys, against the seed's sweep written literally (one full-box
// collision query per candidate position, like FlashPunk's collideTypes) on the same map,
// actors, keys and trajectories, at 1, 4, 8 and 32 px per frame. Setup checks that both
// produce the same states. Compare items_per_second (actor-steps per second).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "world/collision.h"
#include "map/map.h"
#include "bench_scene.h"
#include "movers/pixel_sweep.h"
#include "pixel_sweep_literal.h"
#include "trace/trace.h"

using namespace ts;
namespace ps = ts::pixel_sweep;

namespace {

constexpr int kActors = 1000;
constexpr int kFrames = 240;  // episode length: then every actor goes back to its spawn

// 256 x 256 tiles of 16 px with a solid border. Cluttered (scene 0): 12% solid, 4% slopes
// (45 and 22.5), 3% one-way platforms, 3% of the grid edges walled, 300 brushes. Open
// (scene 1): a quarter of that. Actors of 12 x 16 px on free spots; keys in runs of 1..40
// frames, J on a third of them.
bench::Scene makeScene(int open) {
    bench::SceneSpec spec;
    spec.seed = 1001;
    spec.border = true;
    spec.solidPercent = open ? 3 : 12;
    spec.slopePercent = open ? 1 : 4;
    spec.oneWayPercent = open ? 1 : 3;
    spec.wallPercent = open ? 1 : 3;
    spec.brushes = open ? 75 : 300;
    spec.actors = kActors;
    spec.frames = kFrames;
    spec.keyMax = 15;
    spec.jumpPercent = 33;
    spec.minSize = spec.maxSize = 12;
    spec.minHeight = spec.maxHeight = 16;
    return bench::makeScene(spec, [](const CollisionWorld& world, const RectI& r) {
        return !world.rectOverlapsSolid(r);
    });
}

const bench::Scene& scene(int open) {
    static const bench::Scene scenes[2] = {makeScene(0), makeScene(1)};
    return scenes[open ? 1 : 0];
}

// Speeds of `px` per frame on both axes: run, jump and fall; gravity px/8 per frame.
ParamValues paramsAt(int px) {
    ParamValues p = defaultParams(MoverKind::PixelSweep);
    if (px <= 0) return p;  // the defaults
    const Fix v = Fix::fromInt(px);
    p[ps::kRunSpeed] = p[ps::kAcceleration] = p[ps::kFriction] = v;
    p[ps::kJumpSpeed] = p[ps::kMaxFallSpeed] = v;
    p[ps::kGravity] = Fix::ratio(px, 8);
    return p;
}

using StepFn = MoverState (*)(const MoverState&, InputBits, const ParamValues&,
                              const CollisionWorld&);
MoverState shippedStep(const MoverState& s, InputBits in, const ParamValues& p,
                       const CollisionWorld& w) {
    return kPixelSweepMover.step(s, in, p, w, nullptr);
}

// Steps every actor through one episode; returns the final states and adds the pixels
// moved (|dx| + |dy| of the integer position, per step) to *pixels.
std::vector<MoverState> episode(StepFn step, const ParamValues& p, int open, int64_t* pixels) {
    const bench::Scene& sc = scene(open);
    const CollisionWorld world(sc.map);
    std::vector<MoverState> st = sc.spawn;
    for (int f = 0; f < kFrames; ++f)
        for (int a = 0; a < kActors; ++a) {
            const MoverState before = st[size_t(a)];
            st[size_t(a)] = step(before, sc.keys[size_t(f) * kActors + size_t(a)], p, world);
            *pixels += std::abs(st[size_t(a)].x.floor() - before.x.floor()) +
                       std::abs(st[size_t(a)].y.floor() - before.y.floor());
        }
    return st;
}

// Same trajectories: both sweeps must end every actor in the same state (and so move the
// same pixels). Returns the pixels moved per actor-step.
double checkSame(int px, int open) {
    const ParamValues p = paramsAt(px);
    int64_t pixelsA = 0, pixelsB = 0;
    const auto a = episode(shippedStep, p, open, &pixelsA);
    const auto b = episode(ps::literalStep, p, open, &pixelsB);
    for (size_t i = 0; i < a.size(); ++i)
        if (!(a[i] == b[i]) || pixelsA != pixelsB) {
            std::fprintf(stderr,
                         "pixel sweep: shipped and literal differ at %d px/frame, scene %d, "
                         "actor %zu\n",
                         px, open, i);
            std::abort();
        }
    return double(pixelsA) / (double(kFrames) * kActors);
}

// The timed loop holds nothing but the steps (the pixel count comes from the untimed check
// episode, which follows the same trajectories), so the two sweeps are compared on their
// own cost.
void run(benchmark::State& state, StepFn step) {
    const int px = int(state.range(0)), open = int(state.range(1));
    static double pxPerStep[2][65] = {};
    static bool checked[2][65] = {};
    if (px >= 0 && px <= 64 && !checked[open][px]) {
        pxPerStep[open][px] = checkSame(px, open);
        checked[open][px] = true;
    }
    const bench::Scene& sc = scene(open);
    const CollisionWorld world(sc.map);
    const ParamValues p = paramsAt(px);
    std::vector<MoverState> st = sc.spawn;
    int f = 0;
    int64_t steps = 0;
    for (auto _ : state) {
        const InputBits* keys = &sc.keys[size_t(f) * kActors];
        for (int a = 0; a < kActors; ++a) st[size_t(a)] = step(st[size_t(a)], keys[a], p, world);
        steps += kActors;
        if (++f == kFrames) {
            f = 0;
            st = sc.spawn;
        }
    }
    benchmark::DoNotOptimize(st.data());
    state.SetItemsProcessed(steps);
    state.counters["px_per_step"] = benchmark::Counter(pxPerStep[open][px]);
}

void BM_PixelSweepShipped(benchmark::State& state) {
    run(state, shippedStep);
}
void BM_PixelSweepLiteral(benchmark::State& state) {
    run(state, ps::literalStep);
}

}  // namespace

// Args: speed in px/frame (0 = the default parameters: 2 px/frame run, 6 px/frame fall),
// scene (0 cluttered, 1 open).
BENCHMARK(BM_PixelSweepShipped)->ArgsProduct({{0, 1, 4, 8, 32}, {0, 1}});
BENCHMARK(BM_PixelSweepLiteral)->ArgsProduct({{0, 1, 4, 8, 32}, {0, 1}});
BENCHMARK_MAIN();
