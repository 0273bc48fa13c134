#include "debugger/trace_viewer.h"

#include <algorithm>
#include <chrono>
#include <thread>
#include <cstdio>
#include <optional>

#include "debugger/debugger_window.h"
#include "debugger/live_break.h"
#include "debugger/live_feed.h"
#include "debugger/live_map.h"
#include "gfx/image.h"
#include "debugger/recording_save.h"
#include "editor/file_steps.h"

namespace ts {

namespace {

// Position of the first recorded frame numbered >= frame (1 = the first frame).
int64_t positionOf(const RecordedTrace& t, int64_t frame) {
    const int64_t n = int64_t(t.frameCount());
    if (n == 0) return 0;
    if (frame < 0) return 1;
    int64_t lo = 0, hi = n;  // the first index whose frame number is >= frame
    while (lo < hi) {
        const int64_t mid = lo + (hi - lo) / 2;
        if (t.frameNumber(size_t(mid)) < frame)
            lo = mid + 1;
        else
            hi = mid;
    }
    return std::min<int64_t>(lo + 1, n);
}

}  // namespace

int runTraceViewer(cli::ViewRequest& r) {
    WindowOptions opt;
    opt.width = r.width;
    opt.height = r.height;
    const bool shot = !r.screenshot.empty();
    opt.interactive = !shot;
    opt.verbose = r.verbose;
    opt.vsync = !shot;
    opt.readOnly = true;  // a viewer: nothing here edits or saves the map
    if (shot) opt.uiScale = 1;
    EditorWindow w;
    DebuggerExtension& debugger = attachDebugger(w);
    std::string error;
    if (!w.open(opt, &error)) {
        std::fprintf(stderr, "tilestep view: %s\n", error.c_str());
        return 1;
    }
    EditorState& s = w.state();
    DebugSession& d = debugger.session();
    d.dbg.setStepWatchdog(r.watchdog);  // before the actors spawn (syncDebugger)
    s.doc.replace(std::move(r.map), r.mapPath);
    s.fitRequested = true;
    syncDebugger(s, d);  // the new document first: it clears any recording
    setDebugMode(d, true);
    d.dbg.showRecording(r.trace, r.ghost);
    d.dbg.seekNow(positionOf(*r.trace, r.frame));
    const size_t frames = r.trace->frameCount();
    if (frames > 0 && r.frame > r.trace->frameNumber(frames - 1)) {
        // Past the end: the last frame, said (it opened there without a word).
        const std::string note = "--frame " + std::to_string(r.frame) +
                                 ": the trace's last frame is " +
                                 std::to_string(r.trace->frameNumber(frames - 1)) + "; shown";
        std::fprintf(stderr, "tilestep view: %s\n", note.c_str());
        if (r.warning.empty()) setMessage(s, note);
    }
    if (!r.warning.empty()) setMessage(s, "warning: " + r.warning);
    LiveMap liveMap(r.mapPath.empty(), r.trace.get());
    // A new map under the recording shown (a grown canvas, a game's grid): the recording, its
    // position and following live stay; the view fits the new map.
    auto showMap = [&](Map m) { showMapUnderRecording(s, d, std::move(m), r.trace, r.ghost); };
    std::unique_ptr<LiveFeed> live;
    LiveBreak liveBreak;  // a breakpoint pauses a live game that polls
    if (!r.breakText.empty()) {
        BreakExpr e;
        if (BreakExpr::parse(r.breakText, {}, &e, &error))  // checked by the command line
            d.dbg.breakpoints().rules.push_back(Breakpoints::Rule{std::move(e), true});
    }
    // File > Save recording as... (Ctrl+S): what the window shows, a live game's frames so far
    // included (its recording goes on), written while the window goes on drawing.
    RecordingSave saving;
    s.viewerSave.label = "Save recording as...";
    s.viewerSave.exts = ".jsonl|.tstrace";
    s.viewerSave.defaultExt = ".jsonl";
    s.viewerSave.hint = ".jsonl: JSON lines, the interchange format; .tstrace: compact";
    s.viewerSave.save = [&d, &live, &saving](const std::string& path, std::string* message) {
        const RecordedFrames* rec = d.dbg.recorded();
        if (!rec) {
            *message = "no recording to save";
            return false;
        }
        return saving.start(rec->trace(), path,
                            live && live->connected() ? " (still recording)" : "", message);
    };
    auto saveEnded = [&] {
        bool ok = false;
        std::string message;
        if (!saving.finished(&ok, &message)) return;
        if (ok)
            setMessage(s, message);
        else
            files::showError(s, message);
    };
    if (r.listener) {
        live = std::make_unique<LiveFeed>(r.listener, r.liveLimits, r.savePath);
        d.liveStatus = live->status();
        d.liveCommand = [&live](char c) { return cli::liveGameCommand(live->control(), c); };
        if (r.drive.frames() > 0)
            live->onGame([&r](cli::GameControl& game) { game.drive(r.drive); });
        // File > Drive the game with an input log...: `--drive LOG` chosen in the window.
        s.viewerDrive.label = "Drive the game with an input log...";
        s.viewerDrive.exts = ".tas|.log|.txt|.inputs";
        s.viewerDrive.defaultExt = "";
        s.viewerDrive.accept = "Drive";
        s.viewerDrive.hint = "its keys are played into the game now, and into each game after";
        s.viewerDrive.save = [&live](const std::string& path, std::string* message) {
            return live->driveFrom(path, message);
        };
    }
    auto pollLive = [&](double budgetSeconds) {
        if (!live) return;
        const std::string before = d.liveStatus;
        if (live->poll(d.dbg, budgetSeconds)) d.liveChanged = true;
        d.liveStatus = live->status() + cli::liveGameStatus(live->control());
        if (d.liveStatus != before) d.liveChanged = true;
        d.liveConnected = live->connected();
        d.liveFailed = live->failed();
        if (const RecordedFrames* rec = d.dbg.recorded()) {
            std::string warning;
            if (std::optional<Map> m = liveMap.update(rec->trace(), s.doc.map(), &warning)) {
                showMap(std::move(*m));
                d.liveChanged = true;
            }
            if (!warning.empty()) {
                std::fprintf(stderr, "tilestep view: warning: %s\n", warning.c_str());
                setMessage(s, "warning: " + warning);
                d.liveChanged = true;
            }
        }
        cli::GameControl* game = live->control();
        std::string why;
        const int64_t at = liveBreak.check(d.dbg, &why);
        if (at >= 0 && game && game->gamePolls() && !game->paused()) {
            cli::liveGameCommand(game, 'p');
            d.dbg.setFollowLive(false);
            d.dbg.seekNow(at);
            setMessage(s, "break: " + why + "; the game is paused (End resumes)");
            d.liveChanged = true;
        }
    };
    if (shot && live) {
        // A screenshot of a live view shows the first game's whole recording: it waits for
        // that game to connect and disconnect (at most a minute for it to connect).
        for (int waited = 0; live->recordings() == 0 || live->connected(); ++waited) {
            pollLive(0.25);  // no window to keep drawing yet
            if (live->recordings() == 0 && waited > 6000) {
                std::fprintf(stderr, "tilestep view: no game connected to %s within 60 s\n",
                             r.listener->where().c_str());
                return 1;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
    }
    if (shot) {
        gfx::Image image;
        for (int f = 0; f < 3; ++f) w.frame(0, f == 2 ? &image : nullptr);
        if (!gfx::writePng(r.screenshot, image, &error)) {
            std::fprintf(stderr, "tilestep view: %s\n", error.c_str());
            return 1;
        }
        return 0;
    }
    const Debugger& dbg = d.dbg;
    // While a game is connected the window wakes every 15 ms to take its frames, and at once
    // while more are waiting than one frame takes (LiveFeed::busy).
    auto wait = [&] {
        if (live && live->busy()) return 0.0;
        const double idle = live && live->connected() ? 0.015 : live || saving.busy() ? 0.05 : 0.1;
        return dbg.playing() ? std::min(idle, dbg.secondsToNextStep()) : idle;
    };
    // A game sending faster than its lines are parsed gets as much parsing after each frame as
    // the frame took to draw (at most 50 ms): about half the time, and the window draws on.
    for (;;) {
        const auto start = std::chrono::steady_clock::now();
        if (!w.frame(wait())) break;
        const auto drawn = std::chrono::steady_clock::now();
        pollLive(std::min(0.05, std::chrono::duration<double>(drawn - start).count()));
        saveEnded();
    }
    return 0;
}

}  // namespace ts
