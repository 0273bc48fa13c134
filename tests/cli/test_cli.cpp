// The headless `tilestep` commands, run as the real binary: dispatch, help, validate, info
// and convert, with their outputs and exit codes (0 ok, 1 bad file or data, 2 bad command
// line). `run` has its own file, test_cli_run.cpp.
#include <gtest/gtest.h>

#include <cstdlib>

#include "../../app/cli/args.h"
#include "../../app/cli/cli.h"
#include "io/map_io.h"
#include "test_support.h"

namespace ts {
namespace {

using test::runTilestep;

std::string q(const std::string& s) {
    return "'" + s + "'";
}

uint16_t kindId(const Map& m, const std::string& name) {
    for (size_t i = 0; i < m.tileset.kinds.size(); ++i)
        if (m.tileset.kinds[i].name == name) return uint16_t(i);
    ADD_FAILURE() << "no tile kind " << name;
    return 0;
}

// 8 x 6 tiles. Counted by hand: solid = 8 + 8 (top and bottom rows) + 4 x 2 (side columns)
// = 24, platform 2, slope45_right 1, empty 48 - 27 = 21.
Map sampleMap() {
    Map m = test::mapFromRows({
        "########",
        "#......#",
        "#..==..#",
        "#.../..#",
        "#......#",
        "########",
    });
    m.walls.setH(2, 2, true);
    m.walls.setH(3, 2, true);
    m.walls.setV(5, 1, true);
    m.brushes.push_back(Brush{RectI{20, 20, 10, 6}});
    m.actors = {test::makeActor("hero", MoverKind::TopDownAabb, 32, 16, 12, 16),
                test::makeActor("blob", MoverKind::GridWalls, 80, 40, 10, 10)};
    return m;
}

struct CliFiles : ::testing::Test {
    std::string dir = test::tempDir();
    std::string json = dir + "/room.json";
    std::string binary = dir + "/room.tsmap";
    Map map = sampleMap();
    void SetUp() override {
        saveMap(map, json);
        saveMap(map, binary);
    }
};

// --- dispatch and help -------------------------------------------------------------------

TEST(CliDispatch, CommandsHelpAndTyposGoToTheCliMapsAndEditorFlagsToTheEditor) {
    for (const char* a : {"validate", "info", "convert", "run", "help", "--help", "-h", "--version",
                          "frobnicate", "--bogus", ""})
        EXPECT_TRUE(isCliCommand(a)) << a;
    for (const char* a :
         {"maps/zelda-room.json", "room.tsmap", "ROOM.JSON", "--screenshot", "--frames", "--inputs",
          "--frame", "--overlays", "--scale", "--scale=2", "--window", "--verbose", "--debug",
          "--actor", "--record-log", "--trace", "--probes"})
        EXPECT_FALSE(isCliCommand(a)) << a;
}

TEST(CliDispatch, HelpListsEveryCommand) {
    for (const char* form : {"--help", "-h", "help"}) {
        auto r = runTilestep(form);
        EXPECT_EQ(r.exitCode, 0) << form;
        for (const char* cmd : {"validate", "info", "convert", "run", "diff"})
            EXPECT_NE(r.out.find(std::string("  ") + cmd + " "), std::string::npos)
                << form << " lacks " << cmd << ":\n"
                << r.out;
        EXPECT_EQ(r.err, "");
    }
}

TEST(CliDispatch, EachCommandHasItsOwnHelp) {
    for (const char* cmd : {"validate", "info", "convert", "run", "diff"}) {
        auto r = runTilestep(std::string(cmd) + " --help");
        EXPECT_EQ(r.exitCode, 0) << cmd;
        EXPECT_EQ(r.out.rfind(std::string("usage: tilestep ") + cmd, 0), 0u) << r.out;
        auto viaHelp = runTilestep(std::string("help ") + cmd);
        EXPECT_EQ(viaHelp.exitCode, 0);
        EXPECT_EQ(viaHelp.out, r.out);
        // -h works too, and help wins over other problems on the same line.
        EXPECT_EQ(runTilestep(std::string(cmd) + " -h").out, r.out);
        EXPECT_EQ(runTilestep(std::string(cmd) + " --bogus --help").exitCode, 0);
    }
    EXPECT_NE(runTilestep("run --help").out.find("--probes"), std::string::npos);
}

TEST(CliDispatch, VersionPrintsOneLine) {
    auto r = runTilestep("--version");
    EXPECT_EQ(r.exitCode, 0);
    EXPECT_EQ(r.out.rfind("tilestep ", 0), 0u);
    EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1);
}

TEST(CliDispatch, UnknownCommandsExitTwoWithAHint) {
    auto r = runTilestep("frobnicate");
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err, "tilestep: unknown command 'frobnicate' (try tilestep --help)\n");
    auto flag = runTilestep("--bogus");
    EXPECT_EQ(flag.exitCode, 2);
    EXPECT_EQ(flag.err, "tilestep: unknown command '--bogus' (try tilestep --help)\n");
    auto help = runTilestep("help frobnicate");
    EXPECT_EQ(help.exitCode, 2);
    EXPECT_EQ(help.err, "tilestep: unknown command 'frobnicate' (try tilestep --help)\n");
}

