#include "record/trace_diff.h"

#include <deque>
#include <vector>

#include "base/short_text.h"
#include "record/trace_writer.h"

namespace ts {

namespace {

constexpr const char* kNone = "(none)";

const TraceField* findField(const RecordedState& s, const std::string& key) {
    for (const TraceField& f : s.fields)
        if (sameShort(f.key, key)) return &f;
    return nullptr;
}

const RecordedState* stateNamed(const RecordedTrace& t, const RecordedFrame& f,
                                const std::string& name) {
    const int actor = t.findActor(name);
    return actor < 0 ? nullptr : f.stateOf(size_t(actor));
}

std::vector<const RecordedProbe*> probesOf(const RecordedTrace& t, const RecordedFrame& f,
                                           const std::string& name) {
    std::vector<const RecordedProbe*> out;
    const int actor = t.findActor(name);
    for (const RecordedProbe& p : f.probes)
        if (p.probe.actor == actor) out.push_back(&p);
    return out;
}

// The fields of one probe, in the order the format writes them.
std::vector<std::pair<std::string, std::string>> probeFields(const Probe& p) {
    std::vector<std::pair<std::string, std::string>> out = {
        {"kind", probeShapeName(p.shape)}, {"verdict", verdictName(p.verdict)}, {"why", p.why}};
    const char* names[4] = {"x0", "y0", "x1", "y1"};
    const Fix values[4] = {p.x0, p.y0, p.x1, p.y1};
    int count = 4;
    if (p.shape == ProbeShape::Point || p.shape == ProbeShape::Text) {
        names[0] = "x";
        names[1] = "y";
        count = 2;
    } else if (p.shape == ProbeShape::Value) {
        out.emplace_back("value", p.x0.str());
        out.emplace_back("threshold", p.x1.str());
        return out;
    }
    for (int i = 0; i < count; ++i) out.emplace_back(names[i], values[i].str());
    return out;
}

class Comparer {
  public:
    Comparer(const RecordedTrace& a, const RecordedTrace& b) : a_(a), b_(b) {}

    // Frame i of both; true when they differ (then result() says where).
    bool frames(size_t i, const RecordedFrame& fa, const RecordedFrame& fb) {
        d_.frameIndex = int64_t(i);
        d_.frame = fa.frame;
        if (fa.frame != fb.frame) {
            differ("frame", std::to_string(fa.frame), std::to_string(fb.frame),
                   fa.states.empty() ? 0 : fa.states[0].line,
                   fb.states.empty() ? 0 : fb.states[0].line);
            return true;
        }
        return frame(fa, fb);
    }
    // One trace ended after i frames, the other has frame number `frame` next.
    void ends(size_t i, bool aEnds, int64_t frame) {
        d_.frameIndex = int64_t(i);
        d_.frame = frame;
        differ("frames", aEnds ? "ends after " + std::to_string(i) + " frames" : "goes on",
               aEnds ? "goes on" : "ends after " + std::to_string(i) + " frames", 0, 0);
    }
    const TraceDifference& result() const { return d_; }

  private:
    TraceDifference differ(const std::string& field, const std::string& a, const std::string& b,
                           int64_t lineA, int64_t lineB) {
        d_.same = false;
        d_.field = field;
        d_.a = a;
        d_.b = b;
        d_.lineA = lineA;
        d_.lineB = lineB;
        return d_;
    }

