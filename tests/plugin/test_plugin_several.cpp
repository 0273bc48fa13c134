// Several mover plugins in one command (a game's player and enemies move by different code):
// `--plugin` given once per library on every command that reads maps, each actor stepped by
// its own plugin, a missing one named, two with the same id refused naming both files, and
// the step watchdog covering every plugin.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <sstream>

#include "../../app/cli/args.h"
#include "../../app/cli/plugin_args.h"
#include "test_support.h"

namespace ts {
namespace {

const std::string kPluginDir = TILESTEP_PLUGIN_DIR;
const std::string kExampleDir = TILESTEP_EXAMPLE_PLUGIN_DIR;
const std::string kTopdown = kExampleDir + "/topdown_aabb_plugin.so";
const std::string kCeleste = kExampleDir + "/celeste_plugin.so";

// An actor object of a map file.
std::string actor(const std::string& name, const std::string& mover, int x, int y, int w, int h) {
    return "{\"name\": \"" + name + "\", \"mover\": \"" + mover +
           "\", \"x\": " + std::to_string(x) + ", \"y\": " + std::to_string(y) +
           ", \"w\": " + std::to_string(w) + ", \"h\": " + std::to_string(h) + "}";
}
const std::string kLinkActor = actor("link", "plugin:topdown_aabb", 224, 256, 16, 16);
const std::string kClimberActor = actor("climber", "plugin:celeste", 100, 40, 8, 12);

// maps/zelda-room.json with `actors` (a JSON array's contents) instead of its own.
std::string writeRoom(const std::string& path, const std::string& actors) {
    std::string text = test::readFile(test::sourcePath("maps/zelda-room.json"));
    const size_t from = text.find("\"actors\": [");
    EXPECT_NE(from, std::string::npos);
    const size_t to = text.find(']', from);
    text.replace(from, to + 1 - from, "\"actors\": [" + actors + "]");
    test::writeFile(path, text);
    return path;
}

// The trace lines of one actor (its state and probe lines), in order.
std::string linesOf(const std::string& trace, const std::string& actor) {
    std::istringstream in(trace);
    std::string line, out;
    while (std::getline(in, line))
        if (line.find("\"actor\":\"" + actor + "\"") != std::string::npos &&
            line.rfind("{\"frame\":", 0) == 0)
            out += line + "\n";
    return out;
}

std::string plugins(const std::vector<std::string>& paths) {
    std::string s;
    for (const std::string& p : paths) s += " --plugin " + p;
    return s;
}

// ---- The flag parser ----------------------------------------------------------------------

TEST(RepeatableFlag, KeepsEveryValueInOrder) {
    const std::vector<cli::FlagSpec> flags = {cli::kPluginFlag, {"--frames", true}};
    cli::ParsedArgs a;
    std::string error;
    ASSERT_TRUE(cli::parseArgs(
        {"--plugin", "a.so", "map.json", "--plugin=b.so", "--plugin", "a.so"}, flags, &a, &error))
        << error;
    EXPECT_EQ(a.all("--plugin"), (std::vector<std::string>{"a.so", "b.so", "a.so"}));
    EXPECT_TRUE(a.has("--plugin"));
    EXPECT_EQ(a.positional, std::vector<std::string>{"map.json"});
    EXPECT_TRUE(a.all("--frames").empty());
}

TEST(RepeatableFlag, OtherFlagsGivenTwiceAreStillAnError) {
    const std::vector<cli::FlagSpec> flags = {cli::kPluginFlag, {"--frames", true}};
    cli::ParsedArgs a;
    std::string error;
    EXPECT_FALSE(
        cli::parseArgs({"--plugin", "a.so", "--frames", "1", "--frames", "2"}, flags, &a, &error));
    EXPECT_EQ(error, "option --frames given twice");
    EXPECT_FALSE(cli::parseArgs({"--plugin", "a.so", "--plugin"}, flags, &a, &error));
    EXPECT_EQ(error, "option --plugin needs a value");
}

// ---- Commands with two plugins ------------------------------------------------------------

TEST(SeveralPlugins, RunStepsEachActorByItsOwnPlugin) {
    const std::string dir = test::tempDir();
    const std::string both = writeRoom(dir + "/both.json", kLinkActor + ", " + kClimberActor);
    test::writeFile(dir + "/walk.log", "20,R\n15,D\n10,R,D\n30,L\n25,U\n10,L,U\n40,R\n");
    test::writeFile(dir + "/climb.log", "30,R\n20,R,J\n40,L\n10,J\n30,L,J\n60,R\n");
    const std::string frames = " --frames 200 --probes";
    const std::string two = plugins({kTopdown, kCeleste});

    // The keys drive link: it moves as the built-in top-down model moves it (the example
    // plugin is that model rebuilt, byte for byte).
    const auto walk =
        test::runTilestep("run " + both + frames + " --inputs " + dir + "/walk.log" + two);
    ASSERT_EQ(walk.exitCode, 0) << walk.err;
    EXPECT_NE(walk.out.find("{\"name\":\"link\",\"mover\":\"plugin:topdown_aabb\""),
              std::string::npos);
    EXPECT_NE(walk.out.find("{\"name\":\"climber\",\"mover\":\"plugin:celeste\""),
              std::string::npos);
    const auto builtin = test::runTilestep("run " + test::sourcePath("maps/zelda-room.json") +
                                           frames + " --inputs " + dir + "/walk.log");
    ASSERT_EQ(builtin.exitCode, 0) << builtin.err;
    const std::string link = linesOf(walk.out, "link");
    EXPECT_NE(link.find("{\"frame\":199,"), std::string::npos) << link;
    EXPECT_NE(link.find("\"why\":\"blocker\""), std::string::npos);
    EXPECT_EQ(link, linesOf(builtin.out, "link"));

    // The keys drive the climber: it moves as the Celeste example moves it alone.
    const auto climb = test::runTilestep("run " + both + frames + " --actor climber --inputs " +
                                         dir + "/climb.log" + two);
    ASSERT_EQ(climb.exitCode, 0) << climb.err;
    const std::string alone = writeRoom(dir + "/alone.json", kClimberActor);
    const auto single = test::runTilestep("run " + alone + frames + " --inputs " + dir +
                                          "/climb.log --plugin " + kCeleste);
    ASSERT_EQ(single.exitCode, 0) << single.err;
    const std::string climber = linesOf(climb.out, "climber");
    EXPECT_NE(climber.find("{\"frame\":199,"), std::string::npos) << climber;
    EXPECT_NE(climber.find("\"grounded\":true"), std::string::npos);
    EXPECT_NE(climber.find("\"vy\":-"), std::string::npos);  // it jumped
    EXPECT_EQ(climber, linesOf(single.out, "climber"));

    // The order of the --plugin flags changes nothing: the trace names movers by id.
    const auto swapped = test::runTilestep("run " + both + frames + " --inputs " + dir +
                                           "/walk.log" + plugins({kCeleste, kTopdown}));
    ASSERT_EQ(swapped.exitCode, 0) << swapped.err;
    EXPECT_EQ(swapped.out, walk.out);
}

TEST(SeveralPlugins, ValidateInfoAndConvertTakeThemAll) {
    const std::string dir = test::tempDir();
    const std::string both = writeRoom(dir + "/both.json", kLinkActor + ", " + kClimberActor);
    const std::string two = plugins({kTopdown, kCeleste});
    const auto v = test::runTilestep("validate " + both + two);
    EXPECT_EQ(v.exitCode, 0) << v.err;
    EXPECT_EQ(v.out, both + ": ok: 30 x 19 tiles of 16 px, 60 Hz, 2 actors, 8 brushes, 0 walls\n");

    // To binary and back: both actors keep their movers.
    const auto c = test::runTilestep("convert " + both + " " + dir + "/both.tsmap" + two);
    ASSERT_EQ(c.exitCode, 0) << c.err;
    const auto back =
        test::runTilestep("convert " + dir + "/both.tsmap " + dir + "/back.json" + two);
    ASSERT_EQ(back.exitCode, 0) << back.err;
    const std::string json = test::readFile(dir + "/back.json");
    EXPECT_NE(json.find("\"name\": \"link\", \"mover\": \"plugin:topdown_aabb\""),
              std::string::npos)
        << json;
    EXPECT_NE(json.find("\"name\": \"climber\", \"mover\": \"plugin:celeste\""), std::string::npos)
        << json;

    const auto i = test::runTilestep("info " + dir + "/both.tsmap" + two);
    ASSERT_EQ(i.exitCode, 0) << i.err;
    EXPECT_NE(i.out.find("link             plugin:topdown_aabb at (224, 256)"), std::string::npos)
        << i.out;
    EXPECT_NE(i.out.find("climber          plugin:celeste  at (100, 40)"), std::string::npos)
        << i.out;
}

TEST(SeveralPlugins, AMissingOneIsNamedByEveryCommand) {
    const std::string dir = test::tempDir();
    const std::string both = writeRoom(dir + "/both.json", kLinkActor + ", " + kClimberActor);
    test::writeFile(dir + "/t.jsonl", "");  // view loads the map before reading the trace
    for (const std::string& cmd :
         {"validate " + both, "info " + both, "run " + both + " --frames 1",
          "convert " + both + " " + dir + "/out.tsmap", "view " + both + " " + dir + "/t.jsonl"}) {
        const auto r = test::runTilestep(cmd + " --plugin " + kTopdown);
        EXPECT_EQ(r.exitCode, 1) << cmd;
        EXPECT_NE(r.err.find("both.json: actors[1].mover: plugin mover \"plugin:celeste\" is not "
                             "loaded (give its library with --plugin PATH.so; loaded: "),
                  std::string::npos)
            << cmd << ": " << r.err;
    }
    EXPECT_FALSE(std::filesystem::exists(dir + "/out.tsmap"));
}

TEST(SeveralPlugins, TwoWithTheSameIdAreRefusedNamingBothFiles) {
    const std::string dir = test::tempDir();
    const std::string room =
        writeRoom(dir + "/room.json", actor("hero", "plugin:reload", 100, 100, 8, 8));
    // Two builds of one mover: both are plugin:reload.
    const std::string first = kPluginDir + "/reload_v1.so", second = kPluginDir + "/reload_v2.so";
    const std::string message = second + ": plugin:reload is also the id of " + first +
                                "; two plugins may not share an id\n";
    for (const std::string& cmd :
         {"validate " + room, "info " + room, "run " + room + " --frames 1",
          "convert " + room + " " + dir + "/out.tsmap", "view " + room + " " + dir + "/t.jsonl"}) {
        const std::string name = cmd.substr(0, cmd.find(' '));
        const auto r = test::runTilestep(cmd + plugins({first, kTopdown, second}));
        EXPECT_EQ(r.exitCode, 1) << cmd;
        EXPECT_EQ(r.err, "tilestep " + name + ": " + message) << cmd;
    }
    // The editor refuses them before it opens a window.
    const auto editor =
        test::runTilestep(room + " --screenshot " + dir + "/shot.png" + plugins({first, second}));
    EXPECT_EQ(editor.exitCode, 1);
    EXPECT_EQ(editor.err, "tilestep: " + message);
    EXPECT_FALSE(std::filesystem::exists(dir + "/out.tsmap"));
    EXPECT_FALSE(std::filesystem::exists(dir + "/shot.png"));

    // The same file twice is a slip of the command line, said as such.
    const auto twice = test::runTilestep("validate " + room + plugins({first, first}));
    EXPECT_EQ(twice.exitCode, 1);
    EXPECT_EQ(twice.err, "tilestep validate: " + first + ": given twice\n");
}

// One watchdog covers every plugin's steps: a hang in the second one is reported by name.
TEST(SeveralPlugins, TheStepLimitCoversEachPlugin) {
    const std::string dir = test::tempDir();
    const std::string room =
        writeRoom(dir + "/room.json",
                  kLinkActor + ", " + actor("stuck", "plugin:endless_step", 100, 100, 8, 8));
    test::writeFile(dir + "/keys.log", "5,R\n1,J\n");
    const auto r = test::runTilestep("run " + room + " --frames 20 --actor stuck --inputs " + dir +
                                     "/keys.log --step-limit 200" +
                                     plugins({kTopdown, kPluginDir + "/endless_step.so"}));
    EXPECT_EQ(r.exitCode, 1);
    // Then where the step was (test_plugin_host_process.cpp checks it), then the end.
    EXPECT_EQ(r.err.rfind("tilestep run: plugin:endless_step: a step of actor 'stuck' at frame 5 "
                          "ran longer than 200 ms",
                          0),
              0u)
        << r.err;
    const std::string end = "; stopped (the trace above holds every frame before it)\n";
    EXPECT_EQ(r.err.find(end), r.err.size() - end.size()) << r.err;
    // The header and frames 0..4 of both actors; link's step at frame 5 came before the hang.
    EXPECT_NE(r.out.find("{\"frame\":4,\"actor\":\"stuck\""), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("{\"frame\":5,\"actor\":\"stuck\""), std::string::npos) << r.out;
}

}  // namespace
}  // namespace ts
