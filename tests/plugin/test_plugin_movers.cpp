// Mover plugins (include/tilestep/mover_plugin.h): loading and its errors, the built-in
// top-down model rebuilt as a plugin giving the same trace byte for byte, maps naming plugin
// movers, the CLI with --plugin, and the Celeste-style example's rules.
#include <gtest/gtest.h>

#include "io/map_io.h"
#include "../../include/tilestep/mover_plugin.h"
#include "plugin/plugin_registry.h"
#include "property.h"
#include "shrink.h"
#include "sim/sim.h"
#include "movers/model_fields.h"
#include "test_support.h"

namespace ts {
namespace {

const std::string kPluginDir = TILESTEP_PLUGIN_DIR;
const std::string kExampleDir = TILESTEP_EXAMPLE_PLUGIN_DIR;

MoverKind loadOrDie(const std::string& path) {
    MoverKind kind{};
    std::string error;
    EXPECT_TRUE(loadPluginMover(path, false, &kind, &error)) << error;
    return kind;
}

MoverKind topdownPlugin() {
    return loadOrDie(kExampleDir + "/topdown_aabb_plugin.so");
}

std::string loadError(const std::string& path) {
    MoverKind kind{};
    std::string error;
    EXPECT_FALSE(loadPluginMover(path, false, &kind, &error));
    return error;
}

// The header's fixed-point helpers compute what the core's Fix does, so plugins and built-ins
// round alike.
TEST(PluginAbi, FixedPointHelpersMatchTheCore) {
    const int64_t raws[] = {0,
                            1,
                            -1,
                            65535,
                            -65536,
                            3 * 65536 + 7,
                            -(5 * 65536 + 12345),
                            int64_t(1) << 40,
                            -(int64_t(1) << 40) + 3};
    for (int64_t a : raws) {
        EXPECT_EQ(ts_fix_floor(a), Fix::fromRaw(a).floor()) << a;
        for (int64_t b : raws) EXPECT_EQ(ts_fix_mul(a, b), (Fix::fromRaw(a) * Fix::fromRaw(b)).raw);
    }
    EXPECT_EQ(TS_FIX_INT(-3), Fix::fromInt(-3).raw);
    EXPECT_EQ(TS_FIX_RATIO(9, 2), Fix::ratio(9, 2).raw);
    EXPECT_EQ(TS_FIX_RATIO(3, 16), Fix::ratio(3, 16).raw);
}

TEST(PluginLoad, MissingFileNamesThePath) {
    const std::string path = test::tempDir() + "/nothing.so";
    const std::string e = loadError(path);
    EXPECT_NE(e.find(path + ": cannot open the plugin"), std::string::npos) << e;
}

TEST(PluginLoad, NotASharedLibrary) {
    const std::string path = test::tempDir() + "/text.so";
    test::writeFile(path, "not a library\n");
    const std::string e = loadError(path);
    EXPECT_NE(e.find(path + ": not a loadable shared library"), std::string::npos) << e;
}

TEST(PluginLoad, MissingEntryPoint) {
    const std::string e = loadError(kPluginDir + "/no_entry.so");
    EXPECT_NE(e.find("no_entry.so: no function tilestep_mover_plugin"), std::string::npos) << e;
}

TEST(PluginLoad, AbiVersionMismatch) {
    const std::string e = loadError(kPluginDir + "/wrong_abi.so");
    EXPECT_NE(e.find("wrong_abi.so: plugin ABI version 2, this tilestep reads version 1"),
              std::string::npos)
        << e;
    EXPECT_EQ(findMover("plugin:wrong_abi"), nullptr);
}

TEST(PluginLoad, RegistersUnderPluginId) {
    const MoverKind kind = topdownPlugin();
    EXPECT_TRUE(isPluginKind(kind));
    const MoverInfo* mi = findMover("plugin:topdown_aabb");
    ASSERT_NE(mi, nullptr);
    EXPECT_EQ(mi->kind, kind);
    EXPECT_EQ(&moverInfo(kind), mi);
    // Same parameters as the built-in, in the same order.
    const MoverInfo& builtin = moverInfo(MoverKind::TopDownAabb);
    ASSERT_EQ(mi->paramCount, builtin.paramCount);
    for (int i = 0; i < mi->paramCount; ++i) {
        EXPECT_STREQ(mi->params[i].name, builtin.params[i].name);
        EXPECT_EQ(mi->params[i].def, builtin.params[i].def);
        EXPECT_EQ(mi->params[i].integer, builtin.params[i].integer);
    }
    // Loading again (a second --plugin, a reload) keeps the kind.
    EXPECT_EQ(topdownPlugin(), kind);
}

// The proof that the ABI carries everything the top-down model needs: over random maps with
// solid tiles, slopes, one-way platforms, walls and brushes, and random keys, the plugin's
// trace with probes equals the built-in's line for line.
TEST(PluginTopDown, TraceEqualsTheBuiltInOnRandomMaps) {
    const MoverKind plugin = topdownPlugin();
    for (uint64_t seed = 1; seed <= 12; ++seed) {
        Map m = test::randomMap(seed);
        ASSERT_TRUE(test::addActorAtFreeSpot(m, MoverKind::TopDownAabb, seed, 12, 14));
        const auto inputs = test::randomInputs(seed * 7, 400);
        for (bool probes : {true, false}) {  // the built-in's fast path has no probes
            Map builtin = m;
            const auto expected = test::runTraceLines(builtin, inputs, probes);
            builtin.actors[0].mover = plugin;
            const auto got = test::runTraceLines(builtin, inputs, probes);
            ASSERT_EQ(got.size(), expected.size()) << "seed " << seed;
            for (size_t i = 0; i < got.size(); ++i)
                ASSERT_EQ(got[i], expected[i]) << "seed " << seed << " probes " << probes;
        }
    }
}

// The same over the built-in's whole parameter range (every parameter drawn from its
// documented range on every map), boxes of 1 px to 2 tiles, tiles of 4 to 32 px and thin
// bars among the geometry: the plugin's trace equals the built-in's line for line, with and
// without probes.
TEST(PluginTopDown, TraceEqualsTheBuiltInOverTheWholeParameterRange) {
    const MoverKind plugin = topdownPlugin();
    size_t restricted = 0;
    for (uint64_t seed = 1; seed <= 40; ++seed) {
        test::Rng rng(seed * 6364136223846793005ull);
        test::RandomMapOptions opt;
        opt.tileSize = int32_t(4 << rng.range(0, 3));
        opt.width = int32_t(rng.range(6, 20));
        opt.height = int32_t(rng.range(6, 14));
        opt.solidPercent = int(rng.range(3, 20));
        Map m = test::randomMap(seed, opt);
        test::addThinBrushes(m, rng, int(rng.range(0, 10)));
        const int32_t w = int32_t(rng.range(1, 2 * opt.tileSize));
        const int32_t h = int32_t(rng.range(1, 2 * opt.tileSize));
        if (!test::addActorAtFreeSpot(m, MoverKind::TopDownAabb, seed, w, h)) continue;
        m.actors[0].params = test::fullRangeParams(MoverKind::TopDownAabb, rng);
        const auto inputs = test::randomInputs(seed * 7, 300, 10);
        for (bool probes : {true, false}) {
            Map builtin = m;
            const auto expected = test::runTraceLines(builtin, inputs, probes);
            builtin.actors[0].mover = plugin;
            const auto got = test::runTraceLines(builtin, inputs, probes);
            ASSERT_EQ(got.size(), expected.size()) << "seed " << seed;
            for (size_t i = 0; i < got.size(); ++i)
                ASSERT_EQ(got[i], expected[i]) << "seed " << seed << " probes " << probes;
        }
        // Diagonal frames where the restriction held y while x walked.
        const auto states = test::runStates(m, inputs);
        for (size_t f = 1; f < states.size(); ++f)
            restricted += (inputs[f] & (KEY_L | KEY_R)) && (inputs[f] & (KEY_U | KEY_D)) &&
                          states[f].x != states[f - 1].x && states[f].y == states[f - 1].y;
    }
    EXPECT_GT(restricted, 10u);
}

// The issue's case, plugin and built-in alike: a 4x4 box at (30, 32) under a tile that
// overlaps its right 2 px, diagonal_speed 6, one frame of L,U: it ends at (24, 32).
TEST(PluginTopDown, RestrictedAxisStaysLikeTheBuiltIn) {
    Map m = Map::blank(6, 6, 8);
    m.setTile(4, 3, 1);
    m.actors.push_back(test::makeActor("hero", MoverKind::TopDownAabb, 30, 32, 4, 4));
    m.actors[0].params[1] = Fix::fromInt(6);  // diagonal_speed
    const std::vector<InputBits> keys(1, KEY_L | KEY_U);
    const auto builtin = test::runStates(m, keys);
    EXPECT_EQ(builtin[0].x, Fix::fromInt(24));
    EXPECT_EQ(builtin[0].y, Fix::fromInt(32));
    const auto expected = test::runTraceLines(m, keys, true);
    m.actors[0].mover = topdownPlugin();
    EXPECT_EQ(test::runStates(m, keys)[0], builtin[0]);
    EXPECT_EQ(test::runTraceLines(m, keys, true), expected);
}

// One-way tiles block only when entered through a refused edge, and the model draws them
// as blockers itself (collectSolids leaves them out): a path the random maps rarely take.
TEST(PluginTopDown, OneWayBlockersEqualTheBuiltIn) {
    Map m =
        test::mapFromRows({"..........", "..........", "..==......", "..........", ".........."});
    m.actors.push_back(test::makeActor("hero", MoverKind::TopDownAabb, 36, 4, 12, 12));
    const std::vector<InputBits> keys(20, KEY_D);
    const auto expected = test::runTraceLines(m, keys, true);
    bool oneWayBlocker = false;
    for (const std::string& line : expected)
        oneWayBlocker |=
            line.find("\"why\":\"blocker\",\"x0\":32,\"y0\":32,\"x1\":48") != std::string::npos;
    ASSERT_TRUE(oneWayBlocker) << "the one-way platform stopped the box";
    m.actors[0].mover = topdownPlugin();
    EXPECT_EQ(test::runTraceLines(m, keys, true), expected);
}

TEST(PluginTopDown, CliTraceEqualsTheBuiltInByteForByte) {
    const std::string dir = test::tempDir();
    std::string text = test::readFile(test::sourcePath("maps/zelda-room.json"));
    const std::string from = "\"mover\": \"topdown_aabb\"";
    ASSERT_NE(text.find(from), std::string::npos);
    text.replace(text.find(from), from.size(), "\"mover\": \"plugin:topdown_aabb\"");
    test::writeFile(dir + "/plugin.json", text);
    test::writeFile(dir + "/keys.log",
                    "20,R\n15,D\n10,R,D\n30,L\n25,U\n10,L,U\n40,R\n30,D\n60,L\n");
    const std::string common = " --frames 300 --inputs " + dir + "/keys.log --probes";
    const auto builtin =
        test::runTilestep("run " + test::sourcePath("maps/zelda-room.json") + common);
    const auto plugin = test::runTilestep("run " + dir + "/plugin.json" + common + " --plugin " +
                                          kExampleDir + "/topdown_aabb_plugin.so");
    ASSERT_EQ(builtin.exitCode, 0) << builtin.err;
    ASSERT_EQ(plugin.exitCode, 0) << plugin.err;
    // Not a trivial trace: walking, blockers, nudges and pushing all happen.
    EXPECT_NE(builtin.out.find("\"why\":\"blocker\""), std::string::npos);
    EXPECT_NE(builtin.out.find("\"why\":\"nudge\""), std::string::npos);
    EXPECT_NE(builtin.out.find("\"pushing\":true"), std::string::npos);
    // The header line names the map file and the mover id, which differ by design; every
    // line after it must be the same.
    auto header = [](const std::string& t) { return t.substr(0, t.find('\n') + 1); };
    EXPECT_NE(header(plugin.out).find("\"mover\":\"plugin:topdown_aabb\""), std::string::npos);
    EXPECT_EQ(plugin.out.substr(header(plugin.out).size()),
              builtin.out.substr(header(builtin.out).size()));
}

TEST(PluginMap, RoundTripsInJsonAndBinary) {
    const MoverKind plugin = topdownPlugin();
    Map m = test::mapFromRows({"##########", "#........#", "#........#", "##########"});
    m.actors.push_back(test::makeActor("hero", plugin, 16, 16, 12, 14));
    m.actors[0].params[0] = Fix::fromInt(5);
    const std::string dir = test::tempDir();
    for (const char* name : {"/m.json", "/m.tsmap"}) {
        saveMap(m, dir + name);
        const Map back = loadMap(dir + name);
        EXPECT_EQ(back, m) << name;
        EXPECT_EQ(back.actors[0].mover, plugin);
    }
    EXPECT_NE(test::readFile(dir + "/m.json").find("\"mover\": \"plugin:topdown_aabb\""),
              std::string::npos);
}

TEST(PluginMap, UnloadedPluginMoverIsAClearError) {
    const std::string dir = test::tempDir();
    std::string text = test::readFile(test::sourcePath("maps/zelda-room.json"));
    const std::string from = "\"mover\": \"topdown_aabb\"";
    text.replace(text.find(from), from.size(), "\"mover\": \"plugin:not_loaded\"");
    test::writeFile(dir + "/m.json", text);
    const auto r = test::runTilestep("validate " + dir + "/m.json");
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("m.json: actors[0].mover: plugin mover \"plugin:not_loaded\" is not "
                         "loaded (give its library with --plugin PATH.so"),
              std::string::npos)
        << r.err;
}

TEST(PluginCli, BadPluginIsReportedByEveryCommand) {
    const std::string map = test::sourcePath("maps/zelda-room.json");
    const std::string plugin = kPluginDir + "/wrong_abi.so";
    for (const std::string& cmd : {"validate " + map, "info " + map, "run " + map + " --frames 1",
                                   "convert " + map + " " + test::tempDir() + "/out.json"}) {
        const auto r = test::runTilestep(cmd + " --plugin " + plugin);
        EXPECT_EQ(r.exitCode, 1) << cmd;
        EXPECT_NE(r.err.find("wrong_abi.so: plugin ABI version 2"), std::string::npos) << r.err;
    }
}

TEST(PluginFields, DeclaredStateFieldsReachTheTraceAndTheInspector) {
    const MoverKind kind = loadOrDie(kExampleDir + "/celeste_plugin.so");
    MoverState s;
    s.timer = 4;
    s.aux = 0;
    s.vars[0] = 7;
    s.vars[1] = 1;
    const std::string line = stateJson(3, "m", kind, s);
    EXPECT_NE(line.find(",\"pushing\":false,\"coyote\":4,\"buffer\":0,\"var_jump\":7,"
                        "\"jump_held\":true}"),
              std::string::npos)
        << line;
    auto fields = [](MoverKind k, const MoverState& st) {
        std::vector<std::pair<std::string, std::string>> out;
        for (const StateField& f : modelStateFields(k, st)) out.emplace_back(f.name, f.value);
        return out;
    };
    using Fields = std::vector<std::pair<std::string, std::string>>;
    EXPECT_EQ(fields(kind, s),
              (Fields{{"coyote", "4"}, {"buffer", "0"}, {"var_jump", "7"}, {"jump_held", "true"}}));
    // The built-ins' fields too, quoted text unquoted.
    MoverState g;
    EXPECT_EQ(fields(MoverKind::GridWalls, g), (Fields{{"region", "a"}, {"blocked", "none"}}));
}

TEST(PluginInit, CompletesTheSpawnedStateWithTheActorsParameters) {
    const MoverKind kind = loadOrDie(kPluginDir + "/with_init.so");
    Map m = test::mapFromRows({"....", "...."});
    m.actors.push_back(test::makeActor("a", kind, 8, 8, 4, 4));
    m.actors[0].params[0] = Fix::ratio(3, 2);
    Sim sim(m);
    EXPECT_EQ(sim.states()[0].timer, 42);
    EXPECT_EQ(sim.states()[0].vars[0], Fix::ratio(3, 2).raw);
    EXPECT_EQ(sim.states()[0].x, Fix::fromInt(8));  // the spawn itself is tilestep's
    sim.step({KEY_R}, nullptr);
    EXPECT_EQ(sim.states()[0].timer, 41);
    EXPECT_EQ(sim.states()[0].x, Fix::ratio(19, 2));
    EXPECT_NE(stateJson(0, "a", kind, sim.states()[0]).find(",\"spawn_speed\":1.5}"),
              std::string::npos);
    sim.reset();  // back to frame 0: init again
    EXPECT_EQ(sim.states()[0].timer, 42);
}

// ---- The Celeste-style example ----------------------------------------------------------

struct Celeste {
    MoverKind kind = loadOrDie(kExampleDir + "/celeste_plugin.so");
    // A floor at row 6 from column 0 to 7, then a deep gap (a ledge at x = 128).
    Map map = test::mapFromRows({
        "....................",
        "....................",
        "....................",
        "....................",
        "....................",
        "....................",
        "########............",
        "########............",
        "....................",
        "....................",
        "....................",
        "....................",
        "....................",
        "....................",
        "....................",
        "....................",
        "....................",
        "....................",
    });
    Celeste() { map.actors.push_back(test::makeActor("madeline", kind, 100, 80, 8, 16)); }
    std::vector<MoverState> run(const std::vector<InputBits>& keys) {
        return test::runStates(map, keys);
    }
};

std::vector<InputBits> keys(std::initializer_list<std::pair<int, InputBits>> runs) {
    std::vector<InputBits> out;
    for (auto [n, k] : runs) out.insert(out.end(), size_t(n), k);
    return out;
}

int64_t highest(const std::vector<MoverState>& states) {
    int64_t top = INT64_MAX;
    for (const MoverState& s : states) top = std::min(top, s.y.floor());
    return top;
}

TEST(PluginCeleste, StandsAndRuns) {
    Celeste c;
    const auto s = c.run(keys({{10, 0}, {10, KEY_R}}));
    EXPECT_TRUE(s[9].grounded);
    EXPECT_EQ(s[9].y, Fix::fromInt(80));
    EXPECT_GT(s[19].x, Fix::fromInt(100));
    EXPECT_EQ(s[19].facing, DIR_RIGHT);
}

TEST(PluginCeleste, VariableJumpHeight) {
    Celeste c;
    const auto tap = c.run(keys({{5, 0}, {1, KEY_J}, {60, 0}}));
    const auto hold = c.run(keys({{5, 0}, {20, KEY_J}, {60, 0}}));
    // Holding jump keeps the take-off speed for var_jump_frames: a clearly higher jump.
    EXPECT_LT(highest(hold) + 8, highest(tap)) << highest(hold) << " " << highest(tap);
    EXPECT_LT(highest(tap), 80);
}

TEST(PluginCeleste, CoyoteTime) {
    Celeste c;
    // Run right off the ledge at x = 128 and press jump a few frames after leaving it.
    auto frameLeaving = [&](const std::vector<MoverState>& s) {
        for (size_t f = 1; f < s.size(); ++f)
            if (s[f - 1].grounded && !s[f].grounded) return int(f);
        return -1;
    };
    const auto walk = c.run(keys({{40, KEY_R}}));
    const int left = frameLeaving(walk);
    ASSERT_GT(left, 0);
    auto jumpAfter = [&](int late) {
        return c.run(keys({{left + late, KEY_R}, {1, InputBits(KEY_R | KEY_J)}, {10, KEY_R}}));
    };
    const auto inTime = jumpAfter(3);  // within the 6 coyote frames
    const auto tooLate = jumpAfter(12);
    EXPECT_LT(inTime[size_t(left + 4)].vy, Fix{}) << "jumped (rising)";
    EXPECT_GT(tooLate[size_t(left + 13)].vy, Fix{}) << "still falling";
}

TEST(PluginCeleste, JumpBuffer) {
    Celeste c;
    c.map.actors[0].y = 40;  // falls 40 px to the floor
    const auto fall = c.run(keys({{60, 0}}));
    int landed = -1;
    for (size_t f = 0; f < fall.size() && landed < 0; ++f)
        if (fall[f].grounded) landed = int(f);
    ASSERT_GT(landed, 3);
    // Jump pressed 3 frames before landing: the jump happens on landing.
    const auto buffered = c.run(keys({{landed - 3, 0}, {1, KEY_J}, {30, 0}}));
    EXPECT_LT(buffered[size_t(landed + 2)].vy, Fix{});
    // Pressed 12 frames before: forgotten.
    const auto early = c.run(keys({{landed - 12, 0}, {1, KEY_J}, {30, 0}}));
    EXPECT_TRUE(early[size_t(landed + 2)].grounded);
}

TEST(PluginCeleste, CornerCorrection) {
    Celeste c;
    // A ceiling block whose right edge is 2 px right of the box's left edge: jumping
    // straight up would bump it; corner correction slides the box 2 px right and on.
    c.map = test::mapFromRows({
        "..........",
        "..........",
        "...#......",
        "..........",
        "..........",
        "##########",
    });
    c.map.actors.push_back(test::makeActor("madeline", c.kind, 62, 64, 8, 16));
    const auto s = c.run(keys({{3, 0}, {20, KEY_J}, {10, 0}}));
    EXPECT_LT(highest(s), 40) << "rose past the block's bottom (y = 48)";
    EXPECT_EQ(s.back().x.floor() >= 64, true);
    // With corner correction off the head stops under the block.
    c.map.actors[0].params[9] = Fix{};
    const auto blocked = c.run(keys({{3, 0}, {20, KEY_J}, {10, 0}}));
    EXPECT_GE(highest(blocked), 48);
}

}  // namespace
}  // namespace ts
