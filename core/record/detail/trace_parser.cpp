// TraceParser (record/detail/trace_parser.h): one JSON line at a time, the header and each
// record checked and passed on; a record line in the writer's own form takes a fast path.
#include "record/detail/trace_parser.h"

#include <cstring>

#include "base/short_text.h"
#include "record/detail/state_fields.h"

namespace ts {

namespace {

constexpr int64_t kMaxFrameNumber = int64_t(1) << 53;

bool shapeByName(const std::string& s, ProbeShape* out) {
    for (int i = 0; i < int(ProbeShape::Count); ++i)
        if (s == probeShapeName(ProbeShape(i))) {
            *out = ProbeShape(i);
            return true;
        }
    return false;
}

bool verdictByName(const std::string& s, Verdict* out) {
    for (int i = 0; i < int(Verdict::Count); ++i)
        if (s == verdictName(Verdict(i))) {
            *out = Verdict(i);
            return true;
        }
    return false;
}

std::string quoted(const std::string& key) {
    return "field \"" + key + "\": ";
}

// "" or the problem of a number field.
std::string number(const JsonValue* v, const std::string& key, TraceField* f) {
    if (v->type != JsonValue::Type::Number)
        return quoted(key) + "expected a number, found " + jsonTypeName(v->type);
    if (!parseTraceNumber(v->text, f)) return quoted(key) + v->text + " is outside +-2^46";
    return "";
}

// A whole number in lo..hi.
std::string whole(const JsonValue* v, const std::string& key, int64_t lo, int64_t hi,
                  int64_t* out) {
    TraceField f;
    std::string problem = number(v, key, &f);
    if (!problem.empty()) return problem;
    if (!f.exact || f.fix.frac().raw != 0)
        return quoted(key) + "expected a whole number, found " + v->text;
    const int64_t k = f.fix.floor();
    if (k < lo || k > hi)
        return quoted(key) + v->text + " is outside " + std::to_string(lo) + ".." +
               std::to_string(hi);
    *out = k;
    return "";
}

std::string stringField(const JsonValue* v, const std::string& key, std::string* out) {
    if (v->type != JsonValue::Type::String)
        return quoted(key) + "expected a string, found " + jsonTypeName(v->type);
    *out = v->text;
    return "";
}

// `"grid":{"w":W,"h":H,"tile":T,"solid":"RUNS"}` (record/trace_grid.h): every field required,
// the size within a map's limits, the runs covering exactly W x H cells.
std::string headerGrid(const JsonValue& v, TraceGrid* out) {
    if (v.type != JsonValue::Type::Object)
        return "field \"grid\": expected an object, found " + std::string(jsonTypeName(v.type));
    TraceGrid g;
    std::string p, runs;
    struct {
        const char* key;
        int64_t lo, hi;
        int64_t* out;
    } const numbers[] = {{"w", 1, kMaxMapTiles, &g.w},
                         {"h", 1, kMaxMapTiles, &g.h},
                         {"tile", kMinTileSize, kMaxTileSize, &g.tile}};
    for (const auto& n : numbers) {
        const JsonValue* f = v.find(n.key);
        if (!f) return quoted(std::string("grid.") + n.key) + "missing";
        if (!(p = whole(f, std::string("grid.") + n.key, n.lo, n.hi, n.out)).empty()) return p;
    }
    const JsonValue* solid = v.find("solid");
    if (!solid) return quoted("grid.solid") + "missing";
    if (!(p = stringField(solid, "grid.solid", &runs)).empty()) return p;
    if (!(p = readGridRuns(runs, g.w * g.h, &g.runs)).empty())
        return quoted("grid.solid") + p + " (" + std::to_string(g.w) + " x " + std::to_string(g.h) +
               ")";
    *out = std::move(g);
    return "";
}

}  // namespace

bool TraceParser::line(const char* s, size_t n, int64_t lineNo, std::string* error) {
    line_ = lineNo;
    meta_->lines = lineNo;
    fault_ = TraceLineFault::Other;
    auto fail = [&](const std::string& what) {
        *error = "line " + std::to_string(lineNo) + ": " + what;
        return false;
    };
    if (n > 0 && s[n - 1] == '\r') --n;
    if (n == 0) {
        if (lineNo == 1) return fail("expected the header line first, found a blank line");
        return true;  // blank lines are allowed between records
    }
    if (lineNo > 1) {
        std::string problem;
        if (fastRecord(s, n, &problem)) return problem.empty() ? true : fail(problem);
    }
    JsonValue v;
    std::string why;
    if (!parseJsonLine(s, n, &v, &why)) return fail(why);
    if (v.type != JsonValue::Type::Object)
        return fail(std::string("expected an object {...}, found ") + jsonTypeName(v.type));
    if (v.members.size() > limits_.maxFieldsPerLine)
        return fail("more than " + std::to_string(limits_.maxFieldsPerLine) + " fields");
    std::string problem;
    if (lineNo == 1)
        problem = header(v);
    else if (v.find("tilestep_trace")) {
        problem = "a second header line";
        fault_ = TraceLineFault::SecondHeader;
    } else
        problem = record(v);
    return problem.empty() ? true : fail(problem);
}

bool TraceParser::finish(std::string* error) {
    if (!sawHeader_) {
        *error = "empty file: expected the header line {\"tilestep_trace\":1,...}";
        return false;
    }
    return true;
}

std::string TraceParser::header(const JsonValue& v) {
    const JsonValue* version = v.find("tilestep_trace");
    if (!version)
        return "expected the header {\"tilestep_trace\":1,...} first (a trace from an "
               "older tilestep? run it again)";
    sawHeader_ = true;
    TraceHeader& h = meta_->header;
    std::string p = whole(version, "tilestep_trace", 1, INT64_MAX, &h.version);
    if (!p.empty()) return p;
    if (h.version > kTraceFormatVersion)
        return "field \"tilestep_trace\": version " + std::to_string(h.version) +
               " is newer than this tilestep reads (" + std::to_string(kTraceFormatVersion) + ")";
    for (const auto& [key, value] : v.members) {
        if (key == "map")
            p = stringField(&value, key, &h.map);
        else if (key == "width")
            p = whole(&value, key, 0, 1 << 20, &h.width);
        else if (key == "height")
            p = whole(&value, key, 0, 1 << 20, &h.height);
        else if (key == "tile_size")
            p = whole(&value, key, 1, 4096, &h.tileSize);
        else if (key == "rate")
            p = whole(&value, key, 1, 10000, &h.rate);
        else if (key == "actors")
            p = headerActors(value);
        else if (key == "grid")
            p = headerGrid(value, &h.grid);
        // Other keys are a newer writer's additions within version 1: ignored.
        if (!p.empty()) return p;
    }
    return "";
}

std::string TraceParser::headerActors(const JsonValue& list) {
    if (list.type != JsonValue::Type::Array)
        return "field \"actors\": expected an array, found " + std::string(jsonTypeName(list.type));
    for (size_t i = 0; i < list.items.size(); ++i) {
        const JsonValue& a = list.items[i];
        const std::string at = "actors[" + std::to_string(i) + "].";
        if (a.type != JsonValue::Type::Object)
            return "field \"actors[" + std::to_string(i) + "]\": expected an object, found " +
                   jsonTypeName(a.type);
        TraceActorInfo info;
        const JsonValue* name = a.find("name");
        if (!name) return quoted(at + "name") + "missing";
        std::string p = stringField(name, at + "name", &info.name);
        if (!p.empty()) return p;
        if (info.name.empty()) return quoted(at + "name") + "empty";
        if (meta_->findActor(info.name) >= 0)
            return quoted(at + "name") + "'" + info.name + "' named twice";
        if (const JsonValue* m = a.find("mover"))
            if (!(p = stringField(m, at + "mover", &info.mover)).empty()) return p;
        if (const JsonValue* w = a.find("w"))
            if (!(p = whole(w, at + "w", 0, 1 << 20, &info.w)).empty()) return p;
        if (const JsonValue* h = a.find("h"))
            if (!(p = whole(h, at + "h", 0, 1 << 20, &info.h)).empty()) return p;
        if (const JsonValue* r = a.find("round")) {
            if (r->type != JsonValue::Type::Bool)
                return quoted(at + "round") + "expected true or false, found " +
                       jsonTypeName(r->type);
            info.round = r->boolean;
        }
        if (!(p = addActor(info)).empty()) return p;
    }
    meta_->header.actors = meta_->actors;
    return "";
}

std::string TraceParser::addActor(const TraceActorInfo& info) {
    if (meta_->actors.size() >= limits_.maxActors)
        return "more than " + std::to_string(limits_.maxActors) + " actors";
    meta_->actors.push_back(info);
    stateFrame_.push_back(-1);
    return "";
}

int TraceParser::actorIndex(const std::string& name, std::string* problem) {
    const int actor = meta_->findActor(name);
    if (actor >= 0) return actor;
    TraceActorInfo info;
    info.name = name;
    *problem = addActor(info);
    return problem->empty() ? int(meta_->actors.size() - 1) : -1;
}

namespace {

// A string without escapes, control characters or non-ASCII bytes, from s[*i] (the
// opening quote); false when the full reader must look at it.
bool plainString(const char* s, size_t n, size_t* i, const char** text, size_t* len) {
    if (*i >= n || s[*i] != '"') return false;
    const size_t start = ++*i;
    while (*i < n && s[*i] != '"') {
        const unsigned char c = static_cast<unsigned char>(s[*i]);
        if (c < 0x20 || c >= 0x80 || c == '\\') return false;
        ++*i;
    }
    if (*i >= n) return false;
    *text = s + start;
    *len = *i - start;
    ++*i;
    return true;
}

template <size_t N>
bool literal(const char* s, size_t n, size_t* i, const char (&word)[N]) {
    constexpr size_t k = N - 1;
    if (*i + k > n || std::memcmp(s + *i, word, k) != 0) return false;
    *i += k;
    return true;
}

}  // namespace

// The state lines tilestep and trace_emit.h write, `{"frame":F,"actor":"NAME","x":..}` with
// plain strings and no spaces, read without building a JSON tree (a million lines a second).
// Anything else goes to the full reader, which gives the same result and every error.
bool TraceParser::fastRecord(const char* s, size_t n, std::string* problem) {
    static const char kHead[] = "{\"frame\":";
    size_t i = sizeof kHead - 1;
    if (n < i || std::memcmp(s, kHead, i) != 0) return false;
    int64_t frame = 0;
    const size_t digits = i;
    while (i < n && s[i] >= '0' && s[i] <= '9' && i - digits < 16)
        frame = frame * 10 + (s[i++] - '0');
    if (i == digits || (i - digits > 1 && s[digits] == '0') || frame > kMaxFrameNumber)
        return false;
    const char* name = nullptr;
    size_t nameLen = 0;
    if (!literal(s, n, &i, ",\"actor\":") || !plainString(s, n, &i, &name, &nameLen) ||
        nameLen == 0)
        return false;
    std::vector<TraceField>& fields = scratch_.state.fields;
    size_t count = 0;
    while (i < n && s[i] == ',') {
        ++i;
        const char* key = nullptr;
        size_t keyLen = 0;
        if (!plainString(s, n, &i, &key, &keyLen) || i >= n || s[i++] != ':') return false;
        if ((keyLen == 5 && std::memcmp(key, "frame", 5) == 0) ||
            (keyLen == 5 && std::memcmp(key, "actor", 5) == 0) ||
            (keyLen == 5 && std::memcmp(key, "probe", 5) == 0) ||
            (keyLen == 14 && std::memcmp(key, "tilestep_trace", 14) == 0))
            return false;
        if (count + 3 > limits_.maxFieldsPerLine) return false;
        if (fields.size() <= count) fields.emplace_back();
        TraceField& f = fields[count++];
        // Lines of one actor repeat their keys: most are already in place.
        if (!sameShort(f.key, std::string_view(key, keyLen))) f.key.assign(key, keyLen);
        f.exact = false;
        f.number = 0;
        f.fix = Fix{};
        if (i >= n) return false;
        const char c = s[i];
        if (c == '"') {
            const char* text = nullptr;
            size_t len = 0;
            if (!plainString(s, n, &i, &text, &len)) return false;
            f.type = TraceField::Type::String;
            assignShort(f.text, text, len);
        } else if (c == 't' || c == 'f') {
            if (!(c == 't' ? literal(s, n, &i, "true") : literal(s, n, &i, "false"))) return false;
            f.type = TraceField::Type::Bool;
            assignShort(f.text, c == 't' ? "true" : "false", c == 't' ? 4 : 5);
        } else if (c == 'n') {
            if (!literal(s, n, &i, "null")) return false;
            f.type = TraceField::Type::Null;
            assignShort(f.text, "null", 4);
        } else {
            // A number as tilestep writes it (writeInt / writeFix: no exponent, no trailing
            // zeros) up to a ',' or '}'; any other text goes to the full reader.
            size_t used = 0;
            int64_t raw = 0;
            if (!canonicalFixPrefix(s + i, n - i, &used, &raw)) return false;
            if (i + used >= n || (s[i + used] != ',' && s[i + used] != '}')) return false;
            f.type = TraceField::Type::Number;
            assignShort(f.text, s + i, used);
            f.exact = true;
            f.fix = Fix::fromRaw(raw);
            f.number = f.fix.toDouble();
            i += used;
        }
    }
    if (i + 1 != n || s[i] != '}') return false;
    fields.resize(count);
    scratch_.frame = frame;
    scratch_.isProbe = false;
    assignShort(name_, name, nameLen);
    lineJson_ = nullptr;
    *problem = finishRecord(name_, false);
    return true;
}

std::string TraceParser::record(const JsonValue& v) {
    TraceRecord& r = scratch_;
    const JsonValue* frameV = v.find("frame");
    if (!frameV) return "field \"frame\": missing";
    std::string p = whole(frameV, "frame", 0, kMaxFrameNumber, &r.frame);
    if (!p.empty()) return p;
    const JsonValue* actorV = v.find("actor");
    if (!actorV) return "field \"actor\": missing";
    std::string name;
    if (!(p = stringField(actorV, "actor", &name)).empty()) return p;
    if (name.empty()) return "field \"actor\": empty";
    if (const JsonValue* probe = v.find("probe")) {
        probeJson_ = probe;
        lineJson_ = &v;
    } else {
        probeJson_ = nullptr;
        lineJson_ = &v;
    }
    return finishRecord(name, probeJson_ != nullptr);
}

// The checks after the frame and the actor's name; a JSON line's fields are read here
// (lineJson_), a fast line's are in scratch_ already.
std::string TraceParser::finishRecord(const std::string& name, bool probe) {
    TraceRecord& r = scratch_;
    std::string p;
    // The frame order before a new actor is counted, as the checks always ran.
    if (r.frame < lastFrame_) {
        fault_ = TraceLineFault::FrameBack;
        return "field \"frame\": " + std::to_string(r.frame) + " after frame " +
               std::to_string(lastFrame_) + " (frames must not go back)";
    }
    if (r.frame > lastFrame_ && frames_ >= limits_.maxFrames)
        return "more than " + std::to_string(limits_.maxFrames) + " frames";
    const int actor = actorIndex(name, &p);
    if (actor < 0) return p;
    if (probe) {
        if (!(p = probeLine(*lineJson_, *probeJson_, actor)).empty()) return p;
    } else if (lineJson_) {
        if (!(p = stateLine(*lineJson_, actor)).empty()) return p;
    } else {
        r.isProbe = false;
        r.state.actor = size_t(actor);
    }
    lineJson_ = nullptr;
    return accept(r);
}

std::string TraceParser::accept(TraceRecord& r) {
    if (r.frame < lastFrame_) {
        fault_ = TraceLineFault::FrameBack;
        return "field \"frame\": " + std::to_string(r.frame) + " after frame " +
               std::to_string(lastFrame_) + " (frames must not go back)";
    }
    if (r.frame > lastFrame_) {
        if (frames_ >= limits_.maxFrames)
            return "more than " + std::to_string(limits_.maxFrames) + " frames";
        ++frames_;
        lastFrame_ = r.frame;
    }
    if (r.isProbe) {
        if (++probes_ > limits_.maxProbes)
            return "more than " + std::to_string(limits_.maxProbes) + " probes";
        r.probe.line = line_;
    } else {
        const size_t actor = r.state.actor;
        if (stateFrame_[actor] == r.frame)
            return "a second state line of actor '" + meta_->actors[actor].name + "' in frame " +
                   std::to_string(r.frame);
        stateFrame_[actor] = r.frame;
        r.state.line = line_;
        TraceActorInfo& info = meta_->actors[actor];
        MoverState& st = r.state.state;
        st = MoverState{};
        st.w = int32_t(info.w);
        st.h = int32_t(info.h);
        const std::string p = stateFromFields(r.state.fields, &st);
        if (!p.empty()) return p;
        // An actor the header did not size takes its size from its first line.
        if (info.w == 0 || info.h == 0)
            for (const TraceField& f : r.state.fields) {
                if (f.key == "w" && info.w == 0) info.w = st.w;
                if (f.key == "h" && info.h == 0) info.h = st.h;
            }
    }
    sink_(r);
    return "";
}

std::string TraceParser::probeLine(const JsonValue& line, const JsonValue& p, int actor) {
    for (const auto& m : line.members)
        if (m.first != "frame" && m.first != "actor" && m.first != "probe")
            return quoted(m.first) + "not part of a probe line";
    if (p.type != JsonValue::Type::Object)
        return "field \"probe\": expected an object, found " + std::string(jsonTypeName(p.type));
    TraceRecord& r = scratch_;
    r.isProbe = true;
    Probe& pr = r.probe.probe;
    pr = Probe{};
    pr.actor = actor;
    const JsonValue* kind = p.find("kind");
    if (!kind) return "field \"probe.kind\": missing";
    std::string text;
    std::string problem = stringField(kind, "probe.kind", &text);
    if (!problem.empty()) return problem;
    if (!shapeByName(text, &pr.shape))
        return "field \"probe.kind\": unknown kind '" + text +
               "' (point, rect, segment, cell, band, arrow, value, text)";
    if (const JsonValue* verdict = p.find("verdict")) {
        if (!(problem = stringField(verdict, "probe.verdict", &text)).empty()) return problem;
        if (!verdictByName(text, &pr.verdict))
            return "field \"probe.verdict\": unknown verdict '" + text +
                   "' (miss, hit, pass, block, info)";
    }
    why_.clear();
    if (const JsonValue* why = p.find("why"))
        if (!(problem = stringField(why, "probe.why", &why_)).empty()) return problem;
    pr.why = why_.c_str();
    const char* const* keys = nullptr;
    static const char* const kPoint[] = {"x", "y", nullptr};
    static const char* const kBox[] = {"x0", "y0", "x1", "y1", nullptr};
    static const char* const kValue[] = {"value", "threshold", nullptr};
    Fix* targets[4] = {&pr.x0, &pr.y0, &pr.x1, &pr.y1};
    switch (pr.shape) {
        case ProbeShape::Point:
        case ProbeShape::Text:
            keys = kPoint;
            break;
        case ProbeShape::Value:
            keys = kValue;
            targets[1] = &pr.x1;
            break;
        default:
            keys = kBox;
    }
    for (const auto& m : p.members) {
        const std::string& k = m.first;
        if (k == "kind" || k == "verdict" || k == "why") continue;
        bool known = false;
        for (int i = 0; keys[i]; ++i) known = known || k == keys[i];
        if (!known)
            return "field \"probe." + k + "\": not part of a " + probeShapeName(pr.shape) +
                   " probe";
    }
    for (int i = 0; keys[i]; ++i) {
        const JsonValue* c = p.find(keys[i]);
        if (!c) return "field \"probe." + std::string(keys[i]) + "\": missing";
        TraceField f;
        if (!(problem = number(c, "probe." + std::string(keys[i]), &f)).empty()) return problem;
        *targets[i] = f.fix;
    }
    return "";
}

std::string TraceParser::stateLine(const JsonValue& v, int actor) {
    TraceRecord& r = scratch_;
    r.isProbe = false;
    r.state.actor = size_t(actor);
    std::vector<TraceField>& fields = r.state.fields;
    fields.clear();
    for (const auto& [key, value] : v.members) {
        if (key == "frame" || key == "actor") continue;
        fields.emplace_back();
        TraceField& f = fields.back();
        f.key = key;
        switch (value.type) {
            case JsonValue::Type::Null:
                f.text = "null";
                break;
            case JsonValue::Type::Bool:
                f.type = TraceField::Type::Bool;
                f.text = value.boolean ? "true" : "false";
                break;
            case JsonValue::Type::Number: {
                const std::string p = number(&value, key, &f);
                if (!p.empty()) return p;
                break;
            }
            case JsonValue::Type::String:
                f.type = TraceField::Type::String;
                f.text = value.text;
                break;
            default:
                return quoted(key) + jsonTypeName(value.type) +
                       " (a state line holds numbers, strings, true, false, null)";
        }
    }
    return "";
}

}  // namespace ts
