#include "record/detail/trace_codec.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <cstring>

#include "base/json_text.h"
#include "base/short_text.h"
#include "record/detail/state_fields.h"
#include "record/recorded_trace.h"
#include "record/trace_reader.h"

namespace ts::codec {

int probeCoordinates(uint8_t shape) {
    const ProbeShape s = ProbeShape(shape);
    return s == ProbeShape::Point || s == ProbeShape::Text || s == ProbeShape::Value ? 2 : 4;
}

namespace {

// kInline's form byte: how the double is printed, and how many bytes hold it.
constexpr uint8_t kSeventeenDigits = 1;  // "%.17g", else the shortest round-trip text
constexpr uint8_t kPointZero = 2;        // the shortest text of a whole number, then ".0"
constexpr uint8_t kFloatBits = 4;        // 4 bytes of a float, else 8 of a double

size_t printDouble(char* buf, size_t size, double d, uint8_t form) {
    if (form & kSeventeenDigits) {
        const int n = std::snprintf(buf, size, "%.17g", d);
        return n < 0 ? 0 : std::min(size_t(n), size - 1);
    }
    const std::to_chars_result r = std::to_chars(buf, buf + size - 2, d);
    size_t n = size_t(r.ptr - buf);
    if (form & kPointZero) {
        buf[n++] = '.';
        buf[n++] = '0';
    }
    return n;
}

// The form that prints `f.number` as `f.text`, or -1.
int inlineForm(const TraceField& f) {
    char buf[40];
    const uint8_t bits = double(float(f.number)) == f.number ? kFloatBits : 0;
    for (uint8_t form : {uint8_t(0), kPointZero, kSeventeenDigits}) {
        const size_t n = printDouble(buf, sizeof buf, f.number, form);
        if (n == f.text.size() && std::memcmp(buf, f.text.data(), n) == 0) return form | bits;
    }
    return -1;
}

}  // namespace

void encodeState(std::vector<uint8_t>& out, uint64_t actor, const std::vector<TraceField>& fields,
                 StringIds& ids, bool inlineNumbers) {
    appendVarint(out, actor);
    appendVarint(out, fields.size());
    for (const TraceField& f : fields) {
        const uint64_t key = uint64_t(ids.id(f.key)) << kFieldTypeBits;
        switch (f.type) {
            case TraceField::Type::Null:
                appendVarint(out, key | kNull);
                break;
            case TraceField::Type::Bool:
                appendVarint(out, key | (f.text == "true" ? kTrue : kFalse));
                break;
            case TraceField::Type::String:
                appendVarint(out, key | kString);
                appendVarint(out, ids.id(f.text));
                break;
            case TraceField::Type::Number:
                if (isCanonicalFix(f)) {
                    appendVarint(out, key | kFix);
                    appendVarint(out, zigzag(f.fix.raw));
                } else if (const int form = inlineNumbers ? inlineForm(f) : -1; form >= 0) {
                    appendVarint(out, key | kInline);
                    out.push_back(uint8_t(form));
                    uint8_t bytes[8];
                    if (form & kFloatBits) {
                        const float v = float(f.number);
                        std::memcpy(bytes, &v, 4);
                    } else {
                        std::memcpy(bytes, &f.number, 8);
                    }
                    out.insert(out.end(), bytes, bytes + (form & kFloatBits ? 4 : 8));
                } else {
                    appendVarint(out, key | kLiteral);
                    appendVarint(out, ids.id(f.text));
                }
                break;
        }
    }
}

void encodeProbe(std::vector<uint8_t>& out, uint64_t actor, const Probe& p, StringIds& ids) {
    appendVarint(out, actor);
    out.push_back(uint8_t(uint8_t(p.shape) | uint8_t(p.verdict) << 4));
    appendVarint(out, ids.id(p.why));
    const Fix c[4] = {p.x0, p.y0, p.x1, p.y1};
    if (p.shape == ProbeShape::Value) {
        appendVarint(out, zigzag(p.x0.raw));
        appendVarint(out, zigzag(p.x1.raw));
        return;
    }
    const int n = probeCoordinates(uint8_t(p.shape));
    for (int i = 0; i < n; ++i) appendVarint(out, zigzag(c[i].raw));
}

std::string decodeValue(uint64_t type, uint64_t v, const StringTable& strings, TraceField* out) {
    TraceField& f = *out;
    f.exact = false;
    f.number = 0;
    f.fix = Fix{};
    switch (type) {
        case kNull:
            f.type = TraceField::Type::Null;
            assignShort(f.text, "null", 4);
            return "";
        case kFalse:
        case kTrue:
            f.type = TraceField::Type::Bool;
            if (type == kTrue)
                assignShort(f.text, "true", 4);
            else
                assignShort(f.text, "false", 5);
            return "";
        case kFix: {
            const int64_t raw = unzigzag(v);
            // The JSON reader's limit: below 2^46 px.
            if (raw >= (int64_t(1) << 62) || raw <= -(int64_t(1) << 62)) return "outside +-2^46";
            char buf[kFixChars];
            f.type = TraceField::Type::Number;
            f.fix = Fix::fromRaw(raw);
            assignShort(f.text, buf, size_t(writeFix(buf, f.fix) - buf));
            f.exact = true;
            f.number = f.fix.toDouble();
            return "";
        }
        case kLiteral: {
            const std::string* s = strings.text(v);
            if (!s) return "unknown string " + std::to_string(v);
            if (!parseTraceNumber(*s, &f)) return "'" + *s + "' is not a number within +-2^46";
            return "";
        }
        case kString: {
            const std::string* s = strings.text(v);
            if (!s) return "unknown string " + std::to_string(v);
            f.type = TraceField::Type::String;
            assignShort(f.text, *s);
            return "";
        }
        default:
            return "unknown value type " + std::to_string(type);
    }
}

std::string decodeState(const uint8_t*& p, const uint8_t* end, const StringTable& strings,
                        size_t maxFields, uint64_t* actor, std::vector<TraceField>* fields,
                        bool inlineNumbers) {
    uint64_t n = 0;
    if (!getVarint(p, end, actor)) return "actor: cut off";
    if (!getVarint(p, end, &n)) return "field count: cut off";
    if (n > maxFields)
        return "field count " + std::to_string(n) + " is over " + std::to_string(maxFields);
    fields->resize(size_t(n));
    for (uint64_t i = 0; i < n; ++i) {
        TraceField& f = (*fields)[size_t(i)];
        uint64_t key = 0;
        if (!getVarint(p, end, &key)) return "field " + std::to_string(i + 1) + ": cut off";
        const std::string* k = strings.text(key >> kFieldTypeBits);
        if (!k)
            return "field " + std::to_string(i + 1) + ": unknown key string " +
                   std::to_string(key >> kFieldTypeBits);
        // A JSON line names its frame and actor with these keys, and "probe" makes it a probe
        // line: a state field by one of these names could not be written as JSON lines.
        if (k->size() == 5 && (*k == "frame" || *k == "actor" || *k == "probe"))
            return "field " + std::to_string(i + 1) + ": the key \"" + *k +
                   "\" is the line's own, not a state field's";
        if (!sameShort(f.key, *k)) f.key = *k;  // a reused record holds last line's keys
        f.exact = false;
        f.number = 0;
        f.fix = Fix{};
        auto at = [&f] { return "field \"" + f.key + "\": "; };  // only for an error
        uint64_t v = 0;
        switch (key & ((1u << kFieldTypeBits) - 1)) {
            case kNull:
                f.type = TraceField::Type::Null;
                assignShort(f.text, "null", 4);
                break;
            case kFalse:
            case kTrue:
                f.type = TraceField::Type::Bool;
                if ((key & 7) == kTrue)
                    assignShort(f.text, "true", 4);
                else
                    assignShort(f.text, "false", 5);
                break;
            case kFix:
            case kLiteral:
                if (!getVarint(p, end, &v)) return at() + "cut off";
                if (std::string problem = decodeValue(key & 7, v, strings, &f); !problem.empty())
                    return at() + problem;
                break;
            case kInline: {
                if (!inlineNumbers) return at() + "unknown value type " + std::to_string(key & 7);
                if (p == end) return at() + "cut off";
                const uint8_t form = *p++;
                const size_t size = form & kFloatBits ? 4 : 8;
                if (size_t(end - p) < size) return at() + "cut off";
                double d = 0;
                if (size == 4) {
                    float v = 0;
                    std::memcpy(&v, p, 4);
                    d = v;
                } else {
                    std::memcpy(&d, p, 8);
                }
                p += size;
                char buf[40];
                if (!parseTraceNumber(std::string(buf, printDouble(buf, sizeof buf, d, form)), &f))
                    return at() + "not a number within +-2^46";
                break;
            }
            case kString:
                if (!getVarint(p, end, &v)) return at() + "cut off";
                if (std::string problem = decodeValue(kString, v, strings, &f); !problem.empty())
                    return at() + problem;
                break;
            default:
                return at() + "unknown value type " + std::to_string(key & 7);
        }
    }
    return "";
}

std::string decodeProbe(const uint8_t*& p, const uint8_t* end, const StringTable& strings,
                        uint64_t* actor, Probe* out) {
    if (!getVarint(p, end, actor)) return "probe actor: cut off";
    if (p == end) return "probe kind: cut off";
    const uint8_t kv = *p++;
    if ((kv & 15) >= uint8_t(ProbeShape::Count))
        return "probe kind " + std::to_string(kv & 15) + " is unknown";
    if ((kv >> 4) >= uint8_t(Verdict::Count))
        return "probe verdict " + std::to_string(kv >> 4) + " is unknown";
    *out = Probe{};
    out->shape = ProbeShape(kv & 15);
    out->verdict = Verdict(kv >> 4);
    uint64_t why = 0;
    if (!getVarint(p, end, &why)) return "probe why: cut off";
    const std::string* s = strings.text(why);
    if (!s) return "probe why: unknown string " + std::to_string(why);
    out->why = s->c_str();
    Fix* targets[4] = {&out->x0, &out->y0, &out->x1, &out->y1};
    if (out->shape == ProbeShape::Value) targets[1] = &out->x1;
    const int n = probeCoordinates(kv & 15);
    for (int i = 0; i < n; ++i) {
        uint64_t v = 0;
        if (!getVarint(p, end, &v))
            return "probe coordinate " + std::to_string(i + 1) + ": cut off";
        *targets[i] = Fix::fromRaw(unzigzag(v));
    }
    return "";
}

}  // namespace ts::codec
