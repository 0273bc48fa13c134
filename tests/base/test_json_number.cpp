// core/base/json_number.h on its own: the exact decimal conversions behind the map loader's number
// fields (tests/io/test_map_numbers.cpp checks them through whole maps).
#include <gtest/gtest.h>

#include <climits>

#include "base/json_number.h"

namespace ts {
namespace {

TEST(JsonNumber, ConversionsAtTheEdges) {
    jsonnum::Decimal d;
    int64_t i = 0;
    ASSERT_TRUE(jsonnum::parse("-9223372036854775808", &d));
    EXPECT_EQ(jsonnum::toInteger(d, INT64_MIN, INT64_MAX, &i), jsonnum::Problem::None);
    EXPECT_EQ(i, INT64_MIN);
    ASSERT_TRUE(jsonnum::parse("9223372036854775808", &d));
    EXPECT_EQ(jsonnum::toInteger(d, INT64_MIN, INT64_MAX, &i), jsonnum::Problem::OutOfRange);
    ASSERT_TRUE(jsonnum::parse("1e99999999999999999999999", &d));
    EXPECT_EQ(jsonnum::toInteger(d, INT64_MIN, INT64_MAX, &i), jsonnum::Problem::OutOfRange);
    Fix f;
    ASSERT_TRUE(jsonnum::parse("-1.5", &d));
    EXPECT_EQ(jsonnum::toFix(d, &f), jsonnum::Problem::None);
    EXPECT_EQ(f.raw, -98304);
    // Halves round away from zero on both sides.
    ASSERT_TRUE(jsonnum::parse("-0.00000762939453125", &d));  // -1/131072
    EXPECT_EQ(jsonnum::toFix(d, &f), jsonnum::Problem::None);
    EXPECT_EQ(f.raw, -1);
    ASSERT_TRUE(jsonnum::parse("0.00000762939453124", &d));
    EXPECT_EQ(jsonnum::toFix(d, &f), jsonnum::Problem::None);
    EXPECT_EQ(f.raw, 0);
    ASSERT_TRUE(jsonnum::parse("70368744177663.99999", &d));  // 2^46 - 0.00001
    EXPECT_EQ(jsonnum::toFix(d, &f), jsonnum::Problem::None);
    EXPECT_EQ(f.raw, (int64_t(1) << 62) - 1);
    ASSERT_TRUE(jsonnum::parse("70368744177663.999999", &d));  // rounds to 2^46
    EXPECT_EQ(jsonnum::toFix(d, &f), jsonnum::Problem::OutOfRange);
    ASSERT_TRUE(jsonnum::parse("NaN", &d));
    EXPECT_EQ(jsonnum::toFix(d, &f), jsonnum::Problem::NaN);
    for (const char* bad : {"", "-", "01", "1.", ".5", "1e", "1e+", "+1", "--1", "-NaN", "1x"})
        EXPECT_FALSE(jsonnum::parse(bad, &d)) << bad;
}

}  // namespace
}  // namespace ts
