// parseTraceNumber (record/trace_reader.h): a JSON number literal to a field, exact when it
// is a whole multiple of 1/65536.
#include <charconv>
#include <cmath>
#include <cstdlib>

#include "record/trace_reader.h"

namespace ts {

namespace {

constexpr double kMaxCoordinate = 70368744177664.0;  // 2^46 px

}  // namespace

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
