// `tilestep view MAP TRACE --screenshot` under Xvfb: the window draws the trace's actor
// where the recorded frame puts it and that frame's probes, on a map without any actor of
// its own. Positions come from the trace written here, the mapping from --verbose.
#include <gtest/gtest.h>

#include "io/map_io.h"
#include "xvfb_session.h"

namespace ts::test {
namespace {

constexpr uint32_t kMapBackground = 0x2a2f38;  // empty cells (kMapBg in canvas_draw.cpp)

// Frame f: a 16 x 16 actor at x = 36 + 32 f, y = 52 (sample points at cell middles);
// frame 2 also has a hit point probe at (250, 120).
std::string traceText() {
    std::string t =
        "{\"tilestep_trace\":1,\"tile_size\":16,\"rate\":60,\"actors\":[{\"name\":\"walker\","
        "\"mover\":\"my_game\",\"w\":16,\"h\":16}]}\n";
    for (int f = 0; f < 8; ++f) {
        t += "{\"frame\":" + std::to_string(f) +
             ",\"actor\":\"walker\",\"x\":" + std::to_string(36 + 32 * f) +
             ",\"y\":52,\"coyote\":" + std::to_string(f) + "}\n";
        if (f == 2)
            t += "{\"frame\":2,\"actor\":\"walker\",\"probe\":{\"kind\":\"point\",\"verdict\":"
                 "\"hit\",\"why\":\"ground\",\"x\":250,\"y\":120}}\n";
    }
    return t;
}

class AppView : public ::testing::Test {
  protected:
    void SetUp() override {
        if (!haveCommand("xvfb-run")) GTEST_SKIP() << "xvfb-run is not installed";
        dir_ = tempDir();
        Map m =
            mapFromRows({"####################", "#..................#", "#..................#",
                         "#..................#", "#..................#", "#..................#",
                         "#..................#", "#..................#", "#..................#",
                         "#..................#", "#..................#", "####################"});
        ASSERT_TRUE(m.actors.empty());
        saveMap(m, dir_ + "/room.json");
        writeFile(dir_ + "/game.jsonl", traceText());
    }

    // Screenshot at recorded frame `frame`; returns the pixel sampler's inputs.
    void shoot(int frame) {
        const std::string out = dir_ + "/view" + std::to_string(frame) + ".png";
        CommandResult r = runTilestepInXvfb(
            "view " + shellQuote(dir_ + "/room.json") + " " + shellQuote(dir_ + "/game.jsonl") +
                " --frame " + std::to_string(frame) + " --verbose --screenshot " + shellQuote(out),
            dir_ + "/cfg");
        ASSERT_EQ(r.exitCode, 0) << r.err;
        png_ = readPng(out);
        ASSERT_TRUE(png_.ok()) << "no PNG at " << out;
        view_ = parseViewLine(r.out);
        ASSERT_TRUE(view_.ok) << r.out;
        out_ = r.out;
    }
    uint32_t pixel(double px, double py) const {
        return png_.at(int(view_.x0 + (px + 0.5) * view_.zoom),
                       int(view_.y0 + (py + 0.5) * view_.zoom));
    }

