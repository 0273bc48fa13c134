#include "run_editor.h"

#include <algorithm>
#include <GLFW/glfw3.h>

#include <cstdio>

#include "cli/editor_args.h"
#include "cli/editor_flags.h"
#include "debugger/apply_debugger_args.h"
#include "debugger/debugger_window.h"
#include "debugger/plugin_rebuild_watch.h"
#include "editor/editor_window.h"
#include "editor/file_actions.h"
#include "editor/file_steps.h"
#include "editor/quit_signals.h"
#include "editor/recovery.h"
#include "gfx/image.h"
#include "io/foreign_maps.h"
#include "io/import_result.h"
#include "io/map_io.h"

namespace ts {

namespace {

// The tileset image as the editor finds it: relative paths are relative to the map's folder.
std::string imagePathNextTo(const std::string& mapPath, const std::string& image) {
    if (image.empty() || image[0] == '/') return image;
    const size_t slash = mapPath.rfind('/');
    return slash == std::string::npos ? image : mapPath.substr(0, slash + 1) + image;
}

// An output that would overwrite an input (or another output): the error, exit 2.
int refuseOutputClash(const std::string& clash) {
    std::fprintf(stderr, "tilestep: %s\n", clash.c_str());
    return 2;
}

int screenshot(const EditorArgs& args) {
    PluginRebuildWatch plugins;  // loaded for the map's actors; nothing is watched
    plugins.setStepLimit(args.stepLimitMs);
    std::string loadError;
    if (!plugins.load(args.plugins, &loadError)) {
        std::fprintf(stderr, "tilestep: %s\n", loadError.c_str());
        return 1;
    }
    // Read before any window opens, so that a bad map needs no display; its warnings are
    // the window's to say (below), once, as the editor says them.
    Map map;
    std::vector<std::string> warnings;
    try {
        interop::ImportOptions options;
        options.level = args.level;
        options.collisionLayer = args.collisionLayer;
        map = loadMap(args.map, options, &warnings);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "tilestep: %s\n", e.what());
        return 1;
    }
    std::string clash = findEditorOutputClash(args, imagePathNextTo(args.map, map.tileset.image));
    if (!clash.empty()) return refuseOutputClash(clash);
    WindowOptions opt;
    opt.width = args.width;
    opt.height = args.height;
    opt.uiScale = args.uiScale > 0 ? args.uiScale : 1;
    opt.interactive = false;
    opt.verbose = args.verbose;
    opt.vsync = false;
    EditorWindow w;
    DebuggerExtension& debugger = attachDebugger(w);
    std::string error;
    if (!w.open(opt, &error)) {
        std::fprintf(stderr, "tilestep: %s\n", error.c_str());
        return 1;
    }
    // The window made the debugger's session: its simulation is watched before a map spawns.
    debugger.session().dbg.setStepWatchdog(plugins.watchdog());
    debugger.session().huntSettings.pluginCallLimitMs = args.stepLimitMs;  // hunt, Re-check
    EditorState& s = w.state();
    if (interop::isImportPath(args.map)) {
        // As the editor opens it (openPath, without the recent-files setting): the Tiled art,
        // the warnings printed and in View > Warnings, the status note counting them.
        s.dialogs.level = args.level;
        s.dialogs.collisionLayer = args.collisionLayer;
        try {
            files::importInto(s, args.map);
        } catch (const std::exception& e) {  // changed since it was read above
            std::fprintf(stderr, "tilestep: %s\n", e.what());
            return 1;
        }
        s.dialogs.level.clear();
    } else {
        s.doc.replace(std::move(map), args.map);
    }
    s.fitRequested = true;
    if (!applyDebuggerArgs(w.state(), debugger.session(), args.debugger, &error)) {
        std::fprintf(stderr, "tilestep: %s\n", error.c_str());
        return 1;
    }
    gfx::Image image;
    for (int f = 0; f < args.frames; ++f) {
        w.frame(0, f + 1 == args.frames ? &image : nullptr);
        plugins.showFaults(w.state(), debugger.session());  // shown from the next frame on
    }
    if (!gfx::writePng(args.screenshot, image, &error)) {
        std::fprintf(stderr, "tilestep: %s\n", error.c_str());
        return 1;
    }
    if (args.verbose)
        std::printf("wrote %s (%d x %d)\n", args.screenshot.c_str(), image.width, image.height);
    return 0;
}

}  // namespace

