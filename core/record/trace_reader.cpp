#include "record/trace_reader.h"

#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "base/json_line.h"

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

bool facingByName(const std::string& s, uint8_t* out) {
    static const struct {
        const char* name;
        uint8_t dir;
    } kFacings[] = {{"none", 0},
                    {"left", uint8_t(DIR_LEFT)},
                    {"right", uint8_t(DIR_RIGHT)},
                    {"up", uint8_t(DIR_UP)},
                    {"down", uint8_t(DIR_DOWN)}};
    for (const auto& f : kFacings)
        if (s == f.name) {
            *out = f.dir;
            return true;
        }
    return false;
}

std::string quoted(const std::string& key) {
    return "field \"" + key + "\": ";
}

// Line-by-line parsing with the running state (current frame, actor names).
class TraceParser {
  public:
    TraceParser(RecordedTrace* out, const TraceLimits& limits) : out_(out), limits_(limits) {}

    // One line without its '\n'. False with *error ("line 3: ...").
    bool line(const char* s, size_t n, int64_t lineNo, std::string* error) {
        line_ = lineNo;
        out_->lines = lineNo;
        if (n > 0 && s[n - 1] == '\r') --n;
        if (n == 0) {
            if (lineNo == 1)
                return fail(error, "expected the header line first, found a blank line");
            return true;  // blank lines are allowed between records
        }
        JsonValue v;
        std::string why;
        if (!parseJsonLine(s, n, &v, &why)) return fail(error, why);
        if (v.type != JsonValue::Type::Object)
            return fail(error,
                        std::string("expected an object {...}, found ") + jsonTypeName(v.type));
        if (v.members.size() > limits_.maxFieldsPerLine)
            return fail(error, "more than " + std::to_string(limits_.maxFieldsPerLine) + " fields");
        if (lineNo == 1) return header(v, error);
        if (v.find("tilestep_trace")) return fail(error, "a second header line");
        return record(v, error);
    }

    bool finish(std::string* error) {
        if (line_ == 0) {
            *error = "empty file: expected the header line {\"tilestep_trace\":1,...}";
            return false;
        }
        return true;
    }

  private:
    bool fail(std::string* error, const std::string& what) {
        *error = "line " + std::to_string(line_) + ": " + what;
        return false;
    }

    bool number(const JsonValue* v, const std::string& key, TraceField* f, std::string* error) {
        if (v->type != JsonValue::Type::Number)
            return fail(error, quoted(key) + "expected a number, found " + jsonTypeName(v->type));
        if (!parseTraceNumber(v->text, f))
            return fail(error, quoted(key) + v->text + " is outside +-2^46");
        return true;
    }
    // A whole number in lo..hi.
    bool whole(const JsonValue* v, const std::string& key, int64_t lo, int64_t hi, int64_t* out,
               std::string* error) {
        TraceField f;
        if (!number(v, key, &f, error)) return false;
        if (!f.exact || f.fix.frac().raw != 0)
            return fail(error, quoted(key) + "expected a whole number, found " + v->text);
        const int64_t k = f.fix.floor();
        if (k < lo || k > hi)
            return fail(error, quoted(key) + v->text + " is outside " + std::to_string(lo) + ".." +
                                   std::to_string(hi));
        *out = k;
        return true;
    }
    bool fixField(const JsonValue& obj, const char* key, bool required, Fix* out,
                  std::string* error) {
        const JsonValue* v = obj.find(key);
        if (!v) return required ? fail(error, quoted(key) + "missing") : true;
        TraceField f;
        if (!number(v, key, &f, error)) return false;
        *out = f.fix;
        return true;
    }
    bool stringField(const JsonValue* v, const std::string& key, std::string* out,
                     std::string* error) {
        if (v->type != JsonValue::Type::String)
            return fail(error, quoted(key) + "expected a string, found " + jsonTypeName(v->type));
        *out = v->text;
        return true;
    }

    bool header(const JsonValue& v, std::string* error) {
        const JsonValue* version = v.find("tilestep_trace");
        if (!version)
            return fail(error,
                        "expected the header {\"tilestep_trace\":1,...} first (a trace from an "
                        "older tilestep? run it again)");
        TraceHeader& h = out_->header;
        if (!whole(version, "tilestep_trace", 1, INT64_MAX, &h.version, error)) return false;
        if (h.version > kTraceFormatVersion)
            return fail(error, "field \"tilestep_trace\": version " + std::to_string(h.version) +
                                   " is newer than this tilestep reads (" +
                                   std::to_string(kTraceFormatVersion) + ")");
        for (const auto& [key, value] : v.members) {
            if (key == "tilestep_trace") continue;
            bool ok = true;
            if (key == "map") {
                ok = stringField(&value, key, &h.map, error);
            } else if (key == "width") {
                ok = whole(&value, key, 0, 1 << 20, &h.width, error);
            } else if (key == "height") {
                ok = whole(&value, key, 0, 1 << 20, &h.height, error);
            } else if (key == "tile_size") {
                ok = whole(&value, key, 1, 4096, &h.tileSize, error);
            } else if (key == "rate") {
                ok = whole(&value, key, 1, 10000, &h.rate, error);
            } else if (key == "actors") {
                ok = headerActors(value, error);
            }
            // Other keys are a newer writer's additions within version 1: ignored.
            if (!ok) return false;
        }
        return true;
    }

