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
    return s.inspecting || s.readOnly ? kInspectTool : toolSpec(s.tool);
}

bool toolOffered(const EditorState& s, const ToolSpec& t) {
    if (s.readOnly) return t.id == Tool::Inspect;
    return s.debugMode || !t.debugOnly;
}

const char* toolHint(const EditorState& s) {
    // Inspect's own hint speaks of driving the actor and of the tools that edit the map:
    // neither is there in a viewer of a recorded trace.
    if (s.readOnly) return "Click an actor to inspect it; the map and trace are read-only in view.";
    return currentTool(s).hint;
}

}  // namespace ts
