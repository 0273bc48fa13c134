// Probes as a developer reads them in the debugger: sentences with numbers rounded for
// reading (49.3333282470703125 -> 49.33). The exact values stay available through
// describeProbe (core/draw/overlays.h), which the UI shows on demand.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "trace/trace.h"

namespace ts {

// `v` with at most `decimals` decimals, trailing zeros dropped: "49.33", "12", "0.5".
std::string roundedNumber(Fix v, int decimals = 2);
// "scanline blocked: (49.33, 12) -> (49.33, 28)", "pass rate 0.25 < threshold 0.5: blocked".
std::string readableProbe(const Probe& p);
// What decided `actor`'s step: every threshold (Value probe) and every probe that hit or
// blocked, in trace order.
std::vector<const Probe*> frameDecisions(const Trace& trace, int32_t actor);

}  // namespace ts