    bool headerActors(const JsonValue& list, std::string* error) {
        if (list.type != JsonValue::Type::Array)
            return fail(error, "field \"actors\": expected an array, found " +
                                   std::string(jsonTypeName(list.type)));
        for (size_t i = 0; i < list.items.size(); ++i) {
            const JsonValue& a = list.items[i];
            const std::string at = "actors[" + std::to_string(i) + "].";
            if (a.type != JsonValue::Type::Object)
                return fail(error, "field \"actors[" + std::to_string(i) +
                                       "]\": expected an object, found " + jsonTypeName(a.type));
            TraceActorInfo info;
            const JsonValue* name = a.find("name");
            if (!name) return fail(error, quoted(at + "name") + "missing");
            if (!stringField(name, at + "name", &info.name, error)) return false;
            if (info.name.empty()) return fail(error, quoted(at + "name") + "empty");
            if (out_->findActor(info.name) >= 0)
                return fail(error, quoted(at + "name") + "'" + info.name + "' named twice");
            if (const JsonValue* m = a.find("mover"))
                if (!stringField(m, at + "mover", &info.mover, error)) return false;
            if (const JsonValue* w = a.find("w"))
                if (!whole(w, at + "w", 0, 1 << 20, &info.w, error)) return false;
            if (const JsonValue* h = a.find("h"))
                if (!whole(h, at + "h", 0, 1 << 20, &info.h, error)) return false;
            if (const JsonValue* r = a.find("round")) {
                if (r->type != JsonValue::Type::Bool)
                    return fail(error, quoted(at + "round") + "expected true or false, found " +
                                           jsonTypeName(r->type));
                info.round = r->boolean;
            }
            if (!addActor(info, error)) return false;
        }
        out_->header.actors = out_->actors;
        return true;
    }

    bool addActor(const TraceActorInfo& info, std::string* error) {
        if (out_->actors.size() >= limits_.maxActors)
            return fail(error, "more than " + std::to_string(limits_.maxActors) + " actors");
        out_->actors.push_back(info);
        return true;
    }

    bool record(const JsonValue& v, std::string* error) {
        const JsonValue* frameV = v.find("frame");
        if (!frameV) return fail(error, "field \"frame\": missing");
        int64_t frame = 0;
        if (!whole(frameV, "frame", 0, kMaxFrameNumber, &frame, error)) return false;
        const JsonValue* actorV = v.find("actor");
        if (!actorV) return fail(error, "field \"actor\": missing");
        std::string name;
        if (!stringField(actorV, "actor", &name, error)) return false;
        if (name.empty()) return fail(error, "field \"actor\": empty");
        std::vector<RecordedFrame>& frames = out_->frames;
        if (frames.empty() || frame > frames.back().frame) {
            if (int64_t(frames.size()) >= limits_.maxFrames)
                return fail(error, "more than " + std::to_string(limits_.maxFrames) + " frames");
            frames.emplace_back();
            frames.back().frame = frame;
        } else if (frame < frames.back().frame) {
            return fail(error, "field \"frame\": " + std::to_string(frame) + " after frame " +
                                   std::to_string(frames.back().frame) +
                                   " (frames must not go back)");
        }
        int actor = out_->findActor(name);
        if (actor < 0) {
            TraceActorInfo info;
            info.name = name;
            if (!addActor(info, error)) return false;
            actor = int(out_->actors.size() - 1);
        }
        if (const JsonValue* probe = v.find("probe")) return probeLine(v, *probe, actor, error);
        return stateLine(v, actor, error);
    }

