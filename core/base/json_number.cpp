#include "base/json_number.h"

#include <vector>

namespace ts::jsonnum {

namespace {

bool isDigit(char c) {
    return c >= '0' && c <= '9';
}

// Far beyond any exponent that matters (values above 10^19 or below 10^-6 are decided
// without the exponent's exact value) and far from int64 overflow when digit counts are added.
constexpr int64_t kExponentCap = int64_t(1) << 40;

}  // namespace

bool parse(const std::string& text, Decimal* out) {
    Decimal d;
    size_t i = 0;
    const size_t n = text.size();
    if (i < n && text[i] == '-') d.negative = true, ++i;
    const std::string rest = text.substr(i);
    if (rest == "NaN" && !d.negative) {
        d.nan = true;
        *out = d;
        return true;
    }
    if (rest == "Infinity") {
        d.infinite = true;
        *out = d;
        return true;
    }
    // Integer part: "0" or a non-zero digit and more digits.
    const size_t intStart = i;
    if (i < n && text[i] == '0') {
        ++i;
    } else {
        while (i < n && isDigit(text[i])) ++i;
    }
    if (i == intStart) return false;
    const size_t intEnd = i;
    size_t fracStart = i, fracEnd = i;
    if (i < n && text[i] == '.') {
        fracStart = ++i;
        while (i < n && isDigit(text[i])) ++i;
        fracEnd = i;
        if (fracEnd == fracStart) return false;
    }
    int64_t exponent = 0;
    if (i < n && (text[i] == 'e' || text[i] == 'E')) {
        ++i;
        bool minus = false;
        if (i < n && (text[i] == '+' || text[i] == '-')) minus = text[i++] == '-';
        const size_t expStart = i;
        for (; i < n && isDigit(text[i]); ++i)
            if (exponent < kExponentCap) exponent = exponent * 10 + (text[i] - '0');
        if (i == expStart) return false;
        if (exponent > kExponentCap) exponent = kExponentCap;
        if (minus) exponent = -exponent;
    }
    if (i != n) return false;

    // All digits in one string; the decimal point sits after the integer digits.
    d.digits.reserve((intEnd - intStart) + (fracEnd - fracStart));
    d.digits.append(text, intStart, intEnd - intStart);
    d.digits.append(text, fracStart, fracEnd - fracStart);
    int64_t point = int64_t(intEnd - intStart) + exponent;
    size_t lead = 0;
    while (lead < d.digits.size() && d.digits[lead] == '0') ++lead;
    d.digits.erase(0, lead);
    point -= int64_t(lead);
    while (!d.digits.empty() && d.digits.back() == '0') d.digits.pop_back();
    d.point = d.digits.empty() ? 0 : point;
    *out = d;
    return true;
}

Problem toInteger(const Decimal& d, int64_t lo, int64_t hi, int64_t* out) {
    if (d.nan) return Problem::NaN;
    if (d.infinite) return Problem::OutOfRange;
    if (d.digits.empty()) {
        if (0 < lo || 0 > hi) return Problem::OutOfRange;
        *out = 0;
        return Problem::None;
    }
    // No trailing zeros: a digit after the point means a fraction.
    if (d.point < int64_t(d.digits.size())) return Problem::NotWhole;
    if (d.point > 19) return Problem::OutOfRange;  // at least 10^19, beyond int64
    unsigned __int128 magnitude = 0;
    for (int64_t k = 0; k < d.point; ++k)
        magnitude = magnitude * 10 + unsigned(k < int64_t(d.digits.size()) ? d.digits[k] - '0' : 0);
    const __int128 value = d.negative ? -__int128(magnitude) : __int128(magnitude);
    if (value < lo || value > hi) return Problem::OutOfRange;
    *out = int64_t(value);
    return Problem::None;
}

Problem toFix(const Decimal& d, Fix* out) {
    if (d.nan) return Problem::NaN;
    if (d.infinite) return Problem::OutOfRange;
    // Below 10^-6 < 1/131072: rounds to 0. At least 10^15 > 2^46: out of range.
    if (d.digits.empty() || d.point < -5) {
        *out = Fix{};
        return Problem::None;
    }
    if (d.point > 15) return Problem::OutOfRange;
    const int64_t size = int64_t(d.digits.size());
    // Integer part: at most 15 digits.
    uint64_t whole = 0;
    for (int64_t k = 0; k < d.point; ++k)
        whole = whole * 10 + uint64_t(k < size ? d.digits[k] - '0' : 0);
    // Fraction digits times 65536, exactly, from the last digit up: what carries out of the
    // first digit is the fraction's whole 1/65536ths, the digits left are the remainder.
    std::vector<uint8_t> frac;
    if (d.point < 0) frac.assign(size_t(-d.point), 0);
    for (int64_t k = d.point < 0 ? 0 : d.point; k < size; ++k)
        frac.push_back(uint8_t(d.digits[k] - '0'));
    uint64_t carry = 0;
    for (size_t k = frac.size(); k-- > 0;) {
        const uint64_t v = uint64_t(frac[k]) * uint64_t(Fix::kOne) + carry;
        frac[k] = uint8_t(v % 10);
        carry = v / 10;
    }
    // The remainder is at least one half exactly when its first digit is 5 or more.
    const uint64_t roundUp = !frac.empty() && frac[0] >= 5 ? 1 : 0;
    const uint64_t raw = (whole << Fix::kFracBits) + carry + roundUp;
    if (raw >= (uint64_t(1) << (46 + Fix::kFracBits))) return Problem::OutOfRange;
    *out = Fix::fromRaw(d.negative ? -int64_t(raw) : int64_t(raw));
    return Problem::None;
}

std::string shown(const std::string& text) {
    constexpr size_t kMax = 32;
    if (text.size() <= kMax) return text;
    return text.substr(0, 24) + "... (" + std::to_string(text.size()) + " characters)";
}

}  // namespace ts::jsonnum
