#include "record/trace_reader.h"

#include <charconv>
#include <cmath>
#include <cstring>

#include "base/short_text.h"
#include "record/detail/byte_input.h"
#include "record/detail/sources.h"
#include "record/detail/state_fields.h"
#include "record/detail/trace_parser.h"
#include "record/trace_source.h"

namespace ts {

namespace {

constexpr double kMaxCoordinate = 70368744177664.0;  // 2^46 px
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

namespace {

// JSON lines pulled one record at a time; a line longer than the cap is an error before it
// is held in memory.
class JsonTraceSource final : public TraceSource {
  public:
    JsonTraceSource(std::unique_ptr<ByteInput> in, const TraceLimits& limits)
        : in_(std::move(in)), limits_(limits), parser_(&meta_, limits, [this](TraceRecord& r) {
              // Swapped, not copied: the two records' memory is reused line after line.
              out_->frame = r.frame;
              out_->isProbe = r.isProbe;
              if (r.isProbe) {
                  out_->probe = r.probe;
              } else {
                  out_->state.actor = r.state.actor;
                  out_->state.state = r.state.state;
                  out_->state.line = r.state.line;
                  out_->state.fields.swap(r.state.fields);
              }
              produced_ = true;
          }) {}

    bool compact() const override { return false; }

    // Reads up to the header line.
    bool start(std::string* error) {
        TraceRecord ignored;
        out_ = &ignored;
        return step(error) > 0;
    }

    int next(TraceRecord* r, std::string* error) override {
        out_ = r;
        produced_ = false;
        while (!produced_) {
            const int s = step(error);
            if (s <= 0) return s;
        }
        return 1;
    }

  private:
    bool fail(std::string* error) {
        *error = in_->name() + ": " + *error;
        return false;
    }

    // Parses one more line: 1; 0 at the end; -1 on an error.
    int step(std::string* error) {
        size_t nl = 0;
        for (;;) {
            // memchr on an empty (possibly null) buffer is undefined, even for 0 bytes.
            const void* hit =
                used_ > pos_ ? std::memchr(buf_.data() + pos_, '\n', used_ - pos_) : nullptr;
            if (hit) {
                nl = size_t(static_cast<const char*>(hit) - buf_.data());
                break;
            }
            if (used_ - pos_ > limits_.maxLineBytes) return tooLong(error);
            if (eof_) {
                if (pos_ == used_) {
                    if (!parser_.finish(error)) return fail(error), -1;
                    return 0;
                }
                // The last line, without a newline.
                const size_t n = used_ - pos_;
                pos_ = used_;
                if (n > limits_.maxLineBytes) return tooLong(error);
                if (!parser_.line(buf_.data() + used_ - n, n, ++lineNo_, error)) {
                    *error += " (the file ends without a newline: truncated?)";
                    return fail(error), -1;
                }
                return 1;
            }
            if (!fill(error)) return fail(error), -1;
        }
        const size_t n = nl - pos_;
        const char* s = buf_.data() + pos_;
        pos_ = nl + 1;
        if (n > limits_.maxLineBytes) return tooLong(error);
        if (!parser_.line(s, n, ++lineNo_, error)) return fail(error), -1;
        return 1;
    }

    bool fill(std::string* error) {
        if (pos_ > 0) {
            std::memmove(buf_.data(), buf_.data() + pos_, used_ - pos_);
            used_ -= pos_;
            pos_ = 0;
        }
        if (buf_.size() - used_ < kChunk) buf_.resize(used_ + kChunk);
        const size_t k = in_->read(buf_.data() + used_, kChunk, error);
        if (in_->failed()) return false;
        used_ += k;
        eof_ = k == 0;
        return true;
    }

    int tooLong(std::string* error) {
        *error = "line " + std::to_string(lineNo_ + 1) + ": longer than " +
                 std::to_string(limits_.maxLineBytes) + " bytes";
        fail(error);
        return -1;
    }

