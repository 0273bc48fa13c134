// writeInt and writeFix (base/json_text.h) as inline functions, for the loops that write
// numbers by the million: a trace writer's state line has six of them, and the calls, not
// the digits, were what was left of their cost (issue 19). Everything else calls the
// out-of-line writeInt and writeFix, which are these.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "base/fixed.h"

namespace ts {

namespace number_text {

inline int digitCount(uint64_t v) {
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
inline constexpr DigitPairs kDigitPairs;

// v < 10^4 as exactly four digits, leading zeros included.
inline void writeFour(char* out, uint32_t v) {
    const uint32_t q = v / 100;
    std::memcpy(out, &kDigitPairs.c[2 * q], 2);
    std::memcpy(out + 2, &kDigitPairs.c[2 * (v - 100 * q)], 2);
}

// v < 10^8 as exactly eight digits: two independent halves, not one chain of divisions.
inline void writeEight(char* out, uint32_t v) {
    const uint32_t q = v / 10000;
    writeFour(out, q);
    writeFour(out + 4, v - 10000 * q);
}

// Writes v as exactly n digits, leading zeros included (v < 10^n), straight into out (no
// copy: a libc memcpy per number showed as a fifth of a traced run).
inline char* writeDigitsN(char* out, uint64_t v, int n) {
    if (n > 8) {
        // The last eight apart: two short chains of divisions instead of one long one.
        const uint64_t q = v / 100000000;
        out = writeDigitsN(out, q, n - 8);
        writeEight(out, uint32_t(v - q * 100000000));
        return out + 8;
    }
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

inline char* writeDigits(char* out, uint64_t v) {
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

// The eight decimals of k / 2^8 (k < 2^8), k * 5^8 with leading zeros: a fraction with at
// most eight decimals is one copy, and the last eight of a longer one are too.
struct EighthsOfBytes {
    char c[256][8];
    constexpr EighthsOfBytes() : c() {
        for (uint32_t k = 0; k < 256; ++k)
            for (uint32_t i = 0, v = k * 390625; i < 8; ++i, v /= 10)
                c[k][7 - i] = char('0' + v % 10);
    }
};
inline constexpr EighthsOfBytes kEighths;

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
inline constexpr uint32_t kPow10[] = {1,      10,      100,      1000,      10000,
                                      100000, 1000000, 10000000, 100000000, 1000000000};

// v < 10^8 without a branch on its digit count (a trace's numbers change length from one
// field to the next, and the mispredicted length cost more than the digits, issue 19): the
// eight digits in a register, shifted so that the leading zeros fall off, stored whole.
// Writes eight bytes; returns the end of the n that count.
inline char* writeShort(char* out, uint32_t v) {
    const int guess = ((32 - __builtin_clz(v | 1)) * 1233) >> 12;  // log10 from log2
    const int n = guess + ((v | 1) >= kPow10[guess]);              // 0 has one digit
    const uint32_t q = v / 10000, r = v - 10000 * q;
    const uint32_t q1 = q / 100, r1 = r / 100;
    uint16_t d[4];
    std::memcpy(&d[0], &kDigitPairs.c[2 * q1], 2);
    std::memcpy(&d[1], &kDigitPairs.c[2 * (q - 100 * q1)], 2);
    std::memcpy(&d[2], &kDigitPairs.c[2 * r1], 2);
    std::memcpy(&d[3], &kDigitPairs.c[2 * (r - 100 * r1)], 2);
    uint64_t eight;
    std::memcpy(&eight, d, 8);
    eight >>= 8 * (8 - n);
    std::memcpy(out, &eight, 8);
    return out + n;
}

// v < 10^4 (most of a trace's whole parts: pixels, speeds) the same way, in half the work.
inline char* writeTiny(char* out, uint32_t v) {
    const int n = 1 + (v >= 10) + (v >= 100) + (v >= 1000);
    const uint32_t q = v / 100;
    uint16_t d[2];
    std::memcpy(&d[0], &kDigitPairs.c[2 * q], 2);
    std::memcpy(&d[1], &kDigitPairs.c[2 * (v - 100 * q)], 2);
    uint32_t four;
    std::memcpy(&four, d, 4);
    four >>= 8 * (4 - n);
    std::memcpy(out, &four, 4);
    return out + n;
}

// Every v < 1000 as its digits followed by their count (in the top byte): the whole parts
// of nearly every number of a trace (pixels, speeds, fractions' 0) in one load and store.
struct SmallNumbers {
    uint32_t text[1000] = {};
    constexpr SmallNumbers() {
        for (uint32_t v = 0; v < 1000; ++v) {
            const uint32_t n = 1 + (v >= 10) + (v >= 100);
            uint32_t t = n << 24;
            for (uint32_t i = 0, x = v; i < n; ++i, x /= 10)
                t |= uint32_t('0' + x % 10) << (8 * (n - 1 - i));
            text[v] = t;
        }
    }
};
inline constexpr SmallNumbers kSmallNumbers;

// v >= 10^8: out of line, so that the short cases inlined in writeFix and writeInt keep
// their registers. Counters that start at 1 << 30 (pixel_sweep's air_frames): the leading
// part, then the last eight digits in one piece.
[[gnu::noinline]] inline char* writeLong(char* out, uint64_t v) {
    if (v >= 10000000000000000) return writeDigits(out, v);
    const uint64_t q = v / 100000000;
    if (q < 1000) {
        const uint32_t t = kSmallNumbers.text[q];
        std::memcpy(out, &t, 4);
        out += t >> 24;
    } else {
        out = writeShort(out, uint32_t(q));
    }
    writeEight(out, uint32_t(v - q * 100000000));
    return out + 8;
}

inline char* writeWhole(char* out, uint64_t v) {
    if (v < 1000) {
        const uint32_t t = kSmallNumbers.text[v];
        std::memcpy(out, &t, 4);  // the count lands after the digits, where the next text goes
        return out + (t >> 24);
    }
    if (v < 10000) return writeTiny(out, uint32_t(v));
    return v < 100000000 ? writeShort(out, uint32_t(v)) : writeLong(out, v);
}
#else
inline char* writeWhole(char* out, uint64_t v) {
    return writeDigits(out, v);
}
#endif

}  // namespace number_text

// The same text as writeInt / writeFix, with the same room (kIntChars, kFixChars).
[[gnu::always_inline]] inline char* writeIntInline(char* out, int64_t v) {
    *out = '-';
    out += v < 0;
    return number_text::writeWhole(out, v < 0 ? uint64_t(0) - uint64_t(v) : uint64_t(v));
}

// writeInt of a 32-bit value: its ten digits at most without writeLong's call, for
// counters that sit at 2^30 (pixel_sweep's air_frames while airborne).
[[gnu::always_inline]] inline char* writeInt32Inline(char* out, int32_t v) {
    *out = '-';
    out += v < 0;
    const uint32_t a = v < 0 ? 0u - uint32_t(v) : uint32_t(v);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    if (a >= 100000000) {
        const uint32_t q = a / 100000000;  // < 22
        const uint32_t t = number_text::kSmallNumbers.text[q];
        std::memcpy(out, &t, 4);
        out += t >> 24;
        number_text::writeEight(out, a - q * 100000000);
        return out + 8;
    }
#endif
    return number_text::writeWhole(out, a);
}

[[gnu::always_inline]] inline char* writeFixInline(char* out, Fix v) {
    // |raw| / 2^16: the integer part, then the fraction f / 2^16. A fraction f = m * 2^t (m
    // odd) has exactly 16 - t decimals, the last one not 0, as Fix::str writes them digit by
    // digit: they are written eight or sixteen at a time and cut after the last. Only
    // grid_walls' and topdown's sixteen-decimal positions take the longer branch.
    const bool neg = v.raw < 0;
    const uint64_t a = neg ? uint64_t(0) - uint64_t(v.raw) : uint64_t(v.raw);
    *out = '-';
    out += neg;
    out = number_text::writeWhole(out, a >> Fix::kFracBits);
    const uint32_t fp = uint32_t(a & uint64_t(Fix::kOne - 1));
    const int n = Fix::kFracBits - __builtin_ctz(fp | uint32_t(Fix::kOne));  // 0 when fp is 0
    *out = '.';
    if (n <= 8) {
        std::memcpy(out + 1, number_text::kEighths.c[fp >> 8], 8);
    } else {
        // f * 5^8 / 2^8: eight decimals, and the remainder's eight (r / 2^8) from the table.
        const uint64_t f = uint64_t(fp) * 390625;  // < 10^8 * 2^8
        number_text::writeEight(out + 1, uint32_t(f >> 8));
        std::memcpy(out + 9, number_text::kEighths.c[f & 255], 8);
    }
    return out + n + (n != 0);
}

}  // namespace ts
