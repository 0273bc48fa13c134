// The hunt's randomness: a small PRNG (splitmix64) and TAS-like key runs drawn from it (hold a
// key combination for a random number of frames). The same seed gives the same keys on every
// machine: only integer arithmetic.
#pragma once
#include <cstdint>

#include "movers/mover.h"

namespace ts::hunt {

struct Rng {
    uint64_t s;
    explicit Rng(uint64_t seed) : s(seed) {}
    uint64_t next() {
        uint64_t z = (s += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    // Uniform in [0, n), n > 0.
    uint64_t below(uint64_t n) { return next() % n; }
};

// Mixes numbers into one seed (seed, epoch, shard, task...).
inline uint64_t mixSeed(uint64_t a, uint64_t b) {
    Rng r(a ^ (b * 0xD1B54A32D192ED03ull + 0x8CB92BA72F3D8DD7ull));
    return r.next();
}

// The key combinations a run holds: nothing, each direction, the diagonals, jump alone and
// with a direction (a platformer's and a top-down model's useful inputs together).
constexpr InputBits kCombos[] = {0,
                                 KEY_L,
                                 KEY_R,
                                 KEY_U,
                                 KEY_D,
                                 KEY_L | KEY_U,
                                 KEY_L | KEY_D,
                                 KEY_R | KEY_U,
                                 KEY_R | KEY_D,
                                 KEY_J,
                                 KEY_L | KEY_J,
                                 KEY_R | KEY_J};

// Key runs from a seed: frame by frame, the keys held.
class KeyRuns {
  public:
    explicit KeyRuns(uint64_t seed) : rng_(seed) {}
    InputBits next() {
        if (left_ == 0) {
            keys_ = kCombos[rng_.below(sizeof kCombos)];
            // TAS-like lengths: mostly short taps (exact timing), some holds, a few long runs.
            const uint64_t k = rng_.below(100);
            left_ = k < 50 ? 1 + rng_.below(4) : k < 85 ? 5 + rng_.below(16) : 21 + rng_.below(40);
        }
        --left_;
        return keys_;
    }

  private:
    Rng rng_;
    InputBits keys_ = 0;
    uint64_t left_ = 0;
};

// Uniform random key runs (the bench's baseline): any of the 32 key sets, 1..32 frames each.
class UniformRuns {
  public:
    explicit UniformRuns(uint64_t seed) : rng_(seed) {}
    InputBits next() {
        if (left_ == 0) {
            keys_ = InputBits(rng_.below(32));
            left_ = 1 + rng_.below(32);
        }
        --left_;
        return keys_;
    }

  private:
    Rng rng_;
    InputBits keys_ = 0;
    uint64_t left_ = 0;
};

}  // namespace ts::hunt