TEST_F(CliFiles, UnknownOptionsAndWrongArgumentCountsExitTwo) {
    struct Case {
        std::string args, err;
    };
    const Case cases[] = {
        {"validate --bogus " + q(json),
         "tilestep validate: unknown option '--bogus' (try tilestep validate --help)\n"},
        {"validate", "tilestep validate: expects exactly one MAP (try tilestep validate --help)\n"},
        {"validate " + q(json) + " " + q(binary),
         "tilestep validate: expects exactly one MAP (try tilestep validate --help)\n"},
        {"info --json=yes " + q(json),
         "tilestep info: option --json takes no value (try tilestep info --help)\n"},
        {"info --json --json " + q(json),
         "tilestep info: option --json given twice (try tilestep info --help)\n"},
        {"convert " + q(json),
         "tilestep convert: expects IN and OUT (try tilestep convert --help)\n"},
        {"convert -x " + q(json) + " " + q(binary),
         "tilestep convert: unknown option '-x' (try tilestep convert --help)\n"},
    };
    for (const Case& c : cases) {
        auto r = runTilestep(c.args);
        EXPECT_EQ(r.exitCode, 2) << c.args;
        EXPECT_EQ(r.err, c.err) << c.args;
        EXPECT_EQ(r.out, "") << c.args;
    }
}

TEST_F(CliFiles, HeadlessCommandsWorkWithoutADisplay) {
    // If a command opened a window (glfwInit), it would fail here on a display-less machine.
    std::string display = std::getenv("DISPLAY") ? std::getenv("DISPLAY") : "";
    std::string wayland = std::getenv("WAYLAND_DISPLAY") ? std::getenv("WAYLAND_DISPLAY") : "";
    unsetenv("DISPLAY");
    unsetenv("WAYLAND_DISPLAY");
    EXPECT_EQ(runTilestep("validate " + q(json)).exitCode, 0);
    EXPECT_EQ(runTilestep("info " + q(json)).exitCode, 0);
    EXPECT_EQ(runTilestep("convert " + q(json) + " " + q(dir + "/c.tsmap")).exitCode, 0);
    auto run = runTilestep("run " + q(json) + " --frames 3");
    EXPECT_EQ(run.exitCode, 0) << run.err;
    EXPECT_EQ(std::count(run.out.begin(), run.out.end(), '\n'), 7);  // the header, 3 x 2 actors
    if (!display.empty()) setenv("DISPLAY", display.c_str(), 1);
    if (!wayland.empty()) setenv("WAYLAND_DISPLAY", wayland.c_str(), 1);
}

// --- argument parsing (in-process) -------------------------------------------------------

TEST(CliArgs, ParsesValuesSwitchesAndPositionals) {
    cli::ParsedArgs a;
    std::string error;
    ASSERT_TRUE(cli::parseArgs(
        {"m.json", "--frames", "10", "--trace=out.jsonl", "--probes", "--", "--odd-name.json"},
        {{"--frames", true}, {"--trace", true}, {"--probes", false}}, &a, &error))
        << error;
    EXPECT_EQ(a.positional, (std::vector<std::string>{"m.json", "--odd-name.json"}));
    ASSERT_NE(a.value("--frames"), nullptr);
    EXPECT_EQ(*a.value("--frames"), "10");
    EXPECT_EQ(*a.value("--trace"), "out.jsonl");
    EXPECT_TRUE(a.has("--probes"));
    EXPECT_FALSE(a.help);
}

TEST(CliArgs, ReportsMissingValues) {
    cli::ParsedArgs a;
    std::string error;
    const std::vector<cli::FlagSpec> flags = {{"--frames", true}, {"--probes", false}};
    EXPECT_FALSE(cli::parseArgs({"--frames"}, flags, &a, &error));
    EXPECT_EQ(error, "option --frames needs a value");
    EXPECT_FALSE(cli::parseArgs({"--frames", "--probes"}, flags, &a, &error));
    EXPECT_EQ(error, "option --frames needs a value");
    EXPECT_FALSE(cli::parseArgs({"--frames="}, flags, &a, &error));
    EXPECT_EQ(error, "option --frames needs a value");
    // A negative number is a value, so that the number check can say what is wrong with it.
    ASSERT_TRUE(cli::parseArgs({"--frames", "-5"}, flags, &a, &error));
    EXPECT_EQ(*a.value("--frames"), "-5");
}

