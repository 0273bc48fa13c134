// `--level NAME` on every command that reads a map, and `tilestep info` listing an LDtk
// project's levels, run as the real binary on the hand-written projects of
// tests/support/ldtk_samples.h.
#include <gtest/gtest.h>

#include "io/ldtk/ldtk_import.h"
#include "ldtk_samples.h"
#include "io/map_io.h"
#include "test_support.h"

namespace ts {
namespace {

using test::runTilestep;

struct CliLdtkLevels : ::testing::Test {
    std::string dir = test::tempDir();
    std::string world = dir + "/world.ldtk";
    std::string ext;
    void SetUp() override {
        test::writeFile(world, test::ldtkWorldProject());
        ext = test::writeLdtkExternalProject(dir);
    }
    Map level(const std::string& name) {
        interop::ImportOptions o;
        o.level = name;
        return interop::importLdtk(world, o).map;
    }
};

TEST_F(CliLdtkLevels, EveryCommandThatReadsAMapTakesTheLevel) {
    test::CommandResult r = runTilestep("validate --level tower " + world);
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(r.out, world + ": ok: 2 x 4 tiles of 8 px, 60 Hz, 0 actors, 0 brushes, 0 walls\n");
    EXPECT_EQ(r.err, "") << "a level chosen by name: no warning about the others";

    r = runTilestep("convert --level=CAVE " + ext + " " + dir + "/cave.json");
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_TRUE(loadMap(dir + "/cave.json") == level("Cave"));

    r = runTilestep("run " + world + " --level Cave --frames 1");
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("\"width\":3,\"height\":3"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("\"actor\":\"digger\""), std::string::npos) << r.out;

    r = runTilestep("info --level Tower --json " + ext);
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("\"width\":2,\"height\":4"), std::string::npos) << r.out;

    // Without --level: the first level, and the warning says how to pick another.
    r = runTilestep("validate " + world);
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(r.out.find(world + ": ok: 4 x 2 tiles"), 0u) << r.out;
    EXPECT_EQ(r.err, world +
                         ": warning: the project has 3 levels: imported the first, \"Start\" "
                         "(pick another with --level NAME; tilestep info lists them)\n");
}

TEST_F(CliLdtkLevels, AnUnknownLevelListsTheLevelsAndLevelOnOtherMapsIsAUsageError) {
    test::CommandResult r = runTilestep("validate --level Attic " + world);
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_EQ(r.err, "tilestep validate: " + world +
                         ": no level \"Attic\" (the project's levels: \"Start\", \"Cave\", "
                         "\"Tower\")\n");
    r = runTilestep("convert --level Attic " + world + " " + dir + "/out.json");
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("no level \"Attic\""), std::string::npos) << r.err;

    saveMap(level("Cave"), dir + "/cave.json");
    for (const std::string& cmd :
         {"validate --level Cave " + dir + "/cave.json", "info --level Cave " + dir + "/cave.json",
          "run --frames 1 --level Cave " + dir + "/cave.json",
          "convert --level Cave " + dir + "/cave.json " + dir + "/c.tsmap",
          "view --level Cave " + dir + "/cave.json " + dir + "/none.jsonl"}) {
        SCOPED_TRACE(cmd);
        r = runTilestep(cmd);
        EXPECT_EQ(r.exitCode, 2);
        EXPECT_NE(r.err.find("--level applies to LDtk projects (.ldtk) only"), std::string::npos)
            << r.err;
    }
    // The editor's command line checks it the same way, before opening a window.
    r = runTilestep(dir + "/cave.json --level Cave --screenshot " + dir + "/x.png");
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find("--level applies to LDtk projects (.ldtk) only"), std::string::npos)
        << r.err;
}

TEST_F(CliLdtkLevels, InfoListsTheLevelsMarkingTheOneDescribed) {
    test::CommandResult r = runTilestep("info --level cave " + world);
    EXPECT_EQ(r.exitCode, 0) << r.err;
    const std::string levels =
        "levels:     3 (--level NAME picks one)\n"
        "    Start                4 x 2 cells of 8 px, 1 entity\n"
        "  * Cave                 3 x 3 cells of 8 px, 2 entities\n"
        "    Tower                2 x 4 cells of 8 px, 0 entities\n";
    ASSERT_GE(r.out.size(), levels.size());
    EXPECT_EQ(r.out.substr(r.out.size() - levels.size()), levels) << r.out;
    EXPECT_EQ(r.out.find("size:       3 x 3 tiles of 8 px"), r.out.find("size:")) << r.out;

    // Separate files: each level's file, and a missing one says so without failing info.
    std::remove((dir + "/ext/Tower.ldtkl").c_str());
    r = runTilestep("info " + ext);
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("  * Start                4 x 2 cells of 8 px, 1 entity, ext/Start.ldtkl\n"
                         "    Cave                 3 x 3 cells of 8 px, 2 entities, "
                         "ext/Cave.ldtkl\n"
                         "    Tower                " +
                         dir + "/ext/Tower.ldtkl: cannot open: No such file or directory\n"),
              std::string::npos)
        << r.out;

    r = runTilestep("info --json --level Tower " + world);
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(
        r.out.find(",\"levels\":["
                   "{\"name\":\"Start\",\"width\":4,\"height\":2,\"cell_size\":8,\"entities\":1,"
                   "\"file\":null,\"shown\":false,\"problem\":null},"
                   "{\"name\":\"Cave\",\"width\":3,\"height\":3,\"cell_size\":8,\"entities\":2,"
                   "\"file\":null,\"shown\":false,\"problem\":null},"
                   "{\"name\":\"Tower\",\"width\":2,\"height\":4,\"cell_size\":8,\"entities\":0,"
                   "\"file\":null,\"shown\":true,\"problem\":null}]}\n"),
        std::string::npos)
        << r.out;
    // A tilestep map has no levels: no such member.
    saveMap(level("Cave"), dir + "/cave.json");
    r = runTilestep("info --json " + dir + "/cave.json");
    EXPECT_EQ(r.out.find("levels"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace ts
