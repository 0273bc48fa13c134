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

#include "collision.h"
#include "map.h"
#include "movers/pixel_sweep.h"
#include "trace.h"

using namespace ts;
namespace ps = ts::pixel_sweep;

namespace {

constexpr int kActors = 1000;
constexpr int kFrames = 240;  // episode length: then every actor goes back to its spawn

// SplitMix64: deterministic everywhere.
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

// ---- The seed's sweep, literally: every candidate position is one full-box query. ----

RectI sweptStep(const RectI& r, int64_t dx, int64_t dy) {
    return RectI{std::min(r.x, r.x + dx), std::min(r.y, r.y + dy), r.w + (dx != 0 ? 1 : 0),
                 r.h + (dy != 0 ? 1 : 0)};
}

bool collide(const CollisionWorld& w, const RectI& r, int64_t dx, int64_t dy) {
    const uint8_t dir = dx > 0 ? DIR_RIGHT : dx < 0 ? DIR_LEFT : dy > 0 ? DIR_DOWN : DIR_UP;
    return w.rectBlocked(sweptStep(r, dx, dy), dir);
}

MoverState literalStep(const MoverState& s0, InputBits in, const ParamValues& p,
                       const CollisionWorld& w) {
    const ps::Tuning t = ps::tuning(p);
    const ps::FrameStart f = ps::beginFrame(s0, in, p);
    MoverState s = f.s;
    int64_t x = s.x.floor(), y = s.y.floor();
    const int64_t y0 = y;
    auto box = [&](int64_t bx, int64_t by) { return RectI{bx, by, s.w, s.h}; };

    // moveX: blocked -> try rising by up to the step height; free -> stick down a slope.
    bool onGround = f.onGround, blockedX = false;
    const Fix targetX = s.x + s.vx;
    const int64_t nx = targetX.floor() - x;
    const int sx = nx > 0 ? 1 : -1;
    for (int64_t i = 0; i < nx * sx; ++i) {
        if (!collide(w, box(x, y), sx, 0)) {
            x += sx;
            if (onGround && t.stickToSlopes) {
                int64_t drop = 0;
                while (drop <= t.stepHeight && !collide(w, box(x, y + drop), 0, 1)) ++drop;
                if (drop > t.stepHeight)
                    onGround = false;
                else
                    y += drop;
            }
            continue;
        }
        bool climbed = false;
        for (int k = 1; k <= t.stepHeight && !climbed; ++k) {
            if (collide(w, box(x, y - k + 1), 0, -1)) break;
            if (!collide(w, box(x, y - k), sx, 0)) {
                x += sx;
                y -= k;
                climbed = true;
            }
        }
        if (!climbed) {
            blockedX = true;
            break;
        }
    }
    s.x = blockedX ? Fix::fromInt(x) : targetX;
    if (blockedX) s.vx = Fix{};
    s.y += Fix::fromInt(y - y0);
    s.pushing = nx != 0 ? (blockedX && f.inputDir == sx)
                        : (s0.pushing && f.inputDir != 0 && s0.facing == s.facing);

    // moveY: rising into something -> slide sideways by up to the corner correction.
    bool blockedY = false;
    const Fix targetY = s.y + s.vy;
    const int64_t ny = targetY.floor() - y;
    const int sy = ny > 0 ? 1 : -1;
    const int pref = ps::cornerPreference(s);
    const int64_t x1 = x;
    for (int64_t i = 0; i < ny * sy; ++i) {
        if (!collide(w, box(x, y), 0, sy)) {
            y += sy;
            continue;
        }
        bool slid = false;
        if (sy < 0) {
            const int sides[2] = {pref != 0 ? pref : 1, pref != 0 ? -pref : -1};
            bool open[2] = {true, true};
            for (int k = 1; k <= t.cornerCorrection && !slid; ++k) {
                int found = 0, count = 0;
                for (int j = 0; j < 2; ++j) {
                    if (!open[j] || (pref != 0 && count > 0)) continue;
                    if (collide(w, box(x + sides[j] * (k - 1), y), sides[j], 0))
                        open[j] = false;
                    else if (!collide(w, box(x + sides[j] * k, y), 0, -1) && count++ == 0)
                        found = sides[j];
                }
                if (count == 2 && pref == 0) break;
                if (count > 0) {
                    x += found * k;
                    y -= 1;
                    slid = true;
                }
                if (!open[0] && !open[1]) break;
            }
        }
        if (!slid) {
            blockedY = true;
            break;
        }
    }
    s.y = blockedY ? Fix::fromInt(y) : targetY;
    if (blockedY) s.vy = Fix{};
    s.x += Fix::fromInt(x - x1);
    ps::endFrame(s, f, collide(w, box(x, y), 0, 1));
    return s;
}

// ---- Scene ----

struct Scene {
    Map map;
    std::vector<MoverState> spawn;
    std::vector<InputBits> keys;  // [frame * kActors + actor]
};

// 256 x 256 tiles of 16 px with a solid border. Cluttered (scene 0): 12% solid, 4% slopes
// (45 and 22.5), 3% one-way platforms, 3% of the grid edges walled, 300 brushes. Open
// (scene 1): a quarter of that. Actors of 12 x 16 px on free spots; keys in runs of 1..40
// frames, J on a third of them.
Scene makeScene(int open) {
    const int solid = open ? 3 : 12, slopes = open ? 1 : 4, platforms = open ? 1 : 3;
    const int walls = open ? 1 : 3, brushes = open ? 75 : 300;
    {
        Scene s;
        Rng rng{1001};
        s.map = Map::blank(256, 256, 16);
        for (int32_t y = 0; y < 256; ++y)
            for (int32_t x = 0; x < 256; ++x) {
                const bool border = x == 0 || y == 0 || x == 255 || y == 255;
                const int64_t r = rng.range(0, 99);
                s.map.setTile(x, y,
                              border || r < solid              ? 1
                              : r < solid + slopes             ? uint16_t(2 + rng.range(0, 5))
                              : r < solid + slopes + platforms ? 8
                                                               : 0);
            }
        for (int32_t y = 1; y < 256; ++y)
            for (int32_t x = 0; x < 256; ++x)
                if (rng.range(0, 99) < walls) s.map.walls.setH(x, y, true);
        for (int32_t y = 0; y < 256; ++y)
            for (int32_t x = 1; x < 256; ++x)
                if (rng.range(0, 99) < walls) s.map.walls.setV(x, y, true);
        for (int i = 0; i < brushes; ++i)
            s.map.brushes.push_back(Brush{RectI{rng.range(16, 4000), rng.range(16, 4000),
                                                rng.range(4, 48), rng.range(2, 24)}});
        const CollisionWorld world(s.map);
        while (s.spawn.size() < size_t(kActors)) {
            MoverState a;
            a.w = 12;
            a.h = 16;
            a.facing = DIR_DOWN;
            const int64_t x = rng.range(0, 4096 - 12), y = rng.range(0, 4096 - 16);
            if (world.rectOverlapsSolid(RectI{x, y, 12, 16})) continue;
            a.x = Fix::fromInt(x);
            a.y = Fix::fromInt(y);
            s.spawn.push_back(a);
        }
        s.keys.resize(size_t(kFrames) * kActors);
        for (int a = 0; a < kActors; ++a)
            for (int f = 0; f < kFrames;) {
                const InputBits k =
                    InputBits(rng.range(0, 15) | (rng.range(0, 2) == 0 ? KEY_J : 0));
                for (int64_t n = rng.range(1, 40); n > 0 && f < kFrames; --n, ++f)
                    s.keys[size_t(f) * kActors + size_t(a)] = k;
            }
        return s;
    }
}

const Scene& scene(int open) {
    static const Scene scenes[2] = {makeScene(0), makeScene(1)};
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
    const Scene& sc = scene(open);
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
    const auto b = episode(literalStep, p, open, &pixelsB);
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
    const Scene& sc = scene(open);
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
    run(state, literalStep);
}

}  // namespace

// Args: speed in px/frame (0 = the default parameters: 2 px/frame run, 6 px/frame fall),
// scene (0 cluttered, 1 open).
BENCHMARK(BM_PixelSweepShipped)->ArgsProduct({{0, 1, 4, 8, 32}, {0, 1}});
BENCHMARK(BM_PixelSweepLiteral)->ArgsProduct({{0, 1, 4, 8, 32}, {0, 1}});
BENCHMARK_MAIN();
