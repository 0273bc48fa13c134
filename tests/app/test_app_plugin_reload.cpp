// Hot reload in the running editor: rebuilding (here: replacing) the plugin file while the
// debugger holds a recording reloads the plugin, keeps the recording and re-simulates it
// with the new build, which the trace written at exit shows.
#include <sys/stat.h>
#include <utime.h>

#include <filesystem>

#include "io/map_io.h"
#include "xvfb_session.h"

namespace ts {
namespace {

using namespace test;

const std::string kPluginDir = TILESTEP_PLUGIN_DIR;

class AppPluginReload : public XvfbTest {};

void copyWithTime(const std::string& from, const std::string& to, int mtimeOffset) {
    writeFile(to, readFile(from));
    struct utimbuf t;
    t.actime = t.modtime = time(nullptr) + mtimeOffset;
    ASSERT_EQ(utime(to.c_str(), &t), 0);
}

// The x of the actor's trace line for `frame`, or -1.
double xAt(const std::string& trace, int frame) {
    const auto at =
        trace.find("{\"frame\":" + std::to_string(frame) + ",\"actor\":\"link\",\"x\":");
    if (at == std::string::npos) return -1;
    return std::atof(trace.c_str() + trace.find("\"x\":", at) + 4);
}

// Waits until `text` is on the app's stderr: false when it is not within `ms`, when the app
// exits, or when its stdout or stderr grows past kMaxWatchedFileBytes.
bool waitForErr(const BackgroundTilestep& app, const std::string& text, int ms) {
    bool found = false;
    waitBounded(
        [&] {
            found = app.err().find(text) != std::string::npos;
            return found || !app.running();
        },
        app.logFiles(), kMaxWatchedFileBytes, ms, nullptr, 100);
    return found;
}

TEST_F(AppPluginReload, RebuiltPluginReSimulatesTheRecording) {
    const std::string plugin = dir_ + "/reload.so";
    copyWithTime(kPluginDir + "/reload_v1.so", plugin, -100);
    std::string text = readFile(sourcePath("maps/zelda-room.json"));
    const std::string from = "\"mover\": \"topdown_aabb\", \"x\": 224";
    ASSERT_NE(text.find(from), std::string::npos);
    text.replace(text.find(from), from.size(), "\"mover\": \"plugin:reload\", \"x\": 100");
    writeFile(dir_ + "/level.json", text);
    writeFile(dir_ + "/keys.log", "40,R\n");
    const std::string trace = dir_ + "/trace.jsonl";
    BackgroundTilestep app(server_->display(), dir_ + "/cfg",
                           shellQuote(dir_ + "/level.json") + " --plugin " + shellQuote(plugin) +
                               " --debug --inputs " + shellQuote(dir_ + "/keys.log") +
                               " --frame 40 --trace " + shellQuote(trace) + " --verbose");
    ASSERT_TRUE(app.waitForOutput("view x0=", 20000)) << app.err();

    copyWithTime(kPluginDir + "/reload_v2.so", plugin, 0);
    ASSERT_TRUE(waitForErr(app, "plugin:reload: reloaded", 15000)) << app.err();

    ViewLine v = parseViewLine(app.out());
    ASSERT_TRUE(v.ok);
    app.xdotool("mousemove " + std::to_string(int(v.x0 + 20 * v.zoom)) + " " +
                std::to_string(int(v.y0 + 20 * v.zoom)) + " sleep 0.3 key ctrl+q");
    ASSERT_TRUE(app.waitForExit(15000)) << "the window did not quit";
    const std::string written = readFileAtMost(trace);
    // The recording's 40 frames, now walked by the new build: 2 px per frame from x = 100.
    EXPECT_EQ(xAt(written, 39), 180.0) << written.substr(0, 300);
    EXPECT_EQ(xAt(written, 40), -1.0);
}

// The number of times `text` occurs in `s`.
size_t occurrences(const std::string& s, const std::string& text) {
    size_t n = 0;
    for (size_t at = s.find(text); at != std::string::npos; at = s.find(text, at + 1)) ++n;
    return n;
}

// A rebuild that adds a parameter ("lift", before "speed"): the swap happens, the actor keeps
// its speed by name, the new parameter takes its default, and the map is edited (modified,
// saved with both) as the status says; undo puts back the old list with the old build.
TEST_F(AppPluginReload, ANewParameterListCarriesTheValuesByNameUndoPutsTheOldBack) {
    const std::string plugin = dir_ + "/reload.so";
    copyWithTime(kPluginDir + "/reload_v1.so", plugin, -100);
    std::string text = readFile(sourcePath("maps/zelda-room.json"));
    const std::string from =
        "\"mover\": \"topdown_aabb\", \"x\": 224, \"y\": 256, \"w\": 16, \"h\": 16";
    ASSERT_NE(text.find(from), std::string::npos);
    text.replace(text.find(from), from.size(),
                 "\"mover\": \"plugin:reload\", \"x\": 100, \"y\": 256, \"w\": 16, \"h\": 16, "
                 "\"params\": {\n        \"speed\": 3\n      }");
    const std::string level = dir_ + "/level.json";
    writeFile(level, text);
    writeFile(dir_ + "/keys.log", "40,R\n");
    const std::string trace = dir_ + "/trace.jsonl";
    BackgroundTilestep app(server_->display(), dir_ + "/cfg",
                           shellQuote(level) + " --plugin " + shellQuote(plugin) +
                               " --debug --inputs " + shellQuote(dir_ + "/keys.log") +
                               " --frame 40 --trace " + shellQuote(trace) + " --verbose");
    ASSERT_TRUE(app.waitForOutput("view x0=", 20000)) << app.err();

    copyWithTime(kPluginDir + "/reload_params.so", plugin, 0);
    const std::string said = "plugin:reload: reloaded " + plugin +
                             ", deterministic over 40 frames; parameters: + lift (default 5), "
                             "speed 0..4 (was 0..8); 1 actor updated";
    ASSERT_TRUE(waitForErr(app, said, 15000)) << app.err();
    EXPECT_TRUE(app.waitForOutput("message " + said, 5000)) << app.out();
    bool modified = false;  // the title follows at the end of the next frame
    for (int t = 0; t < 3000 && !modified; t += 100, sleepMs(100))
        modified = app.windowTitle().find('*') != std::string::npos;
    EXPECT_TRUE(modified) << "the title says the map is modified: " << app.windowTitle();

    ViewLine v = parseViewLine(app.out());
    ASSERT_TRUE(v.ok);
    app.xdotool("mousemove " + std::to_string(int(v.x0 + 20 * v.zoom)) + " " +
                std::to_string(int(v.y0 + 20 * v.zoom)) + " sleep 0.3 key ctrl+s");
    // lift is new and the map does not set it: its default is not written, and the file,
    // whose values are all as they were, is saved as it was.
    bool saved = false;  // the title loses its '*' once the save is done
    waitBounded([&] { return saved = app.windowTitle().find('*') == std::string::npos; }, {dir_},
                kMaxWatchedFileBytes, 5000, nullptr, 100);
    EXPECT_TRUE(saved) << "the title says the map is saved: " << app.windowTitle();
    EXPECT_EQ(readFileAtMost(level), text);

    // Undo: the old values in the old build's order, saved as that build names them (with
    // the new build left in place, speed 3 would be saved as "lift": 3).
    app.xdotool("key ctrl+z sleep 0.5 key ctrl+s sleep 0.5 key ctrl+q");
    ASSERT_TRUE(app.waitForExit(15000)) << "the window did not quit";
    const std::string undone = readFileAtMost(level);
    EXPECT_NE(undone.find("\"params\": {\n        \"speed\": 3\n      }"), std::string::npos)
        << undone;
    // The recording's 40 frames walked at speed 3 from x = 100, by either build.
    EXPECT_EQ(xAt(readFileAtMost(trace), 39), 220.0);
}

// Two plugins, each file watched on its own: rebuilding one reloads that one only, and a
// later rebuild of the other reloads the other.
TEST_F(AppPluginReload, RebuildingOneOfTwoPluginsReloadsOnlyIt) {
    const std::string reload = dir_ + "/reload.so", other = dir_ + "/other.so";
    copyWithTime(kPluginDir + "/reload_v1.so", reload, -100);
    copyWithTime(kPluginDir + "/with_init.so", other, -100);
    std::string text = readFile(sourcePath("maps/zelda-room.json"));
    const std::string from =
        "\"mover\": \"topdown_aabb\", \"x\": 224, \"y\": 256, \"w\": 16, "
        "\"h\": 16";
    ASSERT_NE(text.find(from), std::string::npos);
    text.replace(
        text.find(from), from.size(),
        "\"mover\": \"plugin:reload\", \"x\": 100, \"y\": 256, \"w\": 16, \"h\": 16},\n"
        "    {\"name\": \"other\", \"mover\": \"plugin:with_init\", \"x\": 100, \"y\": 40, "
        "\"w\": 8, \"h\": 8");
    writeFile(dir_ + "/level.json", text);
    writeFile(dir_ + "/keys.log", "40,R\n");
    const std::string trace = dir_ + "/trace.jsonl";
    BackgroundTilestep app(server_->display(), dir_ + "/cfg",
                           shellQuote(dir_ + "/level.json") + " --plugin " + shellQuote(reload) +
                               " --plugin " + shellQuote(other) + " --debug --inputs " +
                               shellQuote(dir_ + "/keys.log") + " --frame 40 --trace " +
                               shellQuote(trace) + " --verbose");
    ASSERT_TRUE(app.waitForOutput("view x0=", 20000)) << app.err();

    copyWithTime(kPluginDir + "/reload_v2.so", reload, 0);
    ASSERT_TRUE(waitForErr(app, "plugin:reload: reloaded " + reload, 15000)) << app.err();
    sleepMs(1500);  // several polls of both files
    EXPECT_EQ(occurrences(app.err(), "reloaded"), 1u) << app.err();

    copyWithTime(kPluginDir + "/with_init.so", other, 1);  // the other one, rebuilt
    ASSERT_TRUE(waitForErr(app, "plugin:with_init: reloaded " + other, 15000)) << app.err();
    sleepMs(1500);
    EXPECT_EQ(occurrences(app.err(), "plugin:reload: reloaded"), 1u) << app.err();
    EXPECT_EQ(occurrences(app.err(), "plugin:with_init: reloaded"), 1u) << app.err();

    ViewLine v = parseViewLine(app.out());
    ASSERT_TRUE(v.ok);
    app.xdotool("mousemove " + std::to_string(int(v.x0 + 20 * v.zoom)) + " " +
                std::to_string(int(v.y0 + 20 * v.zoom)) + " sleep 0.3 key ctrl+q");
    ASSERT_TRUE(app.waitForExit(15000)) << "the window did not quit";
    const std::string written = readFileAtMost(trace);
    // link walked the recording's 40 frames by reload's new build: 2 px per frame from 100.
    EXPECT_EQ(xAt(written, 39), 180.0) << written.substr(0, 300);
    EXPECT_NE(written.find("{\"frame\":39,\"actor\":\"other\""), std::string::npos);
}

// A plugin step that never returns on the UI thread is reported as a fault with its frame
// (its plugin host killed at the limit) and the editor goes on to take its screenshot,
// instead of freezing or ending.
TEST_F(AppPluginReload, EndlessStepIsReportedAndTheEditorGoesOn) {
    std::string text = readFile(sourcePath("maps/zelda-room.json"));
    const std::string from = "\"mover\": \"topdown_aabb\"";
    text.replace(text.find(from), from.size(), "\"mover\": \"plugin:endless_step\"");
    writeFile(dir_ + "/level.json", text);
    writeFile(dir_ + "/keys.log", "5,R\n1,J\n");
    const CommandResult r = runTilestepInXvfb(
        "--screenshot " + shellQuote(dir_ + "/shot.png") + " " + shellQuote(dir_ + "/level.json") +
            " --plugin " + shellQuote(kPluginDir + "/endless_step.so") + " --debug --inputs " +
            shellQuote(dir_ + "/keys.log") + " --frame 10",
        dir_ + "/cfg");
    EXPECT_EQ(r.exitCode, 0) << r.err;
    // The frame of the hanging step: 5 frames walked, the jump on the sixth.
    EXPECT_NE(r.err.find("tilestep: plugin:endless_step: a step of actor 'link' at frame 5 ran "
                         "longer than 2000 ms"),
              std::string::npos)
        << r.err;
    EXPECT_EQ(r.err.find("the editor stops"), std::string::npos) << r.err;
    EXPECT_TRUE(std::filesystem::exists(dir_ + "/shot.png"));
}

}  // namespace
}  // namespace ts
