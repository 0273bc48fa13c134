#include "record/trace_writer.h"

#include <algorithm>
#include <cstring>

#include "base/json_text.h"
#include "base/number_text.h"
#include "base/short_text.h"
#include "movers/builtin_fields.h"
#include "record/detail/same_state.h"

namespace ts {

namespace {

// Copies a string literal without its terminating zero.
template <size_t N>
char* put(char* p, const char (&s)[N]) {
    std::memcpy(p, s, N - 1);
    return p + N - 1;
}

char* putText(char* p, const char* s) {
    const size_t n = std::strlen(s);
    std::memcpy(p, s, n);
    return p + n;
}

// `,"grounded":B,"facing":"NAME","pushing":B` for each of the flags' 20 combinations, padded
// to one size so that a state line copies it whole, without strlen, a chain of compares or a
// branch per flag (issue 19: the state line's fixed text cost as much as its numbers).
struct FlagTexts {
    static constexpr size_t kSize = 64;
    char text[20][kSize] = {};
    uint8_t size[20] = {};
    uint8_t facing[256] = {};  // facing byte -> 0..4; not one direction -> 0 ("none")
    constexpr FlagTexts() {
        const char* const names[5] = {"none", "left", "right", "up", "down"};
        for (int g = 0; g < 2; ++g)
            for (int f = 0; f < 5; ++f)
                for (int q = 0; q < 2; ++q) {
                    char* t = text[g * 10 + f * 2 + q];
                    size_t n = 0;
                    for (const char* c = g ? ",\"grounded\":true" : ",\"grounded\":false"; *c; ++c)
                        t[n++] = *c;
                    for (const char* c = ",\"facing\":\""; *c; ++c) t[n++] = *c;
                    for (const char* c = names[f]; *c; ++c) t[n++] = *c;
                    for (const char* c = "\",\"pushing\":"; *c; ++c) t[n++] = *c;
                    for (const char* c = q ? "true" : "false"; *c; ++c) t[n++] = *c;
                    size[g * 10 + f * 2 + q] = uint8_t(n);
                }
        facing[DIR_LEFT] = 1;
        facing[DIR_RIGHT] = 2;
        facing[DIR_UP] = 3;
        facing[DIR_DOWN] = 4;
    }
};
constexpr FlagTexts kFlagTexts;

// `{"kind":"SHAPE","verdict":"VERDICT","why":` for every shape and verdict, padded to one
// size: a probe line copies it whole (two strlen and two memcpy calls per probe were a
// fifth of a traced step with probes).
struct ProbeHeads {
    static constexpr size_t kShapes = size_t(ProbeShape::Count), kVerdicts = size_t(Verdict::Count);
    static constexpr size_t kSize = 48;
    char text[kShapes][kVerdicts][kSize] = {};
    uint8_t size[kShapes][kVerdicts] = {};
    ProbeHeads() {
        for (size_t s = 0; s < kShapes; ++s)
            for (size_t v = 0; v < kVerdicts; ++v) {
                const std::string t = std::string("{\"kind\":\"") + probeShapeName(ProbeShape(s)) +
                                      "\",\"verdict\":\"" + verdictName(Verdict(v)) + "\",\"why\":";
                std::memcpy(text[s][v], t.data(), std::min(t.size(), kSize));
                size[s][v] = uint8_t(t.size());
            }
    }
};

const ProbeHeads& probeHeads() {
    static const ProbeHeads heads;
    return heads;
}

// Longest fixed part of a state line: the keys, literals and numbers (names apart), and the
// fields of a built-in mover written by LineFields (at most three, keys under 24 characters).
constexpr size_t kStateChars = 160 + 5 * kFixChars + kIntChars + 3 * (28 + kFixChars);

// Writes a built-in mover's fields (movers/builtin_fields.h) straight into a state line, in
// the room kStateChars leaves for them: the same text as ModelFields into a TextBuffer, with
// the keys' sizes known and the numbers formatted inline.
struct LineFields {
    char* p;
    template <size_t N>
    char* key(const char (&k)[N]) {
        static_assert(N - 1 < 24, "kStateChars leaves room for shorter keys");
        p[0] = ',';
        p[1] = '"';
        std::memcpy(p + 2, k, N - 1);
        p[N + 1] = '"';
        p[N + 2] = ':';
        return p + N + 3;
    }
    // The built-ins' counters are MoverState's 32-bit timer and aux.
    template <size_t N, class Int>
    void intField(const char (&k)[N], Int v) {
        static_assert(sizeof(Int) <= 4, "a wider value needs writeIntInline");
        p = writeInt32Inline(key(k), int32_t(v));
    }
    template <size_t N>
    void fixField(const char (&k)[N], Fix v) {
        p = writeFixInline(key(k), v);
    }
};
constexpr size_t kProbeChars = 120 + 4 * kFixChars + kIntChars;

}  // namespace

void TraceWriter::header(const TraceHeader& h) {
    size_t need = 260 + 6 * kIntChars + jsonStringChars(h.map.size()) + h.grid.runs.size();
    for (const TraceActorInfo& a : h.actors)
        need +=
            80 + 2 * kIntChars + jsonStringChars(a.name.size()) + jsonStringChars(a.mover.size());
    char* p = room(need);
    p = put(p, "{\"tilestep_trace\":");
    p = writeInt(p, h.version);
    if (!h.map.empty()) {
        p = put(p, ",\"map\":");
        p = writeJsonString(p, h.map.data(), h.map.size());
    }
    if (h.width > 0 && h.height > 0) {
        p = put(p, ",\"width\":");
        p = writeInt(p, h.width);
        p = put(p, ",\"height\":");
        p = writeInt(p, h.height);
    }
    p = put(p, ",\"tile_size\":");
    p = writeInt(p, h.tileSize);
    p = put(p, ",\"rate\":");
    p = writeInt(p, h.rate);
    if (h.grid.present()) {
        p = put(p, ",\"grid\":{\"w\":");
        p = writeInt(p, h.grid.w);
        p = put(p, ",\"h\":");
        p = writeInt(p, h.grid.h);
        p = put(p, ",\"tile\":");
        p = writeInt(p, h.grid.tile);
        p = put(p, ",\"solid\":\"");  // digits, '.' and '#': nothing to escape
        std::memcpy(p, h.grid.runs.data(), h.grid.runs.size());
        p = put(p + h.grid.runs.size(), "\"}");
    }
    p = put(p, ",\"actors\":[");
    for (size_t i = 0; i < h.actors.size(); ++i) {
        const TraceActorInfo& a = h.actors[i];
        p = i ? put(p, ",{\"name\":") : put(p, "{\"name\":");
        p = writeJsonString(p, a.name.data(), a.name.size());
        if (!a.mover.empty()) {
            p = put(p, ",\"mover\":");
            p = writeJsonString(p, a.mover.data(), a.mover.size());
        }
        p = put(p, ",\"w\":");
        p = writeInt(p, a.w);
        p = put(p, ",\"h\":");
        p = writeInt(p, a.h);
        p = a.round ? put(p, ",\"round\":true}") : put(p, ",\"round\":false}");
    }
    p = put(p, "]}\n");
    end(p);
}

namespace {

// Adds 1 to text[i] by rewriting its whole 16-byte half: stateLine copies the frame text as
// two 16-byte loads, and a load wider than the last store to its bytes waits until that
// store reaches the cache (a byte increment made the copy cost as much as formatting the
// number did).
[[gnu::always_inline]] inline void bumpByte(char* text, size_t i) {
#if defined(__GNUC__)
    typedef uint8_t Half __attribute__((vector_size(16)));
    static const uint8_t kOneHot[32] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1};
    Half h, one;
    char* const at = text + (i & ~size_t(15));
    std::memcpy(&h, at, 16);
    std::memcpy(&one, kOneHot + 16 - (i & 15), 16);
    h += one;
    std::memcpy(at, &h, 16);
#else
    ++text[i];
#endif
}

}  // namespace