TEST(CliArgs, WholeNumbersAreCheckedWithoutOverflow) {
    long long v = 0;
    std::string error;
    EXPECT_TRUE(cli::parseWholeNumber("0", "--frames", 0, 1000000000, &v, &error));
    EXPECT_EQ(v, 0);
    EXPECT_TRUE(cli::parseWholeNumber("1000000000", "--frames", 0, 1000000000, &v, &error));
    EXPECT_EQ(v, 1000000000);
    EXPECT_FALSE(cli::parseWholeNumber("1000000001", "--frames", 0, 1000000000, &v, &error));
    EXPECT_EQ(error, "--frames: '1000000001' is outside 0..1000000000");
    EXPECT_FALSE(
        cli::parseWholeNumber("99999999999999999999999999", "--frames", 0, 1000000000, &v, &error));
    EXPECT_EQ(error, "--frames: '99999999999999999999999999' is outside 0..1000000000");
    EXPECT_FALSE(cli::parseWholeNumber("-5", "--frames", 0, 1000000000, &v, &error));
    EXPECT_EQ(error, "--frames: '-5' is negative");
    for (const char* bad : {"", "abc", "1e3", "3.5", " 4", "4 ", "0x10", "-", "+"}) {
        EXPECT_FALSE(cli::parseWholeNumber(bad, "--frames", 0, 1000000000, &v, &error)) << bad;
        EXPECT_EQ(error, std::string("--frames: '") + bad + "' is not a whole number");
    }
}

// --- validate ----------------------------------------------------------------------------

TEST_F(CliFiles, ValidatePrintsASummaryForBothFormats) {
    for (const std::string& path : {json, binary}) {
        auto r = runTilestep("validate " + q(path));
        EXPECT_EQ(r.exitCode, 0) << r.err;
        EXPECT_EQ(r.out,
                  path + ": ok: 8 x 6 tiles of 16 px, 60 Hz, 2 actors, 1 brushes, 3 walls\n");
        EXPECT_EQ(r.err, "");
    }
}

TEST_F(CliFiles, ValidateReportsTheLoadersErrorWithTheFileName) {
    auto expectFailure = [](const std::string& path, const std::string& mention) {
        auto r = runTilestep("validate " + q(path));
        EXPECT_EQ(r.exitCode, 1) << path;
        EXPECT_EQ(r.out, "");
        EXPECT_EQ(r.err.rfind("tilestep validate: " + path, 0), 0u) << r.err;
        EXPECT_NE(r.err.find(mention), std::string::npos) << r.err;
        EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    };
    expectFailure(dir + "/missing.json", "missing.json");
    std::string text = test::readFile(json);
    test::writeFile(dir + "/truncated.json", text.substr(0, text.size() / 2));
    expectFailure(dir + "/truncated.json", "truncated.json");
    test::writeFile(dir + "/garbage.tsmap", std::string("\x01\xff\x00garbage", 10));
    expectFailure(dir + "/garbage.tsmap", "garbage.tsmap");
    test::writeFile(dir + "/room.txt", text);
    expectFailure(dir + "/room.txt", "room.txt");
    // A well-formed file whose data breaks a rule: the message names the field.
    // (Edited as text: the saver refuses to write an invalid map.)
    size_t blob = text.find("\"blob\"");
    ASSERT_NE(blob, std::string::npos);
    test::writeFile(dir + "/dup.json", text.substr(0, blob) + "\"hero\"" + text.substr(blob + 6));
    expectFailure(dir + "/dup.json", "actors[1]");
}

// --- info --------------------------------------------------------------------------------

TEST_F(CliFiles, InfoDescribesTheMap) {
    auto r = runTilestep("info " + q(binary));
    EXPECT_EQ(r.exitCode, 0) << r.err;
    for (const std::string& line : {
             "map:        " + binary + "\n",
             std::string("size:       8 x 6 tiles of 16 px (128 x 96 px)\n"),
             std::string("sim rate:   60 Hz\n"),
             std::string("tile kinds: 4 of ") + std::to_string(map.tileset.kinds.size()) +
                 " in use\n",
             std::string(" empty                empty                21 tiles\n"),
             std::string(" solid                solid                24 tiles\n"),
             std::string(" slope45_right        slope45_right        1 tiles\n"),
             std::string(" platform             one_way              2 tiles\n"),
             std::string("edge walls: 3 (2 horizontal, 1 vertical)\n"),
             std::string("brushes:    1\n"),
             std::string("actors:     2\n"),
             std::string("  hero             topdown_aabb    at (32, 16), 12 x 16 px\n"),
         })
        EXPECT_NE(r.out.find(line), std::string::npos) << "missing: " << line << "in:\n" << r.out;
    EXPECT_NE(r.out.find("blob             grid_walls"), std::string::npos) << r.out;
}

