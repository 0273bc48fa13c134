// Grid-walls model (seed 002): actor-steps per second on a 256 x 256-tile map with 1 000
// actors on random inputs, against a baseline: the seed's literal pmove (destination-only
// check, no sub-steps, no re-validation; its random corner choice replaced by the model's
// deterministic rule) on the same walls. Arg = speed in 1/64 cell per frame (8 = the
// default 2 px/frame with 16-px tiles, 64 = one cell per frame, where the literal version
// tunnels: the counter actors_in_walls counts the actors a run left in a forbidden region).
#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "world/collision.h"
#include "map/map.h"
#include "bench_scene.h"
#include "movers/grid_walls.h"
#include "movers/grid_walls_region.h"

using namespace ts;

namespace {

// A solid border, 10% solid cells, 8% of the grid edges walled, no brushes (the model
// ignores them); actors centred in free cells; keys L R U D in runs of 1..40 frames.
const bench::Scene& scene() {
    static const bench::Scene sc = [] {
        bench::SceneSpec spec;
        spec.seed = 2002;
        spec.border = true;
        spec.solidPercent = 10;
        spec.slopePercent = spec.oneWayPercent = 0;
        spec.wallPercent = 8;
        spec.brushes = 0;
        spec.keyMax = 15;
        spec.frames = 1024;
        spec.minSize = spec.maxSize = 8;
        bench::Scene s = bench::makeScene(spec, [](const CollisionWorld& world, const RectI& r) {
            return world.shapeAt(r.x / 16, r.y / 16) == Shape::Empty;
        });
        for (MoverState& a : s.spawn) {  // round mover: the centre of the free cell
            a.x = Fix::fromInt(a.x.floor() / 16 * 16 + 8);
            a.y = Fix::fromInt(a.y.floor() / 16 * 16 + 8);
        }
        return s;
    }();
    return sc;
}

// The seed's pmove, transcribed: positions in cells (here raw px, cell = tile raw px),
// walls_h[y][x] = wallOnH(x, y), walls_v[y][x] = wallOnV(x, y). Only the destination is
// classified; the clipped result is returned unchecked.
void seedPmove(const CollisionWorld& w, int64_t cell, int64_t oldX, int64_t oldY, int64_t& newX,
               int64_t& newY) {
    using grid_walls::wallOnH;
    using grid_walls::wallOnV;
    auto round2 = [cell](int64_t v) { return floorDiv(2 * v + cell / 2, cell); };  // Math.round(2x)
    const int64_t nx2 = round2(newX), ny2 = round2(newY);
    const bool onV = (nx2 & 1) == 0, onH = (ny2 & 1) == 0;
    if (onH && onV) {
        const int64_t cx = nx2 / 2, cy = ny2 / 2;
        const bool hRight = wallOnH(w, cx, cy), hLeft = wallOnH(w, cx - 1, cy);
        const bool vDown = wallOnV(w, cx, cy), vUp = wallOnV(w, cx, cy - 1);
        if (hRight || hLeft || vDown || vUp) {
            const int64_t ox2 = round2(oldX), oy2 = round2(oldY);
            if ((oy2 & 1) == 0) {
                newX = oldX;
            } else if ((ox2 & 1) == 0) {
                newY = oldY;
            } else {
                bool changed = false;
                if ((hRight && ox2 > nx2) || (hLeft && ox2 < nx2)) {
                    newY = oldY;  // the nearest horizontal wall is here
                    changed = true;
                }
                if ((vDown && oy2 > ny2) || (vUp && oy2 < ny2)) {
                    newX = oldX;
                    changed = true;
                }
                if (!changed) {  // the seed: Math.random() < 0.5; here the model's rule
                    if (hRight || hLeft)
                        newY = oldY;
                    else
                        newX = oldX;
                }
            }
        }
    } else if (onH) {
        if (wallOnH(w, (nx2 - 1) / 2, ny2 / 2)) newY = oldY;
    } else if (onV) {
        if (wallOnV(w, nx2 / 2, (ny2 - 1) / 2)) newX = oldX;
    }
}

MoverState seedStep(const MoverState& s, InputBits in, const ParamValues& p,
                    const CollisionWorld& w) {
    const int sx = ((in & KEY_R) ? 1 : 0) - ((in & KEY_L) ? 1 : 0);
    const int sy = ((in & KEY_D) ? 1 : 0) - ((in & KEY_U) ? 1 : 0);
    int64_t dist = p[kGwSpeed].raw * w.tileSize();
    if (sx != 0 && sy != 0) dist = (dist * 46341) >> Fix::kFracBits;
    int64_t nx = s.x.raw + sx * dist, ny = s.y.raw + sy * dist;
    seedPmove(w, int64_t(w.tileSize()) * Fix::kOne, s.x.raw, s.y.raw, nx, ny);
    MoverState r = s;
    r.vx = Fix::fromRaw(nx - s.x.raw);
    r.vy = Fix::fromRaw(ny - s.y.raw);
    r.x = Fix::fromRaw(nx);
    r.y = Fix::fromRaw(ny);
    return r;
}

template <bool kLiteral>
void runBench(benchmark::State& state) {
    const bench::Scene& sc = scene();
    const CollisionWorld world(sc.map);
    ParamValues p = defaultParams(MoverKind::GridWalls);
    p[kGwSpeed] = Fix::ratio(state.range(0), 64);
    const std::vector<MoverState> actors =
        bench::runActors(state, sc, [&](const MoverState& s, InputBits k) {
            return kLiteral ? seedStep(s, k, p, world)
                            : kGridWallsMover.step(s, k, p, world, nullptr);
        });
    // Not a speed: how many actors the run left inside a forbidden region or outside the map
    // (the literal version's tunnelling; always 0 for the model).
    const grid_walls::Lattice l = grid_walls::makeLattice(world.tileSize(), p[kGwBand]);
    int64_t bad = 0;
    for (const MoverState& s : actors)
        bad += grid_walls::regionForbidden(world, grid_walls::regionIndex(s.x.raw, l),
                                           grid_walls::regionIndex(s.y.raw, l));
    state.counters["actors_in_walls"] = double(bad);
}

void BM_GridWalls(benchmark::State& state) {
    runBench<false>(state);
}
void BM_GridWallsSeedLiteral(benchmark::State& state) {
    runBench<true>(state);
}

}  // namespace

BENCHMARK(BM_GridWalls)->Arg(8)->Arg(64);
BENCHMARK(BM_GridWallsSeedLiteral)->Arg(8)->Arg(64);

BENCHMARK_MAIN();
