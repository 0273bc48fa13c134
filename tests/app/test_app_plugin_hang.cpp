// A plugin step that never returns in the live editor is a debugger event like a crash: the
// plugin host is killed at the step limit (2000 ms in the editor), the panel and stderr name
// plugin, actor and frame, the editor goes on with the map and its unsaved edits, and Restart
// plugin steps that frame again with other keys. Before, the editor ended (after writing the
// recovery copy). Real input under a private Xvfb (test_app_verify_support.h).
#include <cstdlib>
#include <filesystem>

#include "plugin/plugin_registry.h"
#include "test_app_verify_support.h"

namespace ts::test {
namespace {

namespace fs = std::filesystem;

using AppPluginHang = AppDriver;

// The x of hero's trace line for `frame`, or -1.
double xAt(const std::string& trace, int frame) {
    const auto at =
        trace.find("{\"frame\":" + std::to_string(frame) + ",\"actor\":\"hero\",\"x\":");
    if (at == std::string::npos) return -1;
    return std::atof(trace.c_str() + trace.find("\"x\":", at) + 4);
}

TEST_F(AppPluginHang, AHangingStepIsAFaultTheEditorOutlivesWithItsEditsAndRestarts) {
    // tests/plugins/endless_step.c: frames 0..2 walk right one px each from x = 32; frame 3
    // holds J, and a step with J held never returns.
    const std::string trace = dir_ + "/trace.jsonl";
    startWithPluginActor(TILESTEP_PLUGIN_DIR, "endless_step", "3,R\n1,J\n",
                         "--trace " + shellQuote(trace));
    if (HasFatalFailure()) return;
    key("b");
    click(cellX(6), cellY(6));  // an unsaved edit: a solid tile
    ASSERT_TRUE(waitForTitle("*")) << app_->windowTitle();

    const std::string fault =
        "plugin:endless_step: a step of actor 'hero' at frame 3 ran longer than 2000 ms";
    for (int i = 0; i < 4; ++i) key("period");  // frame 3 hangs
    EXPECT_TRUE(app_->waitForOutput("message " + fault, 20000)) << app_->out() << app_->err();
    EXPECT_NE(app_->err().find("tilestep: " + fault), std::string::npos) << app_->err();
    EXPECT_FALSE(app_->waitForExit(1000)) << "the editor ended: " << app_->err();
    EXPECT_NE(app_->windowTitle().find("*"), std::string::npos)
        << "the unsaved edit is still in the editor: " << app_->windowTitle();
    EXPECT_FALSE(fs::exists(settingsDir() + "/recovery.json")) << "nothing to recover from";

    key("ctrl+shift+r");
    EXPECT_TRUE(app_->waitForOutput("message plugin:endless_step: restarted, at frame 3", 5000))
        << app_->out();
    // Right held: the driven actor takes frame 3 over, stepped by the new plugin process.
    app_->xdotool("keydown Right sleep 0.4 key period sleep 0.4 keyup Right sleep 0.3");
    key("ctrl+s");
    ASSERT_TRUE(waitUntil([&] { return app_->windowTitle().find("*") == std::string::npos; }, 5000))
        << app_->windowTitle();
    key("ctrl+q");
    ASSERT_TRUE(app_->waitForExit(15000)) << "the editor did not quit: " << app_->err();
    EXPECT_EQ(app_->err().find(fault), app_->err().rfind(fault)) << "hung once: " << app_->err();
    const std::string written = readFile(trace);
    EXPECT_EQ(xAt(written, 2), 35.0) << written;
    EXPECT_EQ(xAt(written, 3), 36.0) << written;  // stepped, not the hung frame's 35
    MoverKind kind{};
    std::string error;
    const std::string plugin = std::string(TILESTEP_PLUGIN_DIR) + "/endless_step.so";
    ASSERT_TRUE(loadPluginMover(plugin, false, &kind, &error)) << error;  // to read the map
    EXPECT_EQ(loadMap(path_).tile(6, 6), 1) << "the edit made before the hang, saved after it";
}

// With two plugins, the second one's hang is reported the same way and the first one's
// actor, the map and its edit stay.
TEST_F(AppPluginHang, AHangInTheSecondOfTwoPluginsIsAFaultToo) {
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

    key("period");  // step frame 0: walker steps, then hero's step never returns
    EXPECT_TRUE(app_->waitForOutput(
        "message plugin:endless_step: a step of actor 'hero' at frame 0 ran longer than 2000 ms",
        20000))
        << app_->out() << app_->err();
    EXPECT_FALSE(app_->waitForExit(1000)) << "the editor ended: " << app_->err();
    key("ctrl+s");
    ASSERT_TRUE(waitUntil([&] { return app_->windowTitle().find("*") == std::string::npos; }, 5000))
        << app_->windowTitle();
    std::vector<MoverKind> kinds;
    std::string error;
    ASSERT_TRUE(loadPluginMovers({walker, plugin}, false, &kinds, &error)) << error;
    const Map saved = loadMap(path_);
    EXPECT_EQ(saved.tile(6, 6), 1) << "the edit made before the hang";
    ASSERT_EQ(saved.actors.size(), 2u);
    EXPECT_EQ(moverInfo(saved.actors[0].mover).id, std::string("plugin:topdown_aabb"));
    key("ctrl+q");
    EXPECT_TRUE(app_->waitForExit(15000)) << "the editor did not quit: " << app_->err();
}

}  // namespace
}  // namespace ts::test
