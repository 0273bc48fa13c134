// Watching the editor's plugin files for rebuilds: each `--plugin PATH.so` loads one before the
// map, and while the editor runs each file is watched on its own; when one changes (the developer
// rebuilt it) the map is written to the recovery copy, the new build of that plugin alone is
// loaded and checked over the recording (Debugger::reloadPlugin: deterministic, no step over
// the limit), and on success the debugger re-simulates from frame 0 with the previous run as
// the Compare ghost. A build with another parameter list also edits the map (one undo step,
// core/edit/plugin_reload_edit.h): its actors keep their values by name. The other plugins
// keep their builds. The status bar says what happened, the debugger panel's Plugins
// section keeps the log (reload_log.h).
//
// The live simulation runs on the UI thread: a plugin step that hangs there cannot be
// interrupted, so the watchdog (one for the debugger's simulation, whichever plugin's step
// hangs; passed with each step, not kept per thread) first
// writes the map's unsaved changes to the recovery copy, then reports the hang on stderr and
// ends the editor, rather than leave a frozen window. A step that crashes or exits (the
// plugin runs in its own process, core/plugin/plugin_host.h) ends nothing: the fault, with
// its frame, goes to the status bar and the debugger's panel, the frames before it stay
// steppable and the next step starts the plugin again.
//
// The other two parts of a plugin reload, without a window: the check of a new build
// (core/plugin/plugin_reload.h) and the undo step of a changed parameter list
// (core/edit/plugin_reload_edit.h).
#pragma once
#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "debugger/debugger_ui.h"
#include "editor/editor_state.h"
#include "movers/mover.h"
#include "plugin/plugin_reload.h"
#include "plugin/step_watchdog.h"

namespace ts {

constexpr int64_t kEditorStepLimitMs = 2000;

class PluginRebuildWatch {
  public:
    // Loads `paths` in order (nothing to do when empty); false with *error ("PATH: problem",
    // or two paths naming the same plugin id).
    bool load(const std::vector<std::string>& paths, std::string* error);
    // A plugin call's limit (--step-limit; before load()).
    void setStepLimit(int64_t ms) { stepLimitMs_ = ms; }
    bool loaded() const { return !plugins_.empty(); }
    // Once per UI frame: polls the files (at most every 0.25 s) and reloads each plugin whose
    // file has a settled change.
    void update(EditorState& s, DebugSession& d);
    // Shows the plugin faults (a crash, an exit, a hang) reported since the last call in the
    // status bar and the debugger panel, and on stderr; update() calls it.
    void showFaults(EditorState& s, DebugSession& d);
    // The editor whose unsaved changes a hanging in-process step writes to the recovery copy
    // before the editor ends (null: none yet).
    void recoverOnHang(EditorState* s) { recoverOnHang_.store(s); }
    // Watches the plugins' calls on the UI thread (null before load(), or with no plugin): the
    // debugger's simulation is given it (Debugger::setStepWatchdog).
    StepWatchdog* watchdog() const { return watchdog_.get(); }

  private:
    void dropStaleMessage(const EditorState& s, DebugSession& d);
    struct Watched {
        MoverKind kind;
        PluginFileWatch watch;  // its path is the plugin's --plugin PATH
    };
    std::vector<Watched> plugins_;
    int64_t stepLimitMs_ = kEditorStepLimitMs;
    std::unique_ptr<StepWatchdog> watchdog_;
    double lastPoll_ = -1;
    std::atomic<EditorState*> recoverOnHang_{nullptr};
    // Faults reported during the UI thread's steps, shown by the next update().
    std::mutex faultsMutex_;
    std::vector<std::string> faults_;
    DebugSession* session_ = nullptr;  // whose simulation the UI thread steps
    std::string shownMessage_;         // the last reload's text in the debugger panel
    uint64_t shownRevision_ = 0;
};

}  // namespace ts
