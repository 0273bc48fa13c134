// The debugger's outputs (--record-log, --trace, the panel's "Save log") are written as maps
// are saved (core/base/atomic_file.h, issue 9): a failed or killed write leaves the old file, a
// read-only file is refused with a clear error, a symlink is written through.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/atomic_file.h"
#include "../../app/debugger/debugger_state.h"
#include "io/map_io.h"
#include "test_support.h"

namespace ts::test {
namespace {

class DebuggerFiles : public ::testing::Test {
  protected:
    void SetUp() override {
        map_ = mapFromRows({"........", "........", "........", "########"});
        map_.actors.push_back(makeActor("hero", MoverKind::PixelSweep, 32, 32, 12, 16));
        dbg_ = std::make_unique<Debugger>(map_);
        for (int f = 0; f < 30; ++f) dbg_->stepForward(f < 10 ? KEY_R : KEY_L);
    }
    void TearDown() override { setAtomicWriteFailureForTesting(false); }

    Map map_;
    std::unique_ptr<Debugger> dbg_;
    std::string dir_ = tempDir();
};

TEST_F(DebuggerFiles, AFailedWriteLeavesTheOldFileWhole) {
    const std::string log = dir_ + "/hero.log", trace = dir_ + "/hero.jsonl";
    writeFile(log, "old log\n");
    writeFile(trace, "old trace\n");
    setAtomicWriteFailureForTesting(true);  // after the temporary is written, before rename
    std::string error;
    EXPECT_FALSE(dbg_->saveLog(0, log, &error));
    EXPECT_EQ(error.rfind(log + ": ", 0), 0u) << error;
    EXPECT_FALSE(dbg_->writeTrace(trace, "", false, &error));
    EXPECT_EQ(error.rfind(trace + ": ", 0), 0u) << error;
    EXPECT_EQ(readFile(log), "old log\n");
    EXPECT_EQ(readFile(trace), "old trace\n");
    EXPECT_EQ(dbg_->position(), 30) << "a failed trace still ends where it started";

    setAtomicWriteFailureForTesting(false);
    ASSERT_TRUE(dbg_->saveLog(0, log, &error)) << error;
    ASSERT_TRUE(dbg_->writeTrace(trace, "", false, &error)) << error;
    EXPECT_EQ(readFile(log).rfind("# tilestep input log: actor hero, 30 frames\n", 0), 0u);
    EXPECT_NE(readFile(trace).find("\"frame\":29"), std::string::npos);
}

TEST_F(DebuggerFiles, AReadOnlyFileIsRefusedEvenForRoot) {
    const std::string log = dir_ + "/hero.log", trace = dir_ + "/hero.jsonl";
    writeFile(log, "keep\n");
    writeFile(trace, "keep\n");
    ASSERT_EQ(::chmod(log.c_str(), 0444), 0);
    ASSERT_EQ(::chmod(trace.c_str(), 0444), 0);
    std::string error;
    EXPECT_FALSE(dbg_->saveLog(0, log, &error));
    EXPECT_EQ(error, log + ": not saved: the file is read-only");
    EXPECT_FALSE(dbg_->writeTrace(trace, "", true, &error));
    EXPECT_EQ(error, trace + ": not saved: the file is read-only");
    EXPECT_EQ(readFile(log), "keep\n");
    EXPECT_EQ(readFile(trace), "keep\n");
}

TEST_F(DebuggerFiles, ASymlinkIsWrittenThroughAndStaysALink) {
    const std::string target = dir_ + "/real.log", link = dir_ + "/link.log";
    writeFile(target, "old\n");
    ASSERT_EQ(::chmod(target.c_str(), 0640), 0);
    ASSERT_EQ(::symlink("real.log", link.c_str()), 0);
    std::string error;
    ASSERT_TRUE(dbg_->saveLog(0, link, &error)) << error;
    struct stat st {};
    ASSERT_EQ(::lstat(link.c_str(), &st), 0);
    EXPECT_TRUE(S_ISLNK(st.st_mode));
    EXPECT_EQ(readFile(target).rfind("# tilestep input log: actor hero", 0), 0u);
    ASSERT_EQ(::stat(target.c_str(), &st), 0);
    EXPECT_EQ(st.st_mode & 0777, 0640u) << "the file's mode is kept";
}

}  // namespace
}  // namespace ts::test
