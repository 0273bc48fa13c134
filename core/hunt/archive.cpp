// The hunt's archive (detail/archive.h).
#include "hunt/detail/archive.h"

#include "hunt/detail/key_runs.h"

namespace ts::hunt {

namespace {

int speedBucket(Fix v) {
    const int64_t a = v.raw < 0 ? -v.raw : v.raw;
    const int mag = a == 0 ? 0 : a < Fix::kOne ? 1 : a < 3 * Fix::kOne ? 2 : 3;
    return v.raw < 0 ? 4 + mag : mag;
}

int counterBucket(int64_t c) {
    // Small counters exactly (a window of a few frames: coyote time, a jump held n frames).
    return c < 0 ? 0 : c < 16 ? 1 + int(c) : c < 64 ? 17 : 18;
}

}  // namespace

uint64_t cellOf(const MoverState& s) {
    uint64_t h = uint64_t(s.x.floor() >> 2) * 0x9E3779B97F4A7C15ull;
    h ^= uint64_t(s.y.floor() >> 2) * 0xC2B2AE3D27D4EB4Full;
    uint64_t small = uint64_t(speedBucket(s.vx));
    small = small * 8 + uint64_t(speedBucket(s.vy));
    small = small * 2 + s.grounded;
    small = small * 2 + s.pushing;
    small = small * 16 + (s.facing & 15);
    small = small * 19 + uint64_t(counterBucket(s.timer));
    small = small * 19 + uint64_t(counterBucket(s.aux));
    small = small * 4 + uint64_t((s.x.raw & 0xFFFF) >> 14);
    small = small * 4 + uint64_t((s.y.raw & 0xFFFF) >> 14);
    h ^= small * 0x165667B19E3779F9ull;
    return h ^ (h >> 29);
}

void Archive::setWeight(size_t i, uint64_t w) {
    const uint64_t old = weights_[i];
    weights_[i] = w;
    total_ += w - old;  // modulo 2^64: exact
    for (size_t k = i + 1; k < tree_.size(); k += k & (~k + 1)) tree_[k] += w - old;
}

size_t Archive::entryAt(uint64_t pick) const {
    size_t pos = 0;
    size_t step = 1;
    while (step * 2 < tree_.size()) step *= 2;
    for (; step > 0; step /= 2)
        if (pos + step < tree_.size() && tree_[pos + step] <= pick) {
            pos += step;
            pick -= tree_[pos];
        }
    return pos;  // entries pos + 1 .. hold the pick: index pos (0-based)
}

InputLog Archive::inputsOf(int32_t i, const std::vector<InputLog>& seedLogs) const {
    std::vector<int32_t> chain;
    for (int32_t at = i; at >= 0; at = entries[size_t(at)].parent) chain.push_back(at);
    InputLog log;
    for (size_t c = chain.size(); c-- > 0;) {
        const ArchiveEntry& e = entries[size_t(chain[c])];
        if (e.seedLog >= 0) {
            InputCursor cur(seedLogs[size_t(e.seedLog)]);
            for (int64_t f = 0; f < e.length; ++f) log.push(cur.next());
        } else if (e.length > 0) {
            KeyRuns keys(e.seed);
            for (int64_t f = 0; f < e.length; ++f) log.push(keys.next());
        }
    }
    return log;
}

InputLog Archive::inputsOf(const FoundAt& at, const std::vector<InputLog>& seedLogs) const {
    InputLog log = inputsOf(at.entry, seedLogs);
    if (at.uniform) {
        UniformRuns keys(at.seed);
        for (int64_t f = 0; f < at.length; ++f) log.push(keys.next());
    } else {
        KeyRuns keys(at.seed);
        for (int64_t f = 0; f < at.length; ++f) log.push(keys.next());
    }
    return log;
}

}  // namespace ts::hunt
