// File > Import... of an LDtk project with several levels, under a private Xvfb: the editor
// lists the levels and opens the one picked (keys Down and Enter), not silently the first.
#include "io/ldtk/ldtk_import.h"
#include "ldtk_samples.h"
#include "test_app_verify_support.h"

namespace ts::test {
namespace {

// As in test_app_import_export.cpp: the File menu and its Import... item at UI scale 1.
constexpr int kFileMenuX = 24, kMenuY = 9;
constexpr int kItemX = 60, kImportY = 135;

using AppLevelPicker = AppDriver;

TEST_F(AppLevelPicker, ImportOfAProjectWithSeveralLevelsOpensTheLevelPicked) {
    start(Map::blank(20, 12));
    if (HasFatalFailure()) return;
    const std::string project = dir_ + "/world.ldtk";
    writeFile(project, ldtkWorldProject());

    click(kFileMenuX, kMenuY);
    click(kItemX, kImportY);
    ASSERT_TRUE(waitForNewLine("dialog Import map", 0)) << app_->out();
    key("ctrl+a");
    type(project);
    key("Return");
    ASSERT_TRUE(waitForNewLine("dialog Choose level", 0)) << app_->out();
    // Start is selected; two steps down is Tower.
    key("Down");
    key("Down");
    key("Return");
    // The project is the document's file (Ctrl+S would write it back); Save As: a tilestep map.
    ASSERT_TRUE(waitForTitle("world.ldtk  (")) << app_->windowTitle();
    const std::string json = dir_ + "/tower.json";
    key("ctrl+shift+s");
    ASSERT_TRUE(waitForNewLine("dialog Save map as", 0)) << app_->out();
    key("ctrl+a");
    type(json);
    key("Return");
    ASSERT_TRUE(waitForTitle("tower.json")) << app_->windowTitle();
    key("ctrl+q");
    ASSERT_TRUE(app_->waitForExit(10000)) << app_->err();

    interop::ImportOptions tower;
    tower.level = "Tower";
    EXPECT_TRUE(loadMap(json) == interop::importLdtk(project, tower).map);
    // Picked by name: no warning about the levels not imported.
    EXPECT_EQ(app_->err().find("imported the first"), std::string::npos) << app_->err();
}

}  // namespace
}  // namespace ts::test
