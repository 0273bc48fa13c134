// Plugins are hunted through the plugin host: a step that crashes is a `fault` whose log is
// shrunk to the key that crashes it, and a plugin that differs from itself is a `fault` too.
#include <gtest/gtest.h>

#include "hunt/hunt.h"
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

// nondeterministic keeps a counter between steps (tests/plugins/nondeterministic.c).
TEST(PluginHunt, APluginThatDiffersFromItselfIsAFault) {
    const Map m = roomWith(load("nondeterministic"));
    const HuntResult r = hunt(m);
    bool fault = false;
    for (const SnagFinding& f : r.findings) fault = fault || f.kind == SnagKind::Fault;
    EXPECT_TRUE(fault);
}

}  // namespace
}  // namespace ts
