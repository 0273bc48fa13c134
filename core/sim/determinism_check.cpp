#include "sim/determinism_check.h"

#include <vector>

#include "record/trace_writer.h"
#include "sim/sim.h"
#include "record/trace_writer.h"

namespace ts {

namespace {

// Actor i's state line and its probe lines after one frame.
std::string actorLines(const Sim& sim, const Trace& trace, size_t i, int64_t frame) {
    const Actor& a = sim.map().actors[i];
    std::string s = stateJson(frame, a.name, a.mover, sim.states()[i]);
    for (const Probe& p : trace.probes)
        if (p.actor == int32_t(i)) s += "\n" + probeJson(p);
    return s;
}

// The state's mover-defined slots, for a difference the trace line does not show.
std::string hiddenSlots(const MoverState& s) {
    std::string o =
        " (slots: timer " + std::to_string(s.timer) + ", aux " + std::to_string(s.aux) + ", vars";
    for (int64_t v : s.vars) o += " " + std::to_string(v);
    return o + ")";
}

}  // namespace

std::string DeterminismReport::message() const {
    if (same) return "";
    return "frame " + std::to_string(frame) + ", actor '" + actor + "': run 1 " + first +
           " / run 2 " + second;
}

DeterminismReport checkDeterminism(const Map& map, int64_t frames,
                                   const std::function<InputBits(int64_t, size_t)>& keys,
                                   const std::function<void(int64_t)>& onFrame,
                                   StepWatchdog* watchdog) {
    Sim a(map, watchdog), b(map, watchdog);
    Trace ta, tb;
    std::vector<InputBits> in(map.actors.size(), 0);
    DeterminismReport r;
    for (int64_t f = 0; f < frames; ++f) {
        if (onFrame) onFrame(f);
        for (size_t i = 0; i < in.size(); ++i) in[i] = keys(f, i);
        a.step(in, &ta);
        b.step(in, &tb);
        if (a.states() == b.states() && ta.probes.size() == tb.probes.size()) {
            bool probesSame = true;
            for (size_t k = 0; k < ta.probes.size() && probesSame; ++k)
                probesSame = probeJson(ta.probes[k]) == probeJson(tb.probes[k]) &&
                             ta.probes[k].actor == tb.probes[k].actor;
            if (probesSame) continue;
        }
        for (size_t i = 0; i < in.size(); ++i) {
            std::string la = actorLines(a, ta, i, f), lb = actorLines(b, tb, i, f);
            if (la == lb && a.states()[i] == b.states()[i]) continue;
            if (la == lb) {  // a difference in a slot the mover does not show: show them all
                la += hiddenSlots(a.states()[i]);
                lb += hiddenSlots(b.states()[i]);
            }
            r.same = false;
            r.frame = f;
            r.actor = map.actors[i].name;
            r.first = std::move(la);
            r.second = std::move(lb);
            return r;
        }
    }
    return r;
}

}  // namespace ts
