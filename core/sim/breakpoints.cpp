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
                        const MoverState& after, const Trace& trace, int32_t actor, MoverKind mover,
                        const BreakStep* fields) {
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
    bool any = false;
    for (const Breakpoints::Rule& r : b.rules) any = any || r.enabled;
    if (!any) return "";
    // Position p is the state after the trace's frame p - 1.
    const BreakStep step = fields
                               ? *fields
                               : BreakStep{traceFields(position - 2, mover, before),
                                           traceFields(position - 1, mover, after), &trace, actor};
    for (const Breakpoints::Rule& r : b.rules)
        if (r.enabled && r.expr.holds(step)) return r.expr.text();
    return "";
}

}  // namespace ts
