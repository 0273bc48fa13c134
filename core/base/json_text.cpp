#include "base/json_text.h"

#include <cstring>

namespace ts {

namespace {

int digitCount(uint64_t v) {
    int n = 1;
    while (v >= 10000) {
        v /= 10000;
        n += 4;
    }
    return n + (v >= 10) + (v >= 100) + (v >= 1000);
}

// "00" .. "99": two digits per division or multiplication (writeFix's digit-by-digit loop
// was nearly half of the instructions spent writing a grid_walls trace, issue 12).
struct DigitPairs {
    char c[200];
    constexpr DigitPairs() : c() {
        for (int i = 0; i < 100; ++i) {
            c[2 * i] = char('0' + i / 10);
            c[2 * i + 1] = char('0' + i % 10);
        }
    }
};
constexpr DigitPairs kDigitPairs;

// Writes v as exactly n digits, leading zeros included (v < 10^n), straight into out (no
// copy: a libc memcpy per number showed as a fifth of a traced run).
char* writeDigitsN(char* out, uint64_t v, int n) {
    char* const end = out + n;
    char* p = end;
    for (; n >= 2; n -= 2) {
        const uint64_t q = v / 100;
        p -= 2;
        std::memcpy(p, &kDigitPairs.c[2 * (v - 100 * q)], 2);
        v = q;
    }
    if (n) *--p = char('0' + v);
    return end;
}

char* writeDigits(char* out, uint64_t v) {
    // Most numbers of a trace line are speeds, small counters and whole parts below 100.
    if (v < 10) {
        *out = char('0' + v);
        return out + 1;
    }
    if (v < 100) {
        std::memcpy(out, &kDigitPairs.c[2 * v], 2);
        return out + 2;
    }
    return writeDigitsN(out, v, digitCount(v));
}

}  // namespace

char* writeInt(char* out, int64_t v) {
    if (v < 0) *out++ = '-';
    return writeDigits(out, v < 0 ? uint64_t(0) - uint64_t(v) : uint64_t(v));
}

char* writeFix(char* out, Fix v) {
    // |raw| / 2^16: the integer part, then the fraction two decimals at a time (f * 100 /
    // 2^16). A fraction f = m * 2^t (m odd) has exactly 16 - t decimals, the last one not 0,
    // as Fix::str writes them digit by digit.
    const bool neg = v.raw < 0;
    const uint64_t a = neg ? uint64_t(0) - uint64_t(v.raw) : uint64_t(v.raw);
    if (neg) *out++ = '-';
    out = writeDigits(out, a >> Fix::kFracBits);
    uint32_t fp = uint32_t(a & uint64_t(Fix::kOne - 1));
    if (fp) {
        int n = Fix::kFracBits - __builtin_ctz(fp);
        *out++ = '.';
        for (; n >= 2; n -= 2) {
            fp *= 100;
            std::memcpy(out, &kDigitPairs.c[2 * (fp >> Fix::kFracBits)], 2);
            out += 2;
            fp &= uint32_t(Fix::kOne - 1);
        }
        if (n) *out++ = char('0' + ((fp * 10) >> Fix::kFracBits));
    }
    return out;
}

char* writeJsonString(char* out, const char* s, size_t n) {
    static const char kHex[] = "0123456789abcdef";
    *out++ = '"';
    for (size_t i = 0; i < n; ++i) {
        const unsigned char c = (unsigned char)s[i];
        if (c >= 0x20 && c != '"' && c != '\\') {
            *out++ = char(c);
            continue;
        }
        *out++ = '\\';
        switch (c) {
            case '"':
            case '\\':
                *out++ = char(c);
                break;
            case '\n':
                *out++ = 'n';
                break;
            case '\r':
                *out++ = 'r';
                break;
            case '\t':
                *out++ = 't';
                break;
            default:
                *out++ = 'u';
                *out++ = '0';
                *out++ = '0';
                *out++ = kHex[c >> 4];
                *out++ = kHex[c & 15];
        }
    }
    *out++ = '"';
    return out;
}

void appendJsonString(std::string& out, const std::string& s) {
    const size_t at = out.size();
    out.resize(at + jsonStringChars(s.size()));
    out.resize(size_t(writeJsonString(&out[at], s.data(), s.size()) - out.data()));
}

void appendJsonString(std::string& out, const char* s) {
    appendJsonString(out, std::string(s));
}

void appendInt(std::string& out, int64_t v) {
    char buf[kIntChars];
    out.append(buf, size_t(writeInt(buf, v) - buf));
}

void appendFix(std::string& out, Fix v) {
    char buf[kFixChars];
    out.append(buf, size_t(writeFix(buf, v) - buf));
}

}  // namespace ts
