// Grid-walls model (seed 002): actor-steps per second on a 256 x 256-tile map with 1 000
// actors on random inputs, against a baseline: the seed's literal pmove (destination-only
// check, no sub-steps, no re-validation; its random corner choice replaced by the model's
// deterministic rule) on the same walls. Arg = speed in 1/64 cell per frame (8 = the
// default 2 px/frame with 16-px tiles, 64 = one cell per frame, where the literal version
// tunnels: the counter actors_in_walls counts the actors a run left in a forbidden region).
#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "collision.h"
#include "map.h"
#include "movers/grid_walls.h"
#include "movers/grid_walls_region.h"

using namespace ts;

namespace {

constexpr int kActors = 1000;
constexpr int kFrames = 1024;  // input frames per actor, replayed in a loop

// SplitMix64: deterministic on every machine.
struct Rng {
    uint64_t s;
    uint64_t next() {
        uint64_t z = (s += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    }
    int64_t range(int64_t lo, int64_t hi) { return lo + int64_t(next() % uint64_t(hi - lo + 1)); }
};

struct Scene {
    Map map;
    std::vector<MoverState> start;
    std::vector<InputBits> inputs;  // [frame * kActors + actor]

    Scene() {
        Rng rng{2002};
        map = Map::blank(256, 256, 16);
        const uint16_t solid = 1;  // Tileset::defaults(): kind 1 is "solid"
        for (int32_t y = 0; y < map.height; ++y)
            for (int32_t x = 0; x < map.width; ++x) {
                const bool border = x == 0 || y == 0 || x == map.width - 1 || y == map.height - 1;
                map.setTile(x, y, border || rng.range(0, 99) < 10 ? solid : 0);
            }
        for (int32_t y = 1; y < map.height; ++y)
            for (int32_t x = 1; x < map.width - 1; ++x)
                if (rng.range(0, 99) < 8) map.walls.setH(x, y, true);
        for (int32_t y = 1; y < map.height - 1; ++y)
            for (int32_t x = 1; x < map.width; ++x)
                if (rng.range(0, 99) < 8) map.walls.setV(x, y, true);
        while (start.size() < size_t(kActors)) {
            const int64_t cx = rng.range(1, 254), cy = rng.range(1, 254);
            if (map.tile(cx, cy) != 0) continue;
            MoverState s;
            s.x = Fix::fromInt(cx * 16 + 8);
            s.y = Fix::fromInt(cy * 16 + 8);
            s.w = s.h = 8;
            start.push_back(s);
        }
        inputs.resize(size_t(kFrames) * kActors);
        for (int a = 0; a < kActors; ++a)
            for (int f = 0; f < kFrames;) {
                const InputBits keys = InputBits(rng.range(0, 15));
                for (int64_t run = rng.range(1, 40); run > 0 && f < kFrames; --run, ++f)
                    inputs[size_t(f) * kActors + size_t(a)] = keys;
            }
    }
};

const Scene& scene() {
    static const Scene s;
    return s;
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
    const Scene& sc = scene();
    const CollisionWorld world(sc.map);
    ParamValues p = defaultParams(MoverKind::GridWalls);
    p[kGwSpeed] = Fix::ratio(state.range(0), 64);
    std::vector<MoverState> actors = sc.start;
    int frame = 0;
    for (auto _ : state) {
        const InputBits* in = &sc.inputs[size_t(frame) * kActors];
        for (int a = 0; a < kActors; ++a)
            actors[size_t(a)] =
                kLiteral ? seedStep(actors[size_t(a)], in[a], p, world)
                         : kGridWallsMover.step(actors[size_t(a)], in[a], p, world, nullptr);
        benchmark::DoNotOptimize(actors.data());
        frame = (frame + 1) % kFrames;
    }
    state.SetItemsProcessed(int64_t(state.iterations()) * kActors);
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
