// The Go-Explore archive of one actor's hunt: one entry per cell of the state space reached,
// each kept as parent + seed + length (the key runs of `seed`, KeyRuns, for `length` frames
// from the parent's state), so that any entry's inputs are rebuilt from the hunt's seed.
#pragma once
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "hunt/hunt.h"

namespace ts::hunt {

struct ArchiveEntry {
    MoverState state;
    int64_t frame = 0;     // frames from the spawn
    int32_t parent = -1;   // -1: the spawn (entry 0) or a seed log
    int32_t seedLog = -1;  // >= 0: reached by the first `length` frames of seedInputs[seedLog]
    uint64_t seed = 0;     // the key runs from the parent
    int64_t length = 0;
    uint32_t chosen = 0;  // times explored from
    bool near = false;    // next to a map feature (solid, slope, one-way, wall, brush, edge)
};

// Where a finding was first seen: `length` frames of key runs `seed` (uniform runs when
// `uniform`) after archive entry `entry`.
struct FoundAt {
    SnagFinding finding;
    int32_t entry = 0;
    uint64_t seed = 0;
    int64_t length = 0;
    bool uniform = false;
};

// The cell of a state: position in 8-px buckets, the sign and size (under 1, under 3, more px
// per frame) of each velocity, grounded, pushing, facing, the model's counters (timer, aux:
// exact from 0 to 15, then 16..63, 64 and more), and the sub-pixel remainders in quarters.
uint64_t cellOf(const MoverState& s);

class Archive {
  public:
    static constexpr size_t kMaxEntries = 1 << 18;
    std::vector<ArchiveEntry> entries;
    bool contains(uint64_t cell) const { return index_.count(cell) != 0; }
    // Adds the entry under `cell` unless the cell is known or the archive is full.
    bool add(uint64_t cell, const ArchiveEntry& e) {
        if (entries.size() >= kMaxEntries || !index_.emplace(cell, entries.size()).second)
            return false;
        entries.push_back(e);
        return true;
    }
    // The keys from the spawn to entry i.
    InputLog inputsOf(int32_t i, const std::vector<InputLog>& seedLogs) const;
    // The keys from the spawn to where a finding was seen.
    InputLog inputsOf(const FoundAt& at, const std::vector<InputLog>& seedLogs) const;

  private:
    std::unordered_map<uint64_t, size_t> index_;
};

}  // namespace ts::hunt
