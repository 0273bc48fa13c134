// Debug mode's Inspect tool: a click selects the actor under it where the simulation has it
// (s.inspectBoxes, kept by the debugger), instead of editing the map.
#include <GLFW/glfw3.h>

#include "editor/tools/tool.h"

namespace ts {

namespace {

void inspectPress(EditorState& s, const ToolPoint& p) {
    // The topmost (last drawn) box under the pixel.
    for (size_t i = s.inspectBoxes.size(); i-- > 0;) {
        const RectI& r = s.inspectBoxes[i];
        if (p.px >= r.x && p.py >= r.y && p.px < r.right() && p.py < r.bottom()) {
            s.selectedActor = int(i);
            return;
        }
    }
}

}  // namespace

// Selecting it keeps s.tool (the tool a click uses once inspecting ends): see selectTool.
// clang-format off
const ToolSpec kInspectTool = {Tool::Inspect, "Inspect", "V", GLFW_KEY_V, kLayerActors, false, true, true, false, false,
                               inspectPress, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr,
                               "Click an actor to inspect and drive it. A tool edits the map."};
// clang-format on

}  // namespace ts
