// Reads are capped: /dev/zero, an endless pipe or a huge file named as a map or an input log
// ends in an error naming the file and the limit instead of reading until memory runs out.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>

#include "base/bounded_read.h"
#include "sim/input_log.h"
#include "io/map_io.h"
#include "test_support.h"

namespace ts {
namespace {

namespace fs = std::filesystem;

std::string q(const std::string& s) {
    return "'" + s + "'";
}

TEST(BoundedRead, LimitsInWords) {
    EXPECT_EQ(byteSizeText(uint64_t(2) << 30), "2 GiB");
    EXPECT_EQ(byteSizeText(uint64_t(64) << 20), "64 MiB");
    EXPECT_EQ(byteSizeText(4096), "4 KiB");
    EXPECT_EQ(byteSizeText(1000), "1000 bytes");
}

TEST(BoundedRead, AFileUpToTheLimitIsReadWhole) {
    const std::string path = test::tempDir() + "/f";
    test::writeFile(path, std::string(100000, 'x'));
    std::string bytes, problem;
    EXPECT_EQ(readFileAtMost(path, 100000, "a test file", &bytes, &problem), ReadResult::Ok);
    EXPECT_EQ(bytes, std::string(100000, 'x'));
    EXPECT_EQ(readFileAtMost(path, 99999, "a test file", &bytes, &problem), ReadResult::TooLarge);
    EXPECT_EQ(problem, "larger than 99999 bytes, the most a test file may hold");
    EXPECT_EQ(readFileAtMost(path + "-missing", 10, "a test file", &bytes, &problem),
              ReadResult::CannotOpen);
    EXPECT_EQ(problem, "cannot open: No such file or directory");
}

TEST(BoundedRead, AnEndlessStreamStopsAtTheLimit) {
    std::string bytes = "untouched", problem;
    EXPECT_EQ(readFileAtMost("/dev/zero", 1 << 20, "a test file", &bytes, &problem),
              ReadResult::TooLarge);
    EXPECT_EQ(problem, "larger than 1 MiB, the most a test file may hold");
    EXPECT_EQ(bytes, "untouched");
    // The caller may stop earlier once the content is known to be bad.
    size_t calls = 0;
    auto stop = [&](const std::string& b, size_t from) {
        ++calls;
        return b.find('\0', from) != std::string::npos;
    };
    EXPECT_EQ(readFileAtMost("/dev/zero", 1 << 20, "a test file", &bytes, &problem, stop),
              ReadResult::Ok);
    EXPECT_EQ(calls, 1u);
    EXPECT_FALSE(bytes.empty());
    EXPECT_LE(bytes.size(), size_t(1 << 16));
}

// A map file larger than the limit is refused from its size, without reading: a sparse file
// takes no disk space and no time.
TEST(BoundedRead, AMapFileLargerThanTheLimitIsRefusedFromItsSize) {
    const std::string path = test::tempDir() + "/huge.tsmap";
    test::writeFile(path, "");
    fs::resize_file(path, kMaxMapFileBytes + 1);
    try {
        loadMap(path);
        FAIL() << "loaded";
    } catch (const MapError& e) {
        EXPECT_EQ(std::string(e.what()),
                  path + ": larger than 2 GiB, the most a map file may hold");
    }
}

// Stopping early must never cut a good file short: rapidjson skips a UTF-8 byte-order mark,
// so a JSON map may start with one, and a file longer than one read (64 KiB) must still load.
TEST(BoundedRead, ALongJsonMapStartingWithAByteOrderMarkStillLoads) {
    const std::string dir = test::tempDir();
    const Map m = Map::blank(300, 300);
    const std::string text = "\xEF\xBB\xBF" + mapToJson(m);
    ASSERT_GT(text.size(), size_t(2) << 16);  // several reads
    test::writeFile(dir + "/bom.json", text);
    EXPECT_TRUE(loadMap(dir + "/bom.json") == m);
    test::writeFile(dir + "/spaces.json", std::string(200000, ' ') + "\n\t" + mapToJson(m));
    EXPECT_TRUE(loadMap(dir + "/spaces.json") == m);
    // rapidjson skips each byte of the mark on its own: a damaged mark loads too.
    test::writeFile(dir + "/half.json", "\xBB\xBF" + mapToJson(m));
    EXPECT_TRUE(loadMap(dir + "/half.json") == m);
}

// Before the fix these read /dev/zero until memory ran out: bounded here by a memory limit
// and a timeout, so that a regression fails instead of exhausting the machine. (ASan
// reserves terabytes of address space for its shadow memory: no ulimit -v there.)
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TILESTEP_TEST_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(TILESTEP_TEST_ASAN)
constexpr const char* kMemoryLimit = "";
#else
constexpr const char* kMemoryLimit = "ulimit -v 3000000 && ";
#endif

struct EndlessInputs : ::testing::Test {
    std::string dir = test::tempDir();
    std::string tilestepCommand(const std::string& args) {
        return std::string(kMemoryLimit) + "timeout 60 " + q(TILESTEP_BINARY) + " " + args;
    }
    test::CommandResult tilestep(const std::string& args) {
        return test::runShell("cd " + q(dir) + " && " + tilestepCommand(args));
    }
};

TEST_F(EndlessInputs, DevZeroAsAMapIsRefusedAtOnce) {
    fs::create_symlink("/dev/zero", dir + "/zero.json");
    fs::create_symlink("/dev/zero", dir + "/zero.tsmap");
    auto json = tilestep("validate zero.json");
    EXPECT_EQ(json.exitCode, 1);
    EXPECT_EQ(json.err,
              "tilestep validate: zero.json: invalid JSON at line 1, column 1: The "
              "document is empty.\n");
    auto binary = tilestep("info zero.tsmap");
    EXPECT_EQ(binary.exitCode, 1);
    EXPECT_EQ(binary.err,
              "tilestep info: zero.tsmap: not a tilestep binary map (the file does "
              "not start with \\x89TSMAP)\n");
}

TEST_F(EndlessInputs, DevZeroAsAnInputLogIsRefusedAtOnce) {
    saveMap(test::mapFromRows({"....", "...."}), dir + "/m.json");
    Map m = loadMap(dir + "/m.json");
    m.actors = {test::makeActor("hero", MoverKind::TopDownAabb, 0, 0, 8, 8)};
    saveMap(m, dir + "/m.json");
    fs::create_symlink("/dev/zero", dir + "/zero.log");
    auto r = tilestep("run m.json --frames 1 --inputs zero.log");
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_EQ(r.err, "tilestep run: zero.log: not a text input log (contains NUL bytes)\n");
}

TEST_F(EndlessInputs, AnEndlessValidLogStopsAtTheLimit) {
    ASSERT_EQ(::mkfifo((dir + "/endless.log").c_str(), 0600), 0);
    Map m = test::mapFromRows({"....", "...."});
    m.actors = {test::makeActor("hero", MoverKind::TopDownAabb, 0, 0, 8, 8)};
    saveMap(m, dir + "/m.json");
    // `yes` writes "1,R" lines until the reader closes the pipe. (Its open of the pipe waits
    // for a reader: under timeout too, so that a tilestep that never reads cannot hang this.)
    auto r = test::runShell("cd " + q(dir) + " && (" +
                            tilestepCommand("run m.json --frames 1 --inputs endless.log") +
                            " & timeout 60 sh -c 'yes 1,R > endless.log'; wait $!)");
    EXPECT_EQ(r.exitCode, 1) << r.err;
    EXPECT_EQ(r.err,
              "tilestep run: endless.log: larger than 64 MiB, the most an input log may "
              "hold\n");
}

// Issue 28: a FIFO named as an input blocked the command in its open, waiting for a writer
// that never came. The files a map or a command names that must be files (traces, tilesets,
// templates, plugins) are refused at once; a map or an input log, which may be streamed
// (`--inputs <(generate)`), waits 3 s for a writer, then says that nothing writes to it.
TEST_F(EndlessInputs, AFifoNamedAsAnyInputNeverBlocks) {
    for (const char* name : {"p.json", "p.jsonl", "p.tstrace", "p.log", "p.tsx", "p.tx", "p.so"})
        ASSERT_EQ(::mkfifo((dir + "/" + name).c_str(), 0600), 0) << name;
    Map m = test::mapFromRows({"....", "...."});
    m.actors = {test::makeActor("hero", MoverKind::TopDownAabb, 0, 0, 8, 8)};
    saveMap(m, dir + "/m.json");
    test::writeFile(dir + "/t.tmx", R"(<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" orientation="orthogonal" width="2" height="2" tilewidth="16" tileheight="16" infinite="0">
 <tileset firstgid="1" source="p.tsx"/>
 <layer id="1" name="collision" width="2" height="2"><data encoding="csv">0,0,0,0</data></layer>
</map>
)");
    test::writeFile(dir + "/x.tmx", R"(<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" orientation="orthogonal" width="2" height="2" tilewidth="16" tileheight="16" infinite="0">
 <layer id="1" name="collision" width="2" height="2"><data encoding="csv">0,0,0,0</data></layer>
 <objectgroup id="2" name="o"><object id="1" template="p.tx" x="0" y="0"/></objectgroup>
</map>
)");
    const std::string fifo = ": not a regular file (a FIFO)\n";
    const struct {
        const char* args;
        int exitCode;
        std::string err;
    } cases[] = {
        {"diff p.jsonl p.jsonl", 2, "tilestep diff: p.jsonl" + fifo},
        {"diff p.tstrace p.jsonl", 2, "tilestep diff: p.tstrace" + fifo},
        {"check m.json p.jsonl", 1, "tilestep check: p.jsonl" + fifo},
        {"run m.json --frames 1 --plugin p.so", 1, "tilestep run: p.so" + fifo},
        {"validate t.tmx", 1, "tilestep validate: p.tsx" + fifo},
        {"validate x.tmx", 1, "tilestep validate: x.tmx: object 1: template p.tx" + fifo},
        {"validate p.json", 1,
         "tilestep validate: p.json: nothing writes to it (a FIFO, waited 3 s)\n"},
        {"run m.json --frames 1 --inputs p.log", 1,
         "tilestep run: p.log: nothing writes to it (a FIFO, waited 3 s)\n"},
    };
    for (const auto& c : cases) {
        SCOPED_TRACE(c.args);
        const test::CommandResult r = tilestep(c.args);
        EXPECT_EQ(r.exitCode, c.exitCode) << r.err;
        EXPECT_EQ(r.err, c.err);
    }
    // A folder is refused by name too.
    const test::CommandResult folder = tilestep("diff . .");
    EXPECT_EQ(folder.err, "tilestep diff: .: is a folder, not a file\n");
}

}  // namespace
}  // namespace ts
