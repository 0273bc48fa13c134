// Breakpoints as TAS tools have them: while the debugger plays, it pauses after the step
// that trips one. Kinds: a chosen probe kind blocks (or hits) for the watched actor, the
// watched actor's grounded or pushing flag changes, the position reaches a frame marker, or
// an expression over the actor's trace fields and probes holds (sim/break_expr.h).
// Pure data and one check, so tests drive it with core states and traces directly.
#pragma once
#include <cstdint>
#include <set>
#include <string>

#include <vector>

#include "movers/mover.h"
#include "sim/break_expr.h"
#include "trace/trace.h"

namespace ts {

struct Breakpoints {
    std::set<std::string> probeKinds;  // probe `why`s ("scanline", "pass_rate", "climb"...)
    bool groundedChanges = false;
    bool pushingChanges = false;
    std::set<int64_t> markers;  // positions (steps from spawn) to stop at
    struct Rule {
        BreakExpr expr;
        bool enabled = true;
    };
    std::vector<Rule> rules;  // expressions, in the order they were added

    bool empty() const {
        bool noRule = true;
        for (const Rule& r : rules) noRule = noRule && !r.enabled;
        return probeKinds.empty() && !groundedChanges && !pushingChanges && markers.empty() &&
               noRule;
    }
    bool anyRule() const;  // an enabled expression
    // Adds a marker at `position`, or removes the one there. True when one is there after.
    bool toggleMarker(int64_t position);
};

// Why the step that led from `before` to `after` (the watched actor's states), arriving at
// `position`, trips a breakpoint: "marker at frame 120", "grounded: yes -> no",
// "scanline blocked", or an expression's text; empty when none does. `trace` holds that
// step's probes; only those of `actor` (a `mover`) count. The expressions read `fields`
// when given (a recorded trace's own lines), else the fields `mover` writes for the states.
// `signs`, when given, is what `changes sign` knew before this step; while an expression is
// enabled, the step's fields are added to it.
std::string breakReason(const Breakpoints& b, int64_t position, const MoverState& before,
                        const MoverState& after, const Trace& trace, int32_t actor, MoverKind mover,
                        const BreakStep* fields = nullptr, SignMemory* signs = nullptr);

}  // namespace ts
