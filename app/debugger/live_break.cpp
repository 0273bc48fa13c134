#include "debugger/live_break.h"

#include <algorithm>

namespace ts {

namespace {

// The fields an expression reads at position p (as Debugger::breakFields does for the shown one).
std::vector<StateField> fieldsAt(const RecordedFrames& rec, size_t actor, int64_t p) {
    std::vector<StateField> out{{"frame", std::to_string(rec.frameNumber(p))}};
    if (const std::optional<RecordedState> line = rec.stateLine(actor, p))
        for (const TraceField& f : line->fields) out.push_back({f.key, f.text});
    return out;
}

}  // namespace

int64_t LiveBreak::check(const Debugger& g, std::string* why) {
    const RecordedFrames* rec = g.recorded();
    const int64_t length = g.length();
    if (length < checked_) checked_ = 0;  // a new recording
    if (!rec || !g.breakpoints().anyRule() || g.actorCount() == 0) {
        checked_ = length;
        return -1;
    }
    const size_t actor = size_t(std::max(0, g.drivenActor()));
    for (int64_t p = std::max<int64_t>(checked_ + 1, 2); p <= length; ++p) {
        const BreakStep step{fieldsAt(*rec, actor, p - 1), fieldsAt(*rec, actor, p), nullptr,
                             int32_t(actor)};
        for (const Breakpoints::Rule& r : g.breakpoints().rules) {
            if (!r.enabled || !r.expr.holds(step)) continue;
            checked_ = p;
            *why = r.expr.text() + " at frame " + std::to_string(rec->frameNumber(p));
            return p;
        }
    }
    checked_ = length;
    return -1;
}

}  // namespace ts
