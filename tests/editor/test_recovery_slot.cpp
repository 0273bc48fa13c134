// RecoverySlot: each running editor keeps its recovery copy in its own slot, and the copy
// of an editor that died is found by the next one.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <vector>

#include "../../app/editor/recovery_slot.h"
#include "test_support.h"

using ts::RecoverySlot;
using ts::test::writeFile;

namespace {

TEST(RecoverySlot, FirstEditorUsesTheClassicNames) {
    const std::string dir = ts::test::tempDir();
    RecoverySlot a;
    ASSERT_TRUE(a.acquire(dir));
    EXPECT_EQ(a.index(), 0);
    EXPECT_EQ(a.mapPath(), dir + "/recovery.json");
    EXPECT_EQ(a.sourcePath(), dir + "/recovery.txt");
}

TEST(RecoverySlot, ASecondEditorGetsItsOwnSlotAndCopy) {
    const std::string dir = ts::test::tempDir();
    RecoverySlot a, b;
    ASSERT_TRUE(a.acquire(dir));
    ASSERT_TRUE(b.acquire(dir));
    EXPECT_EQ(b.index(), 1);
    EXPECT_NE(a.mapPath(), b.mapPath());
    EXPECT_NE(a.sourcePath(), b.sourcePath());

    writeFile(a.mapPath(), "{}");
    a.writeSource("/maps/a.json");
    writeFile(b.mapPath(), "{}");
    b.writeSource("/maps/b.json");
    std::string src;
    ASSERT_TRUE(a.hasCopy(&src));
    EXPECT_EQ(src, "/maps/a.json");
    ASSERT_TRUE(b.hasCopy(&src));
    EXPECT_EQ(src, "/maps/b.json");

    // One editor saving (removing its copy) leaves the other's alone.
    b.removeCopy();
    EXPECT_FALSE(b.hasCopy(&src));
    ASSERT_TRUE(a.hasCopy(&src));
    EXPECT_EQ(src, "/maps/a.json");
}

TEST(RecoverySlot, TheSlotOfAnEditorThatDiedIsOfferedToTheNext) {
    const std::string dir = ts::test::tempDir();
    // A child process takes slot 0, writes a copy and dies without cleaning up.
    const pid_t child = fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
        RecoverySlot s;
        if (!s.acquire(dir) || s.index() != 0) _exit(3);
        writeFile(s.mapPath(), "{}");
        s.writeSource("/maps/lost.json");
        _exit(0);  // no destructor: as a crash would
    }
    int status = 0;
    ASSERT_EQ(waitpid(child, &status, 0), child);
    ASSERT_TRUE(WIFEXITED(status));
    ASSERT_EQ(WEXITSTATUS(status), 0);

    RecoverySlot next;
    ASSERT_TRUE(next.acquire(dir));
    EXPECT_EQ(next.index(), 0);
    std::string src;
    ASSERT_TRUE(next.hasCopy(&src));
    EXPECT_EQ(src, "/maps/lost.json");
}

TEST(RecoverySlot, ASlotHeldByAnotherProcessIsNotTaken) {
    const std::string dir = ts::test::tempDir();
    int toParent[2], toChild[2];
    ASSERT_EQ(pipe(toParent), 0);
    ASSERT_EQ(pipe(toChild), 0);
    const pid_t child = fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
        RecoverySlot s;
        const char ok = s.acquire(dir) && s.index() == 0 ? 'y' : 'n';
        if (write(toParent[1], &ok, 1) != 1) _exit(3);
        char done;
        if (read(toChild[0], &done, 1) != 1) _exit(4);  // hold the slot until told
        _exit(0);
    }
    char ok = 0;
    ASSERT_EQ(read(toParent[0], &ok, 1), 1);
    ASSERT_EQ(ok, 'y');
    {
        RecoverySlot mine;
        ASSERT_TRUE(mine.acquire(dir));
        EXPECT_EQ(mine.index(), 1);
    }
    const char done = 'x';
    ASSERT_EQ(write(toChild[1], &done, 1), 1);
    int status = 0;
    ASSERT_EQ(waitpid(child, &status, 0), child);
    RecoverySlot after;
    ASSERT_TRUE(after.acquire(dir));
    EXPECT_EQ(after.index(), 0);
    for (int fd : {toParent[0], toParent[1], toChild[0], toChild[1]}) close(fd);
}