    // True when a difference was found (then d_ holds it).
    bool frame(const RecordedFrame& fa, const RecordedFrame& fb) {
        if (sameActorsNoProbes(fa, fb)) {
            // What the general walk below does then, without looking each name up.
            for (size_t i = 0; i < fa.states.size(); ++i)
                if (state(fa.states[i], fb.states[i])) {
                    d_.actor = a_.actors[fa.states[i].actor].name;
                    return true;
                }
            d_.actor.clear();
            return false;
        }
        // Actors in A's line order, then those only B has.
        std::vector<const std::string*>& names = names_;  // kept: no allocation per frame
        names.clear();
        for (const RecordedState& s : fa.states) names.push_back(&a_.actors[s.actor].name);
        for (const RecordedState& s : fb.states) {
            const std::string& n = b_.actors[s.actor].name;
            if (!stateNamed(a_, fa, n)) names.push_back(&n);
        }
        for (const std::string* actor : names) {
            const std::string& name = *actor;
            d_.actor = name;
            const RecordedState* sa = stateNamed(a_, fa, name);
            const RecordedState* sb = stateNamed(b_, fb, name);
            if (!sa || !sb) {
                differ("state", sa ? "recorded" : kNone, sb ? "recorded" : kNone, sa ? sa->line : 0,
                       sb ? sb->line : 0);
                return true;
            }
            if (state(*sa, *sb)) return true;
            if (probes(probesOf(a_, fa, name), probesOf(b_, fb, name))) return true;
        }
        // Probes of actors without a state line this frame.
        for (const RecordedProbe& p : fa.probes) {
            const std::string& name = a_.actors[size_t(p.probe.actor)].name;
            if (stateNamed(a_, fa, name)) continue;
            d_.actor = name;
            if (probes(probesOf(a_, fa, name), probesOf(b_, fb, name))) return true;
        }
        for (const RecordedProbe& p : fb.probes) {
            const std::string& name = b_.actors[size_t(p.probe.actor)].name;
            if (stateNamed(b_, fb, name) || stateNamed(a_, fa, name)) continue;
            d_.actor = name;
            if (probes(probesOf(a_, fa, name), probesOf(b_, fb, name))) return true;
        }
        d_.actor.clear();
        return false;
    }

    // Both frames hold states of the same actors in one order (a frame holds one state per
    // actor, a trace one actor per name) and no probes: most frames of most diffs.
    bool sameActorsNoProbes(const RecordedFrame& fa, const RecordedFrame& fb) const {
        if (!fa.probes.empty() || !fb.probes.empty() || fa.states.size() != fb.states.size())
            return false;
        for (size_t i = 0; i < fa.states.size(); ++i)
            if (!sameShort(a_.actors[fa.states[i].actor].name, b_.actors[fb.states[i].actor].name))
                return false;
        return true;
    }

    bool state(const RecordedState& sa, const RecordedState& sb) {
        for (size_t i = 0; i < sa.fields.size(); ++i) {
            const TraceField& fa = sa.fields[i];
            // Two runs write their fields in one order: look where A's is first.
            const TraceField* fb = i < sb.fields.size() && sameShort(sb.fields[i].key, fa.key)
                                       ? &sb.fields[i]
                                       : findField(sb, fa.key);
            if (!fb || !fa.sameValue(*fb)) {
                differ(fa.key, fa.text, fb ? fb->text : kNone, sa.line, sb.line);
                return true;
            }
        }
        for (size_t i = 0; i < sb.fields.size(); ++i) {
            const TraceField& fb = sb.fields[i];
            if (i < sa.fields.size() && sameShort(sa.fields[i].key, fb.key)) continue;
            if (!findField(sa, fb.key)) {
                differ(fb.key, kNone, fb.text, sa.line, sb.line);
                return true;
            }
        }
        return false;
    }

    bool probes(const std::vector<const RecordedProbe*>& pa,
                const std::vector<const RecordedProbe*>& pb) {
        const size_t n = std::max(pa.size(), pb.size());
        for (size_t i = 0; i < n; ++i) {
            const std::string at = "probe " + std::to_string(i + 1);
            if (i >= pa.size() || i >= pb.size()) {
                differ(at, i < pa.size() ? probeJson(pa[i]->probe) : kNone,
                       i < pb.size() ? probeJson(pb[i]->probe) : kNone,
                       i < pa.size() ? pa[i]->line : 0, i < pb.size() ? pb[i]->line : 0);
                return true;
            }
            const auto fa = probeFields(pa[i]->probe);
            const auto fb = probeFields(pb[i]->probe);
            for (size_t k = 0; k < std::max(fa.size(), fb.size()); ++k) {
                const bool both = k < fa.size() && k < fb.size();
                if (both && fa[k] == fb[k]) continue;
                const std::string key = k < fa.size() ? fa[k].first : fb[k].first;
                differ(at + "." + key, k < fa.size() ? fa[k].second : kNone,
                       k < fb.size() ? fb[k].second : kNone, pa[i]->line, pb[i]->line);
                return true;
            }
        }
        return false;
    }

