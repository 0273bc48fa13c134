// Says when a breakpoint expression can never pause for a mover, instead of leaving the user
// to wait: it names a probe kind the mover never records, a verdict it never gives that kind
// (`probe step blocked` for the pixel sweep, whose step probes are hit or miss), or a field
// its trace lines lack. Read from the mover's declared probe vocabulary
// (trace/probe_vocabulary.h); a mover without one (a plugin that declares none) gets no
// probe warnings. Warnings, not errors: the expression still runs (it may hold elsewhere,
// for another actor, or the vocabulary may be the plugin's mistake).
#pragma once
#include <string>
#include <vector>

#include "movers/mover.h"
#include "sim/break_expr.h"

namespace ts {

// "" when nothing is wrong; else one sentence per problem, joined by "; ", ending with
// "this breakpoint cannot fire" when no step can make the whole expression hold (the problem
// parts can never hold and nothing else can make up for them), else "that part never holds"
// ("those parts never hold").
// `fields`: the field names of the actor's trace lines; empty: not checked.
std::string breakWarning(const BreakExpr& e, const MoverInfo& mover,
                         const std::vector<std::string>& fields);
// The same for what `who` names ("pixel_sweep", "the recording") with the probe vocabulary
// `probes` (null: unknown, no probe warnings).
std::string breakWarning(const BreakExpr& e, const std::string& who, const ProbeVocabulary* probes,
                         const std::vector<std::string>& fields);

}  // namespace ts
