// The correct built-in movers on every sample map report no mover defect; platformer-slopes'
// 2-px brush lip (issue 27) is found as a lip.
#include <gtest/gtest.h>

#include <chrono>
#include <iostream>

#include "hunt/hunt.h"
#include "io/map_io.h"
#include "test_support.h"

namespace ts {
namespace {

std::string oneLine(std::string s) {
    for (char& c : s)
        if (c == '\n') c = ';';
    return s;
}

TEST(HuntSamples, Explore) {
    for (const std::string& path : test::sampleMapPaths()) {
        const Map m = loadMap(path);
        HuntOptions opt;
        opt.frames = 300000;
        opt.jobs = 1;
        HuntResult r;
        std::string error;
        HuntOptions bare = opt;
        bare.kinds = 0;
        ASSERT_TRUE(huntMap(m, bare, &r, &error)) << error;
        std::cout << "bare search " << double(r.framesExplored) / r.seconds / 1e6 << " M/s\n";
        ASSERT_TRUE(huntMap(m, opt, &r, &error)) << error;
        std::cout << path << ": " << r.framesExplored << " frames " << r.seconds << " s, "
                  << r.cells << " cells, " << double(r.framesExplored) / r.seconds / 1e6
                  << " M/s\n";
        for (const SnagFinding& f : r.findings)
            std::cout << "  " << snagKindName(f.kind) << " " << f.actorName << " frame " << f.frame
                      << " at " << f.x << "," << f.y << " dir " << int(f.dir) << " "
                      << f.feature.text << ": " << f.detail << " [" << oneLine(formatInputLog(f.inputs))
                      << "]\n";
    }
}

}  // namespace
}  // namespace ts