    const RecordedTrace& a_;
    const RecordedTrace& b_;
    TraceDifference d_;
    std::vector<const std::string*> names_;
};

// A source's frames one at a time, holding one frame and the first line of the next.
class FrameReader {
  public:
    explicit FrameReader(TraceSource& s) : source_(s) {}

    // The next frame: 1; 0 at the end; -1 with *error.
    int next(RecordedFrame* f, std::string* error) {
        // The frame's vectors keep their memory from frame to frame (a state line's fields
        // are copied into last frame's).
        size_t states = 0;
        f->probes.clear();
        whys_.clear();
        auto done = [&](int k) {
            f->states.resize(states);
            return k;
        };
        if (!pending_) {
            const int k = source_.next(&record_, error);
            if (k <= 0) return done(k);
            pending_ = true;
        }
        f->frame = record_.frame;
        while (pending_ && record_.frame == f->frame) {
            if (record_.isProbe) {
                // A JSON source's text lives until its next line: the frame keeps a copy.
                whys_.emplace_back(record_.probe.probe.why);
                f->probes.push_back(record_.probe);
                f->probes.back().probe.why = whys_.back().c_str();
            } else if (states < f->states.size()) {
                RecordedState& to = f->states[states++];
                to.actor = record_.state.actor;
                to.state = record_.state.state;
                to.line = record_.state.line;
                to.fields.swap(record_.state.fields);
            } else {
                f->states.push_back(record_.state);
                ++states;
            }
            const int k = source_.next(&record_, error);
            if (k < 0) return done(k);
            pending_ = k > 0;
        }
        ++count_;
        return done(1);
    }
    // Reads to the end for the errors a whole read would find. False with *error.
    bool drain(std::string* error) {
        if (failed_) return false;
        TraceRecord r;
        int k = 0;
        while ((k = source_.next(&r, error)) > 0) {
        }
        return k == 0;
    }
    int64_t count() const { return count_; }
    bool failed_ = false;

  private:
    TraceSource& source_;
    TraceRecord record_;
    bool pending_ = false;
    std::deque<std::string> whys_;
    int64_t count_ = 0;
};

}  // namespace

TraceDifference firstDifference(const RecordedTrace& a, const RecordedTrace& b) {
    Comparer c(a, b);
    const size_t n = std::max(a.frameCount(), b.frameCount());
    for (size_t i = 0; i < n; ++i) {
        if (i >= a.frameCount() || i >= b.frameCount()) {
            const bool aEnds = i >= a.frameCount();
            c.ends(i, aEnds, (aEnds ? b : a).frameNumber(i));
            return c.result();
        }
        if (c.frames(i, a.frame(i), b.frame(i))) return c.result();
    }
    return TraceDifference{};
}

bool diffTraces(TraceSource& a, TraceSource& b, TraceDifference* out, int64_t* frames,
                std::string* error) {
    FrameReader ra(a), rb(b);
    Comparer c(a.meta(), b.meta());
    RecordedFrame fa, fb;
    bool found = false;
    // Errors as reading A whole, then B, would give: A's first, wherever B's is.
    auto bFailed = [&](std::string bError) {
        std::string aError;
        if (!ra.drain(&aError))
            *error = aError;
        else
            *error = std::move(bError);
        return false;
    };
    for (size_t i = 0;; ++i) {
        const int ka = ra.next(&fa, error);
        if (ka < 0) return false;
        std::string bError;
        const int kb = rb.next(&fb, &bError);
        if (kb < 0) return bFailed(bError);
        if (ka == 0 && kb == 0) break;
        if (ka == 0 || kb == 0) {
            c.ends(i, ka == 0, ka == 0 ? fb.frame : fa.frame);
            found = true;
            break;
        }
        if (c.frames(i, fa, fb)) {
            found = true;
            break;
        }
    }
    if (found) {
        if (!ra.drain(error)) return false;
        std::string bError;
        if (!rb.drain(&bError)) {
            *error = bError;
            return false;
        }
    }
    *out = found ? c.result() : TraceDifference{};
    *frames = ra.count();
    return true;
}

}  // namespace ts
