// What probes a mover can record: each kind (a probe's `why`) with the verdicts it can give
// it. Each built-in mover declares its own (MoverInfo::probes), a plugin may (its descriptor's
// probe_kinds), so that a breakpoint naming a probe its mover never records says that it can
// never fire (sim/break_check.h) instead of silently never pausing.
// tests/movers/test_mover_probe_vocabulary.cpp runs the built-ins and checks that every probe
// they record is declared, so a declaration cannot go stale.
#pragma once
#include <string>

#include "trace/trace.h"

namespace ts {

constexpr unsigned verdictBit(Verdict v) {
    return 1u << unsigned(v);
}

struct ProbeWord {
    const char* kind;   // "step", "scanline", "region_a"...
    unsigned verdicts;  // verdictBit of each verdict it can have
};

struct ProbeVocabulary {
    const ProbeWord* words = nullptr;
    int count = 0;

    // The verdicts probes of `kind` can have; 0 when the mover never records that kind.
    unsigned verdictsOf(const std::string& kind) const;
    // Every kind, comma separated, in the order declared: "step, climb, descend".
    std::string kinds() const;
};

// The verdicts of `mask` in the order hit, miss, block, pass, info, the last two joined by
// `last`: "hit or miss", "miss, pass or info"; "" for none.
std::string verdictList(unsigned mask, const char* last = "or");

}  // namespace ts
