// The debugger in the window, under a private Xvfb server: a log recorded with real keys
// (xdotool) replays through `tilestep run` to the same trace byte for byte; every overlay
// changes the screenshot where it has something to show; and one small map's probe pixels
// land where and in the colour worked out by hand from the documented mapping
// (window = x0 + map_px * zoom, printed by --verbose).
#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

#include "sim/input_log.h"
#include "io/map_io.h"
#include "xvfb_session.h"

namespace ts::test {
namespace {

class AppDebugger : public XvfbTest {
  protected:
    // Runs tilestep on the private display and waits for it.
    CommandResult run(const std::string& args) {
        return runShell("DISPLAY=" + server_->display() + " XDG_CONFIG_HOME=" +
                        shellQuote(dir_ + "/cfg") + " " + shellQuote(TILESTEP_BINARY) + " " + args);
    }

    // Screenshot of MAP driven by LOG at position K with the given overlays.
    Png shot(const std::string& map, const std::string& log, int64_t frame,
             const std::string& overlays, ViewLine* view = nullptr) {
        std::string out = dir_ + "/shot-" + std::to_string(++shots_) + ".png";
        std::string args = shellQuote(map) + " --frame " + std::to_string(frame) + " --overlays " +
                           overlays + " --screenshot " + shellQuote(out) + " --verbose";
        if (!log.empty()) args += " --inputs " + shellQuote(log);
        CommandResult r = run(args);
        EXPECT_EQ(r.exitCode, 0) << r.err;
        if (view) *view = parseViewLine(r.out);
        return readPng(out);
    }

    std::string writeLog(const std::string& name, const std::string& text) {
        std::string path = dir_ + "/" + name;
        writeFile(path, text);
        return path;
    }

