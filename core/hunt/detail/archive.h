// The Go-Explore archive of one actor's hunt: one entry per cell of the state space reached,
// each kept as parent + seed + length (the key runs of `seed`, KeyRuns, for `length` frames
// from the parent's state), so that any entry's inputs are rebuilt from the hunt's seed.
#pragma once
#include <cstdint>
#include <new>
#include <type_traits>
#include <vector>

#include "hunt/detail/zero_table.h"
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

// The cell of a state: position in 4-px buckets, the sign and size (under 1, under 3, more px
// per frame) of each velocity, grounded, pushing, facing, the model's counters (timer, aux:
// exact from 0 to 15, then 16..63, 64 and more), and the sub-pixel remainders in quarters.
uint64_t cellOf(const MoverState& s);

// An archive's entries, in order, in one block for the most an archive holds (32 MiB of
// address space) whose pages are made as entries first reach them (ZeroTable). A vector grown
// by doubling copied every entry and faulted in a new block at each doubling: an eighth of a
// hunt's time on the sample maps.
class ArchiveEntries {
  public:
    explicit ArchiveEntries(size_t most) : store_(most) {}
    size_t size() const { return size_; }
    ArchiveEntry& operator[](size_t i) { return store_[i]; }
    const ArchiveEntry& operator[](size_t i) const { return store_[i]; }
    // The caller keeps size() below the most.
    void push_back(const ArchiveEntry& e) { new (&store_[size_++]) ArchiveEntry(e); }

  private:
    static_assert(std::is_trivially_destructible<ArchiveEntry>::value, "never destroyed");
    ZeroTable<ArchiveEntry> store_;
    size_t size_ = 0;
};

class Archive {
  public:
    static constexpr size_t kMaxEntries = 1 << 18;
    Archive() : entries(kMaxEntries), cells_(kMaxEntries * 2), tree_(kMaxEntries + 1) {}
    ArchiveEntries entries;
    bool contains(uint64_t cell) const { return cells_[slot(cell)] != 0; }
    // Starts loading the cell's home slot: the table (2 MiB) is mostly out of the cache, and
    // the lookup on an explored frame waits for memory unless asked for well ahead (the
    // detectors' work on the same frame hides the wait). Changes nothing else.
    void prefetch(uint64_t cell) const {
        __builtin_prefetch(cells_.data() + (size_t(cell) & (cells_.size() - 1)));
    }
    // Adds the entry under `cell` unless the cell is known or the archive is full.
    bool add(uint64_t cell, const ArchiveEntry& e) {
        if (entries.size() >= kMaxEntries) return false;
        const size_t i = slot(cell);
        if (cells_[i] != 0) return false;
        cells_[i] = key(cell);
        entries.push_back(e);
        weights_.push_back(0);
        return true;
    }
    // The keys from the spawn to entry i.
    InputLog inputsOf(int32_t i, const std::vector<InputLog>& seedLogs) const;
    // The keys from the spawn to where a finding was seen.
    InputLog inputsOf(const FoundAt& at, const std::vector<InputLog>& seedLogs) const;

    // Selection weights (a Fenwick tree: O(log n) to change one and to draw).
    void setWeight(size_t i, uint64_t w);
    uint64_t totalWeight() const { return total_; }
    // The entry whose weight interval holds `pick` (0 <= pick < totalWeight()).
    size_t entryAt(uint64_t pick) const;

  private:
    // Open addressing on a table 2x the most entries, 32-bit fingerprints (a free slot is 0):
    // 2 MiB, so that the lookup on every explored frame mostly hits the cache. Two cells
    // sharing a slot chain and a fingerprint count as one (rare, and the same on every run).
    static uint32_t key(uint64_t cell) {
        const uint32_t k = uint32_t(cell >> 32);
        return k ? k : 1;
    }
    size_t slot(uint64_t cell) const {
        const uint32_t k = key(cell);
        size_t i = size_t(cell) & (cells_.size() - 1);
        while (cells_[i] != 0 && cells_[i] != k) i = (i + 1) & (cells_.size() - 1);
        return i;
    }
    ZeroTable<uint32_t> cells_;
    std::vector<uint64_t> weights_;  // each entry's own weight
    ZeroTable<uint64_t> tree_;
    uint64_t total_ = 0;
};

}  // namespace ts::hunt