// The common cases inline: the same frame, or the next without a carry.
[[gnu::always_inline]] inline void TraceWriter::toFrame(int64_t frame) {
    if (frame == frame_) return;
    if (frame_ >= 0 && uint64_t(frame) == uint64_t(frame_) + 1 &&
        frameText_[frameSize_ - 1] != '9') {
        bumpByte(frameText_, frameSize_ - 1);
        frame_ = frame;
        return;
    }
    toNewFrame(frame);
}

void TraceWriter::toNewFrame(int64_t frame) {
    constexpr size_t kDigits = 9;  // after `{"frame":`
    if (frame_ >= 0 && uint64_t(frame) == uint64_t(frame_) + 1) {
        size_t i = frameSize_;
        while (i > kDigits && frameText_[i - 1] == '9') frameText_[--i] = '0';
        if (i > kDigits) {
            ++frameText_[i - 1];
        } else {  // 99 -> 100
            frameText_[kDigits] = '1';
            frameText_[frameSize_++] = '0';
        }
    } else {
        char* p = put(frameText_, "{\"frame\":");
        frameSize_ = size_t(writeInt(p, frame) - frameText_);
    }
    frame_ = frame;
}

[[gnu::always_inline]] inline TraceWriter::ActorText& TraceWriter::actorText(
    size_t i, const std::string& name) {
    if (i < actors_.size()) {
        ActorText& a = actors_[i];
        if (!a.state.empty() && sameShort(a.name, name)) return a;
    }
    return newActorText(i, name);
}

