// Another program's changes to the files of the editor's document (app/editor/file_actions.h,
// core/edit/disk_watch.h): the map, an imported map's external tileset and an LDtk level
// file are watched; Save into a changed file asks and writes nothing; a clean document
// reloads on focus; two editors on one .json map do not lose each other's cells.
#include <gtest/gtest.h>

#include <filesystem>

#include "../../app/editor/file_actions.h"
#include "../../app/editor/file_steps.h"
#include "io/map_io.h"
#include "ldtk_samples.h"
#include "test_support.h"
#include "tiled_fixture.h"

namespace ts::test {
namespace {

namespace fs = std::filesystem;
using files::saveTo;

bool paint(EditorState& s, int64_t x, int64_t y, uint16_t kind = 1) {
    return applyEdit(s, stampAt(s.doc.map(), {x, y}, Stamp::single(kind)));
}

TEST(EditorOutsideFiles, TwoEditorsOnOneJsonMapTheSecondSaveAsks) {
    const std::string dir = tempDir(), path = dir + "/m.json";
    saveMap(Map::blank(6, 4), path);
    EditorState a, b;
    ASSERT_TRUE(openPath(a, path));
    ASSERT_TRUE(openPath(b, path));
    ASSERT_TRUE(paint(a, 1, 1));
    ASSERT_TRUE(saveTo(a, path)) << a.dialogs.error;
    const std::string afterA = readFile(path);
    ASSERT_TRUE(paint(b, 4, 2));
    EXPECT_FALSE(saveTo(b, path));
    EXPECT_TRUE(b.dialogs.openOutside);
    EXPECT_TRUE(b.dialogs.outsideOnSave);
    EXPECT_EQ(b.dialogs.outsideFiles, std::vector<std::string>{path});
    EXPECT_EQ(readFile(path), afterA) << "the second editor wrote over the first one's cell";
    // Reload: the first editor's cell; Undo brings back the second's own work.
    ASSERT_TRUE(reloadDocument(b, false));
    EXPECT_NE(b.doc.map().tile(1, 1), 0);
    EXPECT_EQ(b.doc.map().tile(4, 2), 0);
    EXPECT_FALSE(b.doc.dirty());
    ASSERT_TRUE(b.doc.undo());
    EXPECT_NE(b.doc.map().tile(4, 2), 0);
    // Now saved knowingly over it (the user's Overwrite would do the same).
    EXPECT_TRUE(saveTo(b, path)) << b.dialogs.error;
    EXPECT_NE(loadMap(path).tile(4, 2), 0);
}

TEST(EditorOutsideFiles, AnImportedMapsExternalTilesetIsWatched) {
    const std::string dir = tempDir(), tmx = dir + "/m.tmx", tsx = dir + "/art/set.tsx";
    writeTileset(dir);
    writeFile(tmx, threeLayerMap("<data encoding=\"csv\">1,0,0,1,0,5,6,0,1,1,1,1</data>"));
    EditorState s;
    ASSERT_TRUE(openPath(s, tmx));
    ASSERT_EQ(s.doc.path(), tmx);
    const std::string before = readFile(tmx);
    // Tiled edits the tileset: an animation frame's duration.
    std::string set = readFile(tsx);
    set.replace(set.find("duration=\"100\""), 14, "duration=\"250\"");
    writeFile(tsx, set);
    ASSERT_TRUE(paint(s, 1, 0));
    EXPECT_FALSE(saveTo(s, tmx));
    EXPECT_EQ(s.dialogs.outsideFiles, std::vector<std::string>{tsx});
    EXPECT_EQ(readFile(tmx), before);
    EXPECT_EQ(readFile(tsx), set);
}

TEST(EditorOutsideFiles, ACleanDocumentReloadsOnFocusADirtyOneAsks) {
    const std::string dir = tempDir(), path = dir + "/m.json";
    saveMap(Map::blank(6, 4), path);
    EditorState s;
    ASSERT_TRUE(openPath(s, path));
    Map theirs = Map::blank(6, 4);
    theirs.setTile(2, 2, 1);
    saveMap(theirs, path);
    checkOutsideChanges(s);
    EXPECT_FALSE(s.dialogs.openOutside);
    EXPECT_NE(s.doc.map().tile(2, 2), 0) << "not reloaded";
    EXPECT_FALSE(s.doc.dirty());
    EXPECT_NE(s.message.find("changed on disk: reloaded"), std::string::npos) << s.message;

    ASSERT_TRUE(paint(s, 0, 0));
    theirs.setTile(3, 3, 1);
    saveMap(theirs, path);
    checkOutsideChanges(s);
    EXPECT_TRUE(s.dialogs.openOutside);
    EXPECT_FALSE(s.dialogs.outsideOnSave);
    EXPECT_EQ(s.doc.map().tile(3, 3), 0) << "a dirty map was reloaded without asking";
}

TEST(EditorOutsideFiles, AnLdtkLevelFileIsWatched) {
    const std::string dir = tempDir();
    const std::string project = writeLdtkExternalProject(dir);
    EditorState s;
    s.dialogs.level = "Cave";
    ASSERT_TRUE(openPath(s, project));
    ASSERT_EQ(s.doc.path(), project);
    const std::string level = dir + "/ext/Cave.ldtkl";
    writeFile(level, readFile(level) + "\n");
    ASSERT_TRUE(paint(s, 1, 0, 0));  // the top row is solid
    EXPECT_FALSE(saveTo(s, project));
    ASSERT_EQ(s.dialogs.outsideFiles.size(), 1u);
    EXPECT_TRUE(fs::equivalent(s.dialogs.outsideFiles[0], level)) << s.dialogs.outsideFiles[0];
}

}  // namespace
}  // namespace ts::test
