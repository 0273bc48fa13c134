// Saving like trusted editors (core/base/atomic_file.h, through saveMap): any file name the file
// system accepts, temporaries of killed saves cleaned up, symlinks written through, read-only
// files refused, mode (and for root the owner) kept.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>

#include "base/atomic_file.h"
#include "io/map_io.h"
#include "test_support.h"

namespace ts {
namespace {

namespace fs = std::filesystem;
using test::readFile;
using test::writeFile;

Map smallMap() {
    Map m = Map::blank(6, 4);
    m.setTile(2, 3, 1);
    return m;
}

std::vector<std::string> listDir(const std::string& dir) {
    std::vector<std::string> names;
    for (const auto& e : fs::directory_iterator(dir)) names.push_back(e.path().filename());
    std::sort(names.begin(), names.end());
    return names;
}

mode_t modeOf(const std::string& path) {
    struct stat st {};
    return ::stat(path.c_str(), &st) == 0 ? (st.st_mode & 07777) : 0;
}

void setAge(const std::string& path, int seconds) {
    struct timeval now {};
    ::gettimeofday(&now, nullptr);
    struct timeval times[2] = {now, now};
    times[0].tv_sec -= seconds;
    times[1].tv_sec -= seconds;
    ASSERT_EQ(::lutimes(path.c_str(), times), 0) << path;
}

// The PID of a process that has exited (and been reaped): no process has it now, and Linux
// hands PIDs out in order, so it is not reused within a test.
long deadPid() {
    pid_t child = fork();
    if (child == 0) _exit(0);
    int status = 0;
    ::waitpid(child, &status, 0);
    return long(child);
}

TEST(AtomicFile, ANameOfTheLongestLengthTheFileSystemAcceptsCanBeSaved) {
    const std::string dir = test::tempDir();
    const std::string name = std::string(250, 'a') + ".json";  // 255 bytes: NAME_MAX
    const std::string path = dir + "/" + name;
    const Map m = smallMap();
    saveMap(m, path);  // threw "cannot create a temporary file: File name too long"
    EXPECT_TRUE(loadMap(path) == m);
    EXPECT_EQ(listDir(dir), std::vector<std::string>{name});
    saveMap(m, path);  // and replacing it
    EXPECT_EQ(listDir(dir), std::vector<std::string>{name});
}

TEST(AtomicFile, StaleTemporariesOfOurOwnPatternAreRemovedByTheNextSave) {
    const std::string dir = test::tempDir();
    const std::string dead = std::to_string(deadPid()), alive = std::to_string(getpid());
    auto make = [&](const std::string& name, int age) {
        writeFile(dir + "/" + name, "half a map");
        setAge(dir + "/" + name, age);
    };
    make(".tilestep-" + dead + "-a1B2c3", 120);    // killed save, 2 min ago: removed
    make(".tilestep-" + dead + "-d4E5f6", 5);      // 5 s ago: maybe another machine's save
    make(".tilestep-" + alive + "-g7H8i9", 300);   // a running process: kept
    make(".tilestep-" + alive + "-j0K1l2", 3600);  // an hour untouched: removed, PID or not
    // Not our exact pattern, or not a plain file: never touched, however old.
    make(".tilestep-" + dead + "-a1B2c", 3600);
    make(".tilestep-" + dead + "-a1B2c3d", 3600);
    make(".tilestep-x-a1B2c3", 3600);
    make("m.json.tmp-a1B2c3", 3600);
    make("tilestep-" + dead + "-a1B2c3", 3600);
    fs::create_directory(dir + "/.tilestep-" + dead + "-dIrEcT");
    setAge(dir + "/.tilestep-" + dead + "-dIrEcT", 3600);
    fs::create_symlink("m.json", dir + "/.tilestep-" + dead + "-LiNkEd");
    setAge(dir + "/.tilestep-" + dead + "-LiNkEd", 3600);

    saveMap(smallMap(), dir + "/m.json");
    std::vector<std::string> expected = {".tilestep-" + dead + "-a1B2c",
                                         ".tilestep-" + dead + "-a1B2c3d",
                                         ".tilestep-" + dead + "-d4E5f6",
                                         ".tilestep-" + dead + "-dIrEcT",
                                         ".tilestep-" + dead + "-LiNkEd",
                                         ".tilestep-" + alive + "-g7H8i9",
                                         ".tilestep-x-a1B2c3",
                                         "m.json",
                                         "m.json.tmp-a1B2c3",
                                         "tilestep-" + dead + "-a1B2c3"};
    std::sort(expected.begin(), expected.end());
    EXPECT_EQ(listDir(dir), expected);
}

TEST(AtomicFile, ASymlinkIsWrittenThroughAndStaysALink) {
    const std::string dir = test::tempDir();
    fs::create_directory(dir + "/real");
    writeFile(dir + "/real/m.json", "old");
    ::chmod((dir + "/real/m.json").c_str(), 0640);
    fs::create_symlink("real/m.json", dir + "/link.json");
    fs::create_symlink(dir + "/link.json", dir + "/link2.json");  // a chain, absolute
    const Map m = smallMap();

    saveMap(m, dir + "/link2.json");
    EXPECT_TRUE(fs::is_symlink(dir + "/link2.json"));
    EXPECT_TRUE(fs::is_symlink(dir + "/link.json"));
    EXPECT_EQ(fs::read_symlink(dir + "/link.json"), "real/m.json");
    EXPECT_EQ(readFile(dir + "/real/m.json"), mapToJson(m));
    EXPECT_EQ(modeOf(dir + "/real/m.json"), 0640u);
    EXPECT_EQ(listDir(dir + "/real"), std::vector<std::string>{"m.json"});  // no temporary

    // A link to a file not there yet creates that file.
    fs::create_symlink("real/new.json", dir + "/dangling.json");
    saveMap(m, dir + "/dangling.json");
    EXPECT_TRUE(fs::is_symlink(dir + "/dangling.json"));
    EXPECT_TRUE(loadMap(dir + "/real/new.json") == m);
}

TEST(AtomicFile, AReadOnlyFileIsRefusedAndLeftAlone) {
    const std::string dir = test::tempDir();
    const std::string path = dir + "/locked.json";
    writeFile(path, "old");
    ASSERT_EQ(::chmod(path.c_str(), 0444), 0);
    try {
        saveMap(smallMap(), path);
        FAIL() << "saved over a read-only file";
    } catch (const MapError& e) {
        EXPECT_EQ(std::string(e.what()), path + ": not saved: the file is read-only");
    }
    EXPECT_EQ(readFile(path), "old");
    EXPECT_EQ(modeOf(path), 0444u);
    // Through a link, the message names the file that is read-only.
    fs::create_symlink("locked.json", dir + "/link.json");
    try {
        saveMap(smallMap(), dir + "/link.json");
        FAIL() << "saved over a read-only file";
    } catch (const MapError& e) {
        EXPECT_EQ(std::string(e.what()),
                  dir + "/link.json: not saved: " + dir + "/locked.json is read-only");
    }
    EXPECT_EQ(readFile(path), "old");
    EXPECT_EQ(listDir(dir), (std::vector<std::string>{"link.json", "locked.json"}));
}

TEST(AtomicFile, TheModeAndForRootTheOwnerAreKept) {
    const std::string dir = test::tempDir();
    const std::string path = dir + "/m.tsmap";
    writeFile(path, "old");
    ASSERT_EQ(::chmod(path.c_str(), 0754), 0);
    const bool root = ::geteuid() == 0;
    if (root) {
        ASSERT_EQ(::chown(path.c_str(), 4321, 4322), 0);
    }
    saveMap(smallMap(), path);
    struct stat st {};
    ASSERT_EQ(::stat(path.c_str(), &st), 0);
    EXPECT_EQ(st.st_mode & 07777, 0754u);
    if (root) {
        EXPECT_EQ(st.st_uid, 4321u);
        EXPECT_EQ(st.st_gid, 4322u);
    }
    // A new file gets 0644, not mkstemp's 0600.
    saveMap(smallMap(), dir + "/new.json");
    EXPECT_EQ(modeOf(dir + "/new.json"), 0644u);
}

TEST(AtomicFile, WritesAnyBytesAndReportsTheFolderProblem) {
    const std::string dir = test::tempDir();
    std::string error;
    ASSERT_TRUE(writeFileAtomically(dir + "/t.txt", std::string("a\0b", 3), &error)) << error;
    EXPECT_EQ(readFile(dir + "/t.txt"), std::string("a\0b", 3));
    EXPECT_FALSE(writeFileAtomically(dir + "/none/t.txt", "x", &error));
    EXPECT_EQ(error,
              dir + "/none/t.txt: cannot create a temporary file: No such file or directory");
}

TEST(AtomicFile, AWriterInPiecesTouchesTheTargetOnlyOnCommit) {
    const std::string dir = test::tempDir(), path = dir + "/trace.jsonl";
    writeFile(path, "old");
    {
        AtomicFileWriter out;
        std::string error;
        ASSERT_TRUE(out.open(path, &error)) << error;
        EXPECT_TRUE(out.write("new ", 4));
        EXPECT_TRUE(out.write("bytes", 5));
        EXPECT_EQ(readFile(path), "old") << "nothing replaced before commit";
        EXPECT_EQ(listDir(dir).size(), 2u) << "the temporary sits beside the target";
        ASSERT_TRUE(out.commit(&error)) << error;
    }
    EXPECT_EQ(readFile(path), "new bytes");
    EXPECT_EQ(listDir(dir), std::vector<std::string>{"trace.jsonl"});
}

TEST(AtomicFile, AnUncommittedWriterLeavesTheTargetAndNoTemporary) {
    const std::string dir = test::tempDir(), path = dir + "/trace.jsonl";
    writeFile(path, "old");
    {
        AtomicFileWriter out;
        std::string error;
        ASSERT_TRUE(out.open(path, &error)) << error;
        out.write("half a trace", 12);
    }  // destroyed without commit: an error or an exception on the way
    EXPECT_EQ(readFile(path), "old");
    EXPECT_EQ(listDir(dir), std::vector<std::string>{"trace.jsonl"});

    AtomicFileWriter failing;
    std::string error;
    ASSERT_TRUE(failing.open(path, &error)) << error;
    failing.write("x", 1);
    setAtomicWriteFailureForTesting(true);
    EXPECT_FALSE(failing.commit(&error));
    setAtomicWriteFailureForTesting(false);
    EXPECT_EQ(error.rfind(path + ": cannot write", 0), 0u) << error;
    EXPECT_EQ(readFile(path), "old");
    EXPECT_EQ(listDir(dir), std::vector<std::string>{"trace.jsonl"});
}

}  // namespace
}  // namespace ts
