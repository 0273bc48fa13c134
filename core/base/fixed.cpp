#include "base/fixed.h"

#include <cmath>

namespace ts {

Fix Fix::fromDouble(double d) {
    return Fix{(int64_t)std::llround(d * double(kOne))};
}

std::string Fix::str() const {
    // |raw| / 2^16: integer part, then the fraction digit by digit (terminates after <= 16).
    bool neg = raw < 0;
    uint64_t a = neg ? uint64_t(0) - uint64_t(raw) : uint64_t(raw);
    uint64_t ip = a >> kFracBits;
    uint64_t fp = a & uint64_t(kOne - 1);
    std::string s = neg ? "-" : "";
    s += std::to_string(ip);
    if (fp) {
        s += '.';
        while (fp) {
            fp *= 10;
            s += char('0' + (fp >> kFracBits));
            fp &= uint64_t(kOne - 1);
        }
    }
    return s;
}

std::string Fix::shortest() const {
    if (raw == 0) return "0";
    const bool neg = raw < 0;
    const unsigned __int128 a = neg ? uint64_t(0) - uint64_t(raw) : uint64_t(raw);
    // m / 10^k reads back as a exactly when (2a - 1) / 2^17 <= m / 10^k < (2a + 1) / 2^17: an
    // interval of width 1/65536 around a / 65536, so with k digits only the m nearest to
    // a / 65536 can be in it. k = 16 always has one: a / 65536 itself. All products stay
    // below 2^64 * 10^16 < 2^118.
    constexpr unsigned __int128 kTwice = unsigned(kOne) * 2;
    unsigned __int128 scale = 1;
    for (int k = 0; k <= 16; ++k, scale *= 10) {
        const unsigned __int128 m = (2 * a * scale + kTwice / 2) / kTwice;
        if (m * kTwice < (2 * a - 1) * scale || m * kTwice >= (2 * a + 1) * scale) continue;
        std::string s = neg ? "-" : "";
        s += std::to_string(uint64_t(m / scale));
        if (k > 0) {
            std::string frac = std::to_string(uint64_t(m % scale));
            s += '.';
            s.append(size_t(k) - frac.size(), '0');
            s += frac;
        }
        return s;
    }
    return str();  // not reached: k = 16 is exact
}

}  // namespace ts
