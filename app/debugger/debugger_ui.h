// The visual debugger inside the editor window: Debug mode (Tab) shows the simulation on the
// canvas with the overlays, a timeline bar under the canvas and the debugger panel on the
// right; the editor's tools still edit the map, and every edit re-simulates from frame 0.
// Plain functions over explicit state, like the editor's panels.
#pragma once
#include <cstdint>
#include <functional>
#include <string>

#include "draw/debug_draw.h"
#include "editor/canvas_draw.h"
#include "debugger/debugger_state.h"
#include "editor/editor_state.h"
#include "debugger/log_paths.h"
#include "debugger/snag_hunt_session.h"
#include "gfx/batch_renderer.h"

namespace ts {

struct DebugSession {
    explicit DebugSession(const Map& map) : dbg(map) {}

    Debugger dbg;
    bool active = false;  // Debug mode (else Edit mode)
    OverlayMask overlays = kAllOverlays;
    bool onlyDriven = false;  // probes of the driven actor only
    bool showGhost = true;
    bool exactNumbers = false;
    std::string runName;  // the name field of "Keep this run"  // the Decisions section shows exact
                          // values, not rounded
    std::string breakText;   // the Breakpoints section's expression field
    std::string breakError;  // why the text in it was not added ("column 4: expected ...")
    LogPaths logPaths;       // the log file field of the panel, per actor
    // `view --listen`: where games connect and what the connection is doing ("" otherwise).
    std::string liveStatus;
    bool liveConnected = false;
    bool liveFailed = false;  // the last recording ended on an error: said in red, not green
    // Controls the live game itself (docs/emitters.md, Control): 'p' pauses it, '.' advances it
    // one frame, 'e' resumes it, 'r' restarts its level. False (nothing sent) when no connected
    // game polls.
    std::function<bool(char)> liveCommand;
    // The game's frames or status changed since the window last drew: it draws again without
    // waiting for input (the timeline grows while nobody touches the mouse).
    bool liveChanged = false;
    std::string message;  // last log / trace action, shown in the panel
    bool messageIsError = false;
    uint64_t seenRevision = 0;
    int seenSelection = -2;
    double lastTime = -1;
    int64_t timelineRange = 0;  // the scrub bar's range (debugger/timeline_range.h)
    InputBits keys = 0;         // what the keyboard holds for the driven actor this frame
    // Keys seen down since the last step: a tap shorter than a frame (the window renders
    // faster than the simulation steps) still reaches the next step.
    InputBits latched = 0;
    // "Keep tuned values?" asked before tuning the map lacks is left behind.
    enum class KeepAsk : uint8_t { None, LeaveDebug, FileAction } keepAsk = KeepAsk::None;
    bool openKeepAsk = false;
    gfx::BatchRenderer batch;  // the debugger's layer, drawn over the editor's canvas
    // The Snag hunt (snags_panel.cpp): its thread and findings, the settings of the next one,
    // the finding opened last, and the coverage heat map's switch.
    SnagHuntSession hunt;
    SnagHuntSession::Settings huntSettings;
    int openedSnag = -1;
    uint64_t huntRevision = 0;  // the map's revision the hunt ran on (an edit since: a note)
    bool showCoverage = true;
    bool openSnags = false;  // Debug > Snag hunt opens the Snags section
};

// Height of the timeline bar under the canvas, in logical pixels.
float debuggerBarHeight(float uiScale);

// Once per frame, after ImGui::NewFrame and before the panels: follows the document
// (re-simulates after edits), the selection, the hotkeys and the clock (steps while
// playing), then applies at most one pending seek. `now` is in seconds.
void debuggerFrame(EditorState& s, DebugSession& d, double now);
// Brings the debugger up to date with the document at once (after opening a map).
void syncDebugger(EditorState& s, DebugSession& d);
// `view` without MAP: map `m` shown instead under the recording on screen (a live game's map
// grown to hold its actors, or the next game's own). The recording (else `fallback`), its
// position, following the newest frame, `ghost`, the kept runs and the timeline markers stay,
// as they do when one MAP is shown throughout: only the map under them changed.
void showMapUnderRecording(EditorState& s, DebugSession& d, Map m,
                           std::shared_ptr<const RecordedTrace> fallback,
                           std::shared_ptr<const RecordedTrace> ghost);
// Enters or leaves Debug mode (leaving pauses). Leaving with live tuning the map lacks
// asks first (keepTuningDialog).
void setDebugMode(DebugSession& d, bool on);
// Applies the selected actor's tuned values to it, or to every actor of its mover (one undo
// step), and forgets the tuning the map now holds.
void applyTuning(EditorState& s, DebugSession& d, size_t actor, bool allOfMover);
// The "Keep tuned values?" dialog (leaving Debug mode, New, Open, Quit); call once per frame.
void keepTuningDialog(EditorState& s, DebugSession& d);

// "Restart plugin" (the Plugins section's button, Ctrl+Shift+R): every plugin whose last call
// failed gets a new plugin host and the recording is re-simulated with it, standing before
// the frame that failed (Debugger::restartPlugin); the panel and the status bar say so.
// False when no plugin had failed.
bool restartFailedPlugins(EditorState& s, DebugSession& d);
bool anyPluginFailed();

// Appends a "Debug" menu to the main menu bar (call after the editor's menuBar). A read-only
// window (`tilestep view`) stays in Debug mode: its "Debug mode" item is disabled.
void debuggerMenu(const EditorState& s, DebugSession& d);
// The timeline bar (transport buttons, speed, scrubber, snapshot memory) at the given
// window rectangle, and the right-hand debugger panel.
void debuggerBar(EditorState& s, DebugSession& d, float x, float y, float w, float h);
void debuggerPanel(EditorState& s, DebugSession& d, float x, float y, float w, float h);
// Debug > Snag hunt: starts a hunt of the map as it is (docs/hunt.md), in the background.
void startSnagHunt(const EditorState& s, DebugSession& d);
// Once per frame: takes a finished hunt's findings and keeps the window drawing while one runs.
void pollSnagHunt(DebugSession& d);
// The panel's "Snags" section: settings, progress, findings by map feature (snags_panel.cpp).
void snagsSection(EditorState& s, DebugSession& d);
// The panel's "Decisions" section (decisions_panel.cpp).
void decisionsSection(DebugSession& d);
// The panel's "Breakpoints" section, and the markers over the timeline's scrubber at the
// given window rectangle (breakpoints_panel.cpp).
void breakpointsSection(DebugSession& d);
// The panel's "Runs to compare" section: keep the selected actor's run under a name, show
// or hide or drop kept runs (runs_panel.cpp). Kept run i is drawn in runColour(i).
void runsSection(DebugSession& d);
inline Rgba runColour(size_t i) {
    static const Rgba kColours[] = {{255, 200, 90, 170},
                                    {120, 230, 200, 170},
                                    {240, 130, 220, 170},
                                    {210, 210, 120, 170},
                                    {140, 200, 255, 170}};
    return kColours[i % (sizeof kColours / sizeof kColours[0])];
}
void timelineMarkers(const DebugSession& d, float x0, float y0, float x1, float y1);

// Before ImGui::Render: queues the actors at their simulated positions, the ghost and the
// overlays, their labels, and the hover tooltip of the probe under the mouse.
void prepareDebuggerCanvas(EditorState& s, DebugSession& d);
// After the editor's canvas: draws what prepareDebuggerCanvas queued, clipped to the canvas.
void flushDebuggerCanvas(const EditorState& s, DebugSession& d, float winW, float winH,
                         float fbScaleX, float fbScaleY);

}  // namespace ts