    bool probeLine(const JsonValue& line, const JsonValue& p, int actor, std::string* error) {
        for (const auto& m : line.members)
            if (m.first != "frame" && m.first != "actor" && m.first != "probe")
                return fail(error, quoted(m.first) + "not part of a probe line");
        if (p.type != JsonValue::Type::Object)
            return fail(error, "field \"probe\": expected an object, found " +
                                   std::string(jsonTypeName(p.type)));
        if (++probes_ > limits_.maxProbes)
            return fail(error, "more than " + std::to_string(limits_.maxProbes) + " probes");
        RecordedProbe rp;
        rp.line = line_;
        Probe& pr = rp.probe;
        pr.actor = actor;
        const JsonValue* kind = p.find("kind");
        if (!kind) return fail(error, "field \"probe.kind\": missing");
        std::string text;
        if (!stringField(kind, "probe.kind", &text, error)) return false;
        if (!shapeByName(text, &pr.shape))
            return fail(error, "field \"probe.kind\": unknown kind '" + text +
                                   "' (point, rect, segment, cell, band, arrow, value, text)");
        if (const JsonValue* verdict = p.find("verdict")) {
            if (!stringField(verdict, "probe.verdict", &text, error)) return false;
            if (!verdictByName(text, &pr.verdict))
                return fail(error, "field \"probe.verdict\": unknown verdict '" + text +
                                       "' (miss, hit, pass, block, info)");
        }
        text.clear();
        if (const JsonValue* why = p.find("why"))
            if (!stringField(why, "probe.why", &text, error)) return false;
        pr.why = out_->strings->insert(text).first->c_str();
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
                return fail(error, "field \"probe." + k + "\": not part of a " +
                                       probeShapeName(pr.shape) + " probe");
        }
        for (int i = 0; keys[i]; ++i) {
            const JsonValue* c = p.find(keys[i]);
            if (!c) return fail(error, "field \"probe." + std::string(keys[i]) + "\": missing");
            TraceField f;
            if (!number(c, "probe." + std::string(keys[i]), &f, error)) return false;
            *targets[i] = f.fix;
        }
        out_->frames.back().probes.push_back(rp);
        return true;
    }

    bool stateLine(const JsonValue& v, int actor, std::string* error) {
        RecordedFrame& fr = out_->frames.back();
        if (fr.stateOf(size_t(actor)))
            return fail(error, "a second state line of actor '" + out_->actors[size_t(actor)].name +
                                   "' in frame " + std::to_string(fr.frame));
        RecordedState rs;
        rs.actor = size_t(actor);
        rs.line = line_;
        MoverState& st = rs.state;
        TraceActorInfo& info = out_->actors[size_t(actor)];
        st.w = int32_t(info.w);
        st.h = int32_t(info.h);
        if (!fixField(v, "x", true, &st.x, error) || !fixField(v, "y", true, &st.y, error) ||
            !fixField(v, "vx", false, &st.vx, error) || !fixField(v, "vy", false, &st.vy, error))
            return false;
        for (const auto& [key, value] : v.members) {
            if (key == "frame" || key == "actor") continue;
            TraceField f;
            f.key = key;
            switch (value.type) {
                case JsonValue::Type::Null:
                    f.text = "null";
                    break;
                case JsonValue::Type::Bool:
                    f.type = TraceField::Type::Bool;
                    f.text = value.boolean ? "true" : "false";
                    break;
                case JsonValue::Type::Number:
                    if (!number(&value, key, &f, error)) return false;
                    break;
                case JsonValue::Type::String:
                    f.type = TraceField::Type::String;
                    f.text = value.text;
                    break;
                default:
                    return fail(error, quoted(key) + jsonTypeName(value.type) +
                                           " (a state line holds numbers, strings, true, false, "
                                           "null)");
            }
            if ((key == "grounded" || key == "pushing") && f.type != TraceField::Type::Bool)
                return fail(error, quoted(key) + "expected true or false, found " +
                                       jsonTypeName(value.type));
            if (key == "grounded") st.grounded = value.boolean;
            if (key == "pushing") st.pushing = value.boolean;
            if (key == "facing") {
                if (f.type != TraceField::Type::String || !facingByName(f.text, &st.facing))
                    return fail(error, quoted(key) +
                                           "expected \"left\", \"right\", \"up\", \"down\" or "
                                           "\"none\"");
            }
            if (key == "w" || key == "h") {
                int64_t size = 0;
                if (!whole(&value, key, 0, 1 << 20, &size, error)) return false;
                (key == "w" ? st.w : st.h) = int32_t(size);
                // An actor the header did not size takes its size from its first line.
                int64_t& known = key == "w" ? info.w : info.h;
                if (known == 0) known = size;
            }
            rs.fields.push_back(std::move(f));
        }
        fr.states.push_back(std::move(rs));
        return true;
    }

    RecordedTrace* out_;
    TraceLimits limits_;
    int64_t line_ = 0;
    int64_t probes_ = 0;
};

// Feeds text to the parser line by line; a line longer than the cap is an error before
// it is held in memory.
class LineSplitter {
  public:
    LineSplitter(TraceParser& p, size_t maxLine) : parser_(p), maxLine_(maxLine) {}

    bool feed(const char* data, size_t n, std::string* error) {
        size_t start = 0;
        for (size_t i = 0; i < n; ++i) {
            if (data[i] != '\n') continue;
            if (!take(data + start, i - start, true, error)) return false;
            start = i + 1;
        }
        if (start < n) {
            if (pending_.size() + (n - start) > maxLine_) return tooLong(error);
            pending_.append(data + start, n - start);
        }
        return true;
    }

