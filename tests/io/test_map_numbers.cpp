// JSON numbers in map files are read exactly from their text (core/base/json_number.h), and a
// number is never a crash: regression cases found by fuzzing (issue 9), each of which crashed
// or loaded a wrong value through rapidjson's double conversion. Duplicate keys are refused.
#include <gtest/gtest.h>

#include "io/map_io.h"
#include "test_support.h"
#include "map_text.h"
#include "movers/mover.h"

namespace ts {
namespace {

using test::jsonError;
using test::kValidMapJson;
using test::replaced;

// A fractional parameter of pixel_sweep whose range holds 0..1 (from the registry, so that
// the test follows the movers' tables).
int fractionalParam() {
    const MoverInfo& mi = moverInfo(MoverKind::PixelSweep);
    for (int p = 0; p < mi.paramCount; ++p)
        if (!mi.params[p].integer && mi.params[p].min <= 0 && mi.params[p].max >= 1) return p;
    return -1;
}

// The map with the actor's parameter `p` written as `number`.
std::string withParam(int p, const std::string& number) {
    return replaced("\"h\": 16}", std::string("\"h\": 16, \"params\": {\"") +
                                      moverInfo(MoverKind::PixelSweep).params[p].name +
                                      "\": " + number + "}}");
}

Fix loadedParam(int p, const std::string& number) {
    return mapFromJson(withParam(p, number), "t.json").actors[0].params[size_t(p)];
}

TEST(MapNumbers, ThreeHundredFiftyZerosLoadAsZeroInsteadOfCrashing) {
    // "0." and 349 zeros: a SIGSEGV in rapidjson's full-precision conversion.
    const std::string zeros = "0." + std::string(349, '0');
    const int p = fractionalParam();
    ASSERT_GE(p, 0);
    EXPECT_EQ(loadedParam(p, zeros).raw, 0);
    Map m = mapFromJson(replaced("\"x\": 8", "\"x\": " + zeros), "t.json");
    EXPECT_EQ(m.actors[0].x, 0);
    // Longer still, and the same as a negative zero and with a one at the end.
    EXPECT_EQ(loadedParam(p, "-0." + std::string(100000, '0')).raw, 0);
    EXPECT_EQ(loadedParam(p, "0." + std::string(100000, '0') + "1").raw, 0);
}

TEST(MapNumbers, ManyDigitsAreReadExactly) {
    const int p = fractionalParam();
    ASSERT_GE(p, 0);
    // Was 0. 0.184467440737095516159 * 65536 = 12089.258..., so 12089/65536.
    EXPECT_EQ(loadedParam(p, "0.184467440737095516159").raw, 12089);
    // 0.5 + 1/131072 exactly is a half step above 0.5: 32768.5 rounds away from zero.
    EXPECT_EQ(loadedParam(p, "0.5000076293945312500").raw, 32769);
    // Just below that half: 32768.4999... rounds down, which a double (0.50000762939453124)
    // cannot tell apart.
    EXPECT_EQ(loadedParam(p, "0.500007629394531249999999999999").raw, 32768);
    // The exact text tilestep writes (Fix::str) reads back bit for bit.
    EXPECT_EQ(loadedParam(p, "0.0000152587890625").raw, 1);
    EXPECT_EQ(loadedParam(p, "0.6667022705078125").raw, 43693);
    // Exponents in every form.
    EXPECT_EQ(loadedParam(p, "2.5e-1").raw, 16384);
    EXPECT_EQ(loadedParam(p, "25E-2").raw, 16384);
    EXPECT_EQ(loadedParam(p, "0.0025e+2").raw, 16384);
}

TEST(MapNumbers, ZeroWithAnyExponentIsZero) {
    const int p = fractionalParam();
    ASSERT_GE(p, 0);
    // 0e100 was "out of range"; 0e308 became -6e-269.
    EXPECT_EQ(loadedParam(p, "0e100").raw, 0);
    EXPECT_EQ(loadedParam(p, "0e308").raw, 0);
    EXPECT_EQ(loadedParam(p, "0.0e-400").raw, 0);
    Map m = mapFromJson(replaced("\"x\": 8", "\"x\": 0e308"), "t.json");
    EXPECT_EQ(m.actors[0].x, 0);
    m = mapFromJson(replaced("\"x\": 8", "\"x\": 0e100"), "t.json");
    EXPECT_EQ(m.actors[0].x, 0);
}

TEST(MapNumbers, HugeNumbersAreOutOfRangeNotNaN) {
    const int p = fractionalParam();
    ASSERT_GE(p, 0);
    const std::string field =
        std::string("t.json: actors[0].params.") + moverInfo(MoverKind::PixelSweep).params[p].name;
    // 2e308 was called NaN.
    EXPECT_EQ(jsonError(withParam(p, "2e308")), field + ": 2e308 is out of range");
    EXPECT_EQ(jsonError(replaced("\"x\": 8", "\"x\": 2e308")),
              "t.json: actors[0].x: 2e308 is outside 0..64");
    EXPECT_EQ(jsonError(replaced("\"x\": 8", "\"x\": -2e308")),
              "t.json: actors[0].x: -2e308 is outside 0..64");
    // Beyond what rapidjson scans: refused with the field named.
    EXPECT_EQ(jsonError(replaced("\"x\": 8", "\"x\": 1e309")),
              "t.json: actors[0].x: the number at line 6, column 60 is too large to read (an "
              "exponent above 308, or more than 308 digits)");
    EXPECT_EQ(jsonError(replaced("\"x\": 8", "\"x\": " + std::string(400, '9')))
                  .find("t.json: actors[0].x: the number at line 6"),
              0u);
    EXPECT_EQ(jsonError(replaced("[\"0 0 0 0\"", "[1e999, \"0 0 0 0\""))
                  .find("t.json: tiles[0]: the number at line 3"),
              0u);
    // A 48.16 value must stay below 2^46 = 70368744177664.
    EXPECT_EQ(jsonError(withParam(p, "70368744177664")),
              field + ": 70368744177664 is out of range");
}

TEST(MapNumbers, IntegersInAnyNotationExactly) {
    Map m = mapFromJson(replaced("\"x\": 8", "\"x\": 0.64e2"), "t.json");
    EXPECT_EQ(m.actors[0].x, 64);
    m = mapFromJson(replaced("\"x\": 8", "\"x\": 640000000000000000000e-19"), "t.json");
    EXPECT_EQ(m.actors[0].x, 64);
    EXPECT_EQ(jsonError(replaced("\"x\": 8", "\"x\": 8.000000000000000000001")),
              "t.json: actors[0].x: expected an integer, got 8.000000000000000000001");
    EXPECT_EQ(jsonError(replaced("\"x\": 8", "\"x\": 1e-400")),
              "t.json: actors[0].x: expected an integer, got 1e-400");
    // Long texts are cut short in messages.
    EXPECT_EQ(jsonError(replaced("\"x\": 8", "\"x\": 8." + std::string(40, '0') + "1")),
              "t.json: actors[0].x: expected an integer, got 8.0000000000000000000000... (43 "
              "characters)");
}

TEST(MapNumbers, DuplicateKeysAreRefusedWithTheKey) {
    // First wins was the old behaviour: the map loaded with width 4.
    EXPECT_EQ(jsonError(replaced("\"width\": 4,", "\"width\": 4, \"width\": 5,")),
              "t.json: duplicate key \"width\" at line 2, column 53");
    EXPECT_EQ(jsonError(replaced("\"x\": 8,", "\"x\": 8, \"x\": 9,")),
              "t.json: actors[0]: duplicate key \"x\" at line 6, column 63");
    EXPECT_EQ(jsonError(replaced("\"w\": 64", "\"w\": 64, \"w\": 64")),
              "t.json: brushes[0]: duplicate key \"w\" at line 5, column 41");
    EXPECT_EQ(jsonError(replaced("\"h\": 16}",
                                 "\"h\": 16, \"params\": {\"gravity\": 1, \"gravity\": 1}}")),
              "t.json: actors[0].params: duplicate key \"gravity\" at line 6, column 114");
    // Escapes: the same key however written; the column is the key's opening quote.
    EXPECT_EQ(jsonError(replaced("\"width\": 4,", "\"width\": 4, \"w\\u0069dth\": 5,")),
              "t.json: duplicate key \"width\" at line 2, column 53");
    EXPECT_EQ(jsonError(replaced("\"hero\"", "\"hero\", \"a\\\"b\": 1, \"a\\\"b\": 1")),
              "t.json: actors[0]: duplicate key \"a\\\"b\" at line 6, column 42");
    // Past 16 keys the keys seen go into a hash set: still found.
    std::string many = "{";
    for (int i = 0; i < 40; ++i)
        many += "\"k" + std::to_string(i) + "\": " + std::to_string(i) + ", ";
    EXPECT_EQ(jsonError(many + "\"k3\": 0}"), "t.json: duplicate key \"k3\" at line 1, column 422");
    // The same key in different objects is fine.
    EXPECT_EQ(jsonError(replaced("\"brushes\": [",
                                 "\"brushes\": [{\"x\": 0, \"y\": 0, \"w\": 1, \"h\": 1}, ")),
              "(loaded)");
}

TEST(MapNumbers, NumbersAreNotStringsAndStringsAreNotNumbers) {
    EXPECT_EQ(jsonError(replaced("\"x\": 8", "\"x\": \"8\"")),
              "t.json: actors[0].x: expected an integer, got a string");
    EXPECT_EQ(jsonError(replaced("\"hero\"", "8")),
              "t.json: actors[0].name: expected a string, got a number");
    EXPECT_EQ(jsonError(replaced("\"0 0 0 0\"", "0")),
              "t.json: tiles[0]: expected a string of tile ids, got a number");
    // A name that starts with the byte that marks numbers internally is invalid UTF-8.
    EXPECT_NE(jsonError(replaced("\"hero\"",
                                 "\"\xff"
                                 "8\""))
                  .find("Invalid encoding"),
              std::string::npos);
}

}  // namespace
}  // namespace ts
