// A plugin author's side: `cmake --install` of this build into a fresh prefix, then
// examples/movers/celeste.c built from a copy outside the source tree with
// `cc $(pkg-config --cflags tilestep)` and with a CMake project using find_package(tilestep),
// each loaded by `tilestep run --plugin` and run like the in-tree build.
#include <gtest/gtest.h>

#include <filesystem>

#include "test_support.h"

namespace ts {
namespace {

const std::string kBuildDir = TILESTEP_BUILD_DIR;
const std::string kCelesteInTree = std::string(TILESTEP_EXAMPLE_PLUGIN_DIR) + "/celeste_plugin.so";

std::string runClimber(const std::string& dir, const std::string& plugin) {
    std::string text = test::readFile(test::sourcePath("maps/zelda-room.json"));
    const size_t from = text.find("\"actors\": [");
    EXPECT_NE(from, std::string::npos);
    text.replace(from, text.find(']', from) + 1 - from,
                 "\"actors\": [{\"name\": \"climber\", \"mover\": \"plugin:celeste\", \"x\": 100, "
                 "\"y\": 40, \"w\": 8, \"h\": 12}]");
    test::writeFile(dir + "/room.json", text);
    test::writeFile(dir + "/keys.txt", "20,R\n10,R,J\n30,L\n");
    const auto r = test::runTilestep("run " + dir + "/room.json --frames 60 --probes --inputs " +
                                     dir + "/keys.txt --plugin " + plugin);
    EXPECT_EQ(r.exitCode, 0) << r.err;
    return r.out;
}

TEST(PluginInstall, APluginBuildsAgainstTheInstalledHeadersWithPkgConfigAndCMake) {
    const std::string dir = test::tempDir();
    const std::string prefix = dir + "/prefix";
    const auto install = test::runShell("cmake --install '" + kBuildDir + "' --prefix '" + prefix +
                                        "'" + " --component plugin_sdk");
    ASSERT_EQ(install.exitCode, 0) << install.out << install.err;
    for (const char* h : {"mover_plugin.h", "trace_emit.h", "verdict.h"})
        EXPECT_TRUE(std::filesystem::exists(prefix + "/include/tilestep/" + h)) << h;

    // A copy, so that nothing of the source tree is on the include path.
    std::filesystem::create_directories(dir + "/src");
    test::writeFile(dir + "/src/celeste.c",
                    test::readFile(test::sourcePath("examples/movers/celeste.c")));

    const auto cc =
        test::runShell("export PKG_CONFIG_PATH='" + prefix + "/share/pkgconfig' && " +
                       "cc -std=c99 -O2 -fPIC -shared $(pkg-config --cflags tilestep) '" + dir +
                       "/src/celeste.c' -o '" + dir + "/pc_celeste.so'");
    ASSERT_EQ(cc.exitCode, 0) << cc.out << cc.err;

    test::writeFile(dir + "/src/CMakeLists.txt",
                    "cmake_minimum_required(VERSION 3.16)\n"
                    "project(celeste_outside C)\n"
                    "find_package(tilestep REQUIRED)\n"
                    "tilestep_mover_plugin(celeste_plugin celeste.c)\n");
    const auto cm = test::runShell(
        "cmake -S '" + dir + "/src' -B '" + dir + "/cmbuild' -DCMAKE_BUILD_TYPE=Release " +
        "-DCMAKE_PREFIX_PATH='" + prefix + "' && cmake --build '" + dir + "/cmbuild'");
    ASSERT_EQ(cm.exitCode, 0) << cm.out << cm.err;

    const std::string expected = runClimber(dir, kCelesteInTree);
    ASSERT_FALSE(expected.empty());
    EXPECT_EQ(runClimber(dir, dir + "/pc_celeste.so"), expected);
    EXPECT_EQ(runClimber(dir, dir + "/cmbuild/celeste_plugin.so"), expected);
}

}  // namespace
}  // namespace ts