    static constexpr size_t kChunk = size_t(1) << 16;
    std::unique_ptr<ByteInput> in_;
    TraceLimits limits_;
    TraceParser parser_;
    TraceRecord* out_ = nullptr;
    bool produced_ = false;
    std::vector<char> buf_;
    size_t pos_ = 0, used_ = 0;
    bool eof_ = false;
    int64_t lineNo_ = 0;
};

}  // namespace

std::unique_ptr<TraceSource> openJsonTraceSource(std::unique_ptr<ByteInput> in, std::string* error,
                                                 const TraceLimits& limits) {
    auto s = std::make_unique<JsonTraceSource>(std::move(in), limits);
    if (!s->start(error)) return nullptr;
    return s;
}

std::string stringMemoryProblem(const TraceLimits& limits) {
    return "the trace's distinct strings (keys, text values, kept number texts, actor names, "
           "probe kinds) would take more than " +
           std::to_string(limits.maxStringMemory >> 20) +
           " MiB of memory, the most a trace may hold";
}

TraceLineReader::TraceLineReader(RecordedTrace* out, const TraceLimits& limits,
                                 TraceRecordSink sink)
    : out_(sink ? nullptr : out),
      limits_(limits),
      parser_(std::make_unique<TraceParser>(
          out, limits,
          sink ? TraceParser::Sink(std::move(sink))
               : TraceParser::Sink([out](TraceRecord& r) { out->append(r); }))) {}
TraceLineReader::~TraceLineReader() = default;

bool TraceLineReader::line(const char* s, size_t n, std::string* error) {
    if (!parser_->line(s, n, ++lineNo_, error)) return false;
    if (out_ && out_->stringMemory() > limits_.maxStringMemory) {
        *error = "line " + std::to_string(lineNo_) + ": " + stringMemoryProblem(limits_);
        return false;
    }
    return true;
}

TraceLineFault TraceLineReader::lastFault() const {
    return parser_->fault();
}

bool TraceLineReader::finish(std::string* error) {
    return parser_->finish(error);
}

TraceStream::TraceStream(RecordedTrace* out, const TraceLimits& limits, TraceRecordSink sink)
    : reader_(out, limits, std::move(sink)), maxLine_(limits.maxLineBytes) {
    *out = RecordedTrace{};  // the reader only keeps the pointer: nothing written yet
}

bool TraceStream::feed(const char* data, size_t n, std::string* error) {
    size_t start = 0;
    for (const char* nl; start < n && (nl = static_cast<const char*>(
                                           std::memchr(data + start, '\n', n - start)));) {
        const size_t end = size_t(nl - data);
        if (!take(data + start, end - start, error)) return false;
        start = end + 1;
    }
    if (start < n) {
        // Bounded before it is held: a flooding sender without '\n' never grows memory.
        if (pending_.size() + (n - start) > maxLine_) return tooLong(error);
        pending_.append(data + start, n - start);
    }
    return true;
}

bool TraceStream::take(const char* s, size_t n, std::string* error) {
    if (pending_.empty()) return n > maxLine_ ? tooLong(error) : reader_.line(s, n, error);
    if (pending_.size() + n > maxLine_) return tooLong(error);
    pending_.append(s, n);
    std::string whole;
    whole.swap(pending_);
    return reader_.line(whole.data(), whole.size(), error);
}

bool TraceStream::tooLong(std::string* error) const {
    *error = "line " + std::to_string(lines() + 1) + ": longer than " + std::to_string(maxLine_) +
             " bytes";
    return false;
}

bool TraceStream::finish(std::string* error) {
    if (!pending_.empty()) {
        *error = "line " + std::to_string(lines() + 1) + ": the stream ended " +
                 std::to_string(pending_.size()) + " bytes into the line (no '\\n': a half line)";
        return false;
    }
    return reader_.finish(error);
}

namespace {

bool readAll(std::unique_ptr<TraceSource> source, const std::string& name,
             const TraceLimits& limits, RecordedTrace* out, std::string* error) {
    if (!source) return false;
    TraceRecord r;
    int k = 0;
    while ((k = source->next(&r, error)) > 0) {
        out->append(r);
        if (out->stringMemory() > limits.maxStringMemory) {
            *error = name + ": line " + std::to_string(source->meta().lines) + ": " +
                     stringMemoryProblem(limits);
            return false;
        }
    }
    if (k < 0) return false;
    out->header = source->meta().header;
    out->actors = source->meta().actors;
    out->lines = source->meta().lines;
    out->shrink();
    return true;
}

}  // namespace

bool parseTrace(const std::string& text, const std::string& name, RecordedTrace* out,
                std::string* error, const TraceLimits& limits) {
    *out = RecordedTrace{};
    return readAll(traceSourceFromText(text, name, error, limits), name, limits, out, error);
}

bool readTrace(const std::string& path, RecordedTrace* out, std::string* error,
               const TraceLimits& limits) {
    *out = RecordedTrace{};
    return readAll(openTraceSource(path, error, limits), path, limits, out, error);
}

bool parseTraceNumber(const std::string& literal, TraceField* out) {
    out->type = TraceField::Type::Number;
    out->text = literal;
    const char* s = literal.data();
    const char* end = s + literal.size();
    double d = 0;
    auto [ptr, ec] = std::from_chars(s, end, d);
    if (ec == std::errc::result_out_of_range && ptr == end) {
        // Too small for a double (1e-400) is a number near 0, held as 0; too large is
        // outside the range below. from_chars says only "out of range" for both.
        const double v = std::strtod(literal.c_str(), nullptr);
        if (std::isinf(v)) return false;
        d = 0;
        ec = std::errc();
    }
    if (ec != std::errc() || ptr != end || !std::isfinite(d) || std::fabs(d) >= kMaxCoordinate)
        return false;
    out->number = d;
    // Exact value: digits D and exponent E with value D * 10^E.
    bool neg = false;
    const char* p = s;
    if (*p == '-') {
        neg = true;
        ++p;
    }
    unsigned __int128 digits = 0;
    int64_t exp10 = 0;
    int significant = 0;
    bool tooMany = false;
    bool frac = false;
    for (; p < end && *p != 'e' && *p != 'E'; ++p) {
        if (*p == '.') {
            frac = true;
            continue;
        }
        if (digits == 0 && *p == '0') {
            if (frac) --exp10;
            continue;
        }
        if (significant >= 36) {
            tooMany = tooMany || *p != '0';
            if (!frac) ++exp10;
            continue;
        }
        digits = digits * 10 + unsigned(*p - '0');
        ++significant;
        if (frac) --exp10;
    }
    if (p < end) {
        int64_t e = 0;
        std::from_chars(*(p + 1) == '+' ? p + 2 : p + 1, end, e);
        exp10 += e;
    }
    out->exact = false;
    if (!tooMany) {
        while (digits != 0 && digits % 10 == 0 && exp10 < 0) {
            digits /= 10;
            ++exp10;
        }
        unsigned __int128 raw = 0;
        bool ok = true;
        if (digits == 0) {
            raw = 0;
        } else if (exp10 >= 0) {
            raw = digits;
            for (int64_t k = 0; k < exp10 && ok; ++k) {
                raw *= 10;
                ok = raw < (unsigned __int128)1 << 62;
            }
            raw <<= Fix::kFracBits;
        } else if (exp10 >= -16) {
            unsigned __int128 pow10 = 1;
            for (int64_t k = 0; k < -exp10; ++k) pow10 *= 10;
            const unsigned __int128 scaled = digits << Fix::kFracBits;
            ok = scaled % pow10 == 0;
            raw = scaled / pow10;
        } else {
            ok = false;
        }
        if (ok && raw < (unsigned __int128)1 << 62) {
            out->exact = true;
            out->fix = Fix::fromRaw(neg ? -int64_t(raw) : int64_t(raw));
        }
    }
    if (!out->exact) out->fix = Fix::fromDouble(d);
    return true;
}

}  // namespace ts
