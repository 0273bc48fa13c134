// The shape of core/ that docs/architecture.md promises, checked over the source tree:
// - every file of core/ lies in a group folder (core/tilestep.h, the umbrella, aside);
// - a group includes only itself and the groups below it in kLayers (dependencies point one
//   way: nothing in core/map knows a mover's step, nothing in core/movers knows a plugin);
// - a header under a group's detail/ folder is included only by that group and its tests
//   (tests/GROUP/): app/, bench/, oracles/, examples/ and other groups see the public headers;
// - core/ never includes a graphics header (GL, GLFW, ImGui) nor anything of app/;
// - docs/architecture.md states the same layers in the same order.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

// Bottom up: a group may include its own headers and those of the groups before it.
const std::vector<std::string> kLayers = {"base", "map",    "trace", "world", "movers", "record",
                                          "sim",  "plugin", "io",    "draw",  "edit"};

const fs::path kRoot = TILESTEP_SOURCE_DIR;

struct Include {
    std::string from;    // path of the including file, relative to the source root
    std::string target;  // the included file, relative to the source root ("" if not found)
    std::string text;    // as written
    int line;
};

std::string readFile(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

std::string rel(const fs::path& p) {
    return fs::relative(p, kRoot).generic_string();
}

std::vector<std::string> sourcesUnder(const std::string& dir) {
    std::vector<std::string> out;
    if (!fs::exists(kRoot / dir)) return out;
    for (const auto& e : fs::recursive_directory_iterator(kRoot / dir)) {
        const std::string ext = e.path().extension().string();
        if (e.is_regular_file() && (ext == ".h" || ext == ".cpp" || ext == ".c"))
            out.push_back(rel(e.path()));
    }
    std::sort(out.begin(), out.end());
    return out;
}

// Quoted includes resolve against the including file's folder, then core/, app/, include/.
std::vector<Include> includesOf(const std::string& file) {
    static const std::regex re(R"(^\s*#\s*include\s*"([^"]+)\")");
    static const std::regex angled(R"(^\s*#\s*include\s*<([^>]+)>)");
    std::vector<Include> out;
    std::istringstream in(readFile(kRoot / file));
    std::string line;
    int n = 0;
    while (std::getline(in, line)) {
        ++n;
        std::smatch m;
        if (std::regex_search(line, m, angled)) {
            out.push_back({file, "<" + m[1].str() + ">", m[1].str(), n});
            continue;
        }
        if (!std::regex_search(line, m, re)) continue;
        Include inc{file, "", m[1].str(), n};
        for (const fs::path& dir :
             {(kRoot / file).parent_path(), kRoot / "core", kRoot / "app", kRoot / "include"}) {
            const fs::path p = (dir / inc.text).lexically_normal();
            if (fs::exists(p)) {
                inc.target = rel(p);
                break;
            }
        }
        out.push_back(inc);
    }
    return out;
}

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

std::string where(const Include& i) {
    return i.from + ":" + std::to_string(i.line) + ": #include \"" + i.text + "\"";
}

TEST(CoreStructure, EveryCoreFileIsInAGroupFolder) {
    for (const std::string& f : sourcesUnder("core")) {
        if (f == "core/tilestep.h") continue;
        EXPECT_NE(layerOf(groupOf(f)), -1) << f << " is not in one of the groups of kLayers";
    }
    for (const std::string& g : kLayers)
        EXPECT_TRUE(fs::is_directory(kRoot / "core" / g)) << "core/" << g << " is missing";
}

TEST(CoreStructure, GroupsIncludeOnlyThemselvesAndTheGroupsBelow) {
    int checked = 0;
    for (const std::string& f : sourcesUnder("core")) {
        const int from = layerOf(groupOf(f));
        if (from < 0) continue;
        for (const Include& i : includesOf(f)) {
            if (i.target.empty() || i.target[0] == '<') continue;
            ++checked;
            // The C headers a game includes (include/tilestep/) depend on nothing.
            if (i.target.rfind("include/tilestep/", 0) == 0) continue;
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
    const std::string doc = readFile(kRoot / "docs/architecture.md");
    EXPECT_NE(doc.find(order), std::string::npos)
        << "docs/architecture.md should state the layers as: " << order;
    for (const std::string& g : kLayers)
        EXPECT_NE(doc.find("`core/" + g + "/`"), std::string::npos)
            << "docs/architecture.md has no row for core/" << g << "/";
}

}  // namespace
