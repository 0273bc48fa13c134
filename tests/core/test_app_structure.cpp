// The shape of app/ that docs/architecture.md promises, checked over the source tree:
// - the debugger builds on the editor, one way: nothing in app/editor includes app/debugger
//   (the window calls the debugger through editor/window_extension.h), nor the command line
//   (app/cli, read by app/run_editor.cpp, the one file that puts the editor and debugger
//   together);
// - the headless commands never open a window: app/cli includes no GL, GLFW or ImGui header
//   and nothing of app/editor, app/debugger or app/gfx.
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

const fs::path kRoot = TILESTEP_SOURCE_DIR;

struct Include {
    std::string from;    // the including file, relative to the source root
    std::string target;  // the included file relative to the source root, "<...>" if angled,
                         // "" if not found
    std::string text;    // as written
    int line;
};

std::string rel(const fs::path& p) {
    return fs::relative(p, kRoot).generic_string();
}

std::vector<std::string> sourcesUnder(const std::string& dir) {
    std::vector<std::string> out;
    for (const auto& e : fs::recursive_directory_iterator(kRoot / dir)) {
        const std::string ext = e.path().extension().string();
        if (e.is_regular_file() && (ext == ".h" || ext == ".cpp")) out.push_back(rel(e.path()));
    }
    std::sort(out.begin(), out.end());
    return out;
}

// Quoted includes resolve against the including file's folder, then core/, app/, include/.
std::vector<Include> includesOf(const std::string& file) {
    static const std::regex quoted(R"(^\s*#\s*include\s*"([^"]+)\")");
    static const std::regex angled(R"(^\s*#\s*include\s*<([^>]+)>)");
    std::ifstream in(kRoot / file, std::ios::binary);
    std::vector<Include> out;
    std::string line;
    int n = 0;
    while (std::getline(in, line)) {
        ++n;
        std::smatch m;
        if (std::regex_search(line, m, angled)) {
            out.push_back({file, "<" + m[1].str() + ">", m[1].str(), n});
            continue;
        }
        if (!std::regex_search(line, m, quoted)) continue;
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

bool startsWith(const std::string& s, const std::string& prefix) {
    return s.rfind(prefix, 0) == 0;
}

std::string where(const Include& i) {
    return i.from + ":" + std::to_string(i.line) + ": #include " + i.text;
}

TEST(AppStructure, TheDebuggerBuildsOnTheEditorOneWay) {
    int editorIncludes = 0, debuggerOnEditor = 0;
    for (const std::string& f : sourcesUnder("app/editor"))
        for (const Include& i : includesOf(f)) {
            ++editorIncludes;
            EXPECT_FALSE(startsWith(i.target, "app/debugger/"))
                << where(i) << ": the editor may not include the debugger, which builds on it";
            EXPECT_FALSE(startsWith(i.target, "app/cli/"))
                << where(i) << ": the editor does not read the command line (app/run_editor.cpp)";
            EXPECT_NE(i.target, "app/run_editor.h") << where(i);
        }
    for (const std::string& f : sourcesUnder("app/debugger"))
        for (const Include& i : includesOf(f))
            if (startsWith(i.target, "app/editor/")) ++debuggerOnEditor;
    EXPECT_GT(editorIncludes, 100);  // the scan found the includes at all
    EXPECT_GT(debuggerOnEditor, 0);  // the direction that remains
}

TEST(AppStructure, HeadlessCommandsNeverOpenAWindow) {
    static const std::regex windowHeader(R"(^<(GL/|GLFW/|glad/|imgui|backends/imgui|gl\.h))");
    int checked = 0;
    for (const std::string& f : sourcesUnder("app/cli"))
        for (const Include& i : includesOf(f)) {
            ++checked;
            EXPECT_FALSE(std::regex_search(i.target, windowHeader))
                << where(i) << ": app/cli runs without a window";
            for (const char* gui : {"app/editor/", "app/debugger/", "app/gfx/"})
                EXPECT_FALSE(startsWith(i.target, gui))
                    << where(i) << ": app/cli runs without a window, " << gui << " opens one";
        }
    EXPECT_GT(checked, 50);
}

}  // namespace
