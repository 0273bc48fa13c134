// How a mover's step records its probes. A mover writes one step function templated on the
// policy and records through it: with NoTrace every call compiles to nothing, with WithTrace
// it goes to a Trace. The traced run (the debugger, `tilestep run --probes`) then executes the
// same code as the untraced one. Steps may also test kOn where tracing means asking a
// question the untraced step settles another way (each probe of a run one at a time).
#pragma once
#include <cstdint>

#include "base/fixed.h"
#include "trace/trace.h"

namespace ts {

struct NoTrace {
    static constexpr bool kOn = false;
    void point(Verdict, const char*, int64_t, int64_t) const {}
    void rect(Verdict, const char*, int64_t, int64_t, int64_t, int64_t) const {}
    void segment(Verdict, const char*, Fix, Fix, Fix, Fix) const {}
    void cell(Verdict, const char*, Fix, Fix, Fix, Fix) const {}
    void band(Verdict, const char*, Fix, Fix, Fix, Fix) const {}
    void arrow(Verdict, const char*, Fix, Fix, Fix, Fix) const {}
    void value(Verdict, const char*, Fix, Fix) const {}
};

struct WithTrace {
    static constexpr bool kOn = true;
    Trace* trace;  // never null
    void point(Verdict v, const char* why, int64_t x, int64_t y) const {
        trace->point(v, why, x, y);
    }
    void rect(Verdict v, const char* why, int64_t x0, int64_t y0, int64_t x1, int64_t y1) const {
        trace->rect(v, why, x0, y0, x1, y1);
    }
    void segment(Verdict v, const char* why, Fix x0, Fix y0, Fix x1, Fix y1) const {
        trace->segment(v, why, x0, y0, x1, y1);
    }
    void cell(Verdict v, const char* why, Fix x0, Fix y0, Fix x1, Fix y1) const {
        trace->cell(v, why, x0, y0, x1, y1);
    }
    void band(Verdict v, const char* why, Fix x0, Fix y0, Fix x1, Fix y1) const {
        trace->band(v, why, x0, y0, x1, y1);
    }
    void arrow(Verdict v, const char* why, Fix x0, Fix y0, Fix x1, Fix y1) const {
        trace->arrow(v, why, x0, y0, x1, y1);
    }
    void value(Verdict v, const char* why, Fix measured, Fix threshold) const {
        trace->value(v, why, measured, threshold);
    }
};

}  // namespace ts