    int shots_ = 0;
};

size_t differingPixels(const Png& a, const Png& b) {
    if (a.width != b.width || a.height != b.height) return size_t(-1);
    size_t n = 0;
    for (size_t i = 0; i < a.rgb.size(); i += 3)
        if (a.rgb[i] != b.rgb[i] || a.rgb[i + 1] != b.rgb[i + 1] || a.rgb[i + 2] != b.rgb[i + 2])
            ++n;
    return n;
}

// The first position (frames stepped) whose last frame's probes include `needle`, from the
// CLI's own trace; -1 when none does within `frames`.
int64_t firstPositionWith(const std::string& map, const std::string& log, int frames,
                          const std::string& needle) {
    std::string dir = tempDir();
    CommandResult r = runTilestep("run " + shellQuote(map) + " --inputs " + shellQuote(log) +
                                  " --probes --frames " + std::to_string(frames) + " --trace " +
                                  dir + "/t.jsonl");
    EXPECT_EQ(r.exitCode, 0) << r.err;
    std::istringstream in(readFile(dir + "/t.jsonl"));
    std::string line;
    while (std::getline(in, line)) {
        if (line.find("\"probe\"") == std::string::npos || line.find(needle) == std::string::npos)
            continue;
        long long f = -1;
        if (std::sscanf(line.c_str(), "{\"frame\":%lld", &f) == 1) return f + 1;
    }
    return -1;
}

TEST_F(AppDebugger, EachOverlayChangesTheScreenshotWhereItHasSomethingToShow) {
    const std::string zelda = sourcePath("maps/zelda-room.json");
    const std::string bomber = sourcePath("maps/bomber.json");
    const std::string walls = sourcePath("maps/grid-walls.json");
    const std::string platformer = sourcePath("maps/platformer-slopes.json");
    const std::string mix = writeLog("mix.log", "30,R\n10,R,J\n30,L\n20,U\n20,D\n");
    const std::string right = writeLog("right.log", "40,R\n");
    struct Case {
        const char* overlay;
        std::string map, log;
        const char* needle;  // a probe the frame must have; null: state overlays
        int64_t frame;       // for state overlays
    };
    const Case cases[] = {
        {"probes", zelda, mix, "\"kind\":\"point\"", 0},
        {"scanlines", bomber, mix, "\"kind\":\"segment\"", 0},
        {"regions", walls, mix, "\"kind\":\"cell\"", 0},
        {"bands", walls, mix, "\"kind\":\"band\"", 0},
        {"blockers", zelda, mix, "\"why\":\"blocker\"", 0},
        {"nudges", walls, mix, "\"kind\":\"arrow\"", 0},
        {"facing", zelda, right, nullptr, 5},  // faces right after a few frames
        {"hitboxes", platformer, right, nullptr, 1},
        {"trail", platformer, right, nullptr, 40},  // 40 frames of running right
        {"velocity", platformer, right, nullptr, 20},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.overlay);
        int64_t frame = c.frame;
        if (c.needle) {
            frame = firstPositionWith(c.map, c.log, 110, c.needle);
            ASSERT_GT(frame, 0) << "the sample map shows no " << c.needle;
        }
        Png none = shot(c.map, c.log, frame, "none");
        Png with = shot(c.map, c.log, frame, c.overlay);
        ASSERT_TRUE(none.ok() && with.ok());
        EXPECT_GE(differingPixels(none, with), 4u) << "frame " << frame;
    }
}

TEST_F(AppDebugger, ProbePixelsLandWhereTheMappingSays) {
    // A top-down actor (seed 003 mover) at (16, 16), 16 x 16, in the corner of a walled room.
    // Its four border probes (docs/movers/topdown_aabb.md, "Probes") are the pixels just
    // outside the middle of each side, the first of the two middle pixels for an even size:
    //   north (23, 15): in the top wall row -> hit;   west (15, 23): in the left wall -> hit;
    //   east (32, 23), south (23, 32): empty cells -> miss.
    // Position 1 shows the probes of frame 0 (taken before moving; no keys, no motion).
    Map m = mapFromRows({
        "########",
        "#......#",
        "#......#",
        "#......#",
        "#......#",
        "########",
    });
    m.actors.push_back(makeActor("link", MoverKind::TopDownAabb, 16, 16, 16, 16));
    std::string path = dir_ + "/room.json";
    saveMap(m, path);
    ViewLine v;
    Png png = shot(path, "", 1, "probes", &v);
    ASSERT_TRUE(png.ok());
    ASSERT_TRUE(v.ok);
    ASSERT_GE(v.zoom, 3) << "an 8 x 6 map must be drawn large";
    auto at = [&](double px, double py) {
        return png.at(int(std::floor(v.x0 + (px + 0.5) * v.zoom)),
                      int(std::floor(v.y0 + (py + 0.5) * v.zoom)));
    };
    // Over a colour C, a probe colour P with alpha a gives P*a + C*(1-a) per channel (GL's
    // SRC_ALPHA, ONE_MINUS_SRC_ALPHA). Hit = (255, 70, 70, 230), miss = (80, 220, 120, 200)
    // (core/draw/overlays.cpp); the map background is (42, 47, 56).
    auto blend = [](uint32_t p, int alpha, uint32_t c) {
        uint32_t out = 0;
        for (int shift = 16; shift >= 0; shift -= 8) {
            double v =
                (((p >> shift) & 0xff) * alpha + ((c >> shift) & 0xff) * (255 - alpha)) / 255.0;
            out |= uint32_t(std::lround(v)) << shift;
        }
        return out;
    };
    auto near = [](uint32_t a, uint32_t b) {
        for (int shift = 0; shift <= 16; shift += 8)
            if (std::abs(int((a >> shift) & 0xff) - int((b >> shift) & 0xff)) > 2) return false;
        return true;
    };
    const uint32_t solid = m.tileset.kinds[1].color & 0xffffff;
    const uint32_t hitOnWall = blend(0xff4646, 230, solid);
    const uint32_t missOnFloor = blend(0x50dc78, 200, 0x2a2f38);
    EXPECT_PRED2(near, at(23, 15), hitOnWall) << std::hex << at(23, 15) << " vs " << hitOnWall;
    EXPECT_PRED2(near, at(15, 23), hitOnWall) << std::hex << at(15, 23);
    EXPECT_PRED2(near, at(32, 23), missOnFloor) << std::hex << at(32, 23);
    EXPECT_PRED2(near, at(23, 32), missOnFloor) << std::hex << at(23, 32);
    // Next to them, the plain wall and floor.
    EXPECT_EQ(at(20, 15), solid);
    EXPECT_EQ(at(35, 23), 0x2a2f38u);
}

TEST_F(AppDebugger, KeysRecordedInTheWindowReplayThroughRunByteForByte) {
    Map m = mapFromRows({
        "....................",
        "....................",
        "....................",
        "....................",
        "....................",
        "####################",
    });
    m.actors.push_back(makeActor("hero", MoverKind::PixelSweep, 24, 64, 12, 16));
    std::string path = dir_ + "/level.json", log = dir_ + "/rec.log", trace = dir_ + "/app.jsonl";
    saveMap(m, path);
    BackgroundTilestep app(server_->display(), dir_ + "/cfg",
                           shellQuote(path) + " --debug --record-log " + shellQuote(log) +
                               " --trace " + shellQuote(trace) + " --probes --verbose");
    ASSERT_TRUE(app.waitForOutput("view x0=", 20000)) << app.err();
    ViewLine v = parseViewLine(app.out());
    ASSERT_TRUE(v.ok);
    // Keyboard focus follows the pointer without a window manager: park it on the map.
    std::ostringstream mouse;
    mouse << int(v.x0 + 100 * v.zoom) << " " << int(v.y0 + 20 * v.zoom);
    app.xdotool("mousemove " + mouse.str() + " sleep 0.3");
    // Play, hold Right, jump (Z) while running, release, pause, quit.
    app.xdotool("key p sleep 0.3 keydown Right sleep 0.5 key z sleep 0.4 keyup Right sleep 0.3");
    app.xdotool("key p sleep 0.3 key ctrl+q");
    ASSERT_TRUE(app.waitForExit(15000)) << "the window did not quit";
    EXPECT_EQ(app.err(), "");

    InputLog recorded;
    std::string error;
    ASSERT_TRUE(loadInputLog(log, &recorded, &error)) << error;
    const std::string text = formatInputLog(recorded);
    EXPECT_NE(text.find(",R\n"), std::string::npos) << text;
    EXPECT_NE(text.find("R,J"), std::string::npos) << text;
    ASSERT_GT(recorded.frames(), 30) << text;
    CommandResult r = runTilestep("run " + shellQuote(path) + " --inputs " + shellQuote(log) +
                                  " --probes --frames " + std::to_string(recorded.frames()) +
                                  " --trace " + shellQuote(dir_ + "/cli.jsonl"));
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const std::string app_trace = readFile(trace), cli_trace = readFile(dir_ + "/cli.jsonl");
    EXPECT_GT(app_trace.size(), 1000u);
    EXPECT_TRUE(app_trace == cli_trace)
        << "app trace " << app_trace.size() << " bytes, cli " << cli_trace.size() << " bytes";
    // The hero ran right: its last x is past the spawn.
    auto last = cli_trace.rfind("{\"frame\":" + std::to_string(recorded.frames() - 1) +
                                ",\"actor\":\"hero\",\"x\":");
    ASSERT_NE(last, std::string::npos);
    EXPECT_GT(std::atof(cli_trace.c_str() + cli_trace.find("\"x\":", last) + 4), 40.0);
}

// The Plots section draws the mover's own fields for a built-in as for a plugin (it drew
// them only for plugins): pixel_sweep's remainder_y, its value the one `run` traces for that
// frame, and air_frames in the mover's own words (the panel text, logged by --verbose). The
// labels give each value exactly (y 171.75 read "y 171.8").
TEST_F(AppDebugger, ABuiltInMoverPlotsItsOwnFields) {
    const std::string map = sourcePath("maps/platformer-slopes.json");
    const std::string log = writeLog("jump.tas", "20,R\n1,R,J\n30,R\n");
    CommandResult cli = runTilestep("run " + shellQuote(map) + " --inputs " + shellQuote(log) +
                                    " --frames 40 --trace " + shellQuote(dir_ + "/t.jsonl"));
    ASSERT_EQ(cli.exitCode, 0) << cli.err;
    const std::string trace = readFile(dir_ + "/t.jsonl");
    const size_t line = trace.find("{\"frame\":39,\"actor\":\"hero\"");
    ASSERT_NE(line, std::string::npos) << trace;
    const size_t at = trace.find("\"remainder_y\":", line) + 14;
    const std::string remainderY = trace.substr(at, trace.find_first_of(",}", at) - at);
    ASSERT_FALSE(remainderY.empty());
    const size_t yAt = trace.find("\"y\":", line) + 4;
    const std::string y = trace.substr(yAt, trace.find_first_of(",}", yAt) - yAt);
    ASSERT_NE(y.find('.'), std::string::npos) << y;  // a fraction: the label must keep it
    // Frame 39 is in the air after the jump: air_frames reads "jumped (...)".
    ASSERT_NE(trace.find("\"air_frames\":1073741824", line), std::string::npos);

    CommandResult r = run(shellQuote(map) + " --debug --inputs " + shellQuote(log) +
                          " --frame 40 --window 1280x1000 --screenshot " +
                          shellQuote(dir_ + "/plots.png") + " --verbose");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const size_t plots = r.out.find("frames\n");  // the Plots section's history slider
    ASSERT_NE(plots, std::string::npos) << r.out;
    EXPECT_NE(r.out.find("\nremainder_y " + remainderY + "\n", plots), std::string::npos) << r.out;
    // The common plots' labels give the value exactly, as the trace writes it.
    EXPECT_NE(r.out.find("\ny " + y + "\n", plots), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("\nair_frames jumped (1073741824)\n", plots), std::string::npos) << r.out;
}

TEST_F(AppDebugger, BadDebuggerFlagsNameTheProblem) {
    Map m = Map::blank(6, 4);
    m.actors.push_back(makeActor("hero", MoverKind::PixelSweep, 16, 16, 12, 16));
    std::string path = dir_ + "/m.json";
    saveMap(m, path);
    CommandResult r = runTilestep(shellQuote(path) + " --overlays probes,nope --screenshot x.png");
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find("unknown overlay 'nope'"), std::string::npos) << r.err;
    r = runTilestep(shellQuote(path) + " --frame -3 --screenshot x.png");
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find("--frame"), std::string::npos) << r.err;
    std::string bad = writeLog("bad.log", "10,R\nthree,L\n");
    r = run(shellQuote(path) + " --inputs " + shellQuote(bad) + " --screenshot " + dir_ + "/x.png");
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("bad.log: line 2"), std::string::npos) << r.err;
    r = run(shellQuote(path) + " --actor nobody --screenshot " + dir_ + "/x.png");
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("no actor named 'nobody' (actors: hero)"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace ts::test
