#include "record/detail/state_fields.h"

#include <cstring>
#include <string_view>

#include "base/json_line.h"
#include "base/json_text.h"
#include "base/short_text.h"

namespace ts {

namespace {

bool facingByName(const std::string& s, uint8_t* out) {
    using namespace std::string_view_literals;
    static const struct {
        std::string_view name;
        uint8_t dir;
    } kFacings[] = {{"none"sv, 0},
                    {"left"sv, uint8_t(DIR_LEFT)},
                    {"right"sv, uint8_t(DIR_RIGHT)},
                    {"up"sv, uint8_t(DIR_UP)},
                    {"down"sv, uint8_t(DIR_DOWN)}};
    for (const auto& f : kFacings)
        if (sameShort(s, f.name)) {
            *out = f.dir;
            return true;
        }
    return false;
}

std::string quoted(const std::string& key) {
    return "field \"" + key + "\": ";
}

}  // namespace

const char* traceFieldTypeName(TraceField::Type t) {
    switch (t) {
        case TraceField::Type::Bool:
            return jsonTypeName(JsonValue::Type::Bool);
        case TraceField::Type::Number:
            return jsonTypeName(JsonValue::Type::Number);
        case TraceField::Type::String:
            return jsonTypeName(JsonValue::Type::String);
        default:
            return jsonTypeName(JsonValue::Type::Null);
    }
}

bool canonicalFixPrefix(const char* s, size_t n, size_t* used, int64_t* raw) {
    static constexpr uint64_t kPow5[17] = {
        1,         5,          25,         125,         625,         3125,
        15625,     78125,      390625,     1953125,     9765625,     48828125,
        244140625, 1220703125, 6103515625, 30517578125, 152587890625};
    size_t i = 0;
    const bool neg = n > 0 && s[0] == '-';
    if (neg) ++i;
    const size_t intStart = i;
    uint64_t ip = 0;
    while (i < n && s[i] >= '0' && s[i] <= '9' && i - intStart <= 14)
        ip = ip * 10 + uint64_t(s[i++] - '0');
    const size_t intDigits = i - intStart;
    if (intDigits == 0 || intDigits > 14 || (intDigits > 1 && s[intStart] == '0')) return false;
    uint64_t fracRaw = 0;
    if (i < n && s[i] == '.') {
        const size_t fracStart = ++i;
        uint64_t frac = 0;
        while (i < n && s[i] >= '0' && s[i] <= '9' && i - fracStart < 16)
            frac = frac * 10 + uint64_t(s[i++] - '0');
        const size_t k = i - fracStart;
        if (k == 0 || s[i - 1] == '0' || (i < n && s[i] >= '0' && s[i] <= '9')) return false;
        // frac / 10^k * 2^16 = frac * 2^(16 - k) / 5^k, under 2^54 for k <= 16.
        const uint64_t scaled = frac << (16 - k);
        if (scaled % kPow5[k] != 0) return false;
        fracRaw = scaled / kPow5[k];
    }
    const int64_t v = int64_t(ip << 16) + int64_t(fracRaw);
    if ((neg && v == 0) || v >= (int64_t(1) << 62)) return false;
    *raw = neg ? -v : v;
    *used = i;
    return true;
}

bool canonicalFixText(const char* s, size_t n, int64_t* raw) {
    size_t used = 0;
    int64_t v = 0;
    if (!canonicalFixPrefix(s, n, &used, &v) || used != n) return false;
    *raw = v;
    return true;
}

bool isCanonicalFix(const TraceField& f) {
    if (f.type != TraceField::Type::Number || !f.exact) return false;
    char buf[kFixChars];
    const char* end = writeFix(buf, f.fix);
    return size_t(end - buf) == f.text.size() &&
           std::memcmp(buf, f.text.data(), f.text.size()) == 0;
}

std::string stateFromFields(const std::vector<TraceField>& fields, MoverState* st) {
    using namespace std::string_view_literals;
    static const std::string_view kFixKeys[] = {"x"sv, "y"sv, "vx"sv, "vy"sv};
    const TraceField* fix[4] = {};
    // One pass, keys compared by length first: this runs for every line of a trace.
    for (const TraceField& f : fields) {
        const std::string_view key = f.key;
        if (key.size() <= 2) {
            for (int i = 0; i < 4; ++i)
                if (sameShort(key, kFixKeys[i]) && !fix[i]) fix[i] = &f;
        }
    }
    Fix* targets[] = {&st->x, &st->y, &st->vx, &st->vy};
    for (int i = 0; i < 4; ++i) {
        const TraceField* f = fix[i];
        if (!f) {
            if (i < 2) return quoted(std::string(kFixKeys[i])) + "missing";
            continue;
        }
        if (f->type != TraceField::Type::Number)
            return quoted(std::string(kFixKeys[i])) + "expected a number, found " +
                   traceFieldTypeName(f->type);
        *targets[i] = f->fix;
    }
    for (const TraceField& f : fields) {
        const std::string_view key = f.key;
        // Only "w", "h", "facing", "pushing" and "grounded" are looked at here.
        if (key.size() != 1 && (key.size() < 6 || key.size() > 8)) continue;
        if (sameShort(key, "grounded"sv) || sameShort(key, "pushing"sv)) {
            if (f.type != TraceField::Type::Bool)
                return quoted(f.key) + "expected true or false, found " +
                       traceFieldTypeName(f.type);
            (sameShort(key, "grounded"sv) ? st->grounded : st->pushing) = f.text.size() == 4;
        } else if (sameShort(key, "facing"sv)) {
            if (f.type != TraceField::Type::String || !facingByName(f.text, &st->facing))
                return quoted(f.key) + "expected \"left\", \"right\", \"up\", \"down\" or \"none\"";
        } else if (sameShort(key, "w"sv) || sameShort(key, "h"sv)) {
            if (f.type != TraceField::Type::Number)
                return quoted(f.key) + "expected a number, found " + traceFieldTypeName(f.type);
            if (!f.exact || f.fix.frac().raw != 0)
                return quoted(f.key) + "expected a whole number, found " + f.text;
            const int64_t k = f.fix.floor();
            if (k < 0 || k > (1 << 20)) return quoted(f.key) + f.text + " is outside 0..1048576";
            (sameShort(key, "w"sv) ? st->w : st->h) = int32_t(k);
        }
    }
    return "";
}

}  // namespace ts
