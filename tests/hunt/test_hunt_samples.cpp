// The correct built-in movers report no mover defect: on every sample map and on random maps
// (a false finding is a failing test). The one level-design finding the samples hold, the
// 2-px brush lip of platformer-slopes (issue 27: `212,R` reproduces it), is found as a lip.
#include <gtest/gtest.h>

#include "hunt/hunt.h"
#include "io/map_io.h"
#include "property.h"
#include "test_support.h"

namespace ts {
namespace {

HuntResult hunt(const Map& m, int64_t frames) {
    HuntOptions opt;
    opt.frames = frames;
    opt.jobs = 2;
    HuntResult r;
    std::string error;
    EXPECT_TRUE(huntMap(m, opt, &r, &error)) << error;
    return r;
}

std::string describe(const SnagFinding& f) {
    return f.key() + " at frame " + std::to_string(f.frame) + ": " + f.detail + "\n" +
           formatInputLog(f.inputs);
}

TEST(HuntSamples, SampleMapsHaveNoMoverDefectsAndTheSlopesLipIsFound) {
    for (const std::string& path : test::sampleMapPaths()) {
        const Map m = loadMap(path);
        const HuntResult r = hunt(m, 600000);
        EXPECT_GE(r.framesExplored, 600000) << path;
        const bool slopes = path.find("platformer-slopes") != std::string::npos;
        bool lip = false;
        for (const SnagFinding& f : r.findings) {
            // The brush is a 2-px rise from either side; the step height is 1 px.
            if (slopes && f.kind == SnagKind::Lip &&
                f.feature.text == "brush #1 at (448,238) 32x2") {
                if (f.dir == DIR_RIGHT) {
                    lip = true;
                    // From the spawn at (20, 224), walking right reaches it: one line.
                    EXPECT_EQ(f.inputs.runs.size(), 1u) << formatInputLog(f.inputs);
                }
                continue;
            }
            ADD_FAILURE() << path << ": " << describe(f);
        }
        if (slopes) {
            EXPECT_TRUE(lip) << "the 2-px brush lip of " << path;
        }
    }
}

// --vary spawn,params: maps/bomber.json with spawns and parameters drawn around its own (issue
// 27: seeds 1, 3 and 7 reported `stuck` where scanline_slide slid a fraction of a pixel round a
// pillar's corner, some from spawns past its tolerance; tests/hunt/test_hunt_stuck.cpp has the
// hand-made cases). Each seed's 3 variants get 100000 frames.
TEST(HuntSamples, BomberWithVariedSpawnsAndParametersHasNoMoverDefects) {
    const Map m = loadMap(test::sourcePath("maps/bomber.json"));
    for (uint64_t seed : {1, 3, 7}) {
        HuntOptions opt;
        opt.frames = 400000;
        opt.jobs = 2;
        opt.seed = seed;
        opt.varySpawn = true;
        opt.varyParams = true;
        HuntResult r;
        std::string error;
        ASSERT_TRUE(huntMap(m, opt, &r, &error)) << error;
        for (const SnagFinding& f : r.findings)
            ADD_FAILURE() << "seed " << seed << ": " << describe(f);
    }
}

TEST(HuntSamples, RandomMapsHaveNoMoverDefects) {
    const MoverKind kinds[] = {MoverKind::PixelSweep, MoverKind::GridWalls, MoverKind::TopDownAabb,
                               MoverKind::ScanlineSlide};
    for (uint64_t seed = 1; seed <= 3; ++seed) {
        Map m = test::randomMap(seed * 101);
        for (size_t i = 0; i < 4; ++i)
            ASSERT_TRUE(test::addActorAtFreeSpot(m, kinds[i], seed * 7 + i, 12, 12,
                                                 "a" + std::to_string(i)));
        const HuntResult r = hunt(m, 200000);
        for (const SnagFinding& f : r.findings)
            if (f.kind != SnagKind::Lip)  // random steps are level design, not defects
                ADD_FAILURE() << "random map " << seed * 101 << ": " << describe(f);
    }
}

}  // namespace
}  // namespace ts