    int64_t lines() const { return lineNo_; }
    size_t pending() const { return pending_.size(); }

    bool finish(std::string* error) {
        if (!pending_.empty()) {
            std::string last;
            last.swap(pending_);
            if (!parser_.line(last.data(), last.size(), ++lineNo_, error)) {
                *error += " (the file ends without a newline: truncated?)";
                return false;
            }
        }
        return parser_.finish(error);
    }

  private:
    bool take(const char* s, size_t n, bool, std::string* error) {
        if (!pending_.empty()) {
            if (pending_.size() + n > maxLine_) return tooLong(error);
            pending_.append(s, n);
            std::string whole;
            whole.swap(pending_);
            return parser_.line(whole.data(), whole.size(), ++lineNo_, error);
        }
        if (n > maxLine_) return tooLong(error);
        return parser_.line(s, n, ++lineNo_, error);
    }
    bool tooLong(std::string* error) {
        *error = "line " + std::to_string(lineNo_ + 1) + ": longer than " +
                 std::to_string(maxLine_) + " bytes";
        return false;
    }

    TraceParser& parser_;
    size_t maxLine_;
    int64_t lineNo_ = 0;
    std::string pending_;
};

}  // namespace

bool TraceField::sameValue(const TraceField& o) const {
    if (type != o.type) return false;
    if (type != Type::Number) return text == o.text;
    if (exact && o.exact) return fix == o.fix;
    return number == o.number;
}

const RecordedState* RecordedFrame::stateOf(size_t actor) const {
    for (const RecordedState& s : states)
        if (s.actor == actor) return &s;
    return nullptr;
}

int RecordedTrace::findActor(const std::string& name) const {
    for (size_t i = 0; i < actors.size(); ++i)
        if (actors[i].name == name) return int(i);
    return -1;
}

bool parseTraceNumber(const std::string& literal, TraceField* out) {
    out->type = TraceField::Type::Number;
    out->text = literal;
    const char* s = literal.data();
    const char* end = s + literal.size();
    double d = 0;
    auto [ptr, ec] = std::from_chars(s, end, d);
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

struct TraceStream::Impl {
    Impl(RecordedTrace* out, const TraceLimits& limits)
        : parser(out, limits), splitter(parser, limits.maxLineBytes) {}
    TraceParser parser;
    LineSplitter splitter;
};

TraceStream::TraceStream(RecordedTrace* out, const TraceLimits& limits)
    : impl_(std::make_unique<Impl>(out, limits)) {
    *out = RecordedTrace{};
}
TraceStream::~TraceStream() = default;

bool TraceStream::feed(const char* data, size_t n, std::string* error) {
    return impl_->splitter.feed(data, n, error);
}

bool TraceStream::finish(std::string* error) {
    if (size_t n = impl_->splitter.pending()) {
        *error = "line " + std::to_string(impl_->splitter.lines() + 1) + ": the stream ended " +
                 std::to_string(n) + " bytes into the line (no '\\n': a half line)";
        return false;
    }
    return impl_->splitter.finish(error);
}

int64_t TraceStream::lines() const {
    return impl_->splitter.lines();
}

size_t TraceStream::pendingBytes() const {
    return impl_->splitter.pending();
}

bool parseTrace(const std::string& text, const std::string& name, RecordedTrace* out,
                std::string* error, const TraceLimits& limits) {
    *out = RecordedTrace{};
    TraceParser parser(out, limits);
    LineSplitter lines(parser, limits.maxLineBytes);
    if (lines.feed(text.data(), text.size(), error) && lines.finish(error)) return true;
    *error = name + ": " + *error;
    return false;
}

bool readTrace(const std::string& path, RecordedTrace* out, std::string* error,
               const TraceLimits& limits) {
    *out = RecordedTrace{};
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (!f) {
        *error = path + ": cannot read the trace (" + std::strerror(errno) + ")";
        return false;
    }
    TraceParser parser(out, limits);
    LineSplitter lines(parser, limits.maxLineBytes);
    std::vector<char> buf(size_t(1) << 16);
    bool ok = true;
    for (;;) {
        const size_t n = std::fread(buf.data(), 1, buf.size(), f);
        if (n > 0 && !lines.feed(buf.data(), n, error)) {
            ok = false;
            break;
        }
        if (n < buf.size()) {
            if (std::ferror(f)) {
                *error = std::string("read failed (") + std::strerror(errno) + ")";
                ok = false;
            }
            break;
        }
    }
    std::fclose(f);
    if (ok) ok = lines.finish(error);
    if (!ok) *error = path + ": " + *error;
    return ok;
}

}  // namespace ts
