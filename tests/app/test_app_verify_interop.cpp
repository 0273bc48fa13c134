// The editor's side of Tiled interop with real input under a private Xvfb: a .tmx picked in
// the Open dialog is the document's file, Save As to .tmj exports a Tiled copy, Ctrl+S
// writes the .tmx back in place (with no edit, its bytes), Save As to .json a tilestep map.
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
    ASSERT_TRUE(waitForTitle("platformer.tmx  (")) << app_->windowTitle();
    // Its other tile layer is drawn (the Layers panel lists it): no warning says it is skipped.
    EXPECT_EQ(app_->err().find(tmx + ": warning: tile layer \"background\": skipped"),
              std::string::npos)
        << app_->err();

    // Save As to .tmj: a Tiled copy; the document stays the .tmx, unchanged.
    const std::string tmj = dir_ + "/copy.tmj";
    key("ctrl+shift+s");
    ASSERT_TRUE(waitForNewLine("dialog Save map as", 0)) << app_->out();
    key("ctrl+a");
    type(tmj);
    key("Return");
    ASSERT_TRUE(waitUntil([&] { return fs::exists(tmj); }, 5000));
    EXPECT_TRUE(interop::importMapFile(tmj, {}, dir_).map == imported);
    EXPECT_NE(app_->windowTitle().find("platformer.tmx"), std::string::npos) << app_->windowTitle();

    // Ctrl+S writes the .tmx in place; Save As to .json then makes a tilestep map.
    key("ctrl+s");
    const std::string json = dir_ + "/imported.json";
    size_t asked = countOf(app_->out(), "dialog Save map as");
    key("ctrl+shift+s");
    ASSERT_TRUE(waitForNewLine("dialog Save map as", asked)) << app_->out();
    key("ctrl+a");
    type(json);
    key("Return");
    ASSERT_TRUE(waitForTitle("imported.json")) << app_->windowTitle();
    key("ctrl+q");
    ASSERT_TRUE(app_->waitForExit(10000)) << app_->err();
    EXPECT_TRUE(loadMap(json) == imported);
    EXPECT_EQ(readFile(tmx), original) << "with no edit, the in-place save is the file's bytes";
}

}  // namespace
}  // namespace ts::test