// Ended by a signal: the unsaved work goes to the recovery copy, which the next start offers.
static int endOnSignal(EditorState& s, int sig) {
    const char* name = quitSignalName(sig);
    if (!s.doc.dirty())
        std::fprintf(stderr, "tilestep: %s: nothing unsaved\n", name);
    else if (writeRecoveryNow(s))
        std::fprintf(stderr, "tilestep: %s: unsaved work kept in the recovery copy %s\n", name,
                     s.recovery.mapPath().c_str());
    else
        std::fprintf(stderr,
                     "tilestep: %s: unsaved work lost (no recovery copy could be written)\n", name);
    return 128 + sig;
}

int runEditor(int argc, char** argv) {
    EditorArgs args;
    std::string error;
    if (!parseEditorArgs(argc, argv, &args, &error)) {
        std::fprintf(stderr, "tilestep: %s\n%s", error.c_str(), cli::editorUsage().c_str());
        return 2;
    }
    if (args.help) {
        std::fputs(cli::editorUsage().c_str(), stdout);
        return 0;
    }
    // Before any window or file is opened; the tileset image is checked once the map is read.
    std::string clash = findEditorOutputClash(args);
    if (!clash.empty()) return refuseOutputClash(clash);
    if (!args.screenshot.empty()) {
        if (args.map.empty()) {
            std::fprintf(stderr, "tilestep: --screenshot needs a map\n");
            return 2;
        }
        return screenshot(args);
    }
    // Before any other thread starts (the plugins' among them).
    watchQuitSignals();
    // Before the map, whose actors may use them.
    PluginRebuildWatch plugins;
    plugins.setStepLimit(args.stepLimitMs);
    if (!plugins.load(args.plugins, &error)) {
        std::fprintf(stderr, "tilestep: %s\n", error.c_str());
        return 1;
    }
    WindowOptions opt;
    opt.width = args.width;
    opt.height = args.height;
    opt.uiScale = args.uiScale;
    opt.verbose = args.verbose;
    EditorWindow w;
    DebuggerExtension& debugger = attachDebugger(w);
    if (!w.open(opt, &error)) {
        std::fprintf(stderr, "tilestep: %s\n", error.c_str());
        return 1;
    }
    // The window made the debugger's session: its simulation is watched before a map spawns.
    debugger.session().dbg.setStepWatchdog(plugins.watchdog());
    debugger.session().huntSettings.pluginCallLimitMs = args.stepLimitMs;  // hunt, Re-check
    setQuitSignalWake(glfwPostEmptyEvent);
    struct WakeOff {  // destroyed before the window: no wake once it is closed
        ~WakeOff() { setQuitSignalWake(nullptr); }
    } wakeOff;
    plugins.recoverOnHang(&w.state());
    if (!args.map.empty()) {
        w.state().dialogs.level = args.level;
        // --collision-layer fills the Import field, as if typed there before opening.
        if (!args.collisionLayer.empty()) w.state().dialogs.collisionLayer = args.collisionLayer;
        openPath(w.state(), args.map);  // an error is shown and printed
        w.state().dialogs.level.clear();
    }
    clash = findEditorOutputClash(args, resolveImagePath(w.state()));
    if (!clash.empty()) return refuseOutputClash(clash);
    DebugSession& session = debugger.session();
    if (!applyDebuggerArgs(w.state(), session, args.debugger, &error)) {
        std::fprintf(stderr, "tilestep: %s\n", error.c_str());
        return 1;
    }
    // Waiting for events keeps an idle editor off the CPU; input wakes it at once. While
    // the simulation runs, the wait ends when its next step is due.
    const Debugger& dbg = session.dbg;
    while (!quitSignalReceived() &&
           w.frame(dbg.playing() ? std::min(0.1, dbg.secondsToNextStep()) : 0.1)) {
        plugins.update(w.state(), session);
    }
    if (const int sig = quitSignalReceived()) return endOnSignal(w.state(), sig);
    if (!finishDebuggerArgs(w.state(), session, args.debugger, &error)) {
        std::fprintf(stderr, "tilestep: %s\n", error.c_str());
        return 1;
    }
    return 0;
}

}  // namespace ts
