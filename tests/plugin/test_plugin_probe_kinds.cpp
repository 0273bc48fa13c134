// A plugin's optional probe vocabulary (include/tilestep/mover_plugin.h: probe_kind_count,
// probe_kinds; issue 30): declared, it reaches the mover's MoverInfo::probes through the plugin
// host and breakpoints are checked against it; a plugin built against the header before it
// existed (a smaller struct_size) still loads and steps, with none; a bad declaration is
// refused with the entry it is in. The Celeste-style example declares its probes, and running it
// shows that they are all it draws.
#include <gtest/gtest.h>

#include <cstddef>
#include <map>

#include "../../include/tilestep/mover_plugin.h"
#include "io/map_io.h"
#include "plugin/plugin_mover.h"
#include "plugin/plugin_registry.h"
#include "property.h"
#include "sim/break_check.h"
#include "sim/sim.h"
#include "test_support.h"
#include "trace/probe_vocabulary.h"

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

BreakExpr parsed(const std::string& text) {
    BreakExpr e;
    std::string error;
    EXPECT_TRUE(BreakExpr::parse(text, {}, &e, &error)) << error;
    return e;
}

constexpr unsigned kHit = verdictBit(Verdict::Hit), kMiss = verdictBit(Verdict::Miss),
                   kBlock = verdictBit(Verdict::Block), kPass = verdictBit(Verdict::Pass),
                   kInfo = verdictBit(Verdict::Info);

TEST(PluginProbeKinds, TheDeclaredVocabularyReachesTheMoverThroughTheHost) {
    const MoverKind kind = loadOrDie(kExampleDir + "/celeste_plugin.so");
    const MoverInfo& info = moverInfo(kind);
    ASSERT_NE(info.probes, nullptr);
    // examples/movers/celeste.c's kProbeKinds, in its order.
    EXPECT_EQ(info.probes->kinds(), "wall, corner, ceiling, floor, ground, coyote, jump");
    EXPECT_EQ(info.probes->verdictsOf("wall"), kBlock);
    EXPECT_EQ(info.probes->verdictsOf("ground"), kHit | kMiss);
    EXPECT_EQ(info.probes->verdictsOf("coyote"), kPass | kBlock);
    EXPECT_EQ(info.probes->verdictsOf("jump"), kInfo);
    EXPECT_EQ(info.probes->verdictsOf("step"), 0u);
    EXPECT_EQ(breakWarning(parsed("probe wall hit"), info, {}),
              "plugin:celeste never gives 'wall hit' (its wall probes are block); this "
              "breakpoint cannot fire");
    EXPECT_EQ(breakWarning(parsed("probe wall"), info, {}), "");
}

TEST(PluginProbeKinds, APluginBuiltAgainstTheOlderHeaderLoadsWithoutOne) {
    const MoverKind kind = loadOrDie(kPluginDir + "/old_header.so");
    const MoverInfo& info = moverInfo(kind);
    EXPECT_STREQ(info.id, "plugin:old_header");
    EXPECT_EQ(info.probes, nullptr);
    EXPECT_EQ(breakWarning(parsed("probe anything blocked"), info, {}), "");
    // It steps as plugin_common.h's walk: 1 px a frame to the right with R held.
    Map m = Map::blank(8, 8);
    Actor a;
    a.name = "old";
    a.mover = kind;
    a.x = 16;
    a.y = 16;
    a.w = a.h = 8;
    a.params = defaultParams(kind);
    m.actors.push_back(a);
    Sim sim(m);
    Trace trace;
    sim.step({KEY_R}, &trace);
    sim.step({KEY_R}, &trace);
    EXPECT_EQ(sim.states()[0].x, Fix::fromInt(18));
    ASSERT_EQ(trace.probes.size(), 1u);
    EXPECT_STREQ(trace.probes[0].why, "anything");
}

void stepNothing(const ts_mover_state* in, ts_mover_state* out, uint32_t, const ts_fix*,
                 const ts_world*, const ts_draw*) {
    *out = *in;
}

// The error of adopting an in-memory descriptor with these probe kinds.
std::string adoptError(int32_t count, const ts_probe_kind* kinds,
                       uint32_t size = sizeof(ts_mover_plugin)) {
    ts_mover_plugin d{};
    d.abi_version = TS_MOVER_ABI_VERSION;
    d.struct_size = size;
    d.name = "kinds_check";
    d.step = stepNothing;
    d.probe_kind_count = count;
    d.probe_kinds = kinds;
    std::string error;
    std::unique_ptr<PluginMover> p = PluginMover::fromDescriptor(&d, "inmem", &error);
    if (p && p->info().probes) {
        EXPECT_EQ(p->info().probes->count, count);
    }
    return p ? "" : error;
}

