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

}  // namespace ts
