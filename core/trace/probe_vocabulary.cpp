#include "trace/probe_vocabulary.h"

#include <cstddef>

namespace ts {

unsigned ProbeVocabulary::verdictsOf(const std::string& kind) const {
    unsigned v = 0;
    for (int i = 0; i < count; ++i)
        if (kind == words[i].kind) v |= words[i].verdicts;
    return v;
}

std::string ProbeVocabulary::kinds() const {
    std::string out;
    for (int i = 0; i < count; ++i) out += (i ? ", " : "") + std::string(words[i].kind);
    return out;
}

std::string verdictList(unsigned mask, const char* last) {
    // In the order people say them: "hit or miss", "block or pass".
    static const Verdict kOrder[] = {Verdict::Hit, Verdict::Miss, Verdict::Block, Verdict::Pass,
                                     Verdict::Info};
    static_assert(sizeof(kOrder) / sizeof(kOrder[0]) == size_t(Verdict::Count), "every verdict");
    std::string out;
    int left = 0;
    for (Verdict v : kOrder) left += (mask & verdictBit(v)) != 0;
    for (Verdict v : kOrder) {
        if (!(mask & verdictBit(v))) continue;
        --left;
        out += verdictName(v);
        if (left > 1) out += ", ";
        if (left == 1) out += std::string(" ") + last + " ";
    }
    return out;
}

}  // namespace ts
