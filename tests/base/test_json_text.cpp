// The number writers of core/base/json_text.h against independent references: Fix::str (the
// fraction digit by digit) and std::to_string, over every 16-bit fraction and every digit
// count. (tests/record/test_trace_reader.cpp checks hand-worked values and random ones.)
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "base/json_text.h"

namespace ts {
namespace {

std::string fixText(Fix v) {
    char buf[kFixChars];
    return std::string(buf, writeFix(buf, v));
}

std::string intText(int64_t v) {
    char buf[kIntChars];
    return std::string(buf, writeInt(buf, v));
}

TEST(JsonText, EveryFractionIsWrittenAsFixStrWritesIt) {
    const int64_t wholes[] = {0, 1, 9, 10, 12345, (int64_t(1) << 47) - 1};
    for (int64_t whole : wholes)
        for (int64_t f = 0; f < Fix::kOne; ++f)
            for (int64_t sign : {1, -1}) {
                const Fix v = Fix::fromRaw(sign * (whole * Fix::kOne + f));
                ASSERT_EQ(fixText(v), v.str()) << v.raw;
            }
    EXPECT_EQ(fixText(Fix::fromRaw(3)), "0.0000457763671875");  // 3 / 65536, by hand
    EXPECT_EQ(fixText(Fix::fromRaw(-0x8000)), "-0.5");
}

TEST(JsonText, IntegersOfEveryLengthAreWrittenAsToStringWritesThem) {
    for (int64_t p = 1; p > 0 && p <= INT64_MAX / 10; p *= 10)
        for (int64_t v : {p - 1, p, p + 1, 7 * p, -p, -(p - 1)})
            ASSERT_EQ(intText(v), std::to_string(v));
    EXPECT_EQ(intText(INT64_MAX), "9223372036854775807");
    EXPECT_EQ(intText(INT64_MIN), "-9223372036854775808");
    EXPECT_EQ(intText(0), "0");
}

// The short forms (a table below 1000, a register below 10^8) change at each digit count.
TEST(JsonText, EverySmallWholeNumberIsWrittenAsToStringWritesIt) {
    for (int64_t v = 0; v < 200000; ++v) {
        ASSERT_EQ(intText(v), std::to_string(v));
        ASSERT_EQ(intText(-v), std::to_string(-v));
        ASSERT_EQ(fixText(Fix::fromInt(v)), std::to_string(v));
        ASSERT_EQ(fixText(Fix::fromRaw(v * Fix::kOne + 0x4000)), std::to_string(v) + ".25");
    }
    for (int64_t v = 99999000; v < 100001000; ++v) ASSERT_EQ(intText(v), std::to_string(v));
}

}  // namespace
}  // namespace ts
