// `tilestep view [MAP] TRACE.jsonl [--ghost B.jsonl] [--frame N] [--screenshot OUT.png]
// [--window WxH] [--plugin PATH.so]...`: the debugger on a recorded trace; without MAP, on the
// trace's own grid or an empty map sized from its actors (record/trace_canvas.h).
#include <cstdio>
#include <filesystem>
#include <memory>

#include "args.h"
#include "base/atomic_file.h"
#include "base/file_identity.h"
#include "commands.h"
#include "import_args.h"
#include "plugin_args.h"
#include "sim/break_expr.h"
#include "view_request.h"
#include "record/trace_canvas.h"
#include "io/foreign_maps.h"
#include "io/foreign_source.h"
#include "io/map_io.h"
#include "io/map_validate.h"

namespace ts::cli {

const char kViewUsage[] =
    "usage: tilestep view [MAP] TRACE.jsonl [--ghost B.jsonl] [--frame N]\n"
    "                     [--screenshot OUT.png] [--window WxH] [--verbose]\n"
    "                     [--plugin PATH.so]... [--step-limit MS] [--level NAME]\n"
    "                     [--collision-layer NAME]\n"
    "       tilestep view [MAP] --listen ADDR [--save OUT.jsonl] [--idle-timeout S]\n"
    "                     [--allow-origin ORIGIN]... [--drive LOG] ...\n"
    "\n"
    "Opens the debugger on a recorded trace (docs/trace-format.md: JSON lines or .tstrace,\n"
    "from tilestep run, the debugger's --trace or a game's include/tilestep/trace_emit.h)\n"
    "over MAP, without\n"
    "re-simulating: timeline, step (. and ,), play (P), scrub, the overlays of the recorded\n"
    "probes with their hover values, the inspector of each recorded state line, plots.\n"
    "The window is read-only: nothing in it edits or saves MAP (edit it with tilestep MAP).\n"
    "Without MAP: the level the trace's header sends (its \"grid\", docs/trace-format.md),\n"
    "else the map file its header names (a run trace's \"map\": as written, else beside the\n"
    "trace) when it is there with the header's size, else an empty map sized to hold the\n"
    "actors (grown as a live game's move). With MAP and\n"
    "a header grid that differs from it: a warning naming the first differing cell.\n"
    "\n"
    "  --listen ADDR  no TRACE: a running game streams it (TILESTEP_TRACE=tcp://ADDR or\n"
    "                 unix:PATH; docs/emitters.md). ADDR as for record: 127.0.0.1:PORT,\n"
    "                 PORT, a Unix socket path; loopback unless another address is named.\n"
    "                 The timeline grows and follows the newest frame (LIVE); step back,\n"
    "                 scrub or P to stay on a frame while frames arrive, End to follow\n"
    "                 again. One game at a time (another is refused); after it disconnects\n"
    "                 its recording stays until the next game starts a new one\n"
    "  --save OUT     with --listen: each recording written when its game disconnects (the\n"
    "                 first to OUT, then OUT-2, OUT-3, ...: none overwrites another)\n"
    "  --idle-timeout S  with --listen: a connected game silent for S s is dropped\n"
    "                 (default 0: never; a paused game is kept)\n"
    "  --allow-origin ORIGIN  with --listen: take a browser's WebSocket from the page at\n"
    "                 ORIGIN (http://localhost:8000); without it only a local file's page\n"
    "                 may connect, any other web page is refused (HTTP 403)\n"
    "  --drive LOG    with --listen: play the input log LOG into each game that connects\n"
    "                 and polls (docs/emitters.md, Control); such a game is also paused by\n"
    "                 P, advanced one frame by . and resumed by End\n"
    "  --break EXPR   a breakpoint expression (as run --break) in the Breakpoints panel: play\n"
    "                 stops where it holds; with --listen it pauses a game that polls\n"
    "  --ghost B      B's actor of the same name as the Compare ghost, position by position\n"
    "  --frame N      start at the first recorded frame numbered N or more\n"
    "  --screenshot OUT  render the window, write it as a PNG and exit (for xvfb-run)\n"
    "  --window WxH   window size in pixels (default 1280x800)\n"
    "  --verbose      print where the map lands: window = x0 + map_px * zoom\n"
    "  --plugin PATH.so  load a mover plugin first, once per plugin MAP's actors use, so\n"
    "                 that MAP loads (the trace itself is shown as recorded)\n"
    "  --level NAME   the level of an LDtk project MAP (default: the first)\n"
    "  --collision-layer NAME  the Tiled / LDtk layer that becomes MAP's tiles\n"
    "                 (default: one named collision, solid, walls, ...; docs/interop.md)\n"
    "  --step-limit MS  with --plugin: a plugin call (spawn, init, step) running longer\n"
    "                 than MS (default 2000) is reported and view exits 1\n"
    "\n"
    "Exit 0; a bad map or trace ('TRACE: line L: field \"F\": problem') or no display: 1;\n"
    "a bad command line: 2.\n";

namespace {

Viewer gViewer = nullptr;

bool parseWindow(const std::string& text, int* w, int* h, std::string* error) {
    const size_t x = text.find('x');
    long long a = 0, b = 0;
    if (x == std::string::npos ||
        !parseWholeNumber(text.substr(0, x), "--window", 320, 8192, &a, error) ||
        !parseWholeNumber(text.substr(x + 1), "--window", 240, 8192, &b, error)) {
        *error = "--window: expected WxH from 320x240 to 8192x8192, got '" + text + "'";
        return false;
    }
    *w = int(a);
    *h = int(b);
    return true;
}

// What the map reads beside its own file: the tileset image, a Tiled map's external tilesets
// (.tsx, .tsj) and an LDtk project's level file (read again with the source kept: only when
// view has an output to check against them).
std::vector<NamedFile> mapSideFiles(const std::string& mapPath, const Map& map,
                                    const interop::ImportOptions& options) {
    const std::filesystem::path folder = std::filesystem::path(mapPath).parent_path();
    std::vector<NamedFile> files;
    if (!map.tileset.image.empty())
        files.push_back({"MAP's tileset image", (folder / map.tileset.image).string()});
    if (!interop::isImportPath(mapPath)) return files;
    interop::ImportOptions keep = options;
    keep.keepSource = true;
    try {
        const interop::ImportResult r = interop::importMapFile(mapPath, keep, "");
        if (!r.source) return files;
        for (const std::string& t : r.source->tilesetFiles) files.push_back({"MAP's tileset", t});
        if (!r.source->levelFile.empty())
            files.push_back({"MAP's level file", (folder / r.source->levelFile).string()});
    } catch (const MapError&) {
        // It loaded a moment ago; read as it is now, nothing more to compare against.
    }
    return files;
}

// A `run` trace names its map in the header and carries no grid: without MAP, the map it
// names is its level, when that file is there (as written, else beside the trace), loads,
// and has the size the header says. Otherwise *why says what was tried, and the trace is
// shown on its empty canvas as before.
bool mapNamedByTrace(const TraceHeader& h, const std::string& tracePath, Map* out,
                     std::string* used, std::string* why) {
    namespace fs = std::filesystem;
    if (h.map.empty() || h.grid.present()) return false;
    std::vector<fs::path> candidates = {fs::path(h.map)};
    if (fs::path(h.map).is_relative())
        candidates.push_back(fs::path(tracePath).parent_path() / h.map);
    std::error_code ec;
    for (const fs::path& c : candidates) {
        if (!fs::is_regular_file(c, ec)) continue;
        try {
            Map m = loadMap(c.string(), {});
            const std::string problem = validateMap(m);
            if (!problem.empty()) {
                *why = c.string() + ": " + problem;
                return false;
            }
            if (m.tileSize != h.tileSize || (h.width > 0 && m.width != h.width) ||
                (h.height > 0 && m.height != h.height)) {
                *why = c.string() + " is " + std::to_string(m.width) + " x " +
                       std::to_string(m.height) + " of " + std::to_string(m.tileSize) +
                       " px tiles, the trace's was " + std::to_string(h.width) + " x " +
                       std::to_string(h.height) + " of " + std::to_string(h.tileSize);
                return false;
            }
            *out = std::move(m);
            *used = c.string();
            return true;
        } catch (const MapError& e) {
            *why = e.what();
            return false;
        }
    }
    *why = "no file " + h.map + (candidates.size() > 1 ? " here or beside the trace" : "");
    return false;
}

}  // namespace

void setViewer(Viewer viewer) {
    gViewer = viewer;
}

const std::vector<FlagSpec> kViewFlags = {
    {"--ghost", true},    {"--frame", true},  {"--screenshot", true}, {"--window", true},
    {"--verbose", false}, kPluginFlag,        kStepLimitFlag,         kLevelFlag,
    kCollisionLayerFlag,  {"--listen", true}, {"--save", true},       {"--idle-timeout", true},
    kAllowOriginFlag,     {"--drive", true},  {"--break", true}};

int cmdView(const Args& args) {
    const char* cmd = "view";
    ParsedArgs a;
    std::string error;
    if (!parseArgs(args, kViewFlags, &a, &error)) return usageError(cmd, error);
    if (a.help) {
        std::fputs(kViewUsage, stdout);
        return kExitOk;
    }
    const std::string* listen = a.value("--listen");
    if (listen && a.positional.size() > 1)
        return usageError(cmd, "expects at most MAP with --listen (the game sends the trace)");
    if (!listen && (a.positional.empty() || a.positional.size() > 2))
        return usageError(cmd, "expects [MAP] TRACE.jsonl");
    if (!listen && (a.has("--save") || a.has("--idle-timeout") || a.has(kAllowOriginFlag.name)))
        return usageError(cmd, "--save, --idle-timeout and --allow-origin need --listen");
    // Without MAP the trace brings its own level (record/trace_canvas.h).
    const bool mapless = a.positional.size() == (listen ? 0u : 1u);
    if (mapless && (a.has(kLevelFlag.name) || a.has(kCollisionLayerFlag.name)))
        return usageError(cmd, "--level and --collision-layer need MAP");
    ViewRequest r;
    if (!mapless) r.mapPath = a.positional[0];
    if (!listen) r.tracePath = a.positional.back();
    ListenAddress address;
    if (listen && !parseListenAddress(*listen, &address, &error)) return usageError(cmd, error);
    if (const std::string* s = a.value("--save")) r.savePath = *s;
    if (const std::string* s = a.value("--break")) {
        BreakExpr e;
        size_t column = 0;
        if (!BreakExpr::parse(*s, {}, &e, &error, &column))
            return usageError(cmd, "--break: " + error + "\n  " + *s + "\n  " +
                                       std::string(column > 0 ? column - 1 : 0, ' ') + "^");
        r.breakText = *s;
    }
    if (const std::string* s = a.value("--drive")) {
        if (!listen) return usageError(cmd, "--drive needs --listen (it plays a log into a game)");
        if (!loadInputLog(*s, &r.drive, &error)) return fail(cmd, error, kExitFailure);
    }
    r.liveLimits.web = {a.all(kAllowOriginFlag.name), address.unixSocket ? "" : address.host};
    if (const std::string* s = a.value("--idle-timeout")) {
        long long n = 0;
        if (!parseWholeNumber(*s, "--idle-timeout", 0, 86400, &n, &error))
            return usageError(cmd, error);
        r.liveLimits.idleTimeoutMs = int(n * 1000);
    }
    if (const std::string* g = a.value("--ghost")) r.ghostPath = *g;
    r.verbose = a.has("--verbose");
    if (const std::string* s = a.value("--screenshot")) r.screenshot = *s;
    if (const std::string* f = a.value("--frame")) {
        long long n = 0;
        if (!parseWholeNumber(*f, "--frame", 0, (1LL << 53), &n, &error))
            return usageError(cmd, error);
        r.frame = n;
    }
    if (const std::string* w = a.value("--window"))
        if (!parseWindow(*w, &r.width, &r.height, &error)) return usageError(cmd, error);
    // Every output against every input by file identity (./m.json, absolute, a link), before
    // anything is opened: the socket file too, which listening would create and later remove.
    // Numbered recordings (OUT-2, ...) never land on an existing file (debugger/live_feed.h).
    std::vector<NamedFile> inputs = {
        {"MAP", r.mapPath}, {"TRACE", r.tracePath}, {"--ghost", r.ghostPath}};
    for (const std::string& plugin : a.all(kPluginFlag.name))
        inputs.push_back({"--plugin", plugin});
    if (const std::string* s = a.value("--drive")) inputs.push_back({"--drive", *s});
    const std::string clash =
        findOutputClash(inputs, {{"--screenshot", r.screenshot},
                                 {"--save", r.savePath},
                                 {"--listen", listen && address.unixSocket ? address.path : ""}});
    if (!clash.empty()) return fail(cmd, clash, kExitUsage);
    interop::ImportOptions options;
    if (!mapless && !importOptionsFor(a, r.mapPath, &options, &error))
        return usageError(cmd, error);

    // As in run and the editor: a plugin that hangs (its spawn/init when the viewer places the
    // actors, or a step) is reported on stderr and ends view with 1 instead of freezing it.
    std::unique_ptr<StepWatchdog> watchdog = pluginWatchdog(cmd, a, &error);
    if (!error.empty()) return usageError(cmd, error);
    if (watchdog) watchdog->setFrame(0);
    if (!loadPluginsReported(cmd, a, watchdog.get())) return kExitFailure;
    if (!mapless && !loadMapReported(cmd, r.mapPath, &r.map, options)) return kExitFailure;
    // The files the map reads beside itself are inputs too: a --save or --screenshot onto a
    // Tiled map's .tsx, an LDtk level file or the tileset image would overwrite the user's art.
    if (!mapless && (!r.screenshot.empty() || !r.savePath.empty())) {
        const std::string beside =
            findOutputClash(mapSideFiles(r.mapPath, r.map, options),
                            {{"--screenshot", r.screenshot}, {"--save", r.savePath}});
        if (!beside.empty()) return fail(cmd, beside, kExitUsage);
    }
    auto trace = std::make_shared<RecordedTrace>();
    if (listen) {
        // --save is checked before listening (its folder takes a file, it is not read-only),
        // not when the first game ends.
        if (!r.savePath.empty()) {
            AtomicFileWriter probe;
            if (!probe.open(r.savePath, &error)) return fail(cmd, error, kExitFailure);
        }
        r.listener = std::make_shared<TraceListener>();
        if (!r.listener->open(address, &error)) return fail(cmd, error, kExitFailure);
        std::fprintf(stderr, "tilestep view: listening on %s%s\n", r.listener->where().c_str(),
                     r.listener->remote() ? " (reachable from other machines)" : "");
    } else if (!readTrace(r.tracePath, trace.get(), &error)) {
        return fail(cmd, error, kExitFailure);
    }
    r.trace = trace;
    if (!r.ghostPath.empty()) {
        auto ghost = std::make_shared<RecordedTrace>();
        if (!readTrace(r.ghostPath, ghost.get(), &error)) return fail(cmd, error, kExitFailure);
        r.ghost = ghost;
    }
    const TraceHeader& h = trace->header;
    std::string why;
    if (mapless && !listen && mapNamedByTrace(h, r.tracePath, &r.map, &r.mapPath, &why)) {
        // Checked as MAP is: a screenshot must not land on the map or the files beside it.
        if (!r.screenshot.empty()) {
            std::vector<NamedFile> named = mapSideFiles(r.mapPath, r.map, {});
            named.insert(named.begin(), {"the map TRACE names", r.mapPath});
            const std::string clash = findOutputClash(named, {{"--screenshot", r.screenshot}});
            if (!clash.empty()) return fail(cmd, clash, kExitUsage);
        }
        std::fprintf(stderr,
                     "tilestep view: showing %s, the map %s names (give MAP to show another)\n",
                     r.mapPath.c_str(), r.tracePath.c_str());
    } else if (mapless) {
        if (!why.empty())  // the map the header names was looked for
            std::fprintf(stderr,
                         "tilestep view: note: %s names the map %s, not shown (%s); its actors "
                         "are drawn on an empty map\n",
                         r.tracePath.c_str(), h.map.c_str(), why.c_str());
        // The trace's own level. A live game's starts empty at the default size; the viewer
        // follows each game's header and actors (debugger/live_map.h).
        TraceCanvas canvas(h);
        canvas.take(*trace);
        r.map = canvas.map();
    } else if (!listen && h.grid.present()) {
        // The game's level against MAP: MAP is shown, the difference said (a live game's is
        // said by the viewer when its header arrives).
        const std::string differs = gridMismatch(h.grid, r.map);
        if (!differs.empty()) {
            r.warning = "the trace's grid differs from MAP: " + differs + " (MAP is shown)";
            std::fprintf(stderr, "tilestep view: warning: %s: %s\n", r.tracePath.c_str(),
                         r.warning.c_str());
        }
    } else if (!listen &&
               (h.tileSize != r.map.tileSize || (h.width > 0 && h.width != r.map.width) ||
                (h.height > 0 && h.height != r.map.height))) {
        // A trace of another map still shows; say so, since its probes will not line up.
        std::fprintf(stderr,
                     "tilestep view: note: %s says a %lld x %lld map of %lld px tiles, %s is "
                     "%d x %d of %d px\n",
                     r.tracePath.c_str(), (long long)h.width, (long long)h.height,
                     (long long)h.tileSize, r.mapPath.c_str(), r.map.width, r.map.height,
                     r.map.tileSize);
    }
    if (!gViewer) return fail(cmd, "this build has no window to show the trace in", kExitFailure);
    r.watchdog = watchdog.get();
    return gViewer(r);
}

}  // namespace ts::cli
