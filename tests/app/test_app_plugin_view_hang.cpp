// `tilestep view` with a plugin whose init never returns (tests/plugins/endless_init.c, called
// when the viewer spawns the map's actors): the plugin host is killed at --step-limit and the
// fault reported on stderr, and view exits 1, as run does, instead of freezing the window.
// Before, view had no limit and never returned (here: killed by timeout, exit 124).
#include "xvfb_session.h"

namespace ts::test {
namespace {

TEST(AppPluginViewHang, AnInitThatNeverReturnsEndsViewWithOne) {
    if (!haveCommand("xvfb-run")) GTEST_SKIP() << "xvfb-run is not installed";
    const std::string dir = tempDir();
    const CommandResult run = runTilestep("run " + shellQuote(sourcePath("maps/grid-walls.json")) +
                                          " --frames 3 --trace " + shellQuote(dir + "/t.jsonl"));
    ASSERT_EQ(run.exitCode, 0) << run.err;
    std::string text = readFile(sourcePath("maps/grid-walls.json"));
    const std::string from = "\"mover\": \"grid_walls\"";
    ASSERT_NE(text.find(from), std::string::npos);
    text.replace(text.find(from), from.size(), "\"mover\": \"plugin:endless_init\"");
    writeFile(dir + "/level.json", text);

    const std::string plugin = std::string(TILESTEP_PLUGIN_DIR) + "/endless_init.so";
    const std::string cmd =
        kGuiEnv + std::string("XDG_CONFIG_HOME=") + shellQuote(dir + "/cfg") +
        " timeout 60 xvfb-run -a -s '-screen 0 1280x800x24' " + shellQuote(TILESTEP_BINARY) +
        " view " + shellQuote(dir + "/level.json") + " " + shellQuote(dir + "/t.jsonl") +
        " --screenshot " + shellQuote(dir + "/view.png") + " --plugin " + shellQuote(plugin) +
        " --step-limit 500" + " >" + dir + "/out 2>" + dir + "/err </dev/null";
    const int status = std::system(cmd.c_str());
    const std::string err = readFile(dir + "/err");
    ASSERT_TRUE(WIFEXITED(status)) << err;
    EXPECT_EQ(WEXITSTATUS(status), 1) << "124 = still frozen after 60 s; " << err;
    // The hang's message, then where the plugin was (" in f at file:line", when the host can
    // tell), then what view did.
    const size_t at = err.find(
        "tilestep view: plugin:endless_init: init of actor 'ball' at frame 0 ran longer than 500 "
        "ms");
    EXPECT_NE(at, std::string::npos) << err;
    EXPECT_NE(err.find("; stopped", at), std::string::npos) << err;
}

}  // namespace
}  // namespace ts::test
