// `tilestep run`: the trace format, frame numbering, actor order, which actor the input log
// drives, --probes lines, --trace files, determinism and every error path. The movers are
// still being written, so nothing here depends on how far an actor moves: only on whether
// its x changes.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>

#include <set>
#include <sstream>

#include "io/map_io.h"
#include "bounded_wait.h"
#include "test_support.h"

namespace ts {
namespace {

using test::runTilestep;

std::string q(const std::string& s) {
    return "'" + s + "'";
}

std::vector<std::string> lines(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string l; std::getline(in, l);) out.push_back(l);
    return out;
}

// The raw text of a top-level field: `"key":VALUE` up to the next ',' or '}' (enough for the
// numbers, booleans and plain strings of a trace line).
std::string field(const std::string& line, const std::string& key) {
    std::string tag = "\"" + key + "\":";
    size_t at = line.find(tag);
    if (at == std::string::npos) return "<missing>";
    size_t start = at + tag.size();
    size_t end = line.find_first_of(",}", start);
    return line.substr(start, end - start);
}

bool isProbeLine(const std::string& l) {
    return l.find(",\"probe\":{") != std::string::npos;
}

// An open 16 x 10 room with a solid border; three actors far enough apart that a few
// frames of walking right never makes them meet.
Map openRoom() {
    std::vector<std::string> rows(10, "#..............#");
    rows.front() = rows.back() = std::string(16, '#');
    Map m = test::mapFromRows(rows);
    m.actors = {test::makeActor("hero", MoverKind::TopDownAabb, 40, 40, 10, 10),
                test::makeActor("guard", MoverKind::TopDownAabb, 40, 100, 10, 10),
                test::makeActor("blob", MoverKind::GridWalls, 136, 72, 10, 10)};
    return m;
}

struct CliRun : ::testing::Test {
    std::string dir = test::tempDir();
    std::string mapPath = dir + "/room.json";
    std::string logPath = dir + "/walk.log";
    void SetUp() override {
        saveMap(openRoom(), mapPath);
        test::writeFile(logPath, "# walk right\n5,R\n");
    }
    test::CommandResult run(const std::string& args) {
        return runTilestep("run " + q(mapPath) + " " + args);
    }
    // x of every line of one actor, in frame order.
    static std::vector<std::string> xs(const std::string& out, const std::string& actor) {
        std::vector<std::string> v;
        for (const std::string& l : lines(out))
            if (!isProbeLine(l) && field(l, "actor") == "\"" + actor + "\"")
                v.push_back(field(l, "x"));
        return v;
    }
};

TEST_F(CliRun, OneLinePerActorPerFrameInMapOrder) {
    auto r = run("--frames 4");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(r.err, "");
    auto ls = lines(r.out);
    ASSERT_EQ(ls.size(), 13u);
    // The header first (docs/trace-format.md), worked out by hand from openRoom().
    EXPECT_EQ(ls[0], "{\"tilestep_trace\":1,\"map\":\"" + mapPath +
                         "\",\"width\":16,\"height\":10,\"tile_size\":16,\"rate\":60,"
                         "\"actors\":[{\"name\":\"hero\",\"mover\":\"topdown_aabb\",\"w\":10,"
                         "\"h\":10,\"round\":false},{\"name\":\"guard\",\"mover\":\"topdown_aabb\","
                         "\"w\":10,\"h\":10,\"round\":false},{\"name\":\"blob\",\"mover\":"
                         "\"grid_walls\",\"w\":10,\"h\":10,\"round\":true}]}");
    ls.erase(ls.begin());
    const char* names[] = {"hero", "guard", "blob"};
    for (size_t i = 0; i < ls.size(); ++i) {
        std::string prefix =
            "{\"frame\":" + std::to_string(i / 3) + ",\"actor\":\"" + names[i % 3] + "\",\"x\":";
        EXPECT_EQ(ls[i].rfind(prefix, 0), 0u) << ls[i];
        EXPECT_EQ(ls[i].back(), '}') << ls[i];
        for (const char* key : {"y", "vx", "vy", "grounded", "facing", "pushing"})
            EXPECT_NE(field(ls[i], key), "<missing>") << key << " in " << ls[i];
    }
}

TEST_F(CliRun, ZeroFramesPrintOnlyTheHeader) {
    auto r = run("--frames 0");
    EXPECT_EQ(r.exitCode, 0) << r.err;
    auto ls = lines(r.out);
    ASSERT_EQ(ls.size(), 1u) << r.out;
    EXPECT_EQ(ls[0].rfind("{\"tilestep_trace\":1,", 0), 0u) << ls[0];
}

TEST_F(CliRun, WithoutALogNobodyMoves) {
    // No keys for anyone: the top-down and grid movers have no gravity, so no x changes.
    auto r = run("--frames 6");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    for (const char* actor : {"hero", "guard", "blob"}) {
        auto x = xs(r.out, actor);
        ASSERT_EQ(x.size(), 6u);
        for (const std::string& v : x) EXPECT_EQ(v, x.front()) << actor;
    }
}

TEST_F(CliRun, TheLogDrivesTheFirstActorByDefault) {
    auto r = run("--frames 8 --inputs " + q(logPath));
    ASSERT_EQ(r.exitCode, 0) << r.err;
    auto hero = xs(r.out, "hero");
    ASSERT_EQ(hero.size(), 8u);
    EXPECT_NE(hero[4], "40") << "hero should have walked right";
    // Frames 5..7 are past the end of the log: no keys, so hero stops where it got to.
    EXPECT_EQ(hero[7], hero[5]);
    for (const char* other : {"guard", "blob"}) {
        auto x = xs(r.out, other);
        for (const std::string& v : x) EXPECT_EQ(v, x.front()) << other;
    }
}

TEST_F(CliRun, ActorPicksWhoTheLogDrives) {
    auto r = run("--frames 8 --actor guard --inputs " + q(logPath));
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(xs(r.out, "guard")[4], "40");
    for (const char* other : {"hero", "blob"}) {
        auto x = xs(r.out, other);
        for (const std::string& v : x) EXPECT_EQ(v, x.front()) << other;
    }
}

TEST_F(CliRun, SameInputsGiveTheSameBytes) {
    std::string args = "--frames 40 --probes --actor blob --inputs " + q(logPath);
    auto a = run(args);
    auto b = run(args);
    ASSERT_EQ(a.exitCode, 0) << a.err;
    EXPECT_FALSE(a.out.empty());
    EXPECT_EQ(a.out, b.out);
    // The binary form of the same map runs the same.
    std::string tsmap = dir + "/room.tsmap";
    saveMap(openRoom(), tsmap);
    // The header names the map file; everything after it is the same.
    auto afterHeader = [](const std::string& s) { return s.substr(s.find('\n') + 1); };
    EXPECT_EQ(afterHeader(runTilestep("run " + q(tsmap) + " " + args).out), afterHeader(a.out));
}

TEST_F(CliRun, TraceFileHoldsWhatStdoutWouldShow) {
    auto toStdout = run("--frames 10 --probes --inputs " + q(logPath));
    std::string out = dir + "/trace.jsonl";
    auto toFile = run("--frames 10 --probes --inputs " + q(logPath) + " --trace " + q(out));
    ASSERT_EQ(toFile.exitCode, 0) << toFile.err;
    EXPECT_EQ(toFile.out, "");
    EXPECT_EQ(test::readFile(out), toStdout.out);
    auto dash = run("--frames 10 --probes --inputs " + q(logPath) + " --trace -");
    EXPECT_EQ(dash.out, toStdout.out);
}

TEST_F(CliRun, ProbeLinesFollowTheirActorsStateLine) {
    auto plain = run("--frames 6 --inputs " + q(logPath));
    auto r = run("--frames 6 --probes --inputs " + q(logPath));
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const std::set<std::string> kinds = {"\"point\"", "\"rect\"",  "\"segment\"", "\"cell\"",
                                         "\"band\"",  "\"arrow\"", "\"value\""};
    const std::set<std::string> verdicts = {"\"miss\"", "\"hit\"", "\"pass\"", "\"block\"",
                                            "\"info\""};
    std::string withoutProbes, frame, actor;
    size_t probeCount = 0;
    for (const std::string& l : lines(r.out)) {
        if (!isProbeLine(l)) {
            withoutProbes += l + "\n";
            frame = field(l, "frame");
            actor = field(l, "actor");
            continue;
        }
        ++probeCount;
        // {"frame":F,"actor":"NAME","probe":{"kind":..,"verdict":..,"why":..,...}}
        EXPECT_EQ(l.rfind("{\"frame\":" + frame + ",\"actor\":" + actor + ",\"probe\":{", 0), 0u)
            << l;
        EXPECT_EQ(l.substr(l.size() - 2), "}}") << l;
        std::string probe = l.substr(l.find("\"probe\":{") + 8);
        EXPECT_EQ(kinds.count(field(probe, "kind")), 1u) << l;
        EXPECT_EQ(verdicts.count(field(probe, "verdict")), 1u) << l;
        EXPECT_NE(field(probe, "why"), "<missing>") << l;
    }
    // The hero walked, so its mover looked at something.
    EXPECT_GT(probeCount, 0u);
    EXPECT_EQ(withoutProbes, plain.out);
}

TEST_F(CliRun, BadFrameCountsAreUsageErrors) {
    struct Case {
        std::string args, err;
    };
    const std::string hint = " (try tilestep run --help)\n";
    const Case cases[] = {
        {"", "tilestep run: missing --frames N" + hint},
        {"--frames", "tilestep run: option --frames needs a value" + hint},
        {"--frames -5", "tilestep run: --frames: '-5' is negative" + hint},
        {"--frames abc", "tilestep run: --frames: 'abc' is not a whole number" + hint},
        {"--frames 2.5", "tilestep run: --frames: '2.5' is not a whole number" + hint},
        {"--frames 1e3", "tilestep run: --frames: '1e3' is not a whole number" + hint},
        {"--frames 1000000001",
         "tilestep run: --frames: '1000000001' is outside 0..1000000000" + hint},
        {"--frames 3 --frames 4", "tilestep run: option --frames given twice" + hint},
        {"--frames 3 --bogus", "tilestep run: unknown option '--bogus'" + hint},
        {"--frames 3 --probes=yes", "tilestep run: option --probes takes no value" + hint},
        {"--frames 3 " + q(mapPath), "tilestep run: expects exactly one MAP" + hint},
    };
    for (const Case& c : cases) {
        auto r = run(c.args);
        EXPECT_EQ(r.exitCode, 2) << c.args;
        EXPECT_EQ(r.err, c.err) << c.args;
        EXPECT_EQ(r.out, "") << c.args;
    }
    auto noMap = runTilestep("run --frames 3");
    EXPECT_EQ(noMap.exitCode, 2);
    EXPECT_EQ(noMap.err, "tilestep run: expects exactly one MAP" + hint);
}

TEST_F(CliRun, BadFilesAndNamesExitOne) {
    auto unknown = run("--frames 3 --actor nobody");
    EXPECT_EQ(unknown.exitCode, 1);
    EXPECT_EQ(unknown.err, "tilestep run: " + mapPath +
                               ": no actor named 'nobody' (actors: hero, guard, blob)\n");
    EXPECT_EQ(unknown.out, "");

    test::writeFile(dir + "/bad.log", "5,R\n3,R,Q\n");
    auto badLog = run("--frames 3 --inputs " + q(dir + "/bad.log"));
    EXPECT_EQ(badLog.exitCode, 1);
    EXPECT_EQ(badLog.err, "tilestep run: " + dir +
                              "/bad.log: line 2: unknown key \"Q\" (keys are L R U D J)\n");
    EXPECT_EQ(badLog.out, "");

    auto missingLog = run("--frames 3 --inputs " + q(dir + "/none.log"));
    EXPECT_EQ(missingLog.exitCode, 1);
    EXPECT_EQ(missingLog.err,
              "tilestep run: " + dir + "/none.log: cannot open: No such file or directory\n");

    auto missingMap = runTilestep("run " + q(dir + "/none.json") + " --frames 3");
    EXPECT_EQ(missingMap.exitCode, 1);
    EXPECT_EQ(missingMap.err.rfind("tilestep run: " + dir + "/none.json", 0), 0u) << missingMap.err;

    auto badTrace = run("--frames 3 --trace " + q(dir + "/no/such/dir/t.jsonl"));
    EXPECT_EQ(badTrace.exitCode, 1);
    EXPECT_EQ(badTrace.err.rfind("tilestep run: " + dir + "/no/such/dir/t.jsonl: cannot write", 0),
              0u)
        << badTrace.err;

    auto overwrite = run("--frames 3 --trace " + q(mapPath));
    EXPECT_EQ(overwrite.exitCode, 2);
    EXPECT_NE(test::readFile(mapPath), "");
}

TEST_F(CliRun, AMapWithoutActorsHasNothingToRun) {
    std::string empty = dir + "/empty.json";
    saveMap(Map::blank(4, 4), empty);
    auto r = runTilestep("run " + q(empty) + " --frames 3");
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_EQ(r.err, "tilestep run: " + empty + ": the map has no actors, nothing to run\n");
    EXPECT_EQ(r.out, "");
}

TEST_F(CliRun, WriteErrorsAreReported) {
    // /dev/full accepts the open and fails every write (ENOSPC), as a full disk would.
    auto r = run("--frames 50 --trace /dev/full");
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_EQ(r.err.rfind("tilestep run: /dev/full: write failed", 0), 0u) << r.err;
}

TEST_F(CliRun, ARunKilledHalfWayLeavesThePreviousTrace) {
    // The trace is written to a temporary beside OUT and renamed over it only when complete:
    // a run killed while writing (here: SIGKILL once a megabyte is out) leaves OUT as it was.
    const std::string out = dir + "/walk.jsonl";
    test::writeFile(out, "the previous trace\n");
    const pid_t child = ::fork();
    if (child == 0) {
        const std::string frames = "1000000000";
        ::execl(TILESTEP_BINARY, TILESTEP_BINARY, "run", mapPath.c_str(), "--frames",
                frames.c_str(), "--trace", out.c_str(), static_cast<char*>(nullptr));
        ::_exit(127);
    }
    ASSERT_GT(child, 0);
    // Wait (up to 60 s) for a temporary holding a megabyte of trace. With the atomic writer
    // broken the trace streams into OUT itself, without end: the wait stops once any file
    // here passes 16 MiB, and OUT is read only as far as the expected text.
    std::string temporary, why;
    const test::WaitEnd end = test::waitBounded(
        [&] {
            for (const auto& e : std::filesystem::directory_iterator(dir))
                if (e.path().filename().string().rfind(".tilestep-", 0) == 0 &&
                    test::fileSize(e.path().string()) > (1u << 20))
                    temporary = e.path();
            return !temporary.empty();
        },
        {dir}, test::kMaxWatchedFileBytes, 60000, &why);
    ::kill(child, SIGKILL);
    int status = 0;
    ::waitpid(child, &status, 0);
    EXPECT_EQ(end, test::WaitEnd::Ready)
        << "the run never wrote a temporary beside " << out << ": " << why;
    EXPECT_EQ(test::readFileAtMost(out, 64), "the previous trace\n");
}

TEST_F(CliRun, ACompletedRunReplacesThePreviousTraceAndLeavesNoTemporary) {
    const std::string out = dir + "/walk.jsonl";
    test::writeFile(out, "the previous trace\n");
    ::chmod(out.c_str(), 0640);
    auto r = run("--frames 3 --trace " + q(out));
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(test::readFile(out), run("--frames 3").out);
    struct stat st {};
    ASSERT_EQ(::stat(out.c_str(), &st), 0);
    EXPECT_EQ(st.st_mode & 0777, 0640u) << "the replaced file's mode is kept";
    for (const auto& e : std::filesystem::directory_iterator(dir))
        EXPECT_NE(e.path().filename().string().rfind(".tilestep-", 0), 0u) << e.path();
}

}  // namespace
}  // namespace ts
