// `tilestep view` of a map whose actors use two plugins: with both --plugin flags the map
// loads and the recorded trace shows, both actors in the debugger panel (its text logged by
// --verbose --screenshot).
#include <filesystem>

#include "xvfb_session.h"

namespace ts::test {
namespace {

TEST(AppPluginView, ShowsATraceOfAMapWithTwoPlugins) {
    if (!haveCommand("xvfb-run")) GTEST_SKIP() << "xvfb-run is not installed";
    const std::string dir = tempDir();
    const std::string example = TILESTEP_EXAMPLE_PLUGIN_DIR;
    const std::string plugins = " --plugin " + shellQuote(example + "/topdown_aabb_plugin.so") +
                                " --plugin " + shellQuote(example + "/celeste_plugin.so");
    // link by one plugin, a climber by the other where link stood.
    std::string text = readFile(sourcePath("maps/zelda-room.json"));
    const std::string from = "\"mover\": \"topdown_aabb\"";
    ASSERT_NE(text.find(from), std::string::npos);
    text.replace(text.find(from), from.size(),
                 "\"mover\": \"plugin:topdown_aabb\", \"x\": 224, \"y\": 256, \"w\": 16, \"h\": "
                 "16},\n    {\"name\": \"climber\", \"mover\": \"plugin:celeste\"");
    writeFile(dir + "/both.json", text);
    const CommandResult run =
        runTilestep("run " + shellQuote(dir + "/both.json") + " --frames 30 --trace " +
                    shellQuote(dir + "/t.jsonl") + plugins);
    ASSERT_EQ(run.exitCode, 0) << run.err;

    const std::string shot = dir + "/view.png";
    const CommandResult r = runTilestepInXvfb(
        "view " + shellQuote(dir + "/both.json") + " " + shellQuote(dir + "/t.jsonl") +
            " --verbose --screenshot " + shellQuote(shot) + plugins,
        dir + "/cfg");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_TRUE(std::filesystem::exists(shot));
    EXPECT_NE(r.out.find("link plugin:topdown_aabb"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("climber plugin:celeste"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace ts::test
