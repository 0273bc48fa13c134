// The hunt's files below the command line: the ignore list's text edits (which the editor's
// Ignore button uses), report.json read back as written (what --merge relies on), a varied
// case's map file carried through a merge, and check's frame-gap rule.
#include <gtest/gtest.h>

#include "hunt/hunt_report.h"
#include "hunt/ignore_list.h"
#include "hunt/trace_check.h"
#include "record/trace_source.h"
#include "test_support.h"

namespace ts {
namespace {

SnagFinding finding(SnagKind kind, const std::string& feature, uint8_t dir, int64_t frame) {
    SnagFinding f;
    f.kind = kind;
    f.actorName = "hero";
    f.frame = frame;
    f.x = 68;
    f.y = 48;
    f.dir = dir;
    f.feature = MapFeature{"brush", 5, 3, feature};
    f.detail = "stopped \"here\" | there";
    f.inputs.runs = {{frame + 1, KEY_R}};
    return f;
}

TEST(HuntIgnoreList, KeysAreWholeLinesAndCommentsWholeLines) {
    const SnagFinding a = finding(SnagKind::Lip, "brush #1 at (80,62) 16x2", DIR_RIGHT, 40);
    EXPECT_EQ(a.key(), "lip|hero|brush #1 at (80,62) 16x2|2");
    std::string text = ignoreListWith("", a, "a ledge");
    EXPECT_EQ(parseIgnoreList(text), std::vector<std::string>{a.key()});
    EXPECT_NE(text.find("# lip, hero, frame 40: a ledge\n" + a.key() + "\n"), std::string::npos)
        << text;
    EXPECT_EQ(ignoreListWith(text, a, "again"), text);  // once only
    const SnagFinding b = finding(SnagKind::Stuck, "tile (3,4)", DIR_LEFT, 9);
    text = ignoreListWith(text, b, "");
    EXPECT_EQ(parseIgnoreList(text), (std::vector<std::string>{a.key(), b.key()}));
    // Trailing spaces and CRLF do not change a key; '#' inside a key is part of it.
    EXPECT_EQ(parseIgnoreList("  " + a.key() + " \r\n# x\n\n"), std::vector<std::string>{a.key()});
    const std::string without = ignoreListWithout(text, a.key());
    EXPECT_EQ(parseIgnoreList(without), std::vector<std::string>{b.key()});
    EXPECT_EQ(without.find("a ledge"), std::string::npos) << without;  // its comment went too
    std::vector<SnagFinding> fs = {a, b};
    EXPECT_EQ(dropIgnored({b.key()}, &fs), 1u);
    ASSERT_EQ(fs.size(), 1u);
    EXPECT_EQ(fs[0].key(), a.key());
}

TEST(HuntIgnoreList, FileBesideTheMap) {
    const std::string dir = test::tempDir();
    const std::string path = ignoreListPath(dir + "/level.json");
    EXPECT_EQ(path, dir + "/level.json.snagignore");
    std::vector<std::string> keys = {"stale"};
    std::string error;
    ASSERT_TRUE(loadIgnoreList(path, &keys, &error)) << error;  // missing: empty
    EXPECT_TRUE(keys.empty());
    const SnagFinding a = finding(SnagKind::Snag, "seam between cells (1,4) and (2,4)", 2, 5);
    ASSERT_TRUE(addToIgnoreList(path, a, "known", &error)) << error;
    ASSERT_TRUE(loadIgnoreList(path, &keys, &error));
    EXPECT_EQ(keys, std::vector<std::string>{a.key()});
    ASSERT_TRUE(removeFromIgnoreList(path, a.key(), &error)) << error;
    ASSERT_TRUE(loadIgnoreList(path, &keys, &error));
    EXPECT_TRUE(keys.empty());
}

TEST(HuntReportFiles, ReportReadsBackAsWrittenAndMergesVariedCases) {
    const std::string dir = test::tempDir();
    HuntReport r;
    r.map = "maps/a b.json";
    r.seed = 9;
    r.flags = {"--seed", "9"};
    r.outDir = dir;
    r.framesExplored = 1234;
    r.cells = 56;
    r.actors = {"hero"};
    r.kinds = snagBit(SnagKind::Lip) | snagBit(SnagKind::Stuck);
    SnagFinding varied = finding(SnagKind::Stuck, "tile (3,4)", DIR_LEFT, 9);
    varied.variedSpawn = true;
    varied.spawnX = -3;
    varied.spawnY = 40;
    varied.variedParams = true;
    varied.params[2] = Fix::fromRaw(-98305);
    r.findings = {varied, finding(SnagKind::Lip, "brush #1 at (80,62) 16x2", DIR_RIGHT, 40)};
    r.caseMaps = {"{\"map\":1}", ""};
    for (size_t i = 0; i < r.findings.size(); ++i)
        test::writeFile(dir + "/" + huntCaseLogName(i), formatInputLog(r.findings[i].inputs));
    test::writeFile(dir + "/case-1.map.json", r.caseMaps[0]);
    test::writeFile(dir + "/report.json", huntReportJson(r));
    // The repro of a varied case opens its own map; the other the original, quoted.
    EXPECT_EQ(huntRepro(r, 0), "tilestep " + dir + "/case-1.map.json --inputs " + dir +
                                   "/case-1.tas --actor hero --frame 10");
    EXPECT_EQ(huntRepro(r, 1),
              "tilestep 'maps/a b.json' --inputs " + dir + "/case-2.tas --actor hero --frame 41");

    // A plugin the map needs goes into every repro line.
    HuntReport withPlugin = r;
    withPlugin.mapArgs = {"--plugin", "my plugin.so"};
    EXPECT_EQ(huntRepro(withPlugin, 1),
              "tilestep 'maps/a b.json' --plugin 'my plugin.so' --inputs " + dir +
                  "/case-2.tas --actor hero --frame 41");

    HuntReport back;
    std::string error;
    ASSERT_TRUE(readHuntReport(dir, &back, &error)) << error;
    EXPECT_EQ(back.map, r.map);
    EXPECT_EQ(back.seed, 9u);
    EXPECT_EQ(back.flags, r.flags);
    r.mapArgs = {"--level", "Cave"};
    test::writeFile(dir + "/report.json", huntReportJson(r));
    ASSERT_TRUE(readHuntReport(dir, &back, &error)) << error;
    EXPECT_EQ(back.mapArgs, r.mapArgs);
    EXPECT_EQ(back.kinds, r.kinds);
    EXPECT_EQ(back.framesExplored, 1234);
    ASSERT_EQ(back.findings.size(), 2u);
    for (size_t i = 0; i < 2; ++i) {
        EXPECT_EQ(back.findings[i].key(), r.findings[i].key());
        EXPECT_EQ(back.findings[i].detail, r.findings[i].detail);
        EXPECT_EQ(back.findings[i].inputs, r.findings[i].inputs);
        EXPECT_EQ(back.findings[i].frame, r.findings[i].frame);
        EXPECT_EQ(back.findings[i].feature.cx, 5);
    }
    EXPECT_TRUE(back.findings[0].variedSpawn);
    EXPECT_EQ(back.findings[0].spawnX, -3);
    EXPECT_EQ(back.findings[0].params[2].raw, -98305);
    EXPECT_EQ(back.caseMaps, r.caseMaps);

    // Merging a report with itself keeps each key once, in report order (kind first).
    HuntReport merged;
    ASSERT_TRUE(mergeHuntReports({back, back}, &merged, &error)) << error;
    ASSERT_EQ(merged.findings.size(), 2u);
    EXPECT_EQ(merged.findings[0].kind, SnagKind::Stuck);
    EXPECT_EQ(merged.caseMaps[0], "{\"map\":1}");
    EXPECT_EQ(merged.framesExplored, 2468);
    HuntReport other = back;
    other.map = "maps/b.json";
    EXPECT_FALSE(mergeHuntReports({back, other}, &merged, &error));
    EXPECT_NE(error.find("maps/b.json"), std::string::npos) << error;

    // A report naming a case outside its folder is refused.
    std::string text = huntReportJson(r);
    text.replace(text.find("\"case-2.tas\""), 12, "\"/tmp/x.tas\"");
    test::writeFile(dir + "/report.json", text);
    EXPECT_FALSE(readHuntReport(dir, &back, &error));
    EXPECT_NE(error.find("findings[1].inputs"), std::string::npos) << error;
}

TEST(HuntTraceCheck, AGapInAnActorsFramesStartsItsDetectorsOver) {
    Map m =
        test::mapFromRows({"##########", "#........#", "#........#", "#........#", "##########"});
    m.actors = {test::makeActor("hero", MoverKind::PixelSweep, 50, 48, 12, 16)};
    const auto lines = [](std::initializer_list<int> frames) {
        std::string t =
            "{\"tilestep_trace\":1,\"actors\":[{\"name\":\"hero\",\"w\":12,\"h\":16}]}\n";
        for (int f : frames)
            t += "{\"frame\":" + std::to_string(f) +
                 ",\"actor\":\"hero\",\"x\":50,\"y\":48,\"grounded\":true,\"keys\":\"R\"}\n";
        return t;
    };
    const auto findings = [&](const std::string& text) {
        std::string error;
        std::unique_ptr<TraceSource> src = traceSourceFromText(text, "t.jsonl", &error);
        EXPECT_TRUE(src) << error;
        TraceCheckResult r;
        EXPECT_TRUE(checkTrace(m, *src, "t.jsonl", kAllSnagKinds, {}, &r, &error)) << error;
        return r.findings.size();
    };
    EXPECT_EQ(findings(lines({0, 1, 2, 3})), 1u);        // three still steps: stuck
    EXPECT_EQ(findings(lines({0, 1, 2, 10, 11})), 0u);   // 2 steps, a gap, 1 step
    EXPECT_EQ(findings(lines({0, 1, 5, 6, 7, 8})), 1u);  // three after the gap
}

}  // namespace
}  // namespace ts
