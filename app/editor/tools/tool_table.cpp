#include "editor/tools/tool.h"

namespace ts {

namespace {

// Toolbar order. A new tool: its Tool value, its ToolSpec in its family's file, a line here.
const ToolSpec* const kTools[] = {
    &kInspectTool,  // Debug mode only
    &kStampTool,      &kEraserTool, &kRectangleTool, &kBucketTool,
    &kEyedropperTool, &kWallsTool,  &kBrushesTool,   &kActorsTool,
};

}  // namespace

ToolList toolTable() {
    return {kTools, sizeof kTools / sizeof kTools[0]};
}

const ToolSpec& toolSpec(Tool t) {
    for (const ToolSpec* spec : kTools)
        if (spec->id == t) return *spec;
    return kStampTool;
}

const ToolSpec& currentTool(const EditorState& s) {
    return s.inspecting ? kInspectTool : toolSpec(s.tool);
}

}  // namespace ts