TEST(RecoverySlot, ReleasedSlotsAreReusedAndMovesKeepTheLock) {
    const std::string dir = ts::test::tempDir();
    RecoverySlot a;
    ASSERT_TRUE(a.acquire(dir));
    RecoverySlot moved = std::move(a);
    EXPECT_FALSE(a.held());
    EXPECT_EQ(moved.index(), 0);
    RecoverySlot b;
    ASSERT_TRUE(b.acquire(dir));
    EXPECT_EQ(b.index(), 1);  // the moved-to object still holds slot 0
    moved.release();
    RecoverySlot c;
    ASSERT_TRUE(c.acquire(dir));
    EXPECT_EQ(c.index(), 0);
}

TEST(RecoverySlot, NoFolderOrAllSlotsTakenMeansNoSlot) {
    RecoverySlot none;
    EXPECT_FALSE(none.acquire(""));
    EXPECT_FALSE(none.acquire("/nonexistent/tilestep/settings"));
    EXPECT_FALSE(none.held());
    EXPECT_EQ(none.mapPath(), "");
    std::string src;
    EXPECT_FALSE(none.hasCopy(&src));

    const std::string dir = ts::test::tempDir();
    std::vector<RecoverySlot> all(RecoverySlot::kMaxSlots);
    for (int i = 0; i < RecoverySlot::kMaxSlots; ++i) {
        ASSERT_TRUE(all[size_t(i)].acquire(dir));
        EXPECT_EQ(all[size_t(i)].index(), i);
    }
    RecoverySlot extra;
    EXPECT_FALSE(extra.acquire(dir));
}

// The map path is stored absolute: the next editor may start in another working folder, where
// "level.json" would name another file and Save after recovering would write there.
TEST(RecoverySlot, TheMapPathIsStoredAbsolute) {
    namespace fs = std::filesystem;
    const std::string dir = ts::test::tempDir();
    fs::create_directories(dir + "/work/maps");
    const fs::path before = fs::current_path();
    RecoverySlot slot;
    ASSERT_TRUE(slot.acquire(dir));
    writeFile(slot.mapPath(), "{}");
    fs::current_path(dir + "/work");
    slot.writeSource("./level.json");
    fs::current_path(dir);
    std::string src;
    ASSERT_TRUE(slot.hasCopy(&src));
    EXPECT_EQ(src, dir + "/work/level.json");
    fs::current_path(dir + "/work");
    slot.writeSource("maps/../level.json");  // ".." kept: maps could be a link elsewhere
    fs::current_path(dir);
    ASSERT_TRUE(slot.hasCopy(&src));
    EXPECT_EQ(src, dir + "/work/maps/../level.json");
    slot.writeSource("");  // never saved: stays empty
    ASSERT_TRUE(slot.hasCopy(&src));
    EXPECT_EQ(src, "");
    fs::current_path(before);
}

}  // namespace

namespace {

TEST(RecoverySlot, TheImportAndFilesRecordedComeBackAsWritten) {
    const std::string dir = ts::test::tempDir();
    RecoverySlot a;
    ASSERT_TRUE(a.acquire(dir));
    writeFile(a.mapPath(), "{}");
    ts::RecoveryInfo info;
    info.path = "/maps/m.tmx";
    info.imported = true;
    info.collisionLayer = "odd\\name\nwith a line break";
    info.level = "Level_0";
    info.hasFiles = true;
    info.files = {{"/maps/m.tmx", true, 18446744073709551557ull}, {"/maps/gone.tsx", false, 0}};
    a.writeInfo(info);
    ts::RecoveryInfo back;
    ASSERT_TRUE(a.readInfo(&back));
    EXPECT_EQ(back.path, info.path);
    EXPECT_TRUE(back.imported);
    EXPECT_EQ(back.collisionLayer, info.collisionLayer);
    EXPECT_EQ(back.level, info.level);
    EXPECT_TRUE(back.hasFiles);
    ASSERT_EQ(back.files.size(), 2u);
    EXPECT_EQ(back.files[0].path, "/maps/m.tmx");
    EXPECT_TRUE(back.files[0].exists);
    EXPECT_EQ(back.files[0].hash, 18446744073709551557ull);
    EXPECT_FALSE(back.files[1].exists);
    // An older editor reads the first line alone: the path.
    std::string src;
    ASSERT_TRUE(a.hasCopy(&src));
    EXPECT_EQ(src, "/maps/m.tmx");
}

}  // namespace
