// `tilestep run MAP --frames N [--inputs LOG] [--actor NAME] [--trace OUT] [--probes]`:
// steps the simulation and streams one JSON line per actor per frame (plus probe lines).
#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string_view>

#include "args.h"
#include "base/atomic_file.h"
#include "commands.h"
#include "sim/determinism_check.h"
#include "base/file_identity.h"
#include "import_args.h"
#include "movers/step_context.h"
#include "sim/input_log.h"
#include "base/json_text.h"
#include "plugin_args.h"
#include "record/trace_writer.h"
#include "record/tstrace_writer.h"
#include "sim/break_check.h"
#include "sim/break_expr.h"
#include "sim/sim.h"
#include "sim/spawn_view.h"

namespace ts::cli {

const char kRunUsage[] =
    "usage: tilestep run MAP --frames N [--inputs LOG] [--actor NAME] [--trace OUT.jsonl]\n"
    "                    [--probes] [--plugin PATH.so]... [--step-limit MS]\n"
    "                    [--check-determinism] [--break EXPR] [--level NAME]\n"
    "                    [--collision-layer NAME]\n"
    "\n"
    "Steps MAP's simulation N frames and prints a trace, one JSON object per line\n"
    "(docs/trace-format.md): a header line\n"
    "  "
    "{\"tilestep_trace\":1,\"map\":\"MAP\",\"width\":..,\"height\":..,\"tile_size\":..,\"rate\":..,"
    "\n"
    "   \"actors\":[{\"name\":..,\"mover\":..,\"w\":..,\"h\":..,\"round\":..},...]}\n"
    "then\n"
    "  {\"frame\":F,\"actor\":\"NAME\",\"x\":X,\"y\":Y,\"vx\":..,\"vy\":..,\"grounded\":..,\n"
    "   \"facing\":..,\"pushing\":..,...}\n"
    "one line per actor per frame, actors in map order; frame F is the state after stepping\n"
    "frame F (F = 0 .. N-1). Numbers are exact decimals. Same inputs, same bytes.\n"
    "\n"
    "  --frames N     frames to step, 0 .. 1000000000 (required)\n"
    "  --inputs LOG   input log driving one actor: lines 'COUNT,KEY,...', keys L R U D J,\n"
    "                 '#' comments; frames past its end get no keys. Without it: no keys.\n"
    "  --actor NAME   the actor the log drives (default: the first); the others get no keys\n"
    "  --trace OUT    write the trace to OUT instead of stdout ('-' = stdout); OUT may not\n"
    "                 be MAP or LOG by any path (symlink, hard link): exit 2; OUT.tstrace\n"
    "                 gets the compact form (docs/trace-format.md), readable by view, diff\n"
    "                 and convert\n"
    "  --probes       after each actor's state line, that frame's debug primitives:\n"
    "                 {\"frame\":F,\"actor\":\"NAME\",\"probe\":{\"kind\":..,\"verdict\":..,\n"
    "                  \"why\":..,...}}\n"
    "  --plugin PATH  load a mover plugin first (actors with mover \"plugin:NAME\"); once\n"
    "                 per plugin the map uses, two with the same NAME are an error\n"
    "  --step-limit MS  a step of any plugin running longer than MS ms (default 2000) is\n"
    "                 reported on stderr and the run stops, exit 1\n"
    "  --level NAME   the level of an LDtk project MAP (default: the first)\n"
    "  --collision-layer NAME  the Tiled / LDtk layer that becomes the map's tiles\n"
    "                 (default: one named collision, solid, walls, ...; docs/interop.md)\n"
    "  --check-determinism  instead of the trace: run the map twice side by side, print\n"
    "                 'MAP: deterministic over N frames' (exit 0) or the first frame\n"
    "                 and actor where the runs differ with both lines (exit 1)\n"
    "  --break EXPR   instead of the trace on stdout: step until EXPR first holds for the\n"
    "                 actor (--actor, default the first) and print 'frame F: EXPR' and\n"
    "                 that actor's trace line of frame F (the debugger's position F+1);\n"
    "                 --trace OUT still gets the frames up to F. EXPR reads the trace's\n"
    "                 fields and probes: 'x > 300', 'vy changes sign', 'grounded becomes\n"
    "                 true', 'probe ground blocked', 'frame == 120', with and, or, not,\n"
    "                 ( ) (docs/debugger.md). Never holding in N frames: a message, exit 3.\n"
    "                 A probe kind or verdict the actor's mover never gives is said on\n"
    "                 stderr (the breakpoint cannot fire), and the run goes on\n"
    "\n"
    "Exit 0; a bad map, log, actor name, a map without actors or a write error: 1;\n"
    "a bad command line (unknown option, missing or bad --frames, a bad --break\n"
    "expression or field): 2; --break EXPR never held: 3.\n";

namespace {

constexpr long long kMaxFrames = 1000000000;
constexpr int kExitNeverBroke = 3;

// "--break: column 4: expected ..." with the expression and a caret under the column.
int breakError(const char* cmd, const std::string& text, const std::string& error, size_t column) {
    return fail(cmd,
                "--break: " + error + "\n  " + text + "\n  " +
                    std::string(column > 0 ? column - 1 : 0, ' ') + "^",
                kExitUsage);
}

// The trace destination, written a buffer of lines at a time (never the whole trace in
// memory) with the first write error kept for the report:
//   - stdout ("-" or no --trace);
//   - a file: replaced atomically (core/base/atomic_file.h) only when the whole trace is written,
//     so a run that fails or is killed half way leaves the previous trace as it was;
//   - a device or a pipe that already exists (/dev/null, a FIFO): written straight through,
//     as there is no file to replace.
class TraceOut {
  public:
    bool open(const std::string& path, std::string* error) {
        name_ = path;
        struct stat st {};
        if (path.empty() || path == "-") {
            stream_ = stdout;
            name_ = "stdout";
        } else if (::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) {
            stream_ = std::fopen(path.c_str(), "wb");
            if (!stream_) {
                *error = path + ": cannot write the trace (" + std::strerror(errno) + ")";
                return false;
            }
            ownsStream_ = true;
        } else if (!file_.open(path, error)) {
            // "PATH: problem" -> "PATH: cannot write the trace (problem)"
            *error = path + ": cannot write the trace (" + error->substr(path.size() + 2) + ")";
            return false;
        }
        if (stream_) std::setvbuf(stream_, nullptr, _IOFBF, 1 << 16);
        return true;
    }
    ~TraceOut() {
        if (ownsStream_) std::fclose(stream_);
    }
    void write(std::string_view text) {
        if (failed_) return;
        if (stream_ ? std::fwrite(text.data(), 1, text.size(), stream_) != text.size()
                    : !file_.write(text.data(), text.size()))
            fail();
    }
    bool ok() const { return !failed_; }
    // Flushes (and closes or renames into place a file); false with *error on any failure.
    bool finish(std::string* error) {
        if (!stream_) {
            if (file_.commit(error)) return true;
            failed_ = true;
            return false;
        }
        if (!failed_ && std::fflush(stream_) != 0) fail();
        if (ownsStream_) {
            if (std::fclose(stream_) != 0 && !failed_) fail();
            ownsStream_ = false;
        }
        if (failed_) *error = name_ + ": write failed (" + std::strerror(errno_) + ")";
        return !failed_;
    }

