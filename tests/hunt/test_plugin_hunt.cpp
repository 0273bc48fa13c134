// Plugins are hunted through the plugin host: a step that crashes is a `fault` whose log is
// shrunk to the key that crashes it, and a plugin that differs from itself is a `fault` too.
// Each epoch's tasks go to the host in one message (HuntOptions::batchPluginSteps): the
// findings are those of the tasks asking for their own frames.
#include <gtest/gtest.h>

#include "hunt/hunt.h"
#include "io/map_io.h"
#include "plugin/plugin_mover.h"
#include "plugin/plugin_registry.h"
#include "test_support.h"

namespace ts {
namespace {

Map roomWith(MoverKind kind) {
    Map m = test::mapFromRows({"##########",  //
                               "#........#",  //
                               "#........#",  //
                               "##########"});
    m.actors.push_back(test::makeActor("hero", kind, 30, 20, 12, 12));
    return m;
}

MoverKind load(const std::string& name) {
    MoverKind kind{};
    std::string error;
    EXPECT_TRUE(loadPluginMover(TILESTEP_PLUGIN_DIR "/" + name + ".so", false, &kind, &error))
        << error;
    return kind;
}

HuntResult hunt(const Map& m) {
    HuntOptions opt;
    opt.frames = 20000;
    HuntResult r;
    std::string error;
    EXPECT_TRUE(huntMap(m, opt, &r, &error)) << error;
    return r;
}

// crash_step reads through a null pointer when J is pressed (tests/plugins/crash_step.c).
TEST(PluginHunt, ACrashingStepIsAFaultShrunkToTheJumpKey) {
    const Map m = roomWith(load("crash_step"));
    const HuntResult r = hunt(m);
    // Its walk ignores walls (tests/plugins/plugin_common.h): `inside` findings come too.
    const SnagFinding* fault = nullptr;
    for (const SnagFinding& g : r.findings)
        if (g.kind == SnagKind::Fault) fault = &g;
    ASSERT_NE(fault, nullptr);
    const SnagFinding& f = *fault;
    EXPECT_EQ(f.kind, SnagKind::Fault);
    EXPECT_NE(f.detail.find("crashed"), std::string::npos) << f.detail;
    // One frame with J: the smallest log that crashes it.
    ASSERT_EQ(f.inputs.runs.size(), 1u) << formatInputLog(f.inputs);
    EXPECT_EQ(f.inputs.runs[0].count, 1);
    EXPECT_EQ(f.inputs.runs[0].keys & KEY_J, KEY_J);
    std::string why;
    EXPECT_TRUE(recheckFinding(m, f, &why)) << why;
}

std::string quoted(const std::string& s) {  // the temp dirs and build paths hold no '
    return "'" + s + "'";
}

// endless_step spins forever once J is pressed (tests/plugins/endless_step.c): a fault at
// the hunt's own call limit (`hunt --step-limit`, the editor's), not the 2000 ms default that
// made each such finding cost seconds of every replay; Re-check keeps the limit it is given.
TEST(PluginHunt, AStepThatNeverReturnsIsAFaultAtTheHuntsLimit) {
    const Map m = roomWith(load("endless_step"));
    HuntOptions opt;
    opt.frames = 2000;
    opt.kinds = snagBit(SnagKind::Fault);
    opt.pluginCallLimitMs = 150;
    HuntResult r;
    std::string error;
    ASSERT_TRUE(huntMap(m, opt, &r, &error)) << error;
    ASSERT_EQ(r.findings.size(), 1u);
    const SnagFinding& f = r.findings[0];
    EXPECT_EQ(f.kind, SnagKind::Fault);
    EXPECT_NE(f.detail.find("ran longer than 150 ms"), std::string::npos) << f.detail;
    std::string why;
    EXPECT_TRUE(recheckFinding(m, f, &why, 150)) << why;
}

// The command line: --step-limit reaches the hunt and the repro line that opens the case.
TEST(PluginHunt, TheCommandsStepLimitReachesTheHuntAndTheReproLine) {
    const std::string dir = test::tempDir();
    Map m = roomWith(MoverKind::PixelSweep);
    std::string text;
    saveMap(m, dir + "/room.json");
    text = test::readFile(dir + "/room.json");
    const std::string from = "\"pixel_sweep\"";
    ASSERT_NE(text.find(from), std::string::npos);
    text.replace(text.find(from), from.size(), "\"plugin:endless_step\"");
    test::writeFile(dir + "/room.json", text);
    const std::string plugin = TILESTEP_PLUGIN_DIR "/endless_step.so";
    const test::CommandResult r = test::runTilestep(
        "hunt " + quoted(dir + "/room.json") + " --plugin " + quoted(plugin) +
        " --for fault --frames 2000 --step-limit 150 --out " + quoted(dir + "/out"));
    EXPECT_EQ(r.exitCode, 4) << r.err;
    EXPECT_NE(r.out.find("ran longer than 150 ms"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("--step-limit 150 --inputs"), std::string::npos) << r.out;
    for (const char* bad : {" --step-limit 0", " --step-limit x", " --merge --step-limit 9"}) {
        const test::CommandResult b = test::runTilestep("hunt " + quoted(dir + "/room.json") + bad +
                                                        " --out " + quoted(dir + "/bad"));
        EXPECT_EQ(b.exitCode, 2) << bad << "\n" << b.err;
    }
}

// nondeterministic keeps a counter between steps (tests/plugins/nondeterministic.c).
TEST(PluginHunt, APluginThatDiffersFromItselfIsAFault) {
    const Map m = roomWith(load("nondeterministic"));
    const HuntResult r = hunt(m);
    bool fault = false;
    for (const SnagFinding& f : r.findings) fault = fault || f.kind == SnagKind::Fault;
    EXPECT_TRUE(fault);
}

// Everything a report holds of a hunt, with each finding's shrunk log.
std::string summary(const HuntResult& r) {
    std::string s =
        "frames " + std::to_string(r.framesExplored) + ", cells " + std::to_string(r.cells) + "\n";
    for (const SnagFinding& f : r.findings)
        s += f.key() + " frame " + std::to_string(f.frame) + " at (" + std::to_string(f.x) + "," +
             std::to_string(f.y) + "): " + f.detail + "\n" + formatInputLog(f.inputs);
    return s;
}

struct Hunted {
    HuntResult result;
    uint64_t requests = 0, batches = 0;  // messages to the plugin host during the hunt
};

Hunted huntCounting(const Map& m, bool batch, int64_t frames) {
    const PluginMover* p = pluginMover(m.actors[0].mover);
    EXPECT_NE(p, nullptr);
    Hunted h;
    if (!p) return h;
    const uint64_t requests = p->hostStepRequests(), batches = p->hostBatches();
    HuntOptions opt;
    opt.frames = frames;
    opt.seed = 7;
    opt.batchPluginSteps = batch;
    std::string error;
    EXPECT_TRUE(huntMap(m, opt, &h.result, &error)) << error;
    h.requests = p->hostStepRequests() - requests;
    h.batches = p->hostBatches() - batches;
    return h;
}

// The Celeste example on the slopes sample: jitter on the slopes' pushing flag within a few
// thousand frames, shrunk through the host. The batched hunt finds the same things at the
// same frames, with the same logs, over the same archive, while each of its epochs (128 tasks
// of 8..64 frames) costs one message, not one per task.
TEST(PluginHunt, BatchedTasksFindWhatTasksSteppedOneByOneFind) {
    MoverKind kind{};
    std::string error;
    ASSERT_TRUE(
        loadPluginMover(TILESTEP_EXAMPLE_PLUGIN_DIR "/celeste_plugin.so", false, &kind, &error))
        << error;
    Map m = loadMap(TILESTEP_SOURCE_DIR "/maps/platformer-slopes.json");
    m.actors[0].mover = kind;
    m.actors[0].params = defaultParams(kind);
    const int64_t frames = 40000;
    const Hunted single = huntCounting(m, false, frames);
    const Hunted batched = huntCounting(m, true, frames);
    ASSERT_FALSE(single.result.findings.empty());
    EXPECT_EQ(summary(batched.result), summary(single.result));
    EXPECT_EQ(batched.result.coverage.visits, single.result.coverage.visits);
    // Every task of the single hunt asks for its first frame; the batched one asks for none
    // (what both ask for beyond that, shrinking and replays, is the same).
    const int64_t epochs = frames / (128 * 64);  // at most 128 x 64 frames each
    EXPECT_EQ(single.batches, 0u);
    EXPECT_GE(batched.batches, uint64_t(epochs));
    EXPECT_GE(single.requests, batched.requests + uint64_t(128 * epochs));
}

// A step that crashes inside a batch: the host ends with what it stepped, the task goes on
// frame by frame from there, and the crash is the same `fault`, at the same frame.
TEST(PluginHunt, ACrashInsideABatchIsTheSameFault) {
    const Map m = roomWith(load("crash_step"));
    const Hunted single = huntCounting(m, false, 20000);
    const Hunted batched = huntCounting(m, true, 20000);
    EXPECT_EQ(summary(batched.result), summary(single.result));
    bool fault = false;
    for (const SnagFinding& f : batched.result.findings) fault = fault || f.kind == SnagKind::Fault;
    EXPECT_TRUE(fault);
    EXPECT_GE(batched.batches, 1u);
}

}  // namespace
}  // namespace ts