TraceWriter::ActorText& TraceWriter::newActorText(size_t i, const std::string& name) {
    if (i != SIZE_MAX && i >= actors_.size()) actors_.resize(i + 1);
    ActorText& a = i == SIZE_MAX ? single_ : actors_[i];
    if (a.state.empty() || !sameShort(a.name, name)) {
        a.name = name;
        std::string quoted(jsonStringChars(name.size()), '\0');
        quoted.resize(
            size_t(writeJsonString(&quoted[0], name.data(), name.size()) - quoted.data()));
        a.state = ",\"actor\":" + quoted + ",\"x\":";
        a.probe = ",\"actor\":" + quoted + ",\"probe\":";
        a.epoch = 0;  // its last line names another actor
    }
    return a;
}

void TraceWriter::state(int64_t frame, const std::string& actor, MoverKind kind,
                        const MoverState& s) {
    toFrame(frame);
    stateLine(actorText(SIZE_MAX, actor), kind, s);
}

void TraceWriter::stateLine(ActorText& a, MoverKind kind, const MoverState& s) {
    // The built-in kinds are never replaced in the registry (mover_registry.h): their kind
    // says which describe; any other is looked up every line, as a plugin may be rebuilt.
    // (Asked of the registry: a built-in added after the first four is one too.)
    const bool builtin = isBuiltinMover(kind);
    const MoverInfo* const info = builtin ? nullptr : &moverInfo(kind);
    // Describe functions are pure functions of the state (plugins' too: fixed slots), and an
    // entry of the registry is never changed: the same state and entry, the same text.
    if (a.epoch == epoch_ && a.lastKind == kind && a.lastInfo == info && sameState(a.last, s)) {
        char* p = room(kFrameTextSize + a.lastSize);
        std::memcpy(p, frameText_, kFrameTextSize);
        p += frameSize_;
        const size_t at = size_t(p - out_.text().data());
        std::memcpy(p, out_.text().data() + a.lastAt, a.lastSize);  // an earlier line's
        a.lastAt = at;
        end(p + a.lastSize);
        return;
    }
    char* p = room(kStateChars + kFrameTextSize + a.state.size());
    std::memcpy(p, frameText_, kFrameTextSize);
    p += frameSize_;
    const size_t at = size_t(p - out_.text().data());
    p = copyShort(p, a.state.data(), a.state.size());
    p = writeFixInline(p, s.x);
    p = put(p, ",\"y\":");
    p = writeFixInline(p, s.y);
    p = put(p, ",\"vx\":");
    p = writeFixInline(p, s.vx);
    p = put(p, ",\"vy\":");
    p = writeFixInline(p, s.vy);
    const size_t flags = size_t(s.grounded) * 10 + kFlagTexts.facing[s.facing] * 2 + s.pushing;
    std::memcpy(p, kFlagTexts.text[flags], FlagTexts::kSize);
    p += kFlagTexts.size[flags];
    LineFields f{p};
    switch (kind) {
        case MoverKind::PixelSweep:
            pixelSweepFields(s, f);
            break;
        case MoverKind::TopDownAabb:
            topdownAabbFields(s, f);
            break;
        case MoverKind::ScanlineSlide:
            scanlineSlideFields(s, f);
            break;
        default:  // grid_walls' names and plugins' fields
            end(p);
            fields_.clear();
            (info ? *info : moverInfo(kind)).describe(s, fields_);
            f.p = room(2);
    }
    end(put(f.p, "}\n"));
    a.last = s;
    a.lastKind = kind;
    a.lastInfo = info;
    a.lastAt = at;
    a.lastSize = out_.size() - at;
    a.epoch = epoch_;
}

char* TraceWriter::probeBody(char* p, const Probe& pr, size_t whyLength) {
    const size_t shape = size_t(pr.shape), verdict = size_t(pr.verdict);
    const ProbeHeads& heads = probeHeads();
    if (shape < ProbeHeads::kShapes && verdict < ProbeHeads::kVerdicts &&
        heads.size[shape][verdict] <= ProbeHeads::kSize) {
        std::memcpy(p, heads.text[shape][verdict], ProbeHeads::kSize);
        p += heads.size[shape][verdict];
    } else {
        p = put(p, "{\"kind\":\"");
        p = putText(p, probeShapeName(pr.shape));
        p = put(p, "\",\"verdict\":\"");
        p = putText(p, verdictName(pr.verdict));
        p = put(p, "\",\"why\":");
    }
    // The core's are identifiers; a recorded trace's may need escapes.
    p = writeJsonString(p, pr.why, whyLength);
    auto field = [&p](const char* key, size_t n, Fix v) {
        std::memcpy(p, key, n);
        p = writeFix(p + n, v);
    };
#define TS_FIELD(key, v) field(key, sizeof(key) - 1, v)
    switch (pr.shape) {
        case ProbeShape::Point:
        case ProbeShape::Text:
            TS_FIELD(",\"x\":", pr.x0);
            TS_FIELD(",\"y\":", pr.y0);
            break;
        case ProbeShape::Rect:
        case ProbeShape::Cell:
        case ProbeShape::Band:
        case ProbeShape::Segment:
        case ProbeShape::Arrow:
            TS_FIELD(",\"x0\":", pr.x0);
            TS_FIELD(",\"y0\":", pr.y0);
            TS_FIELD(",\"x1\":", pr.x1);
            TS_FIELD(",\"y1\":", pr.y1);
            break;
        case ProbeShape::Value:
            TS_FIELD(",\"value\":", pr.x0);
            TS_FIELD(",\"threshold\":", pr.x1);
            break;
        default:
            break;
    }
#undef TS_FIELD
    *p++ = '}';
    return p;
}

