// SplitMix64: a tiny pseudo-random generator that gives the same numbers on every machine
// (std:: distributions do not). For tests, benchmarks and generated maps, never inside a
// mover: the simulation itself has no randomness.
#pragma once
#include <cstdint>

namespace ts {

struct SplitMix64 {
    uint64_t state;
    explicit SplitMix64(uint64_t seed) : state(seed) {}
    uint64_t next() {
        uint64_t z = (state += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    }
    // Uniform in [lo, hi] (inclusive).
    int64_t range(int64_t lo, int64_t hi) { return lo + int64_t(next() % (uint64_t(hi - lo) + 1)); }
    bool chance(int percent) { return range(0, 99) < percent; }
};

}  // namespace ts
