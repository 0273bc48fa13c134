// The editor's side of Tiled interop with real input under a private Xvfb: a .tmx picked in
// the Open dialog is imported into an untitled document (the original is never a save
// target), Save As to .tmj exports a Tiled copy, and Ctrl+S then asks for a tilestep file.
#include <filesystem>

#include "io/foreign_maps.h"
#include "test_app_verify_support.h"

namespace ts::test {
namespace {

namespace fs = std::filesystem;

using AppInterop = AppDriver;

TEST_F(AppInterop, OpenImportsATmxSaveAsExportsAndSaveWritesATilestepMap) {
    const std::string tmx = dir_ + "/platformer.tmx";
    fs::copy_file(sourcePath("maps/tiled-platformer.tmx"), tmx);
    const std::string original = readFile(tmx);
    const Map imported = interop::importMapFile(tmx, {}, dir_).map;
    Map start_ = Map::blank(20, 12);
    start(start_);
    if (HasFatalFailure()) return;

    key("ctrl+o");
    ASSERT_TRUE(waitForNewLine("dialog Open map", 0)) << app_->out();
    key("ctrl+a");
    type(tmx);
    key("Return");
    ASSERT_TRUE(waitForTitle("untitled - tilestep")) << app_->windowTitle();
    EXPECT_NE(app_->err().find(tmx + ": warning: tile layer \"background\": skipped"),
              std::string::npos)
        << app_->err();

    // Save As to .tmj: a Tiled copy; the document stays untitled and unchanged.
    const std::string tmj = dir_ + "/copy.tmj";
    key("ctrl+shift+s");
    ASSERT_TRUE(waitForNewLine("dialog Save map as", 0)) << app_->out();
    key("ctrl+a");
    type(tmj);
    key("Return");
    ASSERT_TRUE(waitUntil([&] { return fs::exists(tmj); }, 5000));
    EXPECT_TRUE(interop::importMapFile(tmj, {}, dir_).map == imported);
    EXPECT_NE(app_->windowTitle().find("untitled"), std::string::npos) << app_->windowTitle();

    // Ctrl+S on the untitled import asks where: a tilestep map.
    const std::string json = dir_ + "/imported.json";
    size_t asked = countOf(app_->out(), "dialog Save map as");
    key("ctrl+s");
    ASSERT_TRUE(waitForNewLine("dialog Save map as", asked)) << app_->out();
    key("ctrl+a");
    type(json);
    key("Return");
    ASSERT_TRUE(waitForTitle("imported.json")) << app_->windowTitle();
    key("ctrl+q");
    ASSERT_TRUE(app_->waitForExit(10000)) << app_->err();
    EXPECT_TRUE(loadMap(json) == imported);
    EXPECT_EQ(readFile(tmx), original) << "the Tiled file must never be written";
}

}  // namespace
}  // namespace ts::test
