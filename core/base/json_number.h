// Exact reading of JSON number text into the map's integer and 48.16 fixed-point fields.
// rapidjson's own text-to-double conversion crashes on some long numbers ("0." and 349
// zeros) and misreads others (0e308, 0.184467440737095516159), and a double cannot hold
// every 48.16 value anyway, so the map loader keeps each number as its text and converts it
// here, digit by digit, in time linear in its length and without any floating point.
#pragma once
#include <cstdint>
#include <string>

#include "base/fixed.h"

namespace ts::jsonnum {

// A JSON number as written: RFC 8259 grammar, plus NaN, Infinity and -Infinity (which
// rapidjson's kParseNanAndInfFlag lets through). value = 0.DIGITS x 10^point, sign apart.
struct Decimal {
    bool negative = false;
    bool nan = false;
    bool infinite = false;
    std::string digits;  // significant digits, no leading or trailing zeros; empty for zero
    int64_t point = 0;   // saturated far beyond any value a field accepts
};

// False if text is not a number in that grammar.
bool parse(const std::string& text, Decimal* out);

enum class Problem { None, NaN, NotWhole, OutOfRange };

// A whole number in lo..hi ("16", "16.0", "1.6e1" are 16).
Problem toInteger(const Decimal& d, int64_t lo, int64_t hi, int64_t* out);

// The nearest 48.16 value, halves rounded away from zero (as Fix::fromDouble does); any
// number of digits is read exactly. |value| must be below 2^46, the range Fix keeps
// headroom for; anything closer to zero than 1/131072 becomes 0.
Problem toFix(const Decimal& d, Fix* out);

// The number's text as an error message shows it: cut short when long.
std::string shown(const std::string& text);

}  // namespace ts::jsonnum
