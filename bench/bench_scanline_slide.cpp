// Actor-steps per second of the scanline slide model (seed 004) on a 256 x 256-tile random
// map with 1 000 actors on random keys, trace off, at 1, 4, 16 and 64 px per frame, against
// a baseline on the same actors and keys: a plain integrate with no collision at all.
// Compare items_per_second (one item = one actor stepped one frame).
#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "world/collision.h"
#include "map/map.h"
#include "bench_scene.h"
#include "movers/scanline_slide.h"

using namespace ts;

namespace {

// 12% solid, 2% slopes, 1% one-way, 4% of the grid edges walled, 600 brushes; actors of
// 12..16 px where no cell (slopes count as whole cells here), wall or brush overlaps them.
const bench::Scene& scene() {
    static const bench::Scene sc =
        bench::makeScene(bench::SceneSpec{}, [](const CollisionWorld& world, const RectI& r) {
            if (world.rectOverlapsSolid(r)) return false;
            for (int64_t cy = r.y / 16; cy <= (r.bottom() - 1) / 16; ++cy)
                for (int64_t cx = r.x / 16; cx <= (r.right() - 1) / 16; ++cx)
                    if (world.cellBlocked(cx, cy, DIR_NONE)) return false;
            return true;
        });
    return sc;
}

ParamValues paramsAt(int64_t speed) {
    ParamValues p = defaultParams(MoverKind::ScanlineSlide);
    p[kSsSpeed] = Fix::fromInt(speed);
    return p;
}

void runStep(benchmark::State& state, StepFn step) {
    const bench::Scene& sc = scene();
    const CollisionWorld world(sc.map);
    const ParamValues p = paramsAt(state.range(0));
    bench::runActors(state, sc, [&](const MoverState& s, InputBits k) {
        return step(nullptr, s, k, p, world, nullptr, MoverInfo::noStepContext());
    });
}

void BM_ScanlineSlide(benchmark::State& state) {
    runStep(state, kScanlineSlideMover.stepFn);
}
BENCHMARK(BM_ScanlineSlide)->Arg(1)->Arg(4)->Arg(16)->Arg(64);

// Baseline: the same keys integrated with no collision at all (opposite keys cancel, the
// full speed on each pressed axis), through the same kind of function pointer.
MoverState integrate(const void*, const MoverState& s0, InputBits in, const ParamValues& p,
                     const CollisionWorld&, Trace*, const StepContext&) {
    MoverState s = s0;
    const int dx = ((in & KEY_R) ? 1 : 0) - ((in & KEY_L) ? 1 : 0);
    const int dy = ((in & KEY_D) ? 1 : 0) - ((in & KEY_U) ? 1 : 0);
    s.vx = p[kSsSpeed] * dx;
    s.vy = p[kSsSpeed] * dy;
    s.x += s.vx;
    s.y += s.vy;
    return s;
}

void BM_IntegrateNoCollision(benchmark::State& state) {
    StepFn step = integrate;
    benchmark::DoNotOptimize(step);  // an indirect call, like the mover's
    runStep(state, step);
}
BENCHMARK(BM_IntegrateNoCollision)->Arg(1);

}  // namespace

BENCHMARK_MAIN();
