// Runs planned ahead (PluginMover::stepPlanned, the snag hunt's batches): the host steps them
// at once, and the steps that follow are answered from what it sent, giving exactly what the
// plugin in tilestep's own process gives. A step that is none of them (another caller between
// two of the hunt's) is answered too, and the runs after it are still answered without asking
// the host again.
#include <gtest/gtest.h>
#include <stdlib.h>

#include <memory>
#include <vector>

#include "plugin/plugin_mover.h"
#include "test_support.h"
#include "world/collision.h"

namespace ts {
namespace {

const std::string kTopdown = std::string(TILESTEP_EXAMPLE_PLUGIN_DIR) + "/topdown_aabb_plugin.so";

std::unique_ptr<PluginMover> load(bool inProcess) {
    if (inProcess) ::setenv("TILESTEP_PLUGIN_IN_PROCESS", "1", 1);
    std::string error;
    std::unique_ptr<PluginMover> p = PluginMover::load(kTopdown, true, &error);
    ::unsetenv("TILESTEP_PLUGIN_IN_PROCESS");
    EXPECT_TRUE(p) << error;
    return p;
}

TEST(PluginPlannedRuns, StepsAnsweredFromABatchAreThoseOfThePluginInProcess) {
    const std::unique_ptr<PluginMover> host = load(false), local = load(true);
    ASSERT_TRUE(host && local);
    ASSERT_FALSE(host->inProcess());
    ASSERT_TRUE(local->inProcess());
    const Map m = test::mapFromRows({"##########",  //
                                     "#........#",  //
                                     "#..##....#",  //
                                     "#........#",  //
                                     "##########"});
    const CollisionWorld world(m);
    ParamValues params{};
    for (int i = 0; i < local->info().paramCount; ++i)
        params[size_t(i)] = local->info().params[i].defFix();
    MoverState spawn;
    spawn.x = Fix::fromInt(20);
    spawn.y = Fix::fromInt(20);
    spawn.w = spawn.h = 12;

    // Ten runs of 30 frames, each from where the plugin in process gets to after k frames of
    // keys of its own, with keys that turn every few frames.
    const InputBits turns[] = {KEY_R, KEY_D, KEY_R | KEY_D, KEY_L, KEY_U, KEY_L | KEY_U, 0};
    std::vector<std::vector<InputBits>> keys(10);
    std::vector<PluginMover::PlannedRun> runs;
    MoverState s = spawn;
    for (size_t r = 0; r < keys.size(); ++r) {
        for (int f = 0; f < 30; ++f) keys[r].push_back(turns[(r + size_t(f) / 7) % 7]);
        for (int f = 0; f < 5; ++f) s = local->step(s, turns[(r + 3) % 7], params, world, nullptr);
        runs.push_back(PluginMover::PlannedRun{s, keys[r].data(), int64_t(keys[r].size())});
    }
    const uint64_t requests = host->hostStepRequests();
    host->stepPlanned(runs, params, world);
    EXPECT_EQ(host->hostBatches(), 1u);

    const auto playRun = [&](size_t r) {
        MoverState a = runs[r].from, b = runs[r].from;
        for (InputBits k : keys[r]) {
            a = host->step(a, k, params, world, nullptr);
            b = local->step(b, k, params, world, nullptr);
            ASSERT_EQ(a, b) << "run " << r;
        }
    };
    playRun(0);
    // Another step between two runs: the batch's other replies are read first, then it is
    // asked for.
    MoverState other = spawn;
    other.x = Fix::fromInt(100);
    EXPECT_EQ(host->step(other, KEY_D, params, world, nullptr),
              local->step(other, KEY_D, params, world, nullptr));
    for (size_t r = 1; r < runs.size(); ++r) playRun(r);
    // One request in all: the step that was none of the runs.
    EXPECT_EQ(host->hostStepRequests(), requests + 1);
}

}  // namespace
}  // namespace ts
