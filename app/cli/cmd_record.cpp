// `tilestep record --listen ADDR OUT.jsonl`: a running game's trace, streamed over a socket,
// saved to a file (headless; the window's version is `view MAP --listen ADDR`).
#include <algorithm>
#include <csignal>
#include <cstdio>
#include <memory>
#include <optional>

#include "args.h"
#include "base/atomic_file.h"
#include "base/exclusive_file.h"
#include "base/file_identity.h"
#include "commands.h"
#include "game_control.h"
#include "trace_listener.h"

namespace ts::cli {

namespace {

// Ctrl+C (or a kill) while recording saves what arrived, as a profiler's capture does.
volatile std::sig_atomic_t gStop = 0;

void onStop(int) {
    gStop = 1;
}

// OUT-2.jsonl for OUT.jsonl and 2 (the extension kept), as view numbers its recordings.
std::string numberedPath(const std::string& out, int n) {
    const size_t slash = out.find_last_of('/');
    size_t dot = out.find_last_of('.');
    if (dot == std::string::npos || (slash != std::string::npos && dot < slash) ||
        dot == (slash == std::string::npos ? 0 : slash + 1))
        dot = out.size();
    return out.substr(0, dot) + "-" + std::to_string(n) + out.substr(dot);
}

// One connection: its exit code, or nothing when it was no game (closed before a byte).
// OUT is opened at the game's first line, so that a probe writes nothing.
std::optional<int> recordGame(TraceListener& listener, int fd, const std::string& peer,
                              const std::string& out, const LiveLimits& limits,
                              const InputLog* drive) {
    const char* cmd = "record";
    std::string error;
    auto file = std::make_unique<AtomicFileWriter>();
    // A level restart on the connection is a new segment, saved to OUT-2, OUT-3, ...: each
    // name made exclusively (a number whose file exists is skipped, none is replaced).
    std::string current = out;
    int nextNumber = 2;
    ClaimedFile placeholder;
    bool opened = false;
    std::string openError;
    // Only the header and actors are kept: the reader itself remembers what it needs to check
    // the next lines (frames must not go back, one state line per actor), and the lines are
    // already in OUT, so memory stays flat however long the game runs.
    RecordedTrace trace;
    int64_t saved = 0;
    size_t framesSeen = 0;
    int64_t lastFrame = -1;
    LiveConnection game(
        fd, peer, &trace, limits,
        [&](const char* line, size_t len) {
            if (!opened && openError.empty()) {
                if (file->open(current, &openError)) {
                    opened = true;
                    std::fprintf(stderr, "tilestep record: recording the game at %s\n",
                                 peer.c_str());
                }
            }
            if (!opened) return;
            file->write(line, len);
            ++saved;
        },
        [&](TraceRecord& r) {
            if (framesSeen == 0 || r.frame != lastFrame) ++framesSeen;
            lastFrame = r.frame;
        });
    game.onRestart([&]() -> RecordedTrace* {
        std::string why;
        if (opened && file->commit(&why))
            std::printf("recorded %s: %zu frames, %zu actors, %lld lines\n", current.c_str(),
                        framesSeen, trace.actors.size(), (long long)saved);
        else if (opened)
            std::fprintf(stderr, "tilestep record: %s\n", why.c_str());
        placeholder = ClaimedFile{};  // the recording replaced it
        file = std::make_unique<AtomicFileWriter>();
        opened = false;
        saved = 0;
        framesSeen = 0;
        lastFrame = -1;
        for (;; ++nextNumber) {
            current = numberedPath(out, nextNumber);
            const ClaimResult made = claimNewFile(current, &placeholder, &why);
            if (made == ClaimResult::Claimed) break;
            if (made == ClaimResult::Failed || nextNumber > 100000) {
                openError = current + ": cannot create (" +
                            (made == ClaimResult::Failed ? why : "every number is in use") + ")";
                break;
            }
        }
        ++nextNumber;
        std::fprintf(stderr, "tilestep record: the game at %s restarted: recording to %s\n",
                     peer.c_str(), current.c_str());
        return &trace;
    });
    game.onWarning([](const std::string& w) {
        std::fprintf(stderr, "tilestep record: warning: %s\n", w.c_str());
    });
    // --drive: the log's keys, sent once the game's first poll asks (docs/emitters.md).
    GameControl control(&game);
    game.setControlSink([&](const char* line, size_t n, std::string* why) {
        return control.onGameLine(line, n, why);
    });
    if (drive) control.drive(*drive);
    LiveConnection::Status status = LiveConnection::Status::Open;
    std::string gameError;
    // A second game is held a moment, then told why it is turned away (cli/waiting_game.h).
    WaitingGame waiting(limits.busyGraceMs);
    const std::string busy = "busy: recording the game at " + peer + " (one game at a time)";
    auto say = [](const std::string& said) {
        if (!said.empty()) std::fprintf(stderr, "tilestep record: %s\n", said.c_str());
    };
    while (status == LiveConnection::Status::Open && !gStop && openError.empty()) {
        status = game.poll(200, &gameError);
        if (status == LiveConnection::Status::Open) control.flush();
        std::string ignored, other;
        const int second = listener.accept(0, &other, &ignored);
        if (second >= 0) say(waiting.arrived(second, other, busy));
        say(waiting.expire(busy));
    }
    say(waiting.expire(
        "the recording of the game at " + peer + " ended (record takes one game; start it again)",
        true));
    if (!openError.empty()) return fail(cmd, openError, kExitFailure);
    if (status == LiveConnection::Status::NotAGame && !gStop) {
        if (!gameError.empty()) std::fprintf(stderr, "tilestep record: %s\n", gameError.c_str());
        return std::nullopt;
    }
    // Nothing that parsed: OUT (and the recording it may hold from before) stays as it was.
    if (!opened) {
        if (status == LiveConnection::Status::Failed) return fail(cmd, gameError, kExitFailure);
        return fail(cmd, "stopped before the game at " + peer + " sent a line", kExitFailure);
    }
    if (!file->commit(&error)) {
        releaseClaimedFile(placeholder);
        return fail(cmd, error, kExitFailure);
    }
    std::printf("recorded %s: %zu frames, %zu actors, %lld lines\n", current.c_str(), framesSeen,
                trace.actors.size(), (long long)saved);
    if (status == LiveConnection::Status::Failed) return fail(cmd, gameError, kExitFailure);
    if (drive && !control.gamePolls())
        std::fprintf(stderr,
                     "tilestep record: --drive had no effect: the game at %s never polled for "
                     "control (its emitter's poll call, docs/emitters.md)\n",
                     peer.c_str());
    if (status == LiveConnection::Status::Open)
        std::fprintf(stderr, "tilestep record: stopped while the game at %s was connected\n",
                     peer.c_str());
    return kExitOk;
}

}  // namespace

const char kRecordUsage[] =
    "usage: tilestep record --listen ADDR OUT.jsonl [--idle-timeout S] [--wait S]\n"
    "                       [--max-bytes N] [--allow-origin ORIGIN]... [--drive LOG]\n"
    "\n"
    "Waits for a game to connect to ADDR and stream its trace (docs/trace-format.md: JSON\n"
    "lines, as a trace file holds; the game sets TILESTEP_TRACE=tcp://ADDR or unix:PATH:\n"
    "docs/emitters.md), checks each line as it arrives and writes OUT when the game\n"
    "disconnects (atomically: OUT appears whole or not at all).\n"
    "\n"
    "  --listen ADDR   127.0.0.1:PORT, PORT (loopback), [::1]:PORT, or a Unix socket path\n"
    "                  (with a '/'). Only loopback unless another address is named\n"
    "                  (0.0.0.0:PORT listens on every interface). PORT 0 picks a free port;\n"
    "                  'listening on ADDR' on stderr says which\n"
    "  --idle-timeout S  a connected game that sends nothing for S seconds is dropped\n"
    "                  (default 600: a paused game is kept; 0: wait for ever)\n"
    "  --wait S        give up when no game connects within S seconds (default: for ever)\n"
    "  --max-bytes N   end the recording past N bytes (default 1073741824: 1 GiB)\n"
    "  --allow-origin ORIGIN  take a browser's WebSocket from the page at ORIGIN\n"
    "                  (http://localhost:8000); without it only a local file's page may\n"
    "                  connect, any other web page is refused (HTTP 403)\n"
    "  --drive LOG     play the input log LOG (COUNT,KEY... lines) into the game: its frames\n"
    "                  take the log's keys, and each such frame's state lines carry them\n"
    "                  (\"keys\":\"RJ\"); the game must poll (docs/emitters.md, Control)\n"
    "\n"
    "One game is recorded; a second one connecting meanwhile is held 2 s, then refused\n"
    "with a line saying why (a WebSocket: a close with code 1013 and the reason). A level\n"
    "restart (frame counter going back, a new header) goes on in OUT-2, OUT-3, ... (never\n"
    "replacing a file). A connection that closes without sending anything (a port check: nc\n"
    "-z) or sends nothing for 10 s (or --idle-timeout, when shorter), an HTTP request other\n"
    "than a WebSocket's GET (answered 405) or a refused page is no game: record waits on for\n"
    "the game, and OUT is written only once a\n"
    "game's first line has arrived. Exit 0 when the game disconnected after whole lines, or on "
    "Ctrl+C while it was\n"
    "connected (OUT holds what arrived); 1 on a bad line, a half line at the end, silence\n"
    "past --idle-timeout or --max-bytes ('game at ADDR: line L: field \"F\": problem'), and\n"
    "then OUT holds the lines before the bad one; 1 when no game came within --wait or\n"
    "before Ctrl+C (OUT not written); 2 on a bad command line.\n";

const std::vector<FlagSpec> kRecordFlags = {{"--listen", true}, {"--idle-timeout", true},
                                            {"--wait", true},   {"--max-bytes", true},
                                            {"--drive", true},  kAllowOriginFlag};

int cmdRecord(const Args& args) {
    const char* cmd = "record";
    ParsedArgs a;
    std::string error;
    if (!parseArgs(args, kRecordFlags, &a, &error)) return usageError(cmd, error);
    if (a.help) {
        std::fputs(kRecordUsage, stdout);
        return kExitOk;
    }
    const std::string* listen = a.value("--listen");
    if (!listen) return usageError(cmd, "expects --listen ADDR");
    if (a.positional.size() != 1) return usageError(cmd, "expects one OUT.jsonl");
    const std::string out = a.positional[0];
    ListenAddress address;
    if (!parseListenAddress(*listen, &address, &error)) return usageError(cmd, error);
    // The socket file is an output too, by identity: `--listen ./s.sock s.sock` would save the
    // recording over the socket and then remove it with the socket's path.
    const std::string* drive = a.value("--drive");
    const std::string clash =
        findOutputClash({{"--drive", drive ? *drive : ""}},
                        {{"--listen", address.unixSocket ? address.path : ""}, {"OUT", out}});
    if (!clash.empty()) return fail(cmd, clash, kExitUsage);
    LiveLimits limits;
    limits.idleTimeoutMs = kRecordIdleTimeoutMs;
    limits.web = {a.all(kAllowOriginFlag.name), address.unixSocket ? "" : address.host};
    long long n = 0;
    if (const std::string* s = a.value("--idle-timeout")) {
        if (!parseWholeNumber(*s, "--idle-timeout", 0, 86400, &n, &error))
            return usageError(cmd, error);
        limits.idleTimeoutMs = int(n * 1000);
    }
    int waitMs = -1;
    if (const std::string* s = a.value("--wait")) {
        if (!parseWholeNumber(*s, "--wait", 0, 86400, &n, &error)) return usageError(cmd, error);
        waitMs = int(n * 1000);
    }
    if (const std::string* s = a.value("--max-bytes")) {
        if (!parseWholeNumber(*s, "--max-bytes", 1, 1LL << 40, &n, &error))
            return usageError(cmd, error);
        limits.maxBytes = uint64_t(n);
    }

    InputLog driveLog;
    if (drive && !loadInputLog(*drive, &driveLog, &error)) return fail(cmd, error, kExitFailure);
    // OUT is checked before listening (its folder takes a file, it is not read-only), not
    // after the game: a writer opened and abandoned at once.
    {
        AtomicFileWriter probe;
        if (!probe.open(out, &error)) return fail(cmd, error, kExitFailure);
    }
    TraceListener listener;
    if (!listener.open(address, &error)) return fail(cmd, error, kExitFailure);
    // Tests and scripts read the port the system picked from this line.
    std::fprintf(stderr, "tilestep record: listening on %s%s\n", listener.where().c_str(),
                 listener.remote() ? " (reachable from other machines)" : "");
    std::signal(SIGINT, onStop);
    std::signal(SIGTERM, onStop);
    // A connection that closes without sending a byte (a launcher's `nc -z` port check) is no
    // game: record waits on, within the same --wait, for the real one.
    for (int waited = 0;;) {
        std::string peer;
        int fd = -1;
        // In slices, so that Ctrl+C while waiting ends record (nothing to save yet).
        for (; fd < 0 && !gStop && (waitMs < 0 || waited < waitMs); waited += 200) {
            fd = listener.accept(waitMs < 0 ? 200 : std::min(200, waitMs - waited), &peer, &error);
            if (!error.empty()) return fail(cmd, error, kExitFailure);
        }
        if (fd < 0)
            return fail(cmd,
                        gStop ? "stopped before a game connected to " + listener.where()
                              : "no game connected to " + listener.where() + " within " +
                                    *a.value("--wait") + " s",
                        kExitFailure);
        if (std::optional<int> code =
                recordGame(listener, fd, peer, out, limits, drive ? &driveLog : nullptr))
            return *code;
    }
}

}  // namespace ts::cli
