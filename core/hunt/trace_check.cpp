// The detectors over a recorded trace (trace_check.h).
#include "hunt/trace_check.h"

#include <algorithm>
#include <memory>

#include "hunt/hunt_report.h"
#include "record/trace_source.h"
#include "world/collision.h"

namespace ts {

namespace {

// Per trace actor: the map actor it is, its detectors and its last state line.
struct Watched {
    bool skip = true;
    size_t mapActor = 0;
    std::unique_ptr<SnagDetectors> detectors;
    bool gravity = false;
    bool seenGrounded = false;
    bool havePrev = false;
    int64_t prevFrame = 0;
    MoverState prev;
};

bool keysFromText(const std::string& t, InputBits* out) {
    InputBits k = 0;
    size_t start = 0;
    while (start < t.size()) {
        size_t end = t.find(',', start);
        if (end == std::string::npos) end = t.size();
        const std::string name = t.substr(start, end - start);
        if (name == "L")
            k |= KEY_L;
        else if (name == "R")
            k |= KEY_R;
        else if (name == "U")
            k |= KEY_U;
        else if (name == "D")
            k |= KEY_D;
        else if (name == "J")
            k |= KEY_J;
        else
            return false;
        start = end + 1;
    }
    *out = k;
    return true;
}

}  // namespace

InputBits inferTraceKeys(const MoverState& s, bool gravity) {
    InputBits k = 0;
    if (s.vx < Fix{}) k |= KEY_L;
    if (s.vx > Fix{}) k |= KEY_R;
    if (!gravity) {
        if (s.vy < Fix{}) k |= KEY_U;
        if (s.vy > Fix{}) k |= KEY_D;
    }
    if (s.pushing) {
        if (s.facing & DIR_LEFT) k |= KEY_L;
        if (s.facing & DIR_RIGHT) k |= KEY_R;
        if (!gravity && (s.facing & DIR_UP)) k |= KEY_U;
        if (!gravity && (s.facing & DIR_DOWN)) k |= KEY_D;
    }
    // Opposite keys from velocity and facing at once cancel in every model: keep velocity's.
    if ((k & (KEY_L | KEY_R)) == (KEY_L | KEY_R)) k &= s.vx < Fix{} ? ~KEY_R : ~KEY_L;
    if ((k & (KEY_U | KEY_D)) == (KEY_U | KEY_D)) k &= s.vy < Fix{} ? ~KEY_D : ~KEY_U;
    return k;
}

bool traceLineKeys(const RecordedState& st, InputBits* keys, bool* present, std::string* error) {
    *present = false;
    for (const TraceField& f : st.fields) {
        if (f.key != "keys") continue;
        *present = true;
        if (f.type == TraceField::Type::String && keysFromText(f.text, keys)) return true;
        if (f.type == TraceField::Type::Number && f.exact && f.fix.raw >= 0 &&
            f.fix.frac().raw == 0 && f.fix.floor() <= 31) {
            *keys = InputBits(f.fix.floor());
            return true;
        }
        *error = "line " + std::to_string(st.line) + ": field \"keys\": expected keys as an " +
                 "input log writes them (\"R,J\", \"\" for none) or their bit mask 0..31, got " +
                 f.text;
        return false;
    }
    return true;
}

bool checkTrace(const Map& map, TraceSource& src, const std::string& traceName, uint32_t kinds,
                const std::vector<std::string>& actors, TraceCheckResult* out, std::string* error) {
    *out = TraceCheckResult{};
    CollisionWorld world(map);
    std::vector<Watched> watched;
    std::vector<std::string> noted;
    const auto note = [&](const std::string& n) {
        if (std::find(noted.begin(), noted.end(), n) == noted.end()) {
            noted.push_back(n);
            out->notes.push_back(n);
        }
    };
    TraceRecord r;
    for (;;) {
        const int got = src.next(&r, error);
        if (got < 0) return false;
        if (got == 0) break;
        if (r.isProbe) continue;
        const size_t ta = r.state.actor;
        while (watched.size() <= ta) {
            Watched w;
            const std::string& name = src.meta().actors[watched.size()].name;
            const Actor* a = map.findActor(name);
            const bool wanted =
                actors.empty() || std::find(actors.begin(), actors.end(), name) != actors.end();
            if (!a) {
                note("actor '" + name + "' of the trace is not in the map: skipped");
            } else if (wanted) {
                ++out->actorsMatched;
                w.skip = false;
                w.mapActor = size_t(a - map.actors.data());
                const MoverInfo& mover = moverInfo(a->mover);
                w.gravity = mover.rules && mover.rules->gravity;
                w.detectors = std::make_unique<SnagDetectors>(world, mover, a->params, kinds);
                w.detectors->setActor(w.mapActor, name);
            }
            watched.push_back(std::move(w));
        }
        Watched& w = watched[ta];
        if (w.skip) continue;
        MoverState next = r.state.state;
        if (next.w <= 0 || next.h <= 0) {  // a trace that never sized the box: the map's
            next.w = map.actors[w.mapActor].w;
            next.h = map.actors[w.mapActor].h;
        }
        InputBits keys = 0;
        bool present = false;
        std::string why;
        if (!traceLineKeys(r.state, &keys, &present, &why)) {
            *error = traceName + ": " + why;
            return false;
        }
        if (present) {
            out->keysRecorded = true;
        } else {
            out->keysInferred = true;
            // A plugin without rules says nothing of gravity: a model that has stood on
            // something in this trace is taken for a platformer, as the detectors do.
            keys = inferTraceKeys(next, w.gravity || w.seenGrounded);
        }
        if (next.grounded) w.seenGrounded = true;
        if (w.havePrev && r.frame == w.prevFrame + 1) {
            w.detectors->observe(StepFacts{r.frame, keys, &w.prev, &next}, &out->findings);
            ++out->frames;
        } else if (w.havePrev) {
            w.detectors->reset();  // a gap: "3 frames in a row" starts over
        }
        w.prev = next;
        w.prevFrame = r.frame;
        w.havePrev = true;
    }
    for (const std::string& name : actors)
        if (src.meta().findActor(name) < 0) {
            *error = traceName + ": no actor named '" + name + "' in the trace";
            return false;
        }
    sortFindings(&out->findings);
    return true;
}

}  // namespace ts
