// A plugin step that never returns in the live editor ends the editor (a frozen window helps
// no one), but not before the map's unsaved changes are written to the recovery copy: an edit
// made just before the hang, long before the recovery interval is up, is offered back at the
// next start. Real input under a private Xvfb (test_app_verify_support.h).
#include <filesystem>

#include "plugin/plugin_registry.h"
#include "test_app_verify_support.h"

namespace ts::test {
namespace {

namespace fs = std::filesystem;

using AppPluginHang = AppDriver;

TEST_F(AppPluginHang, AHangingStepWritesTheUnsavedEditToTheRecoveryCopy) {
    // One actor of tests/plugins/endless_step.c, whose step never returns once J is held;
    // the input log holds J on the first frame.
    startWithPluginActor(TILESTEP_PLUGIN_DIR, "endless_step");
    if (HasFatalFailure()) return;
    key("b");
    click(cellX(6), cellY(6));  // an unsaved edit: a solid tile
    ASSERT_TRUE(waitForTitle("*")) << app_->windowTitle();
    const std::string copy = settingsDir() + "/recovery.json";
    ASSERT_FALSE(fs::exists(copy)) << "a copy before the hang proves nothing";

    key("period");  // step frame 0: J held, the step never returns
    ASSERT_TRUE(app_->waitForExit(20000)) << "the editor did not end: " << app_->err();
    EXPECT_NE(app_->err().find("plugin:endless_step: a step"), std::string::npos) << app_->err();
    EXPECT_NE(app_->err().find("the editor stops (unsaved changes are in the recovery copy"),
              std::string::npos)
        << app_->err();
    ASSERT_TRUE(fs::exists(copy)) << "no recovery copy in " << settingsDir();
    MoverKind kind{};
    std::string error;
    const std::string plugin = std::string(TILESTEP_PLUGIN_DIR) + "/endless_step.so";
    ASSERT_TRUE(loadPluginMover(plugin, false, &kind, &error)) << error;  // to read the maps
    const Map recovered = loadMap(copy);
    EXPECT_EQ(recovered.tile(6, 6), 1) << "the edit made before the hang is in the copy";
    EXPECT_EQ(loadMap(path_).tile(6, 6), 0) << "the map itself was not saved";
}

// With two plugins, one watchdog watches both: the second one's hang is caught the same way,
// the unsaved edit written to the recovery copy first.
TEST_F(AppPluginHang, AHangInTheSecondOfTwoPluginsWritesTheRecoveryCopyToo) {
    path_ = dir_ + "/level.json";
    saveMap(Map::blank(20, 12), path_);
    std::string text = readFile(path_);
    const std::string noActors = "\"actors\": []";
    ASSERT_NE(text.find(noActors), std::string::npos) << text;
    text.replace(text.find(noActors), noActors.size(),
                 "\"actors\": [{\"name\": \"walker\", \"mover\": \"plugin:topdown_aabb\", "
                 "\"x\": 128, \"y\": 32, \"w\": 12, \"h\": 12}, "
                 "{\"name\": \"hero\", \"mover\": \"plugin:endless_step\", "
                 "\"x\": 32, \"y\": 32, \"w\": 12, \"h\": 12}]");
    writeFile(path_, text);
    writeFile(dir_ + "/keys.log", "1,J\n");
    const std::string walker = std::string(TILESTEP_EXAMPLE_PLUGIN_DIR) + "/topdown_aabb_plugin.so";
    const std::string plugin = std::string(TILESTEP_PLUGIN_DIR) + "/endless_step.so";

    launch(shellQuote(path_) + " --plugin " + shellQuote(walker) + " --plugin " +
               shellQuote(plugin) + " --debug --actor hero --inputs " +
               shellQuote(dir_ + "/keys.log"),
           "TILESTEP_RECOVERY_SECONDS=3600");
    if (HasFatalFailure()) return;
    key("b");
    click(cellX(6), cellY(6));
    ASSERT_TRUE(waitForTitle("*")) << app_->windowTitle();
    const std::string copy = settingsDir() + "/recovery.json";
    ASSERT_FALSE(fs::exists(copy)) << "a copy before the hang proves nothing";

    key("period");  // step frame 0: walker steps, then hero's step never returns
    ASSERT_TRUE(app_->waitForExit(20000)) << "the editor did not end: " << app_->err();
    EXPECT_NE(app_->err().find("plugin:endless_step: a step"), std::string::npos) << app_->err();
    EXPECT_NE(app_->err().find("the editor stops (unsaved changes are in the recovery copy"),
              std::string::npos)
        << app_->err();
    ASSERT_TRUE(fs::exists(copy)) << "no recovery copy in " << settingsDir();
    std::vector<MoverKind> kinds;
    std::string error;
    ASSERT_TRUE(loadPluginMovers({walker, plugin}, false, &kinds, &error)) << error;
    const Map recovered = loadMap(copy);
    EXPECT_EQ(recovered.tile(6, 6), 1) << "the edit made before the hang is in the copy";
    ASSERT_EQ(recovered.actors.size(), 2u);
    EXPECT_EQ(moverInfo(recovered.actors[0].mover).id, std::string("plugin:topdown_aabb"));
}

}  // namespace
}  // namespace ts::test
