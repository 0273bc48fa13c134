// `tilestep hunt`: exit codes, report.json's schema, case files that replay through `run` to
// the finding, --merge of shards, --junit, the ignore list and bad command lines. The maps are
// a small room where a walking hero meets a 2-px brush (a lip: the pixel-sweep hero climbs
// 1 px) and the same room without it.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <pugixml.hpp>
#include <set>
#include <sstream>

#include "base/json_document.h"
#include "io/map_io.h"
#include "test_support.h"

namespace ts {
namespace {

using test::runTilestep;

std::string q(const std::string& s) {
    return "'" + s + "'";
}

// A 10 x 5 room, floor top at y = 64; the hero (12 x 16) stands on it at x = 20. With the
// lip: a brush 16 x 2 on the floor at x 80..96, so walking right stops at x = 68 (68 + 12 =
// 80) and walking left from beyond it stops at x = 96.
Map room(bool lip) {
    Map m =
        test::mapFromRows({"##########", "#........#", "#........#", "#........#", "##########"});
    if (lip) m.brushes.push_back(Brush{RectI{80, 62, 16, 2}});
    m.actors = {test::makeActor("hero", MoverKind::PixelSweep, 20, 48, 12, 16)};
    return m;
}

struct Finding {
    std::string kind, actor, feature, detail, inputs, repro, key;
    int64_t frame = -1, x = 0, y = 0, dir = 0;
};

int64_t num(const rapidjson::Value& v) {
    EXPECT_TRUE(json::isNumber(v));
    return json::isNumber(v) ? std::stoll(json::numberText(v)) : -1;
}
std::string str(const rapidjson::Value& v) {
    EXPECT_TRUE(json::isText(v));
    return json::isText(v) ? std::string(v.GetString(), v.GetStringLength()) : "";
}

// report.json read independently of core/hunt's reader, checking the documented schema.
std::vector<Finding> readReport(const std::string& dir, std::string* map = nullptr) {
    rapidjson::Document doc;
    json::ParseFailure pf;
    const std::string text = test::readFile(dir + "/report.json");
    EXPECT_TRUE(json::parse(text, doc, &pf)) << pf.problem << "\n" << text;
    std::vector<Finding> out;
    if (!doc.IsObject()) return out;
    for (const char* k : {"tilestep_hunt", "seed", "frames_explored", "cells", "ignored"})
        EXPECT_TRUE(doc.HasMember(k) && json::isNumber(doc[k])) << k;
    for (const char* k : {"flags", "actors", "kinds", "findings"})
        EXPECT_TRUE(doc.HasMember(k) && doc[k].IsArray()) << k;
    EXPECT_TRUE(doc.HasMember("map") && json::isText(doc["map"]));
    if (map) *map = str(doc["map"]);
    if (!doc.HasMember("findings") || !doc["findings"].IsArray()) return out;
    for (const auto& v : doc["findings"].GetArray()) {
        Finding f;
        f.kind = str(v["kind"]);
        f.actor = str(v["actor"]);
        f.frame = num(v["frame"]);
        f.x = num(v["x"]);
        f.y = num(v["y"]);
        f.dir = num(v["dir"]);
        EXPECT_TRUE(v["feature"].IsObject());
        f.feature = str(v["feature"]["text"]);
        EXPECT_FALSE(str(v["feature"]["kind"]).empty());
        f.detail = str(v["detail"]);
        f.inputs = str(v["inputs"]);
        f.repro = str(v["repro"]);
        f.key = str(v["key"]);
        out.push_back(f);
    }
    return out;
}

std::set<std::string> keys(const std::vector<Finding>& fs) {
    std::set<std::string> s;
    for (const Finding& f : fs) s.insert(f.key);
    return s;
}

// The x of `run`'s trace line of `frame`.
int64_t traceX(const std::string& trace, int64_t frame) {
    std::istringstream in(trace);
    const std::string tag = "{\"frame\":" + std::to_string(frame) + ",";
    for (std::string l; std::getline(in, l);)
        if (l.rfind(tag, 0) == 0 && l.find("\"probe\"") == std::string::npos) {
            const size_t at = l.find("\"x\":") + 4;
            return std::stoll(l.substr(at, l.find_first_of(",}", at) - at));
        }
    ADD_FAILURE() << "no line of frame " << frame;
    return -1;
}

struct CliHunt : ::testing::Test {
    std::string dir = test::tempDir();
    std::string lipMap = dir + "/lip.json";
    std::string cleanMap = dir + "/clean.json";
    void SetUp() override {
        saveMap(room(true), lipMap);
        saveMap(room(false), cleanMap);
    }
    test::CommandResult hunt(const std::string& map, const std::string& out,
                             const std::string& more = "") {
        return runTilestep("hunt " + q(map) + " --frames 30000 --jobs 2 --out " + q(out) + " " +
                           more);
    }
};

TEST_F(CliHunt, CleanRoomExitsZeroWithAnEmptyReport) {
    const test::CommandResult r = hunt(cleanMap, dir + "/out");
    EXPECT_EQ(r.exitCode, 0) << r.out << r.err;
    EXPECT_TRUE(readReport(dir + "/out").empty());
    EXPECT_TRUE(std::filesystem::exists(dir + "/out/report.md"));
    EXPECT_NE(r.out.find("0 findings"), std::string::npos) << r.out;
}

TEST_F(CliHunt, LipIsReportedAndEachCaseReplaysThroughRun) {
    const std::string out = dir + "/out";
    const test::CommandResult r = hunt(lipMap, out);
    ASSERT_EQ(r.exitCode, 4) << r.out << r.err;
    const std::vector<Finding> fs = readReport(out);
    // Both sides of the brush: walking right into x 80 and walking left into x 96.
    ASSERT_EQ(fs.size(), 2u) << r.out;
    std::set<int64_t> stops;
    for (size_t i = 0; i < fs.size(); ++i) {
        const Finding& f = fs[i];
        EXPECT_EQ(f.kind, "lip");
        EXPECT_EQ(f.actor, "hero");
        EXPECT_NE(f.feature.find("brush"), std::string::npos) << f.feature;
        EXPECT_EQ(f.inputs, "case-" + std::to_string(i + 1) + ".tas");
        const std::string log = out + "/" + f.inputs;
        ASSERT_TRUE(std::filesystem::exists(log));
        EXPECT_EQ(f.repro, "tilestep " + lipMap + " --inputs " + log + " --actor hero --frame " +
                               std::to_string(f.frame + 1));
        // The log replays in `run` to a stop against the brush at the finding's frame.
        const test::CommandResult run =
            runTilestep("run " + q(lipMap) + " --frames " + std::to_string(f.frame + 1) +
                        " --inputs " + q(log));
        ASSERT_EQ(run.exitCode, 0) << run.err;
        const int64_t x = traceX(run.out, f.frame);
        EXPECT_EQ(x, f.x);
        EXPECT_EQ(x, f.dir == 2 ? 68 : 96) << "dir " << f.dir;
        stops.insert(x);
    }
    EXPECT_EQ(stops, (std::set<int64_t>{68, 96}));
}

TEST_F(CliHunt, TheSameSeedGivesTheSameReportOnAnyThreadCount) {
    // --jobs and --out are in the report's flags: compare from "frames_explored" on.
    const auto tail = [](const std::string& text) {
        return text.substr(text.find("\"frames_explored\""));
    };
    ASSERT_EQ(hunt(lipMap, dir + "/a", "--seed 3").exitCode, 4);
    ASSERT_EQ(runTilestep("hunt " + q(lipMap) + " --frames 30000 --jobs 1 --seed 3 --out " +
                          q(dir + "/b"))
                  .exitCode,
              4);
    const std::string a = test::readFile(dir + "/a/report.json");
    std::string b = test::readFile(dir + "/b/report.json");
    for (size_t at; (at = b.find(dir + "/b/")) != std::string::npos;)
        b.replace(at, dir.size() + 3, dir + "/a/");  // the repro lines name their folder
    EXPECT_EQ(tail(a), tail(b));
    EXPECT_EQ(test::readFile(dir + "/a/case-1.tas"), test::readFile(dir + "/b/case-1.tas"));
}

TEST_F(CliHunt, ShardsMergeToTheUnshardedFindings) {
    ASSERT_EQ(hunt(lipMap, dir + "/all", "--seed 7").exitCode, 4);
    const test::CommandResult s1 = hunt(lipMap, dir + "/s1", "--seed 7 --shard 1/2");
    const test::CommandResult s2 = hunt(lipMap, dir + "/s2", "--seed 7 --shard 2/2");
    ASSERT_TRUE(s1.exitCode == 0 || s1.exitCode == 4) << s1.err;
    ASSERT_TRUE(s2.exitCode == 0 || s2.exitCode == 4) << s2.err;
    const test::CommandResult m = runTilestep("hunt --merge " + q(dir + "/s1") + " " +
                                              q(dir + "/s2") + " --out " + q(dir + "/merged"));
    ASSERT_EQ(m.exitCode, 4) << m.out << m.err;
    const std::vector<Finding> merged = readReport(dir + "/merged");
    // The merged report's flags are a shard's without its --shard.
    const std::string mergedText = test::readFile(dir + "/merged/report.json");
    EXPECT_EQ(mergedText.find("--shard"), std::string::npos) << mergedText;
    EXPECT_NE(mergedText.find("\"--seed\", \"7\""), std::string::npos) << mergedText;
    EXPECT_EQ(keys(merged), keys(readReport(dir + "/all")));
    // Each merged case is its own file in the merged folder, renumbered.
    for (size_t i = 0; i < merged.size(); ++i)
        EXPECT_EQ(test::readFile(dir + "/merged/" + merged[i].inputs).empty(), false);
    EXPECT_EQ(merged.size(), keys(merged).size());
}

TEST_F(CliHunt, JunitHasATestcasePerKindAndAFailurePerFinding) {
    const std::string junit = dir + "/junit.xml";
    ASSERT_EQ(hunt(lipMap, dir + "/out", "--junit " + q(junit)).exitCode, 4);
    pugi::xml_document doc;
    const pugi::xml_parse_result parsed = doc.load_file(junit.c_str());
    ASSERT_TRUE(parsed) << parsed.description();
    size_t cases = 0, failures = 0;
    for (pugi::xpath_node n : doc.select_nodes("//testcase")) {
        ++cases;
        for (pugi::xml_node f : n.node().children("failure")) {
            ++failures;
            EXPECT_STREQ(n.node().attribute("name").value(), "lip");
            EXPECT_NE(std::string(f.attribute("message").value()).find("brush"), std::string::npos);
        }
    }
    EXPECT_EQ(cases, 9u);  // one actor, nine kinds
    EXPECT_EQ(failures, 2u);
}

TEST_F(CliHunt, IgnoreListBesideTheMapIsHonoured) {
    ASSERT_EQ(hunt(lipMap, dir + "/out").exitCode, 4);
    const std::vector<Finding> fs = readReport(dir + "/out");
    ASSERT_EQ(fs.size(), 2u);
    test::writeFile(lipMap + ".snagignore",
                    "# the brush is meant to stop walking\n" + fs[0].key + "\n");
    test::CommandResult r = hunt(lipMap, dir + "/out");
    EXPECT_EQ(r.exitCode, 4);
    std::vector<Finding> left = readReport(dir + "/out");
    ASSERT_EQ(left.size(), 1u);
    EXPECT_EQ(left[0].key, fs[1].key);
    EXPECT_NE(r.out.find("1 more ignored"), std::string::npos) << r.out;
    // The first run's case-2 is gone: a stale case would read as this hunt's.
    EXPECT_FALSE(std::filesystem::exists(dir + "/out/case-2.tas"));
    test::writeFile(lipMap + ".snagignore", fs[0].key + "\n" + fs[1].key + "\n");
    r = hunt(lipMap, dir + "/out");
    EXPECT_EQ(r.exitCode, 0) << r.out;
    EXPECT_TRUE(readReport(dir + "/out").empty());
}

TEST_F(CliHunt, BadCommandLinesExitTwo) {
    const std::string out = " --out " + q(dir + "/out");
    for (const std::string& args :
         {"hunt " + q(lipMap) + " --for stuck,wobble" + out,
          "hunt " + q(lipMap) + " --shard 3/2" + out, "hunt " + q(lipMap) + " --shard 0/2" + out,
          "hunt " + q(lipMap) + " --shard 2" + out, "hunt " + q(lipMap) + " --vary speed" + out,
          "hunt " + q(lipMap) + " --frames x" + out, "hunt " + q(lipMap) + " --bogus" + out,
          "hunt" + out, "hunt --merge" + out, "hunt --merge " + q(dir) + " --seed 3" + out}) {
        const test::CommandResult r = runTilestep(args);
        EXPECT_EQ(r.exitCode, 2) << args << "\n" << r.err;
        EXPECT_NE(r.err.find("tilestep hunt:"), std::string::npos) << r.err;
    }
    EXPECT_NE(runTilestep("hunt " + q(lipMap) + " --for wobble" + out).err.find("wobble"),
              std::string::npos);
    // Outputs never over an input: --junit the map, or the map in --out under a report name.
    EXPECT_EQ(runTilestep("hunt " + q(lipMap) + " --junit " + q(lipMap) + out).exitCode, 2);
    std::filesystem::create_directories(dir + "/o2");
    saveMap(room(true), dir + "/o2/report.json");
    const test::CommandResult clash =
        runTilestep("hunt " + q(dir + "/o2/report.json") + " --frames 100 --out " + q(dir + "/o2"));
    EXPECT_EQ(clash.exitCode, 2) << clash.err;
    EXPECT_NO_THROW(loadMap(dir + "/o2/report.json"));
    EXPECT_FALSE(std::filesystem::exists(dir + "/out"));
}

// --vary: the map's own spawn and parameters are hunted too (a lip is still found on it), and
// every case found with a moved spawn or drawn parameters comes with its own map, which loads
// and on which the case's log runs.
TEST_F(CliHunt, VariedCasesComeWithTheirOwnMap) {
    const std::string out = dir + "/out";
    const test::CommandResult r = hunt(lipMap, out, "--vary spawn,params");
    ASSERT_EQ(r.exitCode, 4) << r.out << r.err;
    const std::vector<Finding> fs = readReport(out);
    size_t own = 0;
    for (size_t i = 0; i < fs.size(); ++i) {
        const std::string n = std::to_string(i + 1);
        const std::string caseMap = out + "/case-" + n + ".map.json";
        if (!std::filesystem::exists(caseMap)) {
            ++own;
            continue;
        }
        EXPECT_EQ(runTilestep("validate " + q(caseMap)).exitCode, 0) << caseMap;
        const test::CommandResult run =
            runTilestep("run " + q(caseMap) + " --frames " + std::to_string(fs[i].frame + 1) +
                        " --inputs " + q(out + "/case-" + n + ".tas"));
        EXPECT_EQ(run.exitCode, 0) << run.err;
    }
    EXPECT_GE(own, 1u) << r.out;
}

TEST_F(CliHunt, BadFilesExitOneNamingTheFile) {
    const std::string out = " --frames 100 --out " + q(dir + "/out");
    const std::string missing = dir + "/nope.json";
    test::CommandResult r = runTilestep("hunt " + q(missing) + out);
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find(missing), std::string::npos) << r.err;
    const std::string badLog = dir + "/bad.tas";
    test::writeFile(badLog, "3,R\nten,L\n");
    r = runTilestep("hunt " + q(lipMap) + " --inputs " + q(badLog) + out);
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find(badLog), std::string::npos) << r.err;
    r = runTilestep("hunt " + q(lipMap) + " --actor villain" + out);
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("villain"), std::string::npos) << r.err;
    r = runTilestep("hunt --merge " + q(dir + "/none") + " --out " + q(dir + "/m"));
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find(dir + "/none/report.json"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace ts
