// sameFile / findOutputClash (core/base/file_identity.h): one file by any spelling, symlink or
// hard link; outputs that do not exist yet compared by folder and name.
#include <gtest/gtest.h>
#include <fcntl.h>
#include <unistd.h>

#include <cstdio>

#include <filesystem>

#include "base/file_identity.h"
#include "test_support.h"

namespace ts {
namespace {

namespace fs = std::filesystem;

struct FileIdentity : ::testing::Test {
    std::string dir = test::tempDir();
    std::string map = dir + "/m.json";
    void SetUp() override { test::writeFile(map, "{}"); }
};

TEST_F(FileIdentity, OneFileByAnySpelling) {
    EXPECT_TRUE(sameFile(map, map));
    EXPECT_TRUE(sameFile(map, dir + "/./m.json"));
    EXPECT_TRUE(sameFile(map, dir + "//m.json"));
    fs::create_directory(dir + "/sub");
    EXPECT_TRUE(sameFile(map, dir + "/sub/../m.json"));
    // Relative to the working directory.
    const fs::path before = fs::current_path();
    fs::current_path(dir);
    EXPECT_TRUE(sameFile("m.json", map));
    EXPECT_TRUE(sameFile("./m.json", map));
    EXPECT_TRUE(sameFile("new.jsonl", dir + "/new.jsonl"));
    fs::current_path(before);
}

TEST_F(FileIdentity, SymlinksAndHardLinksAreTheFileTheyName) {
    fs::create_symlink(map, dir + "/link.json");
    fs::create_symlink("link.json", dir + "/link2.json");  // relative, through another link
    fs::create_hard_link(map, dir + "/hard.json");
    EXPECT_TRUE(sameFile(dir + "/link.json", map));
    EXPECT_TRUE(sameFile(map, dir + "/link2.json"));
    EXPECT_TRUE(sameFile(dir + "/hard.json", dir + "/link2.json"));
    // A linked folder too.
    fs::create_directory_symlink(dir, dir + "/again");
    EXPECT_TRUE(sameFile(dir + "/again/m.json", map));
    EXPECT_TRUE(sameFile(dir + "/again/new.log", dir + "/new.log"));
}

TEST_F(FileIdentity, DifferentFilesAreDifferent) {
    test::writeFile(dir + "/copy.json", "{}");
    EXPECT_FALSE(sameFile(map, dir + "/copy.json"));  // same bytes, another file
    EXPECT_FALSE(sameFile(map, dir + "/absent.json"));
    EXPECT_FALSE(sameFile(dir + "/a.log", dir + "/b.log"));
    EXPECT_FALSE(sameFile(dir + "/no/such/a.log", dir + "/no/such/b.log"));
    EXPECT_TRUE(sameFile(dir + "/no/such/a.log", dir + "/no/such/../such/a.log"));
}

TEST_F(FileIdentity, ADanglingSymlinkIsTheFileItWouldCreate) {
    fs::create_symlink("target.log", dir + "/dangling.log");
    EXPECT_TRUE(sameFile(dir + "/dangling.log", dir + "/target.log"));
    EXPECT_FALSE(sameFile(dir + "/dangling.log", map));
    // A loop of links ends and is not some other file.
    fs::create_symlink("loop2", dir + "/loop1");
    fs::create_symlink("loop1", dir + "/loop2");
    EXPECT_FALSE(sameFile(dir + "/loop1", map));
}

TEST_F(FileIdentity, StdoutIsTheFileItIsRedirectedTo) {
    std::fflush(stdout);
    const int saved = ::dup(STDOUT_FILENO);
    const int map = ::open(this->map.c_str(), O_WRONLY | O_APPEND);
    ASSERT_GE(map, 0);
    ::dup2(map, STDOUT_FILENO);
    const bool same = sameFile("-", this->map);
    const std::string clash = findOutputClash({{"MAP", this->map}}, {{"stdout", "-"}});
    std::fflush(stdout);
    ::dup2(saved, STDOUT_FILENO);
    ::close(saved);
    ::close(map);
    EXPECT_TRUE(same);
    EXPECT_EQ(clash, "stdout - is the same file as MAP " + this->map +
                         ": an output may not overwrite an input");
    EXPECT_EQ(test::readFile(this->map), "{}");
}

TEST_F(FileIdentity, ClashesNameBothFilesAndSkipStdout) {
    fs::create_hard_link(map, dir + "/hard.json");
    EXPECT_EQ(findOutputClash({{"MAP", map}}, {{"--trace", dir + "/hard.json"}}),
              "--trace " + dir + "/hard.json is the same file as MAP " + map +
                  ": an output may not overwrite an input");
    EXPECT_EQ(findOutputClash({{"MAP", map}, {"--inputs", ""}}, {{"--trace", "-"}}), "");
    EXPECT_EQ(findOutputClash({{"MAP", map}}, {{"--trace", dir + "/t.jsonl"}}), "");
    // Two outputs onto one new file.
    EXPECT_EQ(findOutputClash({{"MAP", map}},
                              {{"--trace", dir + "/out"}, {"--record-log", dir + "/./out"}}),
              "--record-log " + dir + "/./out is the same file as --trace " + dir +
                  "/out: two outputs may not be one file");
}

}  // namespace
}  // namespace ts
