// Saving a map imported from an LDtk project back into it (core/io/ldtk/ldtk_inplace.h): the
// collision IntGrid cells go into the level's intGridCsv, in the project or in the level's
// own .ldtkl file; the other levels, layers and entities read as before; what the project
// has no place for is refused, naming it, with nothing written. The actors' entities:
// test_interop_ldtk_entities_out.cpp.
#include <gtest/gtest.h>

#include "io/foreign_maps.h"
#include "io/foreign_source.h"
#include "io/interop_files.h"
#include "io/ldtk/ldtk_inplace.h"
#include "io/map_io.h"
#include "ldtk_samples.h"
#include "test_support.h"

namespace ts {
namespace {

interop::ImportResult importLevel(const std::string& path, const std::string& level,
                                  bool keep = false) {
    interop::ImportOptions o;
    o.level = level;
    o.keepSource = keep;
    return interop::importMapFile(path, o, interop::folderOf(path));
}

void editAndCheck(const std::string& project, const std::string& levelFile) {
    const Map start = importLevel(project, "Start").map;
    const std::string projectBytes = test::readFile(project);
    interop::ImportResult r = importLevel(project, "Cave", true);
    ASSERT_TRUE(r.source);
    Map edited = r.map;
    const uint16_t solid = edited.tile(0, 0);
    ASSERT_NE(solid, 0);
    edited.setTile(1, 0, 0);
    edited.setTile(1, 1, solid);
    interop::saveLdtkInPlace(*r.source, edited, project);
    interop::ImportResult back = importLevel(project, "Cave");
    EXPECT_TRUE(back.map == edited);
    EXPECT_EQ(back.map.actors.size(), r.map.actors.size());
    EXPECT_TRUE(importLevel(project, "Start").map == start);
    if (!levelFile.empty()) {
        EXPECT_EQ(test::readFile(project), projectBytes);
    }
}

TEST(InteropLdtkInplace, CollisionCellsAreWrittenIntoTheProject) {
    const std::string dir = test::tempDir();
    test::writeFile(dir + "/p.ldtk", test::ldtkWorldProject());
    editAndCheck(dir + "/p.ldtk", "");
}

TEST(InteropLdtkInplace, CollisionCellsAreWrittenIntoTheLevelFileAlone) {
    const std::string dir = test::tempDir();
    const std::string project = test::writeLdtkExternalProject(dir);
    const std::string before = test::readFile(dir + "/ext/Cave.ldtkl");
    editAndCheck(project, dir + "/ext/Cave.ldtkl");
    EXPECT_NE(test::readFile(dir + "/ext/Cave.ldtkl"), before);
}

TEST(InteropLdtkInplace, WhatTheProjectCannotHoldIsRefusedBeforeAnythingIsWritten) {
    const std::string dir = test::tempDir();
    test::writeFile(dir + "/p.ldtk", test::ldtkWorldProject());
    interop::ImportResult r = importLevel(dir + "/p.ldtk", "Cave", true);
    Map edited = r.map;
    edited.setTile(1, 0, 0);
    ASSERT_FALSE(edited.actors.empty());
    edited.actors[0].x += 1;
    edited.brushes.push_back(Brush{RectI{0, 0, 2, 2}});
    std::string e;
    try {
        interop::saveLdtkInPlace(*r.source, edited, dir + "/p.ldtk");
    } catch (const MapError& err) {
        e = err.what();
    }
    EXPECT_NE(e.find("not saved in place: the brushes changed (LDtk has none)"), std::string::npos)
        << e;
    EXPECT_EQ(test::readFile(dir + "/p.ldtk"), test::ldtkWorldProject());
}

}  // namespace
}  // namespace ts
