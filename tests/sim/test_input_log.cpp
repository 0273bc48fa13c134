// Input logs: parsing (the TAS-style `COUNT,KEY,...` lines), every rejected line with the
// line number in its message, formatting, lookup by frame and loading from files.
#include <gtest/gtest.h>

#include "sim/input_log.h"
#include "test_support.h"

namespace ts {
namespace {

InputLog parseOk(const std::string& text) {
    InputLog log;
    std::string error;
    EXPECT_TRUE(parseInputLog(text, &log, &error)) << error;
    return log;
}

std::string parseError(const std::string& text) {
    InputLog log;
    std::string error;
    EXPECT_FALSE(parseInputLog(text, &log, &error)) << "accepted: " << text;
    return error;
}

TEST(InputLogParse, ReadsRunsOfFramesWithTheirKeys) {
    InputLog log = parseOk("30,R\n8,R,J\n12\n");
    ASSERT_EQ(log.runs.size(), 3u);
    EXPECT_EQ(log.runs[0], (InputRun{30, KEY_R}));
    EXPECT_EQ(log.runs[1], (InputRun{8, InputBits(KEY_R | KEY_J)}));
    EXPECT_EQ(log.runs[2], (InputRun{12, 0}));
    EXPECT_EQ(log.frames(), 50);
}

TEST(InputLogParse, EveryKeyHasItsOwnBitInAnyOrder) {
    EXPECT_EQ(parseOk("1,L").runs[0].keys, KEY_L);
    EXPECT_EQ(parseOk("1,R").runs[0].keys, KEY_R);
    EXPECT_EQ(parseOk("1,U").runs[0].keys, KEY_U);
    EXPECT_EQ(parseOk("1,D").runs[0].keys, KEY_D);
    EXPECT_EQ(parseOk("1,J").runs[0].keys, KEY_J);
    EXPECT_EQ(parseOk("1,J,D,U,R,L").runs[0].keys, KEY_L | KEY_R | KEY_U | KEY_D | KEY_J);
}

TEST(InputLogParse, SkipsCommentsBlankLinesAndSpaces) {
    InputLog log = parseOk(
        "# a jump over the gap\n"
        "\n"
        "   \t\n"
        "  10 , L  # walk left\r\n"
        "5,U,J#no space before the comment\n"
        "# 99,R is commented out\n");
    ASSERT_EQ(log.runs.size(), 2u);
    EXPECT_EQ(log.runs[0], (InputRun{10, KEY_L}));
    EXPECT_EQ(log.runs[1], (InputRun{5, InputBits(KEY_U | KEY_J)}));
}

TEST(InputLogParse, AcceptsAByteOrderMarkAndNoFinalNewline) {
    InputLog log = parseOk(
        "\xEF\xBB\xBF"
        "3,D\n4,R");
    ASSERT_EQ(log.runs.size(), 2u);
    EXPECT_EQ(log.runs[0], (InputRun{3, KEY_D}));
    EXPECT_EQ(log.runs[1], (InputRun{4, KEY_R}));
}

TEST(InputLogParse, EmptyTextIsAnEmptyLog) {
    EXPECT_TRUE(parseOk("").runs.empty());
    EXPECT_TRUE(parseOk("# only a comment\n\n").runs.empty());
}

TEST(InputLogParse, BadCountsNameTheirLine) {
    // Line numbers count comment and blank lines too, as an editor shows them.
    EXPECT_EQ(parseError("# c\n\n5,R\n0,R\n"), "line 4: frame count must be at least 1");
    EXPECT_EQ(parseError("-3,R"), "line 1: frame count \"-3\" is not a positive whole number");
    EXPECT_EQ(parseError("2,R\nabc"), "line 2: frame count \"abc\" is not a positive whole number");
    EXPECT_EQ(parseError("3.5,R"), "line 1: frame count \"3.5\" is not a positive whole number");
    EXPECT_EQ(parseError("1e3,R"), "line 1: frame count \"1e3\" is not a positive whole number");
    EXPECT_EQ(parseError(",R"), "line 1: frame count \"\" is not a positive whole number");
    EXPECT_EQ(parseError("+4,R"), "line 1: frame count \"+4\" is not a positive whole number");
    EXPECT_EQ(parseError("R,30"), "line 1: frame count \"R\" is not a positive whole number");
}

TEST(InputLogParse, BadKeysNameTheirLine) {
    EXPECT_EQ(parseError("1,R\n5,X"), "line 2: unknown key \"X\" (keys are L R U D J)");
    EXPECT_EQ(parseError("5,r"), "line 1: unknown key \"r\" (keys are L R U D J)");
    EXPECT_EQ(parseError("5,RJ"), "line 1: unknown key \"RJ\" (keys are L R U D J)");
    EXPECT_EQ(parseError("5,R,"), "line 1: unknown key \"\" (keys are L R U D J)");
    EXPECT_EQ(parseError("5,,R"), "line 1: unknown key \"\" (keys are L R U D J)");
    EXPECT_EQ(parseError("5,R,J,R"), "line 1: key R listed twice");
}

TEST(InputLogParse, RejectsLogsLongerThanTheLimitWithoutOverflow) {
    // 2^40 = 1099511627776 frames is the limit; 999999999999 (12 digits) twice exceeds it.
    EXPECT_EQ(parseError("999999999999\n999999999999\n"),
              "line 2: the log is longer than 2^40 frames");
    // 13 digits are refused outright rather than risking overflow in the sum.
    EXPECT_EQ(parseError("1000000000000,R"),
              "line 1: frame count \"1000000000000\" is not a positive whole number");
    EXPECT_EQ(parseOk("999999999999,R").frames(), 999999999999);
}

TEST(InputLogParse, EchoesGarbageShortAndPrintable) {
    std::string garbage(5000, 'x');
    garbage[3] = '\x01';
    std::string error = parseError(garbage + ",R");
    EXPECT_EQ(error,
              "line 1: frame count \"xxx?xxxxxxxxxxxxxxxxxxxx...\" is not a positive whole "
              "number");
}

TEST(InputLogLookup, AtGivesEachFramesKeysAndNothingOutsideTheLog) {
    InputLog log = parseOk("2,R\n1,J\n3");
    EXPECT_EQ(log.at(-1), 0);
    EXPECT_EQ(log.at(0), KEY_R);
    EXPECT_EQ(log.at(1), KEY_R);
    EXPECT_EQ(log.at(2), KEY_J);
    EXPECT_EQ(log.at(3), 0);
    EXPECT_EQ(log.at(5), 0);
    EXPECT_EQ(log.at(6), 0);
    EXPECT_EQ(log.at(1000), 0);
}

TEST(InputLogLookup, CursorWalksTheSameKeysAsAt) {
    InputLog log = parseOk("2,R\n1,J\n3\n4,L,U\n1,D");
    InputCursor cursor(log);
    for (int64_t f = 0; f < log.frames() + 5; ++f) EXPECT_EQ(cursor.next(), log.at(f)) << f;
    InputLog empty;
    InputCursor none(empty);
    EXPECT_EQ(none.next(), 0);
    EXPECT_EQ(none.next(), 0);
}

TEST(InputLogFormat, WritesKeysInLRUDJOrder) {
    EXPECT_EQ(keysText(0), "");
    EXPECT_EQ(keysText(KEY_J | KEY_L), "L,J");
    EXPECT_EQ(keysText(KEY_L | KEY_R | KEY_U | KEY_D | KEY_J), "L,R,U,D,J");
    EXPECT_EQ(formatInputLog(parseOk("# c\n30,R\n8,J,R\n 12 \n")), "30,R\n8,R,J\n12\n");
}

TEST(InputLogFormat, FormatThenParseGivesTheSameLog) {
    InputLog log;
    for (int i = 0; i < 200; ++i) log.push(InputBits((i / 7) % 32));
    InputLog back = parseOk(formatInputLog(log));
    EXPECT_EQ(back, log);
    EXPECT_EQ(back.frames(), 200);
}

TEST(InputLogFormat, PushMergesEqualNeighbours) {
    InputLog log;
    log.push(KEY_R);
    log.push(KEY_R);
    log.push(0);
    log.push(KEY_R);
    ASSERT_EQ(log.runs.size(), 3u);
    EXPECT_EQ(log.runs[0], (InputRun{2, KEY_R}));
    EXPECT_EQ(log.runs[1], (InputRun{1, 0}));
    EXPECT_EQ(log.runs[2], (InputRun{1, KEY_R}));
}

TEST(InputLogFile, LoadsAFile) {
    std::string path = test::tempDir() + "/walk.log";
    test::writeFile(path, "30,R\n8,R,J\n");
    InputLog log;
    std::string error;
    ASSERT_TRUE(loadInputLog(path, &log, &error)) << error;
    EXPECT_EQ(log.frames(), 38);
}

TEST(InputLogFile, ErrorsNameTheFileAndLine) {
    std::string dir = test::tempDir();
    InputLog log;
    std::string error;
    test::writeFile(dir + "/bad.log", "30,R\n\n8,Q\n");
    EXPECT_FALSE(loadInputLog(dir + "/bad.log", &log, &error));
    EXPECT_EQ(error, dir + "/bad.log: line 3: unknown key \"Q\" (keys are L R U D J)");

    EXPECT_FALSE(loadInputLog(dir + "/missing.log", &log, &error));
    EXPECT_EQ(error, dir + "/missing.log: cannot open: No such file or directory");

    EXPECT_FALSE(loadInputLog(dir, &log, &error));
    EXPECT_EQ(error, dir + ": is a folder, not an input log");

    test::writeFile(dir + "/binary.log", std::string("3,R\n\0\0\x7f", 7));
    EXPECT_FALSE(loadInputLog(dir + "/binary.log", &log, &error));
    EXPECT_EQ(error, dir + "/binary.log: not a text input log (contains NUL bytes)");
}

TEST(InputLogFile, AFailedLoadLeavesTheLogAlone) {
    std::string path = test::tempDir() + "/bad.log";
    test::writeFile(path, "4,R\n5,Z\n");
    InputLog log = parseOk("7,L");
    std::string error;
    EXPECT_FALSE(loadInputLog(path, &log, &error));
    EXPECT_EQ(log, parseOk("7,L"));
}

}  // namespace
}  // namespace ts
