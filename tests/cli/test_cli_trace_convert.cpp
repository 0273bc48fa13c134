// `tilestep convert` between the trace forms, `run --trace OUT.tstrace`, and `diff` / `view`'s
// reader over .tstrace: every sample map's run with probes goes JSON -> .tstrace -> JSON to
// the same bytes, run writes the same .tstrace convert does, diff of the two forms finds them
// the same and names the same lines, and a mangled .tstrace is a clear error.
#include <gtest/gtest.h>

#include "test_support.h"

namespace ts {
namespace {

using test::runTilestep;

struct CliTraceConvert : ::testing::Test {
    std::string dir = test::tempDir();
};

TEST_F(CliTraceConvert, EverySampleRunRoundTripsToTheSameBytes) {
    const std::vector<std::string> maps = test::sampleMapPaths();
    ASSERT_GE(maps.size(), 4u);
    for (const std::string& map : maps) {
        SCOPED_TRACE(map);
        const std::string json = dir + "/run.jsonl", compact = dir + "/run.tstrace",
                          back = dir + "/back.jsonl", direct = dir + "/direct.tstrace";
        auto r = runTilestep("run " + map + " --frames 400 --probes --trace " + json);
        ASSERT_EQ(r.exitCode, 0) << r.err;
        r = runTilestep("convert " + json + " " + compact);
        ASSERT_EQ(r.exitCode, 0) << r.err;
        EXPECT_EQ(r.out, json + " (JSON lines trace) -> " + compact + " (compact trace)\n");
        r = runTilestep("convert " + compact + " " + back);
        ASSERT_EQ(r.exitCode, 0) << r.err;
        const std::string original = test::readFile(json);
        EXPECT_TRUE(test::readFile(back) == original);
        r = runTilestep("run " + map + " --frames 400 --probes --trace " + direct);
        ASSERT_EQ(r.exitCode, 0) << r.err;
        EXPECT_TRUE(test::readFile(direct) == test::readFile(compact));
        EXPECT_LT(test::readFile(direct).size() * 3, original.size());
        r = runTilestep("diff " + json + " " + direct);
        EXPECT_EQ(r.exitCode, 0) << r.out << r.err;
        EXPECT_EQ(r.out.rfind("same: 400 frames, ", 0), 0u) << r.out;
    }
}

TEST_F(CliTraceConvert, DiffNamesTheSameLinesInBothForms) {
    const std::string a = dir + "/a.jsonl", b = dir + "/b.jsonl", bc = dir + "/b.tstrace";
    const std::string head = "{\"tilestep_trace\":1,\"tile_size\":16,\"rate\":60,\"actors\":[]}\n";
    test::writeFile(a, head + "{\"frame\":0,\"actor\":\"hero\",\"x\":1,\"y\":2}\n" +
                           "{\"frame\":1,\"actor\":\"hero\",\"x\":1.5,\"y\":2}\n");
    test::writeFile(b, head + "{\"frame\":0,\"actor\":\"hero\",\"x\":1,\"y\":2}\n" +
                           "{\"frame\":1,\"actor\":\"hero\",\"x\":1.75,\"y\":2}\n");
    ASSERT_EQ(runTilestep("convert " + b + " " + bc).exitCode, 0);
    auto r = runTilestep("diff " + a + " " + bc);
    EXPECT_EQ(r.exitCode, 1) << r.err;
    EXPECT_EQ(r.out, "frame 1, actor \"hero\", field \"x\": 1.5 (" + a + " line 3) vs 1.75 (" + bc +
                         " line 3)\n");
}

TEST_F(CliTraceConvert, AMangledTstraceIsAClearError) {
    const std::string json = dir + "/t.jsonl", compact = dir + "/t.tstrace",
                      cut = dir + "/cut.tstrace";
    ASSERT_EQ(
        runTilestep("run " + test::sampleMapPaths()[0] + " --frames 50 --trace " + json).exitCode,
        0);
    ASSERT_EQ(runTilestep("convert " + json + " " + compact).exitCode, 0);
    const std::string bytes = test::readFile(compact);
    test::writeFile(cut, bytes.substr(0, bytes.size() - 3));
    auto r = runTilestep("convert " + cut + " " + dir + "/out.jsonl");
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find(cut + ": offset "), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("truncated?"), std::string::npos) << r.err;
    r = runTilestep("diff " + json + " " + cut);
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find(cut + ": offset "), std::string::npos) << r.err;
    // A map and a trace do not convert into each other.
    r = runTilestep("convert " + json + " " + dir + "/m.json");
    EXPECT_EQ(r.exitCode, 2);
}

}  // namespace
}  // namespace ts
