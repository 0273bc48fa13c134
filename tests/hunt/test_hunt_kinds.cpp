// Kind names, the --for list, a finding's identity, and the hunt's option errors.
#include <gtest/gtest.h>

#include "broken_movers.h"
#include "hunt/hunt.h"
#include "test_support.h"

namespace ts {
namespace {

TEST(HuntKinds, ListsParseToMasks) {
    uint32_t mask = 0;
    std::string error;
    ASSERT_TRUE(parseSnagKinds("all", &mask, &error)) << error;
    EXPECT_EQ(mask, 0x1FFu);  // nine kinds
    ASSERT_TRUE(parseSnagKinds("stuck,lip,fault", &mask, &error)) << error;
    EXPECT_EQ(mask, 1u | 8u | 256u);
    EXPECT_FALSE(parseSnagKinds("stuck,wobble", &mask, &error));
    EXPECT_NE(error.find("unknown kind \"wobble\""), std::string::npos) << error;
    EXPECT_FALSE(parseSnagKinds("stuck,", &mask, &error));
    EXPECT_NE(error.find("empty kind"), std::string::npos) << error;
    EXPECT_STREQ(snagKindName(SnagKind::Tunnel), "tunnel");
}

TEST(HuntKinds, KeyIsKindActorFeatureAndDirection) {
    SnagFinding f;
    f.kind = SnagKind::Snag;
    f.actorName = "hero";
    f.feature.text = "seam between cells (1,3) and (2,3)";
    f.dir = DIR_RIGHT;
    EXPECT_EQ(f.key(), "snag|hero|seam between cells (1,3) and (2,3)|2");
}

Map room() {
    Map m = test::mapFromRows({"########", "#......#", "#......#", "########"});
    m.actors.push_back(
        test::makeActor("hero", test::brokenMover(test::Defect::Jitter), 40, 20, 12, 12));
    return m;
}

TEST(HuntKinds, BadOptionsAreErrors) {
    const Map m = room();
    HuntOptions opt;
    opt.frames = 1000;
    HuntResult r;
    std::string error;
    opt.actors = {"villain"};
    EXPECT_FALSE(huntMap(m, opt, &r, &error));
    EXPECT_EQ(error, "no actor named 'villain' in the map");
    opt.actors.clear();
    opt.shardIndex = 2;
    opt.shardCount = 2;
    EXPECT_FALSE(huntMap(m, opt, &r, &error));
    EXPECT_EQ(error, "shard 2/2 is not one of 0..1");
}

// Two shards draw different tasks from the same seed, each the same on every run.
TEST(HuntKinds, ShardsSplitTheTasks) {
    const Map m = room();
    auto cells = [&](int shard) {
        HuntOptions opt;
        opt.frames = 20000;
        opt.jobs = 1;
        opt.shardIndex = shard;
        opt.shardCount = 2;
        opt.kinds = 0;
        HuntResult r;
        std::string error;
        EXPECT_TRUE(huntMap(m, opt, &r, &error)) << error;
        return r.coverage.visits;
    };
    EXPECT_EQ(cells(0), cells(0));
    EXPECT_NE(cells(0), cells(1));
}

}  // namespace
}  // namespace ts

namespace ts {
namespace {

// --vary: a defect the map's own spawn cannot reach (the actor is walled in a one-cell pocket)
// is found from a varied spawn, which the finding carries and recheckFinding uses.
TEST(HuntKinds, VaryingTheSpawnReachesWhatTheMapsSpawnCannot) {
    Map m = test::mapFromRows({"##########",  //
                               "#.########",  //
                               "##.......#",  //
                               "#........#",  //
                               "##########"});
    m.actors.push_back(
        test::makeActor("hero", test::brokenMover(test::Defect::Seam), 18, 18, 12, 12));
    auto hunt = [&](bool vary) {
        HuntOptions opt;
        opt.frames = 80000;
        opt.jobs = 1;
        opt.varySpawn = vary;
        opt.varyParams = vary;
        HuntResult r;
        std::string error;
        EXPECT_TRUE(huntMap(m, opt, &r, &error)) << error;
        return r;
    };
    EXPECT_TRUE(hunt(false).findings.empty());
    const HuntResult r = hunt(true);
    bool stuck = false;
    for (const SnagFinding& f : r.findings) {
        EXPECT_TRUE(f.variedSpawn) << f.key();
        std::string why;
        EXPECT_TRUE(recheckFinding(m, f, &why)) << f.key() << ": " << why;
        stuck = stuck || (f.kind == SnagKind::Stuck && f.feature.kind == "seam");
    }
    EXPECT_TRUE(stuck);
}

// --vary: where a variant trips the same finding key as the map's own spawn and parameters, the
// map's own case is the one reported (it reproduces on the user's map as it is). The room's
// floor has one seam (between cells (1,3) and (2,3), x = 32) and the seam mover stops there
// walking right with its box's bottom on the floor: from any spawn in the 2 x 2-cell room the
// same key, "stuck|hero|seam between cells (1,3) and (2,3)|2" (worked out from the rows).
TEST(HuntKinds, VaryKeepsTheMapsOwnCaseForTheSameKey) {
    const std::string key = "stuck|hero|seam between cells (1,3) and (2,3)|2";
    auto hunt = [&](int64_t x, int64_t y, bool vary) {
        Map m = test::mapFromRows({"####",  //
                                   "#..#",  //
                                   "#..#",  //
                                   "####"});
        m.actors.push_back(
            test::makeActor("hero", test::brokenMover(test::Defect::Seam), x, y, 12, 12));
        HuntOptions opt;
        opt.frames = 40000;
        opt.jobs = 1;
        opt.kinds = snagBit(SnagKind::Stuck);
        opt.varySpawn = vary;
        HuntResult r;
        std::string error;
        EXPECT_TRUE(huntMap(m, opt, &r, &error)) << error;
        return r.findings;
    };
    // Without --vary, from two different spawns: the one key (so a varied spawn trips it too).
    for (const auto& at : {std::pair<int64_t, int64_t>{16, 16}, {34, 34}}) {
        const std::vector<SnagFinding> own = hunt(at.first, at.second, false);
        ASSERT_EQ(own.size(), 1u);
        EXPECT_EQ(own[0].key(), key);
        // Stopped with the box's right edge on the seam and its bottom on the floor.
        EXPECT_EQ(own[0].x, 32 - 12);
        EXPECT_EQ(own[0].y, 48 - 12);
    }
    const std::vector<SnagFinding> varied = hunt(16, 16, true);
    ASSERT_EQ(varied.size(), 1u);
    EXPECT_EQ(varied[0].key(), key);
    EXPECT_EQ(varied[0].x, 32 - 12);
    EXPECT_FALSE(varied[0].variedSpawn) << varied[0].spawnX << "," << varied[0].spawnY;
    EXPECT_FALSE(varied[0].variedParams);
}

}  // namespace
}  // namespace ts
