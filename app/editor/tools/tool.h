// The editor's tools as a table: each entry names a tool, its hotkey, the layer it edits and
// what it does on a press, a drag, a release, how it highlights the map under the cursor and
// the hint the toolbar shows. The toolbar, hotkeys, canvas input, highlight, tileset panel and
// inspector all read the table (tool_table.cpp); each tool family lives in its own file
// (*_tool_ui.cpp), so adding a tool is one enum value, one table line and its file.
#pragma once
#include <cstddef>
#include <cstdint>

#include "editor/editor_state.h"
#include "gfx/batch_renderer.h"

namespace ts {

// Where a mouse event lands: the map pixel and the cell under it.
struct ToolPoint {
    int64_t px = 0, py = 0;
    CellPos cell;
    bool shift = false;  // Shift held at the press (Stamp: a line from the last click)
};

struct ToolSpec {
    Tool id;
    const char* name;    // toolbar label
    const char* hotkey;  // toolbar label of the key
    int key;             // GLFW key that selects the tool
    Layer layer;         // the layer it edits: a locked one refuses the press
    bool altPicksKind;   // Alt+click picks the kind under the cursor (the tile tools)
    bool readOnly;       // changes nothing in the map: works on a locked layer too
    bool debugOnly;      // offered only in Debug mode
    bool groupStart;     // a separator above it in the toolbar
    bool paintsKind;     // picking a kind in the tileset keeps it (else Stamp, Eraser for empty)
    // Mouse events on the canvas; any may be null. A press may start a drag (s.drag.kind);
    // drag and release then go to the tool that started it.
    void (*press)(EditorState& s, const ToolPoint& p);       // left button
    void (*pressRight)(EditorState& s, const ToolPoint& p);  // right button
    void (*drag)(EditorState& s, const ToolPoint& p);        // the mouse moved during a drag
    void (*release)(EditorState& s, const ToolPoint& p);     // the drag's button came up
    // Draws over the map: the drag in progress, else what a click at the cursor would touch.
    void (*highlight)(const EditorState& s, gfx::BatchRenderer& b);
    // Del (and Edit > Delete selection): removes the tool's selected brush or actor.
    void (*deleteSelected)(EditorState& s);
    // The tool's own settings, at the top of the Inspector while it is the selected tool
    // (the Actors tool: the mover of new actors).
    void (*options)(EditorState& s);
    const char* hint;  // toolbar hint; null for none
};

// Every tool, in toolbar order.
struct ToolList {
    const ToolSpec* const* first;
    size_t count;
    const ToolSpec* const* begin() const { return first; }
    const ToolSpec* const* end() const { return first + count; }
};
ToolList toolTable();
const ToolSpec& toolSpec(Tool t);
// The tool a canvas click uses now: Inspect while inspecting or in a read-only window, else
// the selected tool.
const ToolSpec& currentTool(const EditorState& s);
// Whether the toolbar and the hotkeys offer `t`: Inspect only in Debug mode, and nothing but
// Inspect in a read-only window (`tilestep view`).
bool toolOffered(const EditorState& s, const ToolSpec& t);
// The toolbar's hint: the current tool's, or the read-only window's own; null for none.
const char* toolHint(const EditorState& s);

// The tool families' table entries (one file each).
extern const ToolSpec kInspectTool;  // inspect_tool_ui.cpp
extern const ToolSpec kStampTool, kEraserTool, kRectangleTool, kBucketTool,
    kEyedropperTool;                 // tile_tools_ui.cpp
extern const ToolSpec kWallsTool;    // wall_tool_ui.cpp
extern const ToolSpec kBrushesTool;  // brush_tool_ui.cpp
extern const ToolSpec kActorsTool;   // actor_tool_ui.cpp

// Whether the hover highlight shows: the cursor is on the canvas, the window takes input
// (not --screenshot) and a click would use the tool (not inspect).
inline bool hoverShown(const EditorState& s) {
    return s.hoverValid && s.interactive && !s.inspecting;
}

// Shared by the tile tools and Alt+click: the kind under `cell` becomes the stamp.
void pickKind(EditorState& s, CellPos cell);

}  // namespace ts
