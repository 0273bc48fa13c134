// `tilestep view`: the CLI checks the command line, the map and the traces without a
// display, then hands them to the viewer window the executable registered (the headless
// command library itself never opens a window: app/main.cpp registers the editor's).
#pragma once
#include <cstdint>
#include <memory>
#include <string>

#include "cli/trace_listener.h"
#include "map/map.h"
#include "plugin/step_watchdog.h"
#include "record/trace_reader.h"
#include "sim/input_log.h"

namespace ts::cli {

struct ViewRequest {
    std::string mapPath;  // "" = no MAP: `map` is the trace's (record/trace_canvas.h)
    Map map;
    std::string warning;  // said in the status bar at start (a header grid that MAP differs from)
    std::string tracePath;
    std::shared_ptr<const RecordedTrace> trace;
    std::string ghostPath;  // "" = no ghost
    std::shared_ptr<const RecordedTrace> ghost;
    // --listen: games stream their trace here (`trace` starts empty); --save: where each
    // recording is written (debugger/live_feed.h).
    std::shared_ptr<TraceListener> listener;
    LiveLimits liveLimits;
    std::string savePath;
    InputLog drive;          // --drive LOG: played into each game that connects and polls
    std::string breakText;   // --break EXPR (checked): a Breakpoints panel expression at start
    std::string screenshot;  // write the window as a PNG and exit
    int64_t frame = -1;      // show the first recorded frame numbered >= this (-1: the first)
    int width = 1280, height = 800;
    bool verbose = false;  // print the map-to-window mapping
    // With --plugin: watches the plugins' calls of the viewer's simulation (pluginWatchdog).
    StepWatchdog* watchdog = nullptr;
};

// Opens the viewer on a checked request; returns the exit code.
using Viewer = int (*)(ViewRequest& request);
void setViewer(Viewer viewer);

}  // namespace ts::cli