  private:
    void fail() {
        failed_ = true;
        errno_ = errno;
    }
    std::FILE* stream_ = nullptr;  // stdout or a device; null for a file
    bool ownsStream_ = false;
    AtomicFileWriter file_;
    bool failed_ = false;
    int errno_ = 0;
    std::string name_;
};

std::string actorList(const Map& m) {
    std::string s;
    for (const Actor& a : m.actors) s += (s.empty() ? "" : ", ") + a.name;
    return s;
}

}  // namespace

const std::vector<FlagSpec> kRunFlags = {
    {"--frames", true},  {"--inputs", true}, {"--actor", true},  {"--trace", true},
    {"--probes", false}, kPluginFlag,        kStepLimitFlag,     {"--check-determinism", false},
    {"--break", true},   kLevelFlag,         kCollisionLayerFlag};

int cmdRun(const Args& args) {
    const char* cmd = "run";
    ParsedArgs a;
    std::string error;
    if (!parseArgs(args, kRunFlags, &a, &error)) return usageError(cmd, error);
    if (a.help) {
        std::fputs(kRunUsage, stdout);
        return kExitOk;
    }
    if (a.positional.size() != 1) return usageError(cmd, "expects exactly one MAP");
    const std::string& mapPath = a.positional[0];
    if (!a.value("--frames")) return usageError(cmd, "missing --frames N");
    long long frames = 0;
    if (!parseWholeNumber(*a.value("--frames"), "--frames", 0, kMaxFrames, &frames, &error))
        return usageError(cmd, error);
    const std::string tracePath = a.value("--trace") ? *a.value("--trace") : "";
    const std::string logPath = a.value("--inputs") ? *a.value("--inputs") : "";
    // Before anything is opened: TraceOut truncates its file.
    std::vector<NamedFile> read = {{"MAP", mapPath}, {"--inputs", logPath}};
    for (const std::string& plugin : a.all(kPluginFlag.name)) read.push_back({"--plugin", plugin});
    const std::string clash = findOutputClash(
        read, {tracePath.empty() ? NamedFile{"stdout", "-"} : NamedFile{"--trace", tracePath}});
    if (!clash.empty()) return fail(cmd, clash, kExitUsage);
    interop::ImportOptions options;
    if (!importOptionsFor(a, mapPath, &options, &error)) return usageError(cmd, error);
    const std::string* breakText = a.value("--break");
    BreakExpr breakAt;
    size_t column = 0;
    if (breakText && a.has("--check-determinism"))
        return usageError(cmd, "--break and --check-determinism do not go together");
    // The grammar first, before anything is loaded; the field names once the map says whose.
    if (breakText && !BreakExpr::parse(*breakText, {}, &breakAt, &error, &column))
        return breakError(cmd, *breakText, error, column);

    std::unique_ptr<StepWatchdog> watchdog = pluginWatchdog(cmd, a, &error);
    if (!error.empty()) return usageError(cmd, error);
    if (!loadPluginsReported(cmd, a, watchdog.get())) return kExitFailure;
    Map map;
    if (!loadMapReported(cmd, mapPath, &map, options)) return kExitFailure;
    if (map.actors.empty())
        return fail(cmd, mapPath + ": the map has no actors, nothing to run", kExitFailure);
    size_t driven = 0;
    if (const std::string* name = a.value("--actor")) {
        const Actor* actor = map.findActor(*name);
        if (!actor)
            return fail(
                cmd, mapPath + ": no actor named '" + *name + "' (actors: " + actorList(map) + ")",
                kExitFailure);
        driven = size_t(actor - map.actors.data());
    }
    const MoverKind breakMover = map.actors[driven].mover;
    if (breakText) {
        std::vector<std::string> names;
        StepContext sc;
        sc.watchdog = watchdog.get();
        for (const StateField& f : traceFields(0, breakMover, spawnState(map.actors[driven], sc)))
            names.push_back(f.name);
        if (!BreakExpr::parse(*breakText, names, &breakAt, &error, &column))
            return breakError(cmd, *breakText, error, column);
        // A probe the mover never records: said, and the run goes on (it ends "never held").
        const std::string warning = breakWarning(breakAt, moverInfo(breakMover), names);
        if (!warning.empty())
            std::fprintf(stderr, "tilestep %s: --break: %s\n", cmd, warning.c_str());
    }
    InputLog log;
    if (!logPath.empty() && !loadInputLog(logPath, &log, &error))
        return fail(cmd, error, kExitFailure);

    if (a.has("--check-determinism")) {
        InputCursor cursor(log);
        const DeterminismReport r = checkDeterminism(
            map, frames, [&](int64_t, size_t i) { return i == driven ? cursor.next() : 0; },
            [&](int64_t f) {
                if (watchdog) watchdog->setFrame(f);
            },
            watchdog.get());
        if (!r.same)
            return fail(cmd, mapPath + ": not deterministic: " + r.message(), kExitFailure);
        std::printf("%s: deterministic over %lld frames\n", mapPath.c_str(), frames);
        return kExitOk;
    }

    // With --break the trace goes to --trace OUT only: stdout gets the frame it stops at.
    const bool writeTrace = !breakText || !tracePath.empty();
    TraceOut out;
    if (writeTrace && !out.open(tracePath, &error)) return fail(cmd, error, kExitFailure);
    // Lines gather in one reused buffer, written out every 64 KiB (never the whole trace).
    // OUT.tstrace gets the compact form (docs/trace-format.md), a quarter of the bytes.
    constexpr size_t kFlushBytes = size_t(1) << 16;
    const bool compact =
        tracePath.size() > 8 && tracePath.compare(tracePath.size() - 8, 8, ".tstrace") == 0;
    TraceWriter writer;
    TstraceWriter compactWriter;
    auto pending = [&]() { return compact ? compactWriter.bytes() : writer.text(); };
    if (compact)
        compactWriter.header(traceHeaderFor(map, mapPath));
    else
        writer.header(traceHeaderFor(map, mapPath));
    // A plugin's fault (a crash, a hang) ends the process; the frames before it are the ones a
    // developer needs, so they are written out in full first (the buffer holds whole frames).
    const StuckExitHook finishTraceOnHang([&]() -> std::string {
        if (!writeTrace) return "";
        if (compact) compactWriter.end();
        out.write(pending());
        std::string ignored;
        if (!out.finish(&ignored)) return "";
        return tracePath.empty() || tracePath == "-"
                   ? " (the trace above holds every frame before it)"
                   : " (" + tracePath + " holds every frame before it)";
    });
    const bool probes = a.has("--probes");
    if (watchdog) watchdog->setFrame(0);  // spawning calls the plugins' init
    Sim sim(map, watchdog.get());
    Trace trace;
    InputCursor keys(log);
    // The keys after each frame, known in advance: a plugin's host steps those frames in the
    // same message (movers/step_context.h).
    struct LogAhead final : KeysAhead {
        const InputCursor* cursor;
        size_t driven;
        int64_t left = 0;
        int keysAfter(size_t actor, InputBits* out, int max) const override {
            InputCursor c = *cursor;
            const int n = int(std::min<int64_t>(max, left));
            for (int i = 0; i < n; ++i) out[i] = actor == driven ? c.next() : InputBits(0);
            return n;
        }
    } ahead;
    ahead.cursor = &keys;
    ahead.driven = driven;
    std::vector<InputBits> inputs(map.actors.size(), 0);
    const bool traced = probes || (breakText && breakAt.readsProbes());
    // The state the first step is compared with: the spawn as the debugger shows it.
    MoverState before;
    if (breakText)
        before = spawnAsShown(breakMover, sim.states()[driven], sim.params()[driven], sim.world());
    long long brokeAt = -1;
    SignMemory signs;  // `changes sign` across a step to exactly 0 (a jump's top)
    for (long long f = 0; f < frames && out.ok(); ++f) {
        inputs[driven] = keys.next();
        ahead.left = frames - f - 1;
        if (watchdog) watchdog->setFrame(f);
        sim.step(inputs, traced ? &trace : nullptr, &ahead);
        if (compact) {
            compactWriter.frame(f, map.actors, sim.states(), probes ? &trace : nullptr);
            if (compactWriter.size() >= kFlushBytes) {
                out.write(compactWriter.bytes());
                compactWriter.clear();
            }
        } else if (writeTrace) {
            writer.frame(f, map.actors, sim.states(), probes ? &trace : nullptr);
            if (writer.size() >= kFlushBytes) {
                out.write(writer.text());
                writer.clear();
            }
        }
        if (breakText) {
            const MoverState& now = sim.states()[driven];
            const BreakStep step{traceFields(f - 1, breakMover, before),
                                 traceFields(f, breakMover, now), traced ? &trace : nullptr,
                                 int32_t(driven), &signs};
            if (breakAt.holds(step)) {
                brokeAt = f;
                break;
            }
            signs.remember(step.after);
            before = now;
        }
    }
    if (writeTrace) {
        if (compact) compactWriter.end();
        out.write(pending());
        if (!out.finish(&error)) return fail(cmd, error, kExitFailure);
    }
    if (!breakText) return kExitOk;
    if (brokeAt < 0) {
        std::printf("%s: '%s' never held in %lld frames\n", mapPath.c_str(), breakText->c_str(),
                    frames);
        return kExitNeverBroke;
    }
    std::printf(
        "frame %lld: %s\n%s\n", brokeAt, breakText->c_str(),
        stateJson(brokeAt, map.actors[driven].name, breakMover, sim.states()[driven]).c_str());
    return kExitOk;
}

}  // namespace ts::cli
