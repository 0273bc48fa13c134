#include "sim/breakpoints.h"

namespace ts {

namespace {

const char* yesNo(bool v) {
    return v ? "yes" : "no";
}

}  // namespace

bool Breakpoints::toggleMarker(int64_t position) {
    if (markers.erase(position)) return false;
    markers.insert(position);
    return true;
}

std::string breakReason(const Breakpoints& b, int64_t position, const MoverState& before,
                        const MoverState& after, const Trace& trace, int32_t actor) {
    if (b.markers.count(position)) return "marker at frame " + std::to_string(position);
    if (b.groundedChanges && before.grounded != after.grounded)
        return std::string("grounded: ") + yesNo(before.grounded) + " -> " + yesNo(after.grounded);
    if (b.pushingChanges && before.pushing != after.pushing)
        return std::string("pushing: ") + yesNo(before.pushing) + " -> " + yesNo(after.pushing);
    if (!b.probeKinds.empty())
        for (const Probe& p : trace.probes)
            if (p.actor == actor && (p.verdict == Verdict::Block || p.verdict == Verdict::Hit) &&
                b.probeKinds.count(p.why))
                return std::string(p.why) + " " + verdictName(p.verdict);
    return "";
}

}  // namespace ts
