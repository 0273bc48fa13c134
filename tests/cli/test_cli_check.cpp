// `tilestep check MAP TRACE`: the snag detectors over a recorded trace. A hand-written trace
// plants a stuck (right held, the box still for frames 1..3 in an open room) with recorded
// keys and with keys inferred from velocity; a trace `run` recorded of a correct mover walking
// into a wall and back reports nothing; bad traces and command lines give 1 and 2.
#include <gtest/gtest.h>

#include <string>

#include "io/map_io.h"
#include "test_support.h"

namespace ts {
namespace {

using test::runTilestep;

std::string q(const std::string& s) {
    return "'" + s + "'";
}

// A 10 x 5 room, floor top at y = 64; the hero (12 x 16) stands at x = 50: 1 px to its right is
// free (the wall starts at x = 144).
Map room() {
    Map m =
        test::mapFromRows({"##########", "#........#", "#........#", "#........#", "##########"});
    m.actors = {test::makeActor("hero", MoverKind::PixelSweep, 50, 48, 12, 16)};
    return m;
}

const char kHeader[] =
    "{\"tilestep_trace\":1,\"actors\":[{\"name\":\"hero\",\"mover\":\"my_engine\",\"w\":12,"
    "\"h\":16}]}\n";

// Frames 0..4 standing at x = 50 on the floor; `extra` is added to each state line.
std::string standingTrace(const std::string& extra) {
    std::string t = kHeader;
    for (int f = 0; f < 5; ++f)
        t += "{\"frame\":" + std::to_string(f) +
             ",\"actor\":\"hero\",\"x\":50,\"y\":48,\"grounded\":true,\"facing\":\"right\"" +
             extra + "}\n";
    return t;
}

struct CliCheck : ::testing::Test {
    std::string dir = test::tempDir();
    std::string map = dir + "/room.json";
    std::string trace = dir + "/game.jsonl";
    void SetUp() override { saveMap(room(), map); }
    test::CommandResult check(const std::string& more = "") {
        return runTilestep("check " + q(map) + " " + q(trace) + more);
    }
};

TEST_F(CliCheck, FindsAPlantedStuckWithRecordedKeys) {
    test::writeFile(trace, standingTrace(",\"keys\":\"R\""));
    const test::CommandResult r = check();
    EXPECT_EQ(r.exitCode, 4) << r.out << r.err;
    // Steps 1, 2, 3 are the three still ones (frame 0 has no state before it in the trace).
    EXPECT_NE(r.out.find("stuck, actor hero, frame 3 at (50,48)"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("tilestep view " + map + " " + trace + " --frame 3\n"), std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("not shrunk"), std::string::npos) << r.out;
    // Only the stuck kind asked for: the same; a kind that cannot see it: nothing.
    EXPECT_EQ(check(" --for stuck").exitCode, 4);
    EXPECT_EQ(check(" --for tunnel,inside").exitCode, 0);
}

TEST_F(CliCheck, InfersHeldKeysFromVelocityWithoutAKeysField) {
    test::writeFile(trace, standingTrace(",\"vx\":1.5"));
    test::CommandResult r = check();
    EXPECT_EQ(r.exitCode, 4) << r.out << r.err;
    EXPECT_NE(r.out.find("stuck, actor hero, frame 3"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("inferred"), std::string::npos) << r.out;
    // No velocity and no keys: standing still is not stuck.
    test::writeFile(trace, standingTrace(""));
    r = check();
    EXPECT_EQ(r.exitCode, 0) << r.out;
    // Keys recorded as nothing held win over the velocity.
    test::writeFile(trace, standingTrace(",\"vx\":1.5,\"keys\":\"\""));
    EXPECT_EQ(check().exitCode, 0);
}

TEST_F(CliCheck, ACorrectMoversRecordedRunReportsNothing) {
    const std::string log = dir + "/walk.tas";
    // Right into the wall and pushing there, a jump, then left across the room.
    test::writeFile(log, "120,R\n10,R,J\n40,R\n150,L\n20\n");
    for (const char* ext : {".jsonl", ".tstrace"}) {
        trace = dir + "/run" + ext;
        const test::CommandResult run = runTilestep("run " + q(map) + " --frames 340 --inputs " +
                                                    q(log) + " --trace " + q(trace));
        ASSERT_EQ(run.exitCode, 0) << run.err;
        const test::CommandResult r = check();
        EXPECT_EQ(r.exitCode, 0) << ext << "\n" << r.out << r.err;
        EXPECT_NE(r.out.find("0 findings in 339 recorded steps"), std::string::npos) << r.out;
    }
}

TEST_F(CliCheck, IgnoreListAndUnknownActorsAreSaidPlainly) {
    test::writeFile(trace, standingTrace(",\"keys\":\"R\"") +
                               "{\"frame\":5,\"actor\":\"ghost\",\"x\":1,\"y\":1}\n");
    test::CommandResult r = check();
    EXPECT_EQ(r.exitCode, 4);
    EXPECT_NE(r.out.find("actor 'ghost' of the trace is not in the map"), std::string::npos)
        << r.out;
    const std::string key = "stuck|hero|";
    const size_t at = r.out.find("stuck, actor hero");
    ASSERT_NE(at, std::string::npos);
    // The key: kind|actor|feature text|dir (right = 2); the feature text is on the line.
    const size_t from = r.out.find("), ", at) + 3, to = r.out.find(": ", from);
    test::writeFile(map + ".snagignore", "# fine\n" + key + r.out.substr(from, to - from) + "|2\n");
    r = check();
    EXPECT_EQ(r.exitCode, 0) << r.out;
    EXPECT_NE(r.out.find("1 more ignored"), std::string::npos) << r.out;
}

TEST_F(CliCheck, BadInputsNameTheFile) {
    test::writeFile(trace, std::string(kHeader) + "{\"frame\":0,\"actor\":\"hero\",\"x\":\"a\"}\n");
    test::CommandResult r = check();
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find(trace), std::string::npos) << r.err;
    test::writeFile(trace, standingTrace(",\"keys\":\"R,Q\""));
    r = check();
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find(trace + ": line 2: field \"keys\""), std::string::npos) << r.err;
    r = runTilestep("check " + q(dir + "/none.json") + " " + q(trace));
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find(dir + "/none.json"), std::string::npos) << r.err;
    // A trace of another map: no actor in common.
    test::writeFile(trace,
                    "{\"tilestep_trace\":1,\"actors\":[{\"name\":\"zed\"}]}\n"
                    "{\"frame\":0,\"actor\":\"zed\",\"x\":1,\"y\":1}\n");
    r = check();
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find(trace + ": none of its actors is in " + map), std::string::npos) << r.err;
    EXPECT_EQ(runTilestep("check " + q(map)).exitCode, 2);
    EXPECT_EQ(check(" --for wobble").exitCode, 2);
}

}  // namespace
}  // namespace ts
