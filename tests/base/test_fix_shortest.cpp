// Fix::shortest(), the text map files write for a 48.16 value: it must read back bit for bit
// and be as short as any decimal that does. Checked against a reader written here (exact
// integer arithmetic, nothing shared with core) over the whole int64 range, and against the
// map loader's own reader (jsonnum::toFix) over the range it accepts.
#include <gtest/gtest.h>

#include <climits>
#include <vector>

#include "base/json_number.h"
#include "splitmix.h"

namespace ts {
namespace {

using i128 = __int128;

struct Parsed {
    bool negative = false;
    i128 digits = 0;  // all digits, the point dropped
    int fractionDigits = 0;
};

// "-12.0625" -> {true, 120625, 4}; fails the test on anything but -?D+(.D+)?
Parsed parseText(const std::string& s) {
    Parsed p;
    size_t i = 0;
    if (i < s.size() && s[i] == '-') p.negative = true, ++i;
    bool point = false, any = false;
    for (; i < s.size(); ++i) {
        if (s[i] == '.' && !point) {
            point = true;
            continue;
        }
        EXPECT_TRUE(s[i] >= '0' && s[i] <= '9') << s;
        p.digits = p.digits * 10 + (s[i] - '0');
        p.fractionDigits += point ? 1 : 0;
        any = true;
    }
    EXPECT_TRUE(any) << s;
    return p;
}

i128 pow10(int k) {
    i128 p = 1;
    while (k-- > 0) p *= 10;
    return p;
}

// The raw value digits / 10^k reads as: nearest 1/65536, halves away from zero.
i128 readsAs(bool negative, i128 digits, int k) {
    const i128 magnitude = (digits * 131072 + pow10(k)) / (2 * pow10(k));
    return negative ? -magnitude : magnitude;
}

// Whether any decimal with k fraction digits reads as raw: the two next to raw / 65536.
bool someDecimalWith(int k, i128 raw) {
    const bool negative = raw < 0;
    const i128 a = negative ? -raw : raw;
    const i128 below = a * pow10(k) / 65536;
    for (i128 m : {below, below + 1})
        if (readsAs(negative, m, k) == raw) return true;
    return false;
}

void checkValue(int64_t raw) {
    const std::string text = Fix::fromRaw(raw).shortest();
    SCOPED_TRACE("raw " + std::to_string(raw) + " written as " + text);
    const Parsed p = parseText(text);
    ASSERT_EQ(readsAs(p.negative, p.digits, p.fractionDigits), i128(raw));
    EXPECT_EQ(p.negative, raw < 0) << "no \"-0\"";
    if (p.fractionDigits > 0) {
        EXPECT_NE(int(p.digits % 10), 0) << "no trailing zero";
        EXPECT_FALSE(someDecimalWith(p.fractionDigits - 1, raw)) << "a shorter text reads back";
    }
    // Within the range maps accept (|value| < 2^46), the map loader reads it back too.
    if (raw > -(int64_t(1) << 62) && raw < (int64_t(1) << 62)) {
        jsonnum::Decimal d;
        ASSERT_TRUE(jsonnum::parse(text, &d));
        Fix back;
        ASSERT_EQ(jsonnum::toFix(d, &back), jsonnum::Problem::None);
        EXPECT_EQ(back.raw, raw);
    }
}

TEST(FixShortest, WhatAUserTypedIsWhatTheFileSays) {
    EXPECT_EQ(Fix::fromDouble(0.3).shortest(), "0.3");
    EXPECT_EQ(Fix::fromDouble(0.3).str(), "0.3000030517578125");
    EXPECT_EQ(Fix::fromDouble(-0.3).shortest(), "-0.3");
    EXPECT_EQ(Fix::fromDouble(0.18).shortest(), "0.18");
    EXPECT_EQ(Fix::fromDouble(9.81).shortest(), "9.81");
    EXPECT_EQ(Fix::fromInt(12).shortest(), "12");
    EXPECT_EQ(Fix::fromInt(-7).shortest(), "-7");
    EXPECT_EQ(Fix::ratio(1, 2).shortest(), "0.5");
    EXPECT_EQ(Fix{}.shortest(), "0");
    // 1/65536 = 0.0000152587890625: anything in [0.5, 1.5) / 65536 reads back as it.
    EXPECT_EQ(Fix::fromRaw(1).shortest(), "0.00002");
    EXPECT_EQ(Fix::fromRaw(-1).shortest(), "-0.00002");
    EXPECT_EQ(Fix::fromRaw(3).shortest(), "0.00005");
    EXPECT_EQ(Fix::fromRaw(INT64_MAX).shortest(), "140737488355327.99998");
    EXPECT_EQ(Fix::fromRaw(INT64_MIN).shortest(), "-140737488355328");
}

TEST(FixShortest, EdgeValuesReadBackAndAreShortest) {
    std::vector<int64_t> raws = {
        0,     1,     -1,     2,      -2,     32767,     32768,     32769,         65535,
        65536, 65537, -65535, -65536, -65537, INT64_MAX, INT64_MIN, INT64_MIN + 1, INT64_MAX - 1};
    for (int b = 16; b < 63; ++b)
        for (int64_t d : {-1, 0, 1}) {
            raws.push_back((int64_t(1) << b) + d);
            raws.push_back(-(int64_t(1) << b) + d);
        }
    for (int64_t raw : raws) checkValue(raw);
}

TEST(FixShortest, RandomValuesReadBackAndAreShortest) {
    SplitMix64 rng(19);
    for (int i = 0; i < 200000; ++i) {
        const uint64_t bits = rng.next();
        // Every magnitude class equally often: small parameters as well as huge positions.
        const int shift = int(rng.next() % 64);
        checkValue(int64_t(bits) >> shift);
    }
    // Every fraction of one whole number, and of a large one.
    for (int64_t f = 0; f < 65536; ++f) {
        checkValue(f);
        checkValue(-(int64_t(1) << 40) - f);
    }
}

}  // namespace
}  // namespace ts