TEST(PluginProbeKinds, ABadDeclarationIsRefusedNamingItsEntry) {
    const ts_probe_kind good[] = {{"wall", TS_VERDICT_BIT(TS_BLOCK)},
                                  {"Ground_2", TS_VERDICT_BIT(TS_HIT) | TS_VERDICT_BIT(TS_MISS)}};
    EXPECT_EQ(adoptError(2, good), "");
    EXPECT_EQ(adoptError(0, nullptr), "");
    const ts_probe_kind badWhy[] = {{"wall", TS_VERDICT_BIT(TS_BLOCK)},
                                    {"two words", TS_VERDICT_BIT(TS_HIT)}};
    EXPECT_EQ(adoptError(2, badWhy),
              "inmem: probe_kinds[1]: why \"two words\" is not 1..63 of [A-Za-z0-9_]");
    const ts_probe_kind noWhy[] = {{nullptr, TS_VERDICT_BIT(TS_HIT)}};
    EXPECT_EQ(adoptError(1, noWhy), "inmem: probe_kinds[0]: why \"\" is not 1..63 of [A-Za-z0-9_]");
    const ts_probe_kind noVerdict[] = {{"wall", 0}};
    EXPECT_EQ(adoptError(1, noVerdict),
              "inmem: probe_kinds[0] (wall): verdicts 0 are not TS_VERDICT_BIT()s of "
              "TS_MISS..TS_INFO");
    const ts_probe_kind pastInfo[] = {{"wall", TS_VERDICT_BIT(TS_INFO + 1)}};
    EXPECT_EQ(adoptError(1, pastInfo),
              "inmem: probe_kinds[0] (wall): verdicts 32 are not TS_VERDICT_BIT()s of "
              "TS_MISS..TS_INFO");
    EXPECT_EQ(adoptError(TS_MOVER_MAX_PROBE_KINDS + 1, good),
              "inmem: probe_kind_count 65 is outside 0..64");
    EXPECT_EQ(adoptError(1, nullptr),
              "inmem: probe_kind_count 1 is outside 0..64 or probe_kinds "
              "is NULL");
    // The older size ignores whatever lies where the fields would be.
    EXPECT_EQ(adoptError(1, badWhy, uint32_t(offsetof(ts_mover_plugin, probe_kind_count))), "");
    EXPECT_NE(adoptError(0, nullptr, sizeof(ts_mover_plugin) - 4).find("descriptor is "),
              std::string::npos);
}

// Run over the sample maps and random ones with random keys, the example draws only what it
// declares, and every kind it declares.
TEST(PluginProbeKinds, TheCelesteExampleDrawsWhatItDeclares) {
    const MoverKind kind = loadOrDie(kExampleDir + "/celeste_plugin.so");
    const ProbeVocabulary* v = moverInfo(kind).probes;
    ASSERT_NE(v, nullptr);
    std::map<std::string, unsigned> seen;
    std::vector<Map> maps;
    for (const char* sample : {"maps/platformer-slopes.json", "maps/tiled-platformer.json"})
        maps.push_back(loadMap(test::sourcePath(sample)));
    // Random maps: ceilings and their corners to jump into.
    for (uint64_t seed = 1; seed <= 20; ++seed) {
        Map m = test::randomMap(seed, test::RandomMapOptions{});
        m.actors.clear();
        if (test::addActorAtFreeSpot(m, kind, seed, 10, 14)) maps.push_back(std::move(m));
    }
    for (Map& m : maps) {
        for (Actor& a : m.actors) {
            a.mover = kind;
            a.params = defaultParams(kind);
        }
        Sim sim(m);
        Trace trace;
        for (InputBits k : test::randomInputs(7, 1200, 30)) {
            sim.step(std::vector<InputBits>(m.actors.size(), k), &trace);
            for (const Probe& p : trace.probes) seen[p.why] |= verdictBit(p.verdict);
        }
    }
    for (const auto& [why, verdicts] : seen)
        EXPECT_EQ(verdicts & ~v->verdictsOf(why), 0u)
            << why << ": " << verdictList(verdicts) << ", declared "
            << verdictList(v->verdictsOf(why));
    for (int i = 0; i < v->count; ++i)
        EXPECT_TRUE(seen.count(v->words[i].kind)) << v->words[i].kind;
}

}  // namespace
}  // namespace ts
