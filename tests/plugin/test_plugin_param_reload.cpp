// A plugin rebuild whose parameter list changed: the values follow BY NAME (added, removed,
// renamed, reordered, range changed), as one undoable edit of the map that swaps the builds
// with the values, live tuning included, and a build nothing refers to any more is unloaded.
#include <gtest/gtest.h>
#include <stdlib.h>
#include <utime.h>

#include <filesystem>
#include <fstream>
#include <set>

#include "../../app/debugger/debugger_state.h"
#include "edit/edit.h"
#include "plugin/plugin_registry.h"
#include "plugin/plugin_reload.h"
#include "property.h"
#include "../edit/test_edit_support.h"
#include "test_support.h"
#include "../../include/tilestep/mover_plugin.h"
#include "io/map_validate.h"

namespace ts {
namespace {

const std::string kPluginDir = TILESTEP_PLUGIN_DIR;

ParamValues values(std::initializer_list<double> v) {
    ParamValues out{};
    size_t i = 0;
    for (double d : v) out[i++] = Fix::fromDouble(d);
    return out;
}

// ---- The edit: undo puts back the values and the build that reads them ------------------

void walkStep(const ts_mover_state* in, ts_mover_state* out, uint32_t, const ts_fix*,
              const ts_world*, const ts_draw*) {
    *out = *in;
}
const ts_param_spec kV1Params[] = {
    {"gravity", "", TS_FIX_INT(1), 0, TS_FIX_INT(4), 0, ""},
    {"speed", "", TS_FIX_INT(2), 0, TS_FIX_INT(8), 0, ""},
};
const ts_param_spec kV2Params[] = {
    {"speed", "", TS_FIX_INT(2), 0, TS_FIX_INT(8), 0, ""},
    {"dash_speed", "", TS_FIX_INT(240), 0, TS_FIX_INT(400), 0, ""},
};
const ts_mover_plugin kV1 = {TS_MOVER_ABI_VERSION,
                             sizeof(ts_mover_plugin),
                             "inmem",
                             "",
                             0,
                             2,
                             kV1Params,
                             0,
                             nullptr,
                             nullptr,
                             walkStep,
                             0,
                             nullptr};
const ts_mover_plugin kV2 = {TS_MOVER_ABI_VERSION,
                             sizeof(ts_mover_plugin),
                             "inmem",
                             "",
                             0,
                             2,
                             kV2Params,
                             0,
                             nullptr,
                             nullptr,
                             walkStep,
                             0,
                             nullptr};

// The registry lives as long as the process and a name registers once: each test of the edit
// uses a name of its own, and installs its first build afresh when a run before it in the same
// process (--gtest_repeat) registered the name, so that the tests pass in any order, alone or
// all in one process.
ts_mover_plugin named(ts_mover_plugin d, const char* name) {
    d.name = name;
    return d;
}
const ts_mover_plugin kSameV1 = named(kV1, "inmem_same");

std::unique_ptr<PluginMover> adopt(const ts_mover_plugin& d) {
    std::string error;
    std::unique_ptr<PluginMover> m = PluginMover::fromDescriptor(&d, "inmem", &error);
    EXPECT_TRUE(m) << error;
    return m;
}

bool installFirstBuild(const ts_mover_plugin& d, MoverKind* kind, std::string* error) {
    if (const MoverInfo* known = findMover(std::string("plugin:") + d.name)) {
        *kind = known->kind;
        return replacePluginMover(*kind, adopt(d), error);
    }
    return registerPluginMover(adopt(d), kind, error);
}

TEST(PluginReloadEdit, CarriesEveryActorOfTheMoverAndUndoSwapsTheBuildBack) {
    MoverKind kind{};
    std::string error;
    ASSERT_TRUE(installFirstBuild(kV1, &kind, &error)) << error;
    const PluginBuildHold v1(pluginMover(kind));
    Map before = test::mapFromRows({"....", "...."});
    before.actors.push_back(test::makeActor("a", kind, 0, 0, 8, 8));
    before.actors.push_back(test::makeActor("other", MoverKind::PixelSweep, 8, 0, 8, 8));
    before.actors.push_back(test::makeActor("b", kind, 16, 0, 8, 8));
    before.actors[0].params = values({0.5, 5});
    before.actors[2].params = values({3, 7});
    const ParamValues otherParams = before.actors[1].params;

    // The reload installs the new build, then the editor edits the map.
    std::unique_ptr<PluginMover> build = adopt(kV2);
    const PluginMover* v2Build = build.get();
    ASSERT_TRUE(replacePluginMover(kind, std::move(build), &error)) << error;
    CommandPtr edit = pluginReloadEdit(before, kind, v1, PluginBuildHold(v2Build));
    ASSERT_TRUE(edit);
    EXPECT_EQ(edit->label(), "Reload plugin:inmem");
    EXPECT_EQ(edit->touched().parts, Touched::Actors);

    // applyUndoRedo also checks that the map is valid for the build in place at each step.
    Document doc(before);
    ASSERT_TRUE(doc.apply(std::move(edit)));
    EXPECT_TRUE(doc.dirty());
    EXPECT_EQ(doc.map().actors[0].params, values({5, 240}));
    EXPECT_EQ(doc.map().actors[2].params, values({7, 240}));
    EXPECT_EQ(doc.map().actors[1].params, otherParams);
    EXPECT_EQ(pluginMover(kind), v2Build);
    EXPECT_EQ(validateMap(doc.map()), "");

    ASSERT_TRUE(doc.undo());
    EXPECT_TRUE(doc.map() == before);
    EXPECT_EQ(pluginMover(kind), v1.get()) << "undo puts back the build of the old order";
    EXPECT_EQ(findParam(kind, "gravity"), 0);
    EXPECT_FALSE(doc.dirty());

    ASSERT_TRUE(doc.redo());
    EXPECT_EQ(doc.map().actors[0].params, values({5, 240}));
    EXPECT_EQ(pluginMover(kind), v2Build);
    EXPECT_EQ(findParam(kind, "dash_speed"), 1);
}

TEST(PluginReloadEdit, TheSameParameterListIsNoEdit) {
    MoverKind kind{};
    std::string error;
    ASSERT_TRUE(installFirstBuild(kSameV1, &kind, &error)) << error;
    const PluginBuildHold v1(pluginMover(kind));
    std::unique_ptr<PluginMover> build = adopt(kSameV1);
    const PluginMover* again = build.get();
    ASSERT_TRUE(replacePluginMover(kind, std::move(build), &error)) << error;
    Map m = test::mapFromRows({"...."});
    m.actors.push_back(test::makeActor("a", kind, 0, 0, 8, 8));
    EXPECT_FALSE(pluginReloadEdit(m, kind, v1, PluginBuildHold(again)));
}

// ---- The rebuilt library, checked, edited, unloaded -------------------------------------

void copyFile(const std::string& from, const std::string& to, int mtimeOffset) {
    test::writeFile(to, test::readFile(from));
    struct utimbuf t;
    t.actime = t.modtime = time(nullptr) + mtimeOffset;
    ASSERT_EQ(utime(to.c_str(), &t), 0);
}

// The test plugins' libraries mapped into this process (the temporary copies they are
// loaded from are named tilestep-plugin-*).
// Builds whose library is loaded: mapped in this process (in-process mode) or held open for
// the plugin host that runs it (plugin_host_client.h).
int mappedPluginCopies() {
    std::ifstream maps("/proc/self/maps");
    std::set<std::string> files;
    for (std::string line; std::getline(maps, line);)
        if (line.find("tilestep-plugin-") != std::string::npos)
            files.insert(line.substr(line.find('/')));
    for (const auto& e : std::filesystem::directory_iterator("/proc/self/fd")) {
        std::error_code ec;
        const std::string target = std::filesystem::read_symlink(e.path(), ec).string();
        if (!ec && target.find("tilestep-plugin-") != std::string::npos) files.insert(target);
    }
    return int(files.size());
}

struct ParamReload : ::testing::Test {
    std::string path = test::tempDir() + "/reload.so";
    MoverKind kind{};
    Map map;
    std::vector<InputBits> keys = std::vector<InputBits>(30, KEY_R);
    void SetUp() override {
        copyFile(kPluginDir + "/reload_v1.so", path, 0);
        std::string error;
        ASSERT_TRUE(loadPluginMover(path, true, &kind, &error)) << error;
        map = test::mapFromRows({"##########", "#........#", "#........#", "##########"});
        map.actors.push_back(test::makeActor("hero", kind, 20, 20, 8, 8));
        map.actors[0].params[0] = Fix::fromInt(3);  // speed 3 (v1's only parameter)
        ASSERT_EQ(test::runStates(map, keys).back().x.floor(), 20 + 30 * 3);
    }
};

TEST_F(ParamReload, ANewListIsCheckedWithTheValuesCarriedAndSaysWhatChanged) {
    copyFile(kPluginDir + "/reload_params.so", path, 10);
    const ReloadOutcome r = reloadPluginChecked(kind, path, map, 30, keys, 2000);
    ASSERT_TRUE(r.installed) << r.message;
    EXPECT_EQ(r.message, "plugin:reload: reloaded " + path +
                             ", deterministic over 30 frames; parameters: + lift (default 5), "
                             "speed 0..4 (was 0..8); 1 actor updated");
    ASSERT_EQ(findParam(kind, "speed"), 1);
    CommandPtr edit = pluginReloadEdit(map, kind, r.previous, r.current);
    ASSERT_TRUE(edit);
    const Map after = test::applyUndoRedo(map, std::move(edit));
    EXPECT_EQ(after.actors[0].params, values({5, 3}));  // lift's default, speed kept
    EXPECT_EQ(test::runStates(after, keys).back().x.floor(), 20 + 30 * 3);
}

// A build with a new list that fails the check changes nothing: the old build and list stay.
TEST_F(ParamReload, AFailedCheckKeepsTheOldList) {
    copyFile(kPluginDir + "/reload_params_hidden_state.so", path, 10);
    const ReloadOutcome r = reloadPluginChecked(kind, path, map, 30, keys, 2000);
    EXPECT_FALSE(r.installed);
    EXPECT_NE(r.message.find("not deterministic"), std::string::npos) << r.message;
    EXPECT_FALSE(r.previous.get());
    EXPECT_EQ(findParam(kind, "lift"), -1);
    EXPECT_EQ(test::runStates(map, keys).back().x.floor(), 20 + 30 * 3);
}

TEST_F(ParamReload, TheDebuggerCarriesItsTuningAndFollowsUndo) {
    Document doc(map);
    Debugger dbg(doc.map());
    for (int f = 0; f < 30; ++f) dbg.stepForward(KEY_R);
    dbg.seekNow(0);
    dbg.setParam(0, 0, Fix::fromInt(4));  // tuned: speed 4 from frame 0
    dbg.seekNow(10);
    ASSERT_EQ(dbg.state(0).x, Fix::fromInt(20 + 10 * 4));

    copyFile(kPluginDir + "/reload_params.so", path, 10);
    const ReloadOutcome r = dbg.reloadPlugin(kind, path, 2000, [&](const ReloadOutcome& o) {
        EXPECT_TRUE(doc.apply(pluginReloadEdit(doc.map(), kind, o.previous, o.current)));
    });
    ASSERT_TRUE(r.installed) << r.message;
    EXPECT_EQ(doc.map().actors[0].params, values({5, 3}));
    EXPECT_EQ(dbg.tunedParams(0), values({5, 4}));  // the tuning, carried by name
    EXPECT_EQ(dbg.state(0).x, Fix::fromInt(20 + 10 * 4));

    // Undo: the old build and its order again, the tuning back in it.
    ASSERT_TRUE(doc.undo());
    dbg.mapChanged();
    EXPECT_EQ(findParam(kind, "lift"), -1);
    EXPECT_EQ(dbg.tunedParams(0)[0], Fix::fromInt(4));
    EXPECT_EQ(dbg.state(0).x, Fix::fromInt(20 + 10 * 4));
}

TEST_F(ParamReload, ABuildNothingRefersToIsUnloaded) {
    const int before = mappedPluginCopies();
    ASSERT_GE(before, 1);
    copyFile(kPluginDir + "/reload_params.so", path, 10);
    {
        ReloadOutcome r = reloadPluginChecked(kind, path, map, 30, keys, 2000);
        ASSERT_TRUE(r.installed) << r.message;
        EXPECT_EQ(mappedPluginCopies(), before + 1) << "the outcome holds the previous build";
        Document doc(map);
        ASSERT_TRUE(doc.apply(pluginReloadEdit(map, kind, r.previous, r.current)));
        r = ReloadOutcome{};
        EXPECT_EQ(mappedPluginCopies(), before + 1) << "the undo history holds it";
        ASSERT_TRUE(doc.undo());  // the previous build in place, the new one held for redo
        EXPECT_EQ(mappedPluginCopies(), before + 1);
        ASSERT_TRUE(doc.redo());
    }
    // The document and its history are gone: only the build in place stays mapped.
    EXPECT_EQ(mappedPluginCopies(), before);
    EXPECT_EQ(findParam(kind, "lift"), 0);
}

// A check given up on leaves a thread spinning in the candidate's step, which may return
// and go on stepping whatever builds are in place: from then on nothing is unloaded. (Only a
// build loaded into tilestep's own process can leave one: a plugin host is killed.)
TEST_F(ParamReload, AfterAStuckCheckNoBuildIsUnloaded) {
    std::vector<InputBits> jump = keys;
    jump[5] = KEY_J;  // reload_endless never returns from a step with the jump key down
    copyFile(kPluginDir + "/reload_endless.so", path, 10);
    ::setenv("TILESTEP_PLUGIN_IN_PROCESS", "1", 1);
    const bool stuck = reloadPluginChecked(kind, path, map, 30, jump, 300).stuck;
    ::unsetenv("TILESTEP_PLUGIN_IN_PROCESS");
    ASSERT_TRUE(stuck);
    const int before = mappedPluginCopies();  // v1 and the stuck candidate
    copyFile(kPluginDir + "/reload_params.so", path, 20);
    ASSERT_TRUE(reloadPluginChecked(kind, path, map, 30, keys, 2000).installed);
    EXPECT_EQ(mappedPluginCopies(), before + 1) << "v1 stays mapped beside the new build";
}

}  // namespace
}  // namespace ts