TEST_F(CliFiles, InfoJsonHasEveryCount) {
    auto r = runTilestep("info --json " + q(json));
    EXPECT_EQ(r.exitCode, 0) << r.err;
    auto id = [&](const char* name) { return std::to_string(kindId(map, name)); };
    // Counts from the hand count at sampleMap(); walls set by hand there too.
    std::string expected =
        "{\"file\":\"" + json + "\",\"width\":8,\"height\":6,\"tile_size\":16,\"sim_rate\":60," +
        "\"tile_kinds\":" + std::to_string(map.tileset.kinds.size()) + ",\"tiles_in_use\":[" +
        "{\"id\":" + id("empty") + ",\"name\":\"empty\",\"shape\":\"empty\",\"count\":21}," +
        "{\"id\":" + id("solid") + ",\"name\":\"solid\",\"shape\":\"solid\",\"count\":24}," +
        "{\"id\":" + id("slope45_right") +
        ",\"name\":\"slope45_right\",\"shape\":\"slope45_right\",\"count\":1}," +
        "{\"id\":" + id("platform") +
        ",\"name\":\"platform\",\"shape\":\"one_way\",\"count\":2}]," +
        "\"walls\":{\"horizontal\":2,\"vertical\":1,\"total\":3},\"brushes\":1," +
        "\"actors\":[{\"name\":\"hero\",\"mover\":\"topdown_aabb\",\"x\":32,\"y\":16,\"w\":12,"
        "\"h\":16},{\"name\":\"blob\",\"mover\":\"grid_walls\",\"x\":80,\"y\":40,\"w\":10,"
        "\"h\":10}]}\n";
    EXPECT_EQ(r.out, expected);
}

TEST_F(CliFiles, InfoOfABrokenMapExitsOne) {
    test::writeFile(dir + "/empty.json", "");
    auto r = runTilestep("info " + q(dir + "/empty.json"));
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err.rfind("tilestep info: " + dir + "/empty.json", 0), 0u) << r.err;
}

// --- convert -----------------------------------------------------------------------------

TEST_F(CliFiles, ConvertGoesBothWaysWithoutLosingAnything) {
    std::string tsmap = dir + "/out.tsmap", back = dir + "/back.json";
    auto r = runTilestep("convert " + q(json) + " " + q(tsmap));
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(r.out, json + " (json) -> " + tsmap + " (binary)\n");
    EXPECT_EQ(loadMap(tsmap), map);
    auto r2 = runTilestep("convert " + q(tsmap) + " " + q(back));
    EXPECT_EQ(r2.exitCode, 0) << r2.err;
    EXPECT_EQ(r2.out, tsmap + " (binary) -> " + back + " (json)\n");
    EXPECT_EQ(loadMap(back), map);
    // JSON -> binary -> JSON gives the same text.
    EXPECT_EQ(test::readFile(back), test::readFile(json));
}

TEST_F(CliFiles, ConvertFailuresLeaveTheOutputAlone) {
    std::string out = dir + "/keep.tsmap";
    test::writeFile(out, "old contents");
    test::writeFile(dir + "/broken.json", "{\"format_version\":");
    auto r = runTilestep("convert " + q(dir + "/broken.json") + " " + q(out));
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_EQ(r.err.rfind("tilestep convert: " + dir + "/broken.json", 0), 0u) << r.err;
    EXPECT_EQ(test::readFile(out), "old contents");

    auto ext = runTilestep("convert " + q(json) + " " + q(dir + "/room.png"));
    EXPECT_EQ(ext.exitCode, 1);
    EXPECT_NE(ext.err.find("room.png"), std::string::npos) << ext.err;
    EXPECT_EQ(test::readFile(dir + "/room.png"), "");  // never created

    auto folder = runTilestep("convert " + q(json) + " " + q(dir + "/no/such/dir/x.tsmap"));
    EXPECT_EQ(folder.exitCode, 1);
    EXPECT_NE(folder.err.find("x.tsmap"), std::string::npos) << folder.err;
}

}  // namespace
}  // namespace ts
