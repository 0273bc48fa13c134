// The shape of core/ that docs/architecture.md promises, checked over the source tree:
// - every file of core/ lies in a group folder (core/tilestep.h, the umbrella, aside);
// - a group includes only itself, the groups below it in kLayers and include/tilestep (the C
//   ABI); dependencies point one way: nothing in core/map knows a mover's step, nothing in
//   core/movers knows a plugin;
// - a header under a group's detail/ folder is included only by that group and its tests
//   (tests/GROUP/): app/, bench/, oracles/, examples/ and other groups see the public headers;
// - core/ never includes a graphics header (GL, GLFW, ImGui) nor anything of app/;
// - docs/architecture.md states the same layers in the same order.
#include <gtest/gtest.h>

#include <algorithm>
#include <iterator>
#include <string>
#include <vector>

#include "source_includes.h"

namespace ts {
namespace {

using test::Include;
using test::includesOf;
using test::sourcesUnder;
using test::where;

// Bottom up: a group may include its own headers and those of the groups before it.
const std::vector<std::string> kLayers = {"base", "map",    "trace", "world", "movers", "record",
                                          "sim",  "plugin", "hunt",  "io",    "draw",   "edit"};

// "core/movers/x.h" -> "movers"; "" outside a group.
std::string groupOf(const std::string& path) {
    if (path.rfind("core/", 0) != 0) return "";
    const size_t slash = path.find('/', 5);
    return slash == std::string::npos ? "" : path.substr(5, slash - 5);
}

int layerOf(const std::string& group) {
    auto it = std::find(kLayers.begin(), kLayers.end(), group);
    return it == kLayers.end() ? -1 : int(it - kLayers.begin());
}

TEST(CoreStructure, EveryCoreFileIsInAGroupFolder) {
    for (const std::string& f : sourcesUnder("core")) {
        if (f == "core/tilestep.h") continue;
        EXPECT_NE(layerOf(groupOf(f)), -1) << f << " is not in one of the groups of kLayers";
    }
    for (const std::string& g : kLayers)
        EXPECT_TRUE(!sourcesUnder("core/" + g).empty()) << "core/" << g << " is missing";
}

// docs/architecture.md, "Rules the code keeps": what a step needs is passed to it
// (StepContext), so that threads stepping their own Sims share nothing mutable.
TEST(CoreStructure, CoreKeepsNoThreadLocalState) {
    int read = 0;
    for (const std::string& f : sourcesUnder("core")) {
        const std::string text = test::readSourceFile(f);
        ++read;
        EXPECT_EQ(text.find("thread_local"), std::string::npos) << f << " declares thread_local";
    }
    EXPECT_GT(read, 100);
}

TEST(CoreStructure, GroupsIncludeOnlyThemselvesAndTheGroupsBelow) {
    int checked = 0;
    for (const std::string& f : sourcesUnder("core")) {
        const int from = layerOf(groupOf(f));
        if (from < 0) continue;
        for (const Include& i : includesOf(f)) {
            if (i.target.empty() || i.target[0] == '<') continue;
            // The C headers a game includes (the plugin ABI) depend on nothing.
            if (i.target.rfind("include/tilestep/", 0) == 0) continue;
            ++checked;
            const int to = layerOf(groupOf(i.target));
            ASSERT_NE(to, -1) << where(i) << ": core/ includes something outside its groups";
            EXPECT_LE(to, from) << where(i) << ": " << groupOf(f) << " may not depend on "
                                << groupOf(i.target) << ", a layer above it";
        }
    }
    EXPECT_GT(checked, 200);  // the scan found the includes at all
}

TEST(CoreStructure, DetailHeadersStayInsideTheirGroup) {
    std::vector<std::string> files;
    for (const char* dir : {"core", "app", "tests", "bench", "oracles", "examples"})
        for (const std::string& f : sourcesUnder(dir)) files.push_back(f);
    int detail = 0;
    for (const std::string& f : files)
        for (const Include& i : includesOf(f)) {
            if (i.target.find("/detail/") == std::string::npos) continue;
            ++detail;
            const std::string g = groupOf(i.target);
            const bool inside = groupOf(f) == g || f.rfind("tests/" + g + "/", 0) == 0;
            EXPECT_TRUE(inside) << where(i) << ": core/" << g << "/detail is private to core/" << g
                                << " and tests/" << g;
        }
    EXPECT_GT(detail, 0);  // there are detail headers, and the scan sees them
}

TEST(CoreStructure, CoreHasNoGraphicsAndNoApp) {
    for (const std::string& f : sourcesUnder("core"))
        for (const Include& i : includesOf(f)) {
            for (const char* gfx : {"GL", "GLFW", "imgui", "glad", "backends/"})
                EXPECT_EQ(i.text.rfind(gfx, 0), std::string::npos)
                    << where(i) << ": core/ has no graphics dependency";
            EXPECT_NE(i.target.rfind("app/", 0), 0u) << where(i) << ": core/ never includes app/";
        }
}

TEST(CoreStructure, ArchitectureDocListsTheLayersInOrder) {
    std::string order;
    for (const std::string& g : kLayers) order += (order.empty() ? "" : " → ") + g;
    const std::string doc = test::readSourceFile("docs/architecture.md");
    EXPECT_NE(doc.find(order), std::string::npos)
        << "docs/architecture.md should state the layers as: " << order;
    for (const std::string& g : kLayers)
        EXPECT_NE(doc.find("`core/" + g + "/`"), std::string::npos)
            << "docs/architecture.md has no row for core/" << g << "/";
    // The count in the heading too (it once said ten of eleven).
    const char* const kWords[] = {"zero",   "one",      "two",      "three",   "four",   "five",
                                  "six",    "seven",    "eight",    "nine",    "ten",    "eleven",
                                  "twelve", "thirteen", "fourteen", "fifteen", "sixteen"};
    ASSERT_LT(kLayers.size(), std::size(kWords));
    const std::string heading =
        std::string("## core/: ") + kWords[kLayers.size()] + " groups, one layer each";
    EXPECT_NE(doc.find(heading), std::string::npos)
        << "docs/architecture.md should head its groups with: " << heading;
}

}  // namespace
}  // namespace ts
