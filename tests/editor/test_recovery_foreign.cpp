// Recovering the unsaved work on an imported Tiled map (app/editor/recovery.h): the map's
// own file is reopened through the same import (its collision layer kept), so that Save
// writes it back in place (every other layer, the .tsx reference, no new tileset image),
// never an export over it; a file changed since is asked about first; a file that cannot be
// reopened so is never written over (Save As only).
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>

#include "../../app/editor/file_actions.h"
#include "../../app/editor/file_steps.h"
#include "../../app/editor/recovery.h"
#include "io/import_result.h"
#include "io/map_io.h"
#include "test_support.h"
#include "tiled_fixture.h"

namespace ts::test {
namespace {

namespace fs = std::filesystem;
using files::exportTo;
using files::saveTo;

// The deco layer (all GID 2) is the collision layer: the default would take "collision", so
// a recovery that forgot the choice writes the work into the wrong layer.
const char* kCollision = "<data encoding=\"csv\">\n1,0,0,1,\n0,5,6,0,\n1,1,1,1\n</data>";

struct Fixture {
    std::string dir, cfg, tmx;
    std::string original;
};

Fixture makeFixture() {
    Fixture f;
    f.dir = tempDir();
    f.cfg = f.dir + "/cfg";
    fs::create_directories(f.cfg);
    writeTileset(f.dir);
    f.tmx = f.dir + "/m.tmx";
    f.original = threeLayerMap(kCollision);
    writeFile(f.tmx, f.original);
    return f;
}

// An editor in a child process opens the map with the deco layer, erases cell (0, 0), writes
// its recovery copy and dies (as a SIGTERM's handler leaves it): nothing of its import is
// remembered in this process.
void editAndDie(const Fixture& f) {
    const pid_t child = fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
        EditorState s;
        if (!s.recovery.acquire(f.cfg)) _exit(3);
        s.dialogs.collisionLayer = "deco";
        if (!openPath(s, f.tmx) || s.doc.path() != f.tmx) _exit(4);
        if (!applyEdit(s, stampAt(s.doc.map(), {0, 0}, Stamp::single(0)))) _exit(5);
        if (!writeRecoveryNow(s)) _exit(6);
        _exit(0);
    }
    int status = 0;
    ASSERT_EQ(waitpid(child, &status, 0), child);
    ASSERT_TRUE(WIFEXITED(status));
    ASSERT_EQ(WEXITSTATUS(status), 0);
}

Map importWith(const std::string& path, const std::string& layer) {
    interop::ImportOptions o;
    o.collisionLayer = layer;
    return loadMap(path, o);
}

TEST(RecoveryOfAnImportedMap, SaveWritesTheEditBackInPlace) {
    const Fixture f = makeFixture();
    editAndDie(f);
    if (HasFatalFailure()) return;
    const Map decoBefore = importWith(f.tmx, "deco");
    const Map collisionBefore = importWith(f.tmx, "");

    EditorState s;
    ASSERT_TRUE(s.recovery.acquire(f.cfg));
    offerRecovery(s);
    ASSERT_TRUE(s.dialogs.recoveryPending);
    recoverCopy(s);
    EXPECT_EQ(s.doc.path(), f.tmx);
    EXPECT_TRUE(s.doc.dirty());
    EXPECT_TRUE(s.noSaveOver.empty());
    ASSERT_TRUE(saveTo(s, s.doc.path())) << s.dialogs.error;

    // Every layer, the tileset reference and the objects kept; only deco's (0, 0) changed.
    const std::string saved = readFile(f.tmx);
    EXPECT_NE(saved.find("source=\"art/set.tsx\""), std::string::npos) << saved;
    EXPECT_NE(saved.find("name=\"collision\""), std::string::npos) << saved;
    EXPECT_NE(saved.find("name=\"hero\""), std::string::npos) << saved;
    EXPECT_NE(saved.find("keep me"), std::string::npos) << saved;
    EXPECT_FALSE(fs::exists(f.dir + "/m.tiles.png")) << "an export's tileset image was written";
    Map decoAfter = importWith(f.tmx, "deco");
    EXPECT_EQ(decoAfter.tile(0, 0), 0);
    decoAfter.setTile(0, 0, decoBefore.tile(0, 0));
    EXPECT_TRUE(decoAfter.tiles == decoBefore.tiles);
    EXPECT_TRUE(importWith(f.tmx, "").tiles == collisionBefore.tiles);
}

TEST(RecoveryOfAnImportedMap, AFileChangedSinceIsAskedAboutBeforeSaving) {
    const Fixture f = makeFixture();
    editAndDie(f);
    if (HasFatalFailure()) return;
    // Tiled saved the map while no editor ran: a property changed.
    std::string theirs = f.original;
    theirs.replace(theirs.find("someone"), 7, "someone else");
    writeFile(f.tmx, theirs);

    EditorState s;
    ASSERT_TRUE(s.recovery.acquire(f.cfg));
    offerRecovery(s);
    recoverCopy(s);
    EXPECT_EQ(s.doc.path(), f.tmx);
    EXPECT_FALSE(saveTo(s, s.doc.path()));
    EXPECT_TRUE(s.dialogs.openOutside);
    EXPECT_EQ(s.dialogs.outsideFiles, std::vector<std::string>{f.tmx});
    EXPECT_EQ(readFile(f.tmx), theirs);
    // Overwrite: the work saved into the file as it is now (its new property kept).
    s.dialogs.overwriteOutside = true;
    ASSERT_TRUE(saveTo(s, s.doc.path())) << s.dialogs.error;
    EXPECT_NE(readFile(f.tmx).find("someone else"), std::string::npos);
    EXPECT_EQ(importWith(f.tmx, "deco").tile(0, 0), 0);
}

TEST(RecoveryOfAnImportedMap, AFileThatCannotBeReopenedIsNeverWrittenOver) {
    const Fixture f = makeFixture();
    editAndDie(f);
    if (HasFatalFailure()) return;
    const std::string broken = "<map version=\"1.8\"";  // cut short by a crash elsewhere
    writeFile(f.tmx, broken);

    EditorState s;
    ASSERT_TRUE(s.recovery.acquire(f.cfg));
    offerRecovery(s);
    recoverCopy(s);
    EXPECT_TRUE(s.doc.path().empty()) << "Save would write over " << s.doc.path();
    EXPECT_TRUE(s.doc.dirty());
    EXPECT_EQ(s.noSaveOver, f.tmx);
    EXPECT_NE(s.message.find("Save As only"), std::string::npos) << s.message;
    EXPECT_FALSE(saveTo(s, f.tmx));
    EXPECT_FALSE(exportTo(s, f.tmx));
    EXPECT_EQ(readFile(f.tmx), broken);
    // Elsewhere it saves.
    EXPECT_TRUE(saveTo(s, f.dir + "/rescued.json")) << s.dialogs.error;
    EXPECT_EQ(loadMap(f.dir + "/rescued.json").tile(0, 0), 0);
}

}  // namespace
}  // namespace ts::test
