// No command overwrites one of its own inputs, whatever path names it (./m.json, absolute,
// symlink, hard link): the real binary refuses with exit 2 and leaves every file as it was.
// Also the editor's headless flags, which are checked before any window opens.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>

#include "io/map_io.h"
#include "test_support.h"

namespace ts {
namespace {

namespace fs = std::filesystem;

std::string q(const std::string& s) {
    return "'" + s + "'";
}

struct CliFileSafety : ::testing::Test {
    std::string dir = test::tempDir();
    std::string mapPath = dir + "/room.json";
    std::string logPath = dir + "/walk.log";
    std::string mapBytes, logBytes;
    ino_t mapInode = 0;

    void SetUp() override {
        Map m = Map::blank(8, 6);
        m.actors = {test::makeActor("hero", MoverKind::TopDownAabb, 20, 20, 10, 10)};
        m.tileset.image = "tiles.png";
        saveMap(m, mapPath);
        test::writeFile(logPath, "5,R\n");
        test::writeFile(dir + "/tiles.png", "not really a png");
        mapBytes = test::readFile(mapPath);
        logBytes = test::readFile(logPath);
        mapInode = inode(mapPath);
    }
    static ino_t inode(const std::string& path) {
        struct stat st {};
        return ::stat(path.c_str(), &st) == 0 ? st.st_ino : 0;
    }
    // tilestep with ARGS, run from `dir` (so that relative paths are relative to it), with no
    // display: a window may not even be tried.
    // ARGS starting with "{" are a shell command line of their own.
    test::CommandResult tilestep(const std::string& args) {
        const bool shellLine = args[0] == '{';
        return test::runShell(
            "cd " + q(dir) + " && " +
            (shellLine ? "" : "DISPLAY= WAYLAND_DISPLAY= " + q(TILESTEP_BINARY) + " ") + args);
    }
    // Refused with exit 2, an error naming both paths, and no file touched.
    void expectRefused(const test::CommandResult& r, const std::string& out,
                       const std::string& in) {
        EXPECT_EQ(r.exitCode, 2) << r.err;
        EXPECT_EQ(r.out, "");
        EXPECT_NE(r.err.find(out + " is the same file as "), std::string::npos) << r.err;
        EXPECT_NE(r.err.find(" " + in + ": "), std::string::npos) << r.err;
        EXPECT_EQ(test::readFile(mapPath), mapBytes) << "the map was overwritten";
        EXPECT_EQ(inode(mapPath), mapInode) << "the map was replaced";
        EXPECT_EQ(test::readFile(logPath), logBytes) << "the log was overwritten";
    }
};

TEST_F(CliFileSafety, RunRefusesATraceThatIsTheMapByAnyPath) {
    auto r = tilestep("run room.json --frames 3 --trace ./room.json");
    expectRefused(r, "./room.json", "room.json");
    EXPECT_EQ(r.err,
              "tilestep run: --trace ./room.json is the same file as MAP room.json: an output "
              "may not overwrite an input\n");

    expectRefused(tilestep("run room.json --frames 3 --trace " + q(mapPath)), mapPath, "room.json");
    fs::create_symlink("room.json", dir + "/link.json");
    expectRefused(tilestep("run room.json --frames 3 --trace link.json"), "link.json", "room.json");
    fs::create_hard_link(mapPath, dir + "/hard.json");
    expectRefused(tilestep("run hard.json --frames 3 --trace=room.json"), "room.json", "hard.json");
    fs::create_directory_symlink(dir, dir + "/again");
    expectRefused(tilestep("run room.json --frames 3 --trace again/room.json"), "again/room.json",
                  "room.json");
}

TEST_F(CliFileSafety, RunRefusesATraceThatIsTheInputLog) {
    expectRefused(tilestep("run room.json --frames 3 --inputs walk.log --trace ./walk.log"),
                  "./walk.log", "walk.log");
    fs::create_hard_link(logPath, dir + "/walk-copy.log");
    auto r = tilestep("run room.json --frames 3 --inputs walk.log --trace walk-copy.log");
    expectRefused(r, "walk-copy.log", "walk.log");
    EXPECT_NE(r.err.find("--inputs walk.log"), std::string::npos) << r.err;

    // Another file is fine, and written.
    auto ok = tilestep("run room.json --frames 3 --inputs walk.log --trace trace.jsonl");
    EXPECT_EQ(ok.exitCode, 0) << ok.err;
    EXPECT_NE(test::readFile(dir + "/trace.jsonl"), "");
}

TEST_F(CliFileSafety, ConvertRefusesToWriteOntoItsOwnInput) {
    expectRefused(tilestep("convert room.json ./room.json"), "./room.json", "room.json");
    fs::create_symlink(mapPath, dir + "/link.json");
    expectRefused(tilestep("convert link.json room.json"), "room.json", "link.json");
    fs::create_hard_link(mapPath, dir + "/hard.json");
    auto r = tilestep("convert room.json hard.json");
    expectRefused(r, "hard.json", "room.json");
    EXPECT_EQ(r.err,
              "tilestep convert: OUT hard.json is the same file as IN room.json: an output may "
              "not overwrite an input\n");

    auto ok = tilestep("convert room.json room.tsmap");
    EXPECT_EQ(ok.exitCode, 0) << ok.err;
}

// Stdout is an output too: `>> MAP` would append the report to the map itself. (`> MAP`
// empties the map before tilestep even starts: nothing a program can prevent.)
TEST_F(CliFileSafety, StdoutAppendedToAnInputIsRefused) {
    for (const std::string cmd : {"validate room.json", "info room.json",
                                  "run room.json --frames 2", "convert room.json copy.tsmap"}) {
        auto r = tilestep("{ " + q(TILESTEP_BINARY) + " " + cmd + " >> room.json; }");
        EXPECT_EQ(r.exitCode, 2) << cmd << ": " << r.err;
        EXPECT_NE(r.err.find(": stdout - is the same file as "), std::string::npos)
            << cmd << ": " << r.err;
        EXPECT_EQ(test::readFile(mapPath), mapBytes) << cmd << " appended to the map";
    }
    EXPECT_FALSE(fs::exists(dir + "/copy.tsmap"));
    auto log = tilestep("{ " + q(TILESTEP_BINARY) +
                        " run room.json --frames 2 --inputs walk.log >> walk.log; }");
    EXPECT_EQ(log.exitCode, 2) << log.err;
    EXPECT_EQ(test::readFile(logPath), logBytes);
}

// view --listen's outputs: the recording (--save), the socket file (--listen PATH) and the
// screenshot, against the map, the traces and each other, before anything listens.
TEST_F(CliFileSafety, ViewRefusesASaveOrSocketThatIsAnInputByAnyPath) {
    auto r = tilestep("view room.json --listen 0 --save ./room.json");
    expectRefused(r, "./room.json", "room.json");
    EXPECT_EQ(r.err,
              "tilestep view: --save ./room.json is the same file as MAP room.json: an output "
              "may not overwrite an input\n");
    expectRefused(tilestep("view room.json --listen 0 --save " + q(mapPath)), mapPath, "room.json");
    fs::create_symlink("room.json", dir + "/link.json");
    expectRefused(tilestep("view room.json --listen 0 --save link.json"), "link.json", "room.json");
    fs::create_hard_link(mapPath, dir + "/hard.json");
    expectRefused(tilestep("view hard.json --listen 0 --save room.json"), "room.json", "hard.json");
    // The socket path is an output too (listening would create it, ending would remove it).
    expectRefused(tilestep("view room.json --listen ./room.json"), "./room.json", "room.json");
    auto both = tilestep("view room.json --listen ./s.sock --save s.sock");
    EXPECT_EQ(both.exitCode, 2) << both.err;
    EXPECT_NE(both.err.find("--listen ./s.sock is the same file as --save s.sock"),
              std::string::npos)
        << both.err;
    // The screenshot of a recorded trace onto that trace, by a hard link.
    test::writeFile(dir + "/t.jsonl", "{\"tilestep_trace\":1}\n");
    fs::create_hard_link(dir + "/t.jsonl", dir + "/t2.jsonl");
    auto shot = tilestep("view room.json t.jsonl --screenshot t2.jsonl");
    EXPECT_EQ(shot.exitCode, 2) << shot.err;
    EXPECT_NE(shot.err.find("--screenshot t2.jsonl is the same file as TRACE t.jsonl"),
              std::string::npos)
        << shot.err;
    EXPECT_EQ(test::readFile(dir + "/t.jsonl"), "{\"tilestep_trace\":1}\n");
}

// A plugin library is an input too: a trace or a converted map written over it.
TEST_F(CliFileSafety, APluginIsAnInput) {
    test::writeFile(dir + "/mover.so", "not really a library");
    for (const std::string cmd : {"run room.json --frames 2 --plugin mover.so --trace ./mover.so",
                                  "convert --plugin mover.so room.json ./mover.so"}) {
        auto r = tilestep(cmd);
        EXPECT_EQ(r.exitCode, 2) << cmd << ": " << r.err;
        EXPECT_NE(r.err.find("./mover.so is the same file as --plugin mover.so"), std::string::npos)
            << cmd << ": " << r.err;
        EXPECT_EQ(test::readFile(dir + "/mover.so"), "not really a library") << cmd;
    }
}

TEST_F(CliFileSafety, DiffsReportMayNotBeAppendedToATrace) {
    test::writeFile(dir + "/t.jsonl", "{\"tilestep_trace\":1}\n");
    auto r = tilestep("{ " + q(TILESTEP_BINARY) + " diff t.jsonl ./t.jsonl >> t.jsonl; }");
    EXPECT_EQ(r.exitCode, 2) << r.err;
    EXPECT_NE(r.err.find("stdout - is the same file as A t.jsonl"), std::string::npos) << r.err;
    EXPECT_EQ(test::readFile(dir + "/t.jsonl"), "{\"tilestep_trace\":1}\n");
}

TEST_F(CliFileSafety, EditorOutputsMayNotBeItsInputs) {
    // Refused before any window: DISPLAY is empty, so trying one would fail differently.
    auto r = tilestep("room.json --trace ./room.json");
    expectRefused(r, "./room.json", "room.json");
    EXPECT_EQ(r.err,
              "tilestep: --trace ./room.json is the same file as MAP room.json: an output may "
              "not overwrite an input\n");
    expectRefused(tilestep("room.json --screenshot " + q(mapPath)), mapPath, "room.json");
    fs::create_symlink("walk.log", dir + "/link.log");
    expectRefused(tilestep("room.json --inputs walk.log --record-log link.log"), "link.log",
                  "walk.log");
    // Two outputs onto one file.
    auto both = tilestep("room.json --trace out.txt --record-log ./out.txt");
    EXPECT_EQ(both.exitCode, 2);
    EXPECT_NE(both.err.find("--trace out.txt is the same file as --record-log ./out.txt"),
              std::string::npos)
        << both.err;
    EXPECT_FALSE(fs::exists(dir + "/out.txt"));
}

TEST_F(CliFileSafety, AScreenshotMayNotOverwriteTheMapsTilesetImage) {
    // The map names tiles.png next to itself; the check needs the map read, still no window.
    auto r = tilestep("room.json --screenshot ./tiles.png");
    EXPECT_EQ(r.exitCode, 2) << r.err;
    EXPECT_EQ(r.err,
              "tilestep: --screenshot ./tiles.png is the same file as the tileset image "
              "tiles.png: an output may not overwrite an input\n");
    EXPECT_EQ(test::readFile(dir + "/tiles.png"), "not really a png");
}

}  // namespace
}  // namespace ts
