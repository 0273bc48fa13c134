// A plugin rebuilt with a new parameter default: the map stores the parameters it sets and
// nothing more, so the new default reaches every actor that left the parameter alone, in the
// editor (the reload's edit, undone with the old build) as in a fresh load (`tilestep run`),
// and a save after the reload still leaves the parameter out.
#include <gtest/gtest.h>
#include <utime.h>

#include "../../app/debugger/debugger_state.h"
#include "edit/edit.h"
#include "io/map_io.h"
#include "movers/param_set.h"
#include "plugin/plugin_registry.h"
#include "plugin/plugin_reload.h"
#include "property.h"
#include "sim/sim.h"
#include "test_support.h"

namespace ts {
namespace {

const std::string kPluginDir = TILESTEP_PLUGIN_DIR;

void copyFile(const std::string& from, const std::string& to, int mtimeOffset) {
    test::writeFile(to, test::readFile(from));
    struct utimbuf t;
    t.actime = t.modtime = time(nullptr) + mtimeOffset;
    ASSERT_EQ(utime(to.c_str(), &t), 0);
}

// "follows" sets no parameter; "pinned" sets speed to v1's default, 1.
std::string roomText(MoverKind kind) {
    Map m = test::mapFromRows({"....................", "....................",
                               "....................", "...................."});
    m.actors.push_back(test::makeActor("follows", kind, 20, 20, 8, 8));
    m.actors.push_back(test::makeActor("pinned", kind, 20, 40, 8, 8));
    m.actors[1].paramsSet = paramBit(0);
    return mapToJson(m);
}

TEST(PluginDefaultReload, ANewDefaultReachesTheActorsThatDoNotSetIt) {
    const std::string dir = test::tempDir();
    const std::string path = dir + "/reload.so";
    copyFile(kPluginDir + "/reload_v1.so", path, 0);
    MoverKind kind{};
    std::string error;
    ASSERT_TRUE(loadPluginMover(path, true, &kind, &error)) << error;
    const std::string text = roomText(kind);
    ASSERT_NE(text.find("\"speed\": 1"), std::string::npos) << text;
    const Map opened = mapFromJson(text, "room.json");
    const std::vector<InputBits> keys(30, KEY_R);
    ASSERT_EQ(opened.actors[0].params[0], Fix::fromInt(1));

    Document doc(opened);
    copyFile(kPluginDir + "/reload_default.so", path, 10);
    const ReloadOutcome r = reloadPluginChecked(kind, path, doc.map(), 30, keys, 2000);
    ASSERT_TRUE(r.installed) << r.message;
    EXPECT_NE(r.message.find("; parameters: speed default 2 (was 1); 1 actor updated"),
              std::string::npos)
        << r.message;
    ASSERT_TRUE(doc.apply(pluginReloadEdit(doc.map(), kind, r.previous, r.current)));
    EXPECT_EQ(doc.map().actors[0].params[0], Fix::fromInt(2));
    EXPECT_EQ(doc.map().actors[1].params[0], Fix::fromInt(1));

    // The editor's map steps as the same file freshly loaded with the new build (`run`).
    const Map fresh = mapFromJson(text, "room.json");
    for (size_t a = 0; a < fresh.actors.size(); ++a)
        EXPECT_EQ(doc.map().actors[a].params, fresh.actors[a].params) << a;
    EXPECT_EQ(test::runStates(doc.map(), keys).back().x, test::runStates(fresh, keys).back().x);

    const std::string saved = mapToJson(doc.map());
    EXPECT_NE(saved.find("\"name\": \"follows\", \"mover\": \"plugin:reload\", \"x\": 20, \"y\": "
                         "20, \"w\": 8, \"h\": 8,\n      \"params\": {}"),
              std::string::npos)
        << saved;
    EXPECT_NE(saved.find("\"params\": {\n        \"speed\": 1\n      }"), std::string::npos)
        << saved;

    ASSERT_TRUE(doc.undo());
    EXPECT_EQ(doc.map().actors[0].params[0], Fix::fromInt(1));
    EXPECT_EQ(moverInfo(kind).params[0].defFix(), Fix::fromInt(1)) << "the old build is back";
    ASSERT_TRUE(doc.redo());
    EXPECT_EQ(doc.map().actors[0].params[0], Fix::fromInt(2));
}

// The debugger's recording re-simulated after the reload steps as `run` steps the same file
// with the new build: the driven "follows" walks 2 px a frame.
TEST(PluginDefaultReload, TheDebuggersRunEqualsAFreshRunAfterTheReload) {
    const std::string path = test::tempDir() + "/reload.so";
    copyFile(kPluginDir + "/reload_v1.so", path, 0);
    MoverKind kind{};
    std::string error;
    ASSERT_TRUE(loadPluginMover(path, true, &kind, &error)) << error;
    const std::string text = roomText(kind);
    Document doc(mapFromJson(text, "room.json"));
    Debugger dbg(doc.map());
    dbg.setDrivenActor(0);
    for (int f = 0; f < 30; ++f) dbg.stepForward(KEY_R);

    copyFile(kPluginDir + "/reload_default.so", path, 10);
    const ReloadOutcome r = dbg.reloadPlugin(kind, path, 2000, [&](const ReloadOutcome& o) {
        EXPECT_TRUE(doc.apply(pluginReloadEdit(doc.map(), kind, o.previous, o.current)));
    });
    ASSERT_TRUE(r.installed) << r.message;
    dbg.seekNow(30);
    const Map fresh = mapFromJson(text, "room.json");
    std::vector<InputBits> keys(30 * 2, 0);
    for (int f = 0; f < 30; ++f) keys[size_t(f) * 2] = KEY_R;
    Sim sim(fresh);
    for (int f = 0; f < 30; ++f) sim.step({keys[size_t(f) * 2], keys[size_t(f) * 2 + 1]}, nullptr);
    EXPECT_EQ(dbg.state(0).x, sim.states()[0].x);
    EXPECT_EQ(dbg.state(0).x, Fix::fromInt(20 + 30 * 2));
    EXPECT_EQ(dbg.state(1).x, sim.states()[1].x);
}

}  // namespace
}  // namespace ts
