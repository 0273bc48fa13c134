#include "trace/trace.h"

namespace ts {

const char* probeShapeName(ProbeShape s) {
    static const char* const names[] = {"point", "rect",  "segment", "cell",
                                        "band",  "arrow", "value",   "text"};
    return size_t(s) < size_t(ProbeShape::Count) ? names[size_t(s)] : "?";
}

const char* verdictName(Verdict v) {
    static const char* const names[] = {"miss", "hit", "pass", "block", "info"};
    return size_t(v) < size_t(Verdict::Count) ? names[size_t(v)] : "?";
}

}  // namespace ts
