// The shape of app/ that docs/architecture.md promises, checked over the source tree:
// - the debugger builds on the editor, one way: nothing in app/editor includes app/debugger
//   (the window calls the debugger through editor/window_extension.h), nor the command line
//   (app/cli, read by app/run_editor.cpp, the one file that puts the editor and debugger
//   together);
// - the headless commands never open a window: app/cli includes no GL, GLFW or ImGui header
//   and nothing of app/editor, app/debugger or app/gfx.
#include <gtest/gtest.h>

#include <algorithm>
#include <regex>
#include <string>
#include <vector>

#include "source_includes.h"

namespace ts {
namespace {

using test::Include;
using test::includesOf;
using test::sourcesUnder;
using test::where;

bool startsWith(const std::string& s, const std::string& prefix) {
    return s.rfind(prefix, 0) == 0;
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
}  // namespace ts
