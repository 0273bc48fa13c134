// DiskWatch: a file changed by another program since the document was opened or saved is
// noticed (by content, not by time alone), a document without unsaved changes reloads, one
// with changes asks, a declined version is not asked about again on focus but is on Save;
// Document::reload is one undo step that loses no unsaved work.
#include <filesystem>

#include "test_edit_support.h"

namespace ts::test {
namespace {

namespace fs = std::filesystem;
using Action = DiskWatch::Action;

TEST(EditDiskWatch, AnUnchangedFileIsNotAChange) {
    const std::string dir = tempDir(), a = dir + "/a.json", b = dir + "/b.tsx";
    writeFile(a, "one");
    writeFile(b, "tileset");
    DiskWatch w;
    w.watch({a, b});
    EXPECT_TRUE(w.changed().empty());
    EXPECT_EQ(w.onFocus(true), Action::None);
    EXPECT_EQ(w.onSave(), Action::None);
}

TEST(EditDiskWatch, ChangedContentIsNoticedInEveryWatchedFile) {
    const std::string dir = tempDir(), a = dir + "/a.json", b = dir + "/b.tsx";
    writeFile(a, "one");
    writeFile(b, "tileset");
    DiskWatch w;
    w.watch({a, b});
    // The same size, and the time set back to what it was: only the content tells.
    const auto time = fs::last_write_time(b);
    writeFile(b, "TILESET");
    fs::last_write_time(b, time);
    EXPECT_EQ(w.changed(), std::vector<std::string>{b});
    EXPECT_EQ(w.onSave(), Action::Ask);
}

TEST(EditDiskWatch, ARemovedOrReplacedFileIsAChangeTheSameBytesAreNot) {
    const std::string dir = tempDir(), a = dir + "/a.json";
    writeFile(a, "one");
    DiskWatch w;
    w.watch({a});
    // Replaced by a rename with the same bytes (an atomic save of the same map): no change.
    writeFile(dir + "/tmp", "one");
    fs::rename(dir + "/tmp", a);
    EXPECT_TRUE(w.changed().empty());
    fs::remove(a);
    EXPECT_EQ(w.changed(), std::vector<std::string>{a});
    writeFile(a, "two");
    EXPECT_EQ(w.changed(), std::vector<std::string>{a});
}

TEST(EditDiskWatch, FocusReloadsACleanDocumentAsksADirtyOneOnce) {
    const std::string dir = tempDir(), a = dir + "/a.json";
    writeFile(a, "one");
    DiskWatch w;
    w.watch({a});
    writeFile(a, "second version");
    EXPECT_EQ(w.onFocus(false), Action::Reload);
    EXPECT_EQ(w.onFocus(true), Action::Ask);
    w.decline();
    EXPECT_EQ(w.onFocus(true), Action::None);  // the same version: not asked again
    EXPECT_EQ(w.onSave(), Action::Ask);        // but a save never writes over it silently
    writeFile(a, "third version");
    EXPECT_EQ(w.onFocus(true), Action::Ask);  // a newer one is asked about
    w.watch({a});                             // saved or reloaded: the new state
    EXPECT_EQ(w.onFocus(true), Action::None);
    EXPECT_EQ(w.onSave(), Action::None);
}

TEST(EditDiskWatch, ContentRecordedBeforeARestartIsCheckedAgainstTheFile) {
    const std::string dir = tempDir(), a = dir + "/a.tmx", gone = dir + "/gone.tsx";
    writeFile(a, "as opened");
    DiskWatch w;
    w.watchContent(a, true, contentHash("as opened"));
    w.watchContent(gone, false, 0);
    EXPECT_TRUE(w.changed().empty());
    writeFile(a, "changed while the editor was not running");
    EXPECT_EQ(w.changed(), std::vector<std::string>{a});
    writeFile(gone, "appeared");
    EXPECT_EQ(w.changed(), (std::vector<std::string>{a, gone}));
}

TEST(EditDiskWatch, TwoEditorsOnOneFileTheSecondSaveAsks) {
    const std::string dir = tempDir(), a = dir + "/m.json";
    writeFile(a, "base");
    DiskWatch first, second;
    first.watch({a});
    second.watch({a});
    writeFile(a, "the first editor's save");
    first.watch({a});  // what a save records
    EXPECT_EQ(first.onSave(), Action::None);
    EXPECT_EQ(second.onSave(), Action::Ask);
}

TEST(EditDocumentReload, OneUndoStepThatKeepsTheUnsavedWork) {
    Document doc(Map::blank(4, 4), "m.json");
    ASSERT_TRUE(doc.apply(stampAt(doc.map(), {1, 1}, Stamp::single(1))));
    const Map mine = doc.map();
    ASSERT_TRUE(doc.dirty());
    Map theirs = Map::blank(4, 4);
    theirs.setTile(2, 2, 1);
    doc.reload(theirs, "Reload from disk");
    EXPECT_TRUE(doc.map() == theirs);
    EXPECT_FALSE(doc.dirty());
    EXPECT_EQ(doc.path(), "m.json");
    ASSERT_TRUE(doc.undo());
    EXPECT_TRUE(doc.map() == mine);
    EXPECT_TRUE(doc.dirty());
    ASSERT_TRUE(doc.redo());
    EXPECT_FALSE(doc.dirty());
    // Reloading what is already there adds no step.
    const size_t steps = doc.historySize();
    doc.reload(theirs, "Reload from disk");
    EXPECT_EQ(doc.historySize(), steps);
    EXPECT_FALSE(doc.dirty());
}

}  // namespace
}  // namespace ts::test