void TraceWriter::probeObject(const Probe& pr) {
    const size_t why = std::strlen(pr.why);
    end(probeBody(room(kProbeChars + jsonStringChars(why)), pr, why));
}

void TraceWriter::probe(int64_t frame, const std::string& actor, const Probe& pr) {
    toFrame(frame);
    probeLine(actorText(SIZE_MAX, actor), pr);
}

void TraceWriter::probeLine(const ActorText& a, const Probe& pr) {
    const size_t why = std::strlen(pr.why);
    char* p = room(kProbeChars + kFrameTextSize + a.probe.size() + jsonStringChars(why));
    std::memcpy(p, frameText_, kFrameTextSize);
    p += frameSize_;
    p = copyShort(p, a.probe.data(), a.probe.size());
    p = probeBody(p, pr, why);
    p = put(p, "}\n");
    end(p);
}

void TraceWriter::record(const TraceRecord& r, const std::string& actor) {
    if (r.isProbe) {
        probe(r.frame, actor, r.probe.probe);
        return;
    }
    char* p = room(40 + kIntChars + jsonStringChars(actor.size()));
    p = put(p, "{\"frame\":");
    p = writeInt(p, r.frame);
    p = put(p, ",\"actor\":");
    p = writeJsonString(p, actor.data(), actor.size());
    end(p);
    for (const TraceField& f : r.state.fields) {
        p = room(8 + jsonStringChars(f.key.size()) + jsonStringChars(f.text.size()));
        *p++ = ',';
        p = writeJsonString(p, f.key.data(), f.key.size());
        *p++ = ':';
        if (f.type == TraceField::Type::String) {
            p = writeJsonString(p, f.text.data(), f.text.size());
        } else {
            std::memcpy(p, f.text.data(), f.text.size());
            p += f.text.size();
        }
        end(p);
    }
    end(put(room(2), "}\n"));
}

void TraceWriter::frame(int64_t frame, const std::vector<Actor>& actors,
                        const std::vector<MoverState>& states, Trace* trace) {
    auto byActor = [](const Probe& p, const Probe& q) { return p.actor < q.actor; };
    if (trace && !std::is_sorted(trace->probes.begin(), trace->probes.end(), byActor))
        std::stable_sort(trace->probes.begin(), trace->probes.end(), byActor);
    toFrame(frame);
    size_t next = 0;
    const size_t n = std::min(actors.size(), states.size());
    for (size_t i = 0; i < n; ++i) {
        ActorText& a = actorText(i, actors[i].name);
        stateLine(a, actors[i].mover, states[i]);
        if (!trace) continue;
        // Probes with an index before this actor's (none from the sim) are skipped.
        while (next < trace->probes.size() && trace->probes[next].actor < int32_t(i)) ++next;
        for (; next < trace->probes.size() && trace->probes[next].actor == int32_t(i); ++next)
            probeLine(a, trace->probes[next]);
    }
}

TraceHeader traceHeaderFor(const Map& map, const std::string& mapPath) {
    TraceHeader h;
    h.map = mapPath;
    h.width = map.width;
    h.height = map.height;
    h.tileSize = map.tileSize;
    h.rate = map.simRate;
    for (const Actor& a : map.actors) {
        const MoverInfo& info = moverInfo(a.mover);
        h.actors.push_back(TraceActorInfo{a.name, info.id, a.w, a.h, info.round});
    }
    return h;
}

std::string stateJsonLine(int64_t frame, const std::string& actor, MoverKind kind,
                          const MoverState& s) {
    TraceWriter w;
    w.state(frame, actor, kind, s);
    return std::string(w.text().substr(0, w.size() - 1));
}

std::string probeJson(const Probe& p) {
    TraceWriter w;
    w.probeObject(p);
    return std::string(w.text());
}

}  // namespace ts
