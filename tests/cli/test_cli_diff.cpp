// `tilestep diff A B`: exit 0 and a summary for the same run, exit 1 and the first frame and
// field that differ, exit 2 for a bad trace or command line. The traces are written here by
// hand, so every expected message is known without running the program.
#include <gtest/gtest.h>

#include "io/map_io.h"
#include "test_support.h"

namespace ts {
namespace {

using test::runTilestep;

const std::string kHeader = "{\"tilestep_trace\":1,\"tile_size\":16,\"rate\":60}\n";

std::string state(int frame, const std::string& actor, const std::string& x,
                  const std::string& extra = "") {
    return "{\"frame\":" + std::to_string(frame) + ",\"actor\":\"" + actor + "\",\"x\":" + x +
           ",\"y\":2" + extra + "}\n";
}

std::string probe(int frame, const std::string& actor, const std::string& verdict) {
    return "{\"frame\":" + std::to_string(frame) + ",\"actor\":\"" + actor +
           "\",\"probe\":{\"kind\":\"point\",\"verdict\":\"" + verdict +
           "\",\"why\":\"ground\",\"x\":1,\"y\":2}}\n";
}

struct CliDiff : ::testing::Test {
    std::string dir = test::tempDir();
    std::string a = dir + "/a.jsonl", b = dir + "/b.jsonl";
    test::CommandResult diff(const std::string& textA, const std::string& textB) {
        test::writeFile(a, textA);
        test::writeFile(b, textB);
        return runTilestep("diff " + a + " " + b);
    }
};

TEST_F(CliDiff, TheSameRunIsTheSame) {
    const std::string t = kHeader + state(0, "hero", "1") + probe(0, "hero", "hit") +
                          state(0, "crate", "5") + state(1, "hero", "1.5");
    // Another header and 1.50 for 1.5: the same values.
    auto r =
        diff(t, "{\"tilestep_trace\":1,\"map\":\"elsewhere.json\"}\n" + state(0, "hero", "1") +
                    probe(0, "hero", "hit") + state(0, "crate", "5") + state(1, "hero", "1.50"));
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(r.out, "same: 2 frames, 2 actors\n");
    EXPECT_EQ(r.err, "");
}

TEST_F(CliDiff, FirstDifferentFieldWithItsLines) {
    const std::string start = kHeader + state(0, "hero", "1") + state(0, "crate", "5");
    auto r =
        diff(start + state(1, "hero", "2") + state(1, "crate", "5") + state(2, "hero", "9"),
             start + state(1, "hero", "2") + state(1, "crate", "5.25") + state(2, "hero", "7"));
    EXPECT_EQ(r.exitCode, 1) << r.err;
    EXPECT_EQ(r.out, "frame 1, actor \"crate\", field \"x\": 5 (" + a + " line 5) vs 5.25 (" + b +
                         " line 5)\n");
}

TEST_F(CliDiff, AFieldOnlyOneSideHas) {
    auto r = diff(kHeader + state(0, "hero", "1", ",\"grounded\":true"),
                  kHeader + state(0, "hero", "1"));
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_EQ(r.out, "frame 0, actor \"hero\", field \"grounded\": true (" + a +
                         " line 2) vs (none) (" + b + " line 2)\n");
}

TEST_F(CliDiff, ProbesCompareInOrder) {
    const std::string s = kHeader + state(0, "hero", "1");
    auto r = diff(s + probe(0, "hero", "hit") + probe(0, "hero", "miss"),
                  s + probe(0, "hero", "hit") + probe(0, "hero", "hit"));
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_EQ(r.out, "frame 0, actor \"hero\", field \"probe 2.verdict\": miss (" + a +
                         " line 4) vs hit (" + b + " line 4)\n");
    r = diff(s + probe(0, "hero", "hit"), s);
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_EQ(r.out,
              "frame 0, actor \"hero\", field \"probe 1\": "
              "{\"kind\":\"point\",\"verdict\":\"hit\",\"why\":\"ground\",\"x\":1,\"y\":2} (" +
                  a + " line 3) vs (none) (" + b + ")\n");
}

TEST_F(CliDiff, OneTraceLonger) {
    const std::string s = kHeader + state(0, "hero", "1");
    auto r = diff(s, s + state(1, "hero", "1"));
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_EQ(r.out, "frame 1, field \"frames\": ends after 1 frames (" + a + ") vs goes on (" + b +
                         ")\n");
}

TEST_F(CliDiff, BadTracesAndCommandLinesExitTwo) {
    auto r = diff(kHeader + "{\"frame\":0,\"actor\":\"hero\",\"x\":1}\n", kHeader);
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err, "tilestep diff: " + a + ": line 2: field \"y\": missing\n");
    r = runTilestep("diff " + a);
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_EQ(r.err,
              "tilestep diff: expects two traces A.jsonl B.jsonl (try tilestep diff --help)\n");
    test::writeFile(a, kHeader);
    r = runTilestep("diff " + a + " " + dir + "/none.jsonl");
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_EQ(r.err, "tilestep diff: " + dir +
                         "/none.jsonl: cannot read the trace (No such file or directory)\n");
}

TEST_F(CliDiff, RunTracesOfTheSameMapAndLogAreTheSame) {
    Map m = test::mapFromRows({"##########", "#........#", "##########"});
    m.actors = {test::makeActor("hero", MoverKind::PixelSweep, 20, 4, 8, 8)};
    saveMap(m, dir + "/m.json");
    saveMap(m, dir + "/copy.json");
    test::writeFile(dir + "/walk.log", "20,R\n");
    auto run = [&](const std::string& map, const std::string& out, int frames) {
        return runTilestep("run " + dir + "/" + map + " --frames " + std::to_string(frames) +
                           " --probes --inputs " + dir + "/walk.log --trace " + out)
            .exitCode;
    };
    ASSERT_EQ(run("m.json", a, 30), 0);
    ASSERT_EQ(run("copy.json", b, 30), 0);
    EXPECT_EQ(runTilestep("diff " + a + " " + b).exitCode, 0);
    ASSERT_EQ(run("m.json", b, 29), 0);
    EXPECT_EQ(runTilestep("diff " + a + " " + b).exitCode, 1);
}

}  // namespace
}  // namespace ts
