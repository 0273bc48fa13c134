// Plugin movers in the mover registry: each registered build is an entry whose ctx is that
// build, so any number of plugins step their own code (no table of per-slot functions, no
// limit below MoverKind's range); a replaced entry stays valid and still names its build,
// and putting a build back reuses its entry.
#include <gtest/gtest.h>

#include <deque>
#include <string>

#include "../../include/tilestep/mover_plugin.h"
#include "movers/model_fields.h"
#include "map/map.h"
#include "movers/mover_registry.h"
#include "plugin/plugin_registry.h"
#include "world/collision.h"

namespace ts {
namespace {

void moveBySpeed(const ts_mover_state* in, ts_mover_state* out, uint32_t, const ts_fix* params,
                 const ts_world*, const ts_draw*) {
    *out = *in;
    out->x = in->x + params[0];
}

// An in-memory plugin "many_N" with a default speed of N + 1 px and a state field "field_N".
struct ManyPlugin {
    std::string name, field;
    ts_param_spec param{};
    ts_state_field stateField{};
    ts_mover_plugin desc{};

    explicit ManyPlugin(int n) : name("many_" + std::to_string(n)), field("field_" + name) {
        param = {"speed", "px/frame", TS_FIX_INT(n + 1), 0, TS_FIX_INT(200), 0, ""};
        stateField = {field.c_str(), TS_SLOT_TIMER, TS_FIELD_INT};
        desc = {TS_MOVER_ABI_VERSION,
                sizeof(ts_mover_plugin),
                name.c_str(),
                "",
                0,
                1,
                &param,
                1,
                &stateField,
                nullptr,
                moveBySpeed,
                0,
                nullptr};
    }
};

std::unique_ptr<PluginMover> adopt(const ManyPlugin& p) {
    std::string error;
    std::unique_ptr<PluginMover> m = PluginMover::fromDescriptor(&p.desc, "inmem", &error);
    EXPECT_TRUE(m) << error;
    return m;
}

TEST(PluginRegistry, ManyPluginsEachStepTheirOwnBuild) {
    static std::deque<ManyPlugin> plugins;  // descriptors live as long as their builds
    const Map map = Map::blank(4, 4);
    const CollisionWorld world(map);
    const int count = 40;  // more than the 32 plugins the registry once had room for
    std::vector<MoverKind> kinds;
    for (int n = 0; n < count; ++n) {
        plugins.emplace_back(n);
        MoverKind kind{};
        std::string error;
        ASSERT_TRUE(registerPluginMover(adopt(plugins.back()), &kind, &error)) << error;
        if (!kinds.empty()) {
            EXPECT_EQ(int(kind), int(kinds.back()) + 1);
        }
        kinds.push_back(kind);
    }
    EXPECT_FALSE(isBuiltinMover(kinds[0]));
    EXPECT_EQ(moverCount(), int(kinds.back()) + 1);
    for (int n = 0; n < count; ++n) {
        const MoverKind kind = kinds[size_t(n)];
        const MoverInfo& info = moverInfo(kind);
        EXPECT_TRUE(isPluginKind(kind));
        EXPECT_EQ(info.ctx, pluginMover(kind));
        EXPECT_EQ(findMover("plugin:many_" + std::to_string(n)), &info);
        MoverState s;
        s.timer = 7;
        const MoverState next = info.step(s, 0, defaultParams(kind), world, nullptr);
        EXPECT_EQ(next.x, Fix::fromInt(n + 1)) << info.id;
        ModelFields out;
        info.describe(next, out);
        EXPECT_EQ(modelFieldsJson(out), ",\"field_many_" + std::to_string(n) + "\":7");
    }
    EXPECT_GE(pluginMoverKinds().size(), size_t(count));
}

TEST(PluginRegistry, AReplacedEntryStaysValidAndPuttingABuildBackReusesItsEntry) {
    static std::deque<ManyPlugin> plugins;
    plugins.emplace_back(100);
    MoverKind kind{};
    std::string error;
    ASSERT_TRUE(registerPluginMover(adopt(plugins.back()), &kind, &error)) << error;
    const PluginBuildHold first(pluginMover(kind));
    const MoverInfo& before = moverInfo(kind);

    ASSERT_TRUE(replacePluginMover(kind, adopt(plugins.back()), &error)) << error;
    const PluginBuildHold second(pluginMover(kind));  // as the reload edit holds both
    const MoverInfo& after = moverInfo(kind);
    EXPECT_NE(&after, &before);
    EXPECT_EQ(after.kind, kind);
    EXPECT_EQ(before.ctx, first.get());  // what a thread holding it still steps
    EXPECT_EQ(after.ctx, pluginMover(kind));
    EXPECT_NE(after.ctx, before.ctx);

    const int movers = moverCount();
    for (int swap = 0; swap < 3; ++swap) {  // undo and redo swap the two builds
        ASSERT_TRUE(reinstatePluginMover(kind, first.get()));
        EXPECT_EQ(&moverInfo(kind), &before);
        ASSERT_TRUE(reinstatePluginMover(kind, second.get()));
        EXPECT_EQ(&moverInfo(kind), &after);
    }
    EXPECT_EQ(moverCount(), movers);
    // Only run-time movers are replaced; the built-ins stay.
    EXPECT_FALSE(replaceMover(MoverKind::PixelSweep, after));
    EXPECT_STREQ(moverInfo(MoverKind::PixelSweep).id, "pixel_sweep");
}

}  // namespace
}  // namespace ts
