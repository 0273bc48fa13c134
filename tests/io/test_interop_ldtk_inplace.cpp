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

// BEFORE and AFTER differ in one run of digits only (one value of intGridCsv), which was
// WAS and is NOW.
void expectOneNumberChanged(const std::string& before, const std::string& after,
                            const std::string& was, const std::string& now) {
    size_t a = 0;
    while (a < before.size() && a < after.size() && before[a] == after[a]) ++a;
    size_t b = 0;
    while (b < before.size() - a && b < after.size() - a &&
           before[before.size() - 1 - b] == after[after.size() - 1 - b])
        ++b;
    auto digit = [](char c) { return c >= '0' && c <= '9'; };
    while (a > 0 && digit(before[a - 1])) --a;
    while (b > 0 && digit(before[before.size() - b])) --b;
    EXPECT_EQ(before.substr(a, before.size() - a - b), was);
    EXPECT_EQ(after.substr(a, after.size() - a - b), now);
}

// LDtk's layout is kept: a one-cell edit changes that cell's value and no other byte (it used
// to rewrite the whole file in rapidjson's layout: 401 KB became 769 KB for one cell).
TEST(InteropLdtkInplace, AOneCellEditChangesThatValueOnly) {
    const std::string dir = test::tempDir();
    test::writeFile(dir + "/p.ldtk", test::ldtkWorldProject());
    interop::ImportResult r = importLevel(dir + "/p.ldtk", "Cave", true);
    ASSERT_TRUE(r.source);
    Map edited = r.map;
    ASSERT_NE(edited.tile(0, 0), 0);  // the sample's Cave is solid at its top-left corner
    edited.setTile(0, 0, 0);
    interop::saveLdtkInPlace(*r.source, edited, dir + "/p.ldtk");
    expectOneNumberChanged(test::ldtkWorldProject(), test::readFile(dir + "/p.ldtk"), "1", "0");
}

TEST(InteropLdtkInplace, AOneCellEditChangesThatValueOnlyInALevelFile) {
    const std::string dir = test::tempDir();
    const std::string project = test::writeLdtkExternalProject(dir);
    const std::string level = test::readFile(dir + "/ext/Cave.ldtkl");
    interop::ImportResult r = importLevel(project, "Cave", true);
    ASSERT_TRUE(r.source);
    Map edited = r.map;
    ASSERT_NE(edited.tile(0, 0), 0);
    edited.setTile(0, 0, 0);
    interop::saveLdtkInPlace(*r.source, edited, project);
    expectOneNumberChanged(level, test::readFile(dir + "/ext/Cave.ldtkl"), "1", "0");
}

}  // namespace
}  // namespace ts
