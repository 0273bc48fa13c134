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

bool Breakpoints::anyRule() const {
    for (const Rule& r : rules)
        if (r.enabled) return true;
    return false;
}

namespace {

std::string simpleReason(const Breakpoints& b, int64_t position, const MoverState& before,
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

}  // namespace

std::string breakReason(const Breakpoints& b, int64_t position, const MoverState& before,
                        const MoverState& after, const Trace& trace, int32_t actor, MoverKind mover,
                        const BreakStep* fields, SignMemory* signs) {
    std::string why = simpleReason(b, position, before, after, trace, actor);
    if (!b.anyRule()) return why;
    // Position p is the state after the trace's frame p - 1.
    BreakStep step = fields ? *fields
                            : BreakStep{traceFields(position - 2, mover, before),
                                        traceFields(position - 1, mover, after), &trace, actor};
    step.signs = signs;
    if (why.empty())
        for (const Breakpoints::Rule& r : b.rules)
            if (r.enabled && r.expr.holds(step)) {
                why = r.expr.text();
                break;
            }
    // Every step is remembered, whichever breakpoint stopped it.
    if (signs) signs->remember(step.after);
    return why;
}

}  // namespace ts