    std::string dir_;
    Png png_;
    ViewLine view_;
    std::string out_;  // stdout, with the debugger panel's text (--verbose --screenshot)
};

TEST_F(AppView, DrawsTheRecordedActorAndProbesOfTheShownFrame) {
    shoot(2);  // walker at x 100 .. 116
    EXPECT_NE(pixel(104, 56), kMapBackground) << "the walker's box at frame 2";
    EXPECT_EQ(pixel(200, 56), kMapBackground) << "where the walker is at frame 5";
    EXPECT_NE(pixel(250, 120), kMapBackground) << "frame 2's hit probe";
    shoot(5);  // walker at x 196 .. 212
    EXPECT_NE(pixel(200, 56), kMapBackground);
    EXPECT_EQ(pixel(104, 56), kMapBackground);
    EXPECT_EQ(pixel(250, 120), kMapBackground) << "frame 5 has no probe";
}

// A recorded trace has no input logs and nothing to tune: the panel's sections say what
// they hold there (issue 12: "Actors & input logs" in view). The editor's own Debug mode,
// on the same map, keeps its titles: the text read here is the panel's.
TEST_F(AppView, PanelTitlesFitARecordedTrace) {
    shoot(2);
    EXPECT_NE(out_.find("### Actors (recorded) ###"), std::string::npos) << out_;
    EXPECT_NE(out_.find("### Ghost ###"), std::string::npos) << out_;
    EXPECT_EQ(out_.find("input logs"), std::string::npos) << out_;
    EXPECT_EQ(out_.find("Live tuning"), std::string::npos) << out_;

    CommandResult r =
        runTilestepInXvfb(shellQuote(dir_ + "/room.json") + " --debug --verbose --screenshot " +
                              shellQuote(dir_ + "/debug.png"),
                          dir_ + "/cfg");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("### Actors & input logs ###"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("### Live tuning ###"), std::string::npos) << r.out;
}

// A pixel_sweep's jump reads "jumped (1073741824)" in the plots' label, as in the inspector and
// the editor's plots (it read the bare number); a --ghost trace without the selected actor
// says so (the Ghost section told the user to pass --ghost); Decisions names the recorded
// frame, as the inspector and the probes' tooltips do, in a game's trace whose frames start
// at 500 (it said position - 1, "frame 3").
TEST_F(AppView, PlotsReadWordsAndAMissingGhostIsNamed) {
    const std::string head =
        "{\"tilestep_trace\":1,\"width\":20,\"height\":12,\"tile_size\":16,\"actors\":"
        "[{\"name\":\"NAME\",\"mover\":\"pixel_sweep\",\"w\":12,\"h\":16}]}\n";
    auto trace = [&](const std::string& name) {
        std::string t = head;
        t.replace(t.find("NAME"), 4, name);
        for (int f = 0; f < 4; ++f)
            t += "{\"frame\":" + std::to_string(500 + f) + ",\"actor\":\"" + name +
                 "\",\"x\":40,\"y\":" + std::to_string(100 - f) +
                 ",\"vx\":0,\"vy\":-1,\"grounded\":false,\"facing\":\"right\","
                 "\"pushing\":false,\"air_frames\":" +
                 (f < 3 ? std::to_string(f + 1) : std::string("1073741824")) + "}\n";
        return t;
    };
    writeFile(dir_ + "/hero.jsonl", trace("hero"));
    writeFile(dir_ + "/link.jsonl", trace("link"));
    CommandResult r = runTilestepInXvfb("view " + shellQuote(dir_ + "/hero.jsonl") + " --ghost " +
                                            shellQuote(dir_ + "/link.jsonl") +
                                            " --frame 503 --verbose --screenshot " +
                                            shellQuote(dir_ + "/words.png"),
                                        dir_ + "/cfg");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const size_t plots = r.out.find("### Plots ###");
    ASSERT_NE(plots, std::string::npos) << r.out;
    EXPECT_NE(r.out.find("\nair_frames jumped (1073741824)\n", plots), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("no actor named 'hero' (its actors: link)"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("### Decisions ###\nframe 503 "), std::string::npos) << r.out;
}

// A trace whose actor has no state line (here: no frames at all) plots nothing for it: the
// inspector says "none recorded", and the plots drew x 0, y 0 as if it stood at the origin.
TEST_F(AppView, AnActorWithoutAStateLinePlotsNothing) {
    writeFile(dir_ + "/empty.jsonl",
              "{\"tilestep_trace\":1,\"actors\":[{\"name\":\"hero\",\"w\":12,\"h\":16}]}\n");
    CommandResult r =
        runTilestepInXvfb("view " + shellQuote(dir_ + "/empty.jsonl") + " --verbose --screenshot " +
                              shellQuote(dir_ + "/empty.png"),
                          dir_ + "/cfg");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const size_t plots = r.out.find("### Plots ###"), ghost = r.out.find("### Ghost ###");
    ASSERT_NE(plots, std::string::npos) << r.out;
    ASSERT_NE(ghost, std::string::npos) << r.out;
    EXPECT_NE(r.out.find("| state | none recorded |"), std::string::npos) << r.out;
    const std::string section = r.out.substr(plots, ghost - plots);
    EXPECT_EQ(section.find("\nx "), std::string::npos) << section;
    EXPECT_NE(section.find("none recorded"), std::string::npos) << section;
}

// An actor the header names that has no state line yet (a live game's, or one that never
// moves) has no state to show: nothing is drawn for it (its placeholder state put a box, a
// hitbox and a name at the map's origin). The wall cell at the origin is compared with
// another wall cell of the top row.
TEST_F(AppView, AnActorWithoutAStateLineIsNotDrawn) {
    std::string t =
        "{\"tilestep_trace\":1,\"tile_size\":16,\"actors\":[{\"name\":\"walker\",\"w\":16,"
        "\"h\":16},{\"name\":\"other\",\"w\":16,\"h\":16}]}\n";
    for (int f = 0; f < 6; ++f)
        t += "{\"frame\":" + std::to_string(f) + ",\"actor\":\"other\",\"x\":100,\"y\":100}\n";
    writeFile(dir_ + "/game.jsonl", t);
    shoot(1);
    EXPECT_NE(out_.find("| state | none recorded |"), std::string::npos) << out_;  // the walker
    EXPECT_EQ(pixel(6, 6), pixel(166, 6)) << "something drawn at the origin for the walker";
    EXPECT_EQ(pixel(1, 1), pixel(161, 1));
    EXPECT_NE(pixel(106, 106), kMapBackground) << "the other actor is drawn";
}

// --frame past the trace's end shows its last frame and says so (it did so without a word).
TEST_F(AppView, AFramePastTheEndIsTheLastOneSaid) {
    CommandResult r = runTilestepInXvfb(
        "view " + shellQuote(dir_ + "/room.json") + " " + shellQuote(dir_ + "/game.jsonl") +
            " --frame 1000 --verbose --screenshot " + shellQuote(dir_ + "/end.png"),
        dir_ + "/cfg");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.err.find("tilestep view: --frame 1000: the trace's last frame is 7; shown"),
              std::string::npos)
        << r.err;
    EXPECT_NE(r.out.find("| frame | 7 |"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace ts::test
