#include "debugger/live_feed.h"

#include <algorithm>
#include <chrono>
#include <cerrno>
#include <cstdio>
#include <cstring>

#include "base/atomic_file.h"
#include "base/exclusive_file.h"

namespace ts {

namespace {

// A game sending faster than its trace is parsed gets at least this much of each window
// frame, read kPollBytes at a time: the window keeps drawing and answering while frames pour
// in (one 4 MiB poll took 100 to 250 ms; measured with 1M frames in docs/emitters.md).
constexpr double kMinPollBudget = 0.012;
constexpr uint64_t kPollBytes = uint64_t(64) << 10;

}  // namespace

LiveFeed::LiveFeed(std::shared_ptr<cli::TraceListener> listener, const cli::LiveLimits& limits,
                   std::string savePath)
    : listener_(std::move(listener)), limits_(limits), savePath_(std::move(savePath)) {
    limits_.pollBytes = std::min(limits_.pollBytes, kPollBytes);
    status_ = "waiting for a game on " + listener_->where();
    waiting_ = std::make_unique<cli::WaitingGame>(limits_.busyGraceMs);
}

LiveFeed::~LiveFeed() {
    file_.reset();  // an unfinished recording is not saved: its numbered name is freed again
    dropPlaceholder();
}

std::string LiveFeed::savePathFor(const std::string& out, int n) {
    if (n <= 1) return out;
    const size_t slash = out.find_last_of('/');
    size_t dot = out.find_last_of('.');
    if (dot == std::string::npos || (slash != std::string::npos && dot < slash) ||
        dot == (slash == std::string::npos ? 0 : slash + 1))
        dot = out.size();
    return out.substr(0, dot) + "-" + std::to_string(n) + out.substr(dot);
}

bool LiveFeed::poll(Debugger& g, double budgetSeconds) {
    bool changed = false;
    std::string peer, error;
    if (!connection_) {
        // A game held while the last one finished (a reloaded page) is the next one.
        int fd = waiting_->take(&peer);
        if (fd < 0) fd = listener_->accept(0, &peer, &error);
        if (fd < 0) {
            if (!error.empty()) status_ = error;
            return false;
        }
        // Not a recording yet: a connection that closes without a byte is a port check, and the
        // recording on screen stays until the game's first bytes (startRecording).
        peer_ = peer;
        turnedAway_.clear();
        failed_ = false;
        shown_ = saveTried_ = false;
        trace_ = std::make_shared<RecordedTrace>();
        file_.reset();
        connection_ = std::make_unique<cli::LiveConnection>(
            fd, peer, trace_.get(), limits_, [this](const char* line, size_t n) {
                if (!file_ && !saveTried_ && !savePath_.empty()) {
                    saveTried_ = true;
                    openSaveFile();
                }
                if (file_) file_->write(line, n);
            });
        connection_->onRestart([this] { return nextSegment(); });
        connection_->onWarning([](const std::string& w) {
            std::fprintf(stderr, "tilestep view: warning: %s\n", w.c_str());
        });
        control_ = std::make_unique<cli::GameControl>(connection_.get());
        connection_->setControlSink([this](const char* line, size_t n, std::string* why) {
            return control_->onGameLine(line, n, why);
        });
        if (onGame_) onGame_(*control_);
        if (drive_) control_->drive(*drive_);
    } else {
        // A second game while one is recorded is held, then told why it is turned away.
        const std::string why = "busy: showing the game at " + peer_ + " (one game at a time)";
        const int other = listener_->accept(0, &peer, &error);
        for (const std::string& said :
             {other >= 0 ? waiting_->arrived(other, peer, why) : "", waiting_->expire(why)}) {
            if (said.empty()) continue;
            std::fprintf(stderr, "tilestep view: %s\n", said.c_str());
            turnedAway_ = said;
        }
    }
    const size_t frames = trace_->frameCount(), actors = trace_->actors.size();
    const int64_t lines = connection_->lines();
    const auto start = std::chrono::steady_clock::now();
    const auto budget = std::chrono::duration<double>(std::max(budgetSeconds, kMinPollBudget));
    cli::LiveConnection::Status st;
    busy_ = false;
    for (;;) {
        const uint64_t before = connection_->bytes();
        st = connection_->poll(0, &error);
        if (!shown_ && connection_->bytes() > 0) {
            startRecording(g);
            changed = true;
        }
        if (st != cli::LiveConnection::Status::Open ||
            connection_->bytes() - before < limits_.pollBytes)
            break;  // all that had arrived is read
        if (std::chrono::steady_clock::now() - start >= budget) {
            busy_ = true;  // more is waiting: the window draws, then comes back at once
            break;
        }
    }
    if (st == cli::LiveConnection::Status::Open) control_->flush();
    if (st == cli::LiveConnection::Status::NotAGame) {
        control_.reset();
        connection_.reset();
        // A refused page is said (a port check is not): the recording on screen stays.
        if (!error.empty()) {
            std::fprintf(stderr, "tilestep view: %s\n", error.c_str());
            status_ = error;
            changed = true;
        }
        return changed;
    }
    if (!shown_) return changed;  // connected, silent so far
    if (trace_->frameCount() != frames || trace_->actors.size() != actors ||
        connection_->lines() != lines) {
        g.recordingGrew();
        changed = true;
    }
    status_ = "game at " + peer_ + ": " + std::to_string(trace_->frameCount()) + " frames" +
              (turnedAway_.empty() ? "" : "; " + turnedAway_);
    if (st != cli::LiveConnection::Status::Open) {
        end(st == cli::LiveConnection::Status::Failed, error);
        changed = true;
    }
    return changed;
}

void LiveFeed::startRecording(Debugger& g) {
    shown_ = true;
    ++recordings_;
    g.showRecording(trace_, g.recordedGhostTrace());  // `--listen --ghost B`: B follows each game
    previous_.reset();
    g.setFollowLive(true);  // its first frames may be in already: show the newest
    std::fprintf(stderr, "tilestep view: recording the game at %s\n", peer_.c_str());
}

bool LiveFeed::openSaveFile() {
    std::string error;
    std::string path = savePath_;
    if (savedAny_) {
        // A numbered name only where nothing is: made exclusively (O_EXCL), so that neither an
        // existing file nor one appearing meanwhile is replaced; a number in use is skipped.
        for (int tries = 0;; ++tries, ++nextNumber_) {
            path = savePathFor(savePath_, nextNumber_);
            std::string why;
            const ClaimResult made = claimNewFile(path, &placeholder_, &why);
            if (made == ClaimResult::Claimed) {
                ++nextNumber_;
                break;
            }
            if (made == ClaimResult::Failed || tries > 100000) {
                std::fprintf(stderr,
                             "tilestep view: %s: cannot create (%s; the recording is not "
                             "saved)\n",
                             path.c_str(),
                             made == ClaimResult::Failed ? why.c_str() : "every number is in use");
                return false;
            }
        }
    }
    file_ = std::make_unique<AtomicFileWriter>();
    if (!file_->open(path, &error)) {
        std::fprintf(stderr, "tilestep view: %s (the recording is not saved)\n", error.c_str());
        file_.reset();
        dropPlaceholder();
        return false;
    }
    filePath_ = path;
    savedAny_ = true;
    return true;
}

void LiveFeed::dropPlaceholder() {
    releaseClaimedFile(placeholder_);
    placeholder_ = ClaimedFile{};
}

RecordedTrace* LiveFeed::nextSegment() {
    std::string saved;
    saveRecording(&saved);
    std::fprintf(stderr,
                 "tilestep view: the game at %s restarted (%zu frames%s): a new recording\n",
                 peer_.c_str(), trace_->frameCount(), saved.c_str());
    previous_ = trace_;  // the debugger shows it until the new one's first line
    trace_ = std::make_shared<RecordedTrace>();
    shown_ = saveTried_ = false;
    return trace_.get();
}

void LiveFeed::end(bool failed, const std::string& error) {
    control_.reset();
    connection_.reset();
    failed_ = failed;
    std::string saved;
    saveRecording(&saved);
    // The connection's error already names the game ("game at PEER: ..."): said once.
    const std::string prefix = "game at " + peer_ + ": ";
    const std::string why =
        error.compare(0, prefix.size(), prefix) == 0 ? error.substr(prefix.size()) : error;
    status_ = "game at " + peer_ + " " + (failed ? "failed: " + why : "disconnected") + " (" +
              std::to_string(trace_->frameCount()) + " frames" + saved + ")";
    std::fprintf(stderr, "tilestep view: %s\n", failed ? error.c_str() : status_.c_str());
}

void LiveFeed::saveRecording(std::string* saved) {
    if (!file_) return;
    std::string why;
    if (file_->commit(&why))
        *saved = ", saved to " + filePath_;
    else {
        std::fprintf(stderr, "tilestep view: %s\n", why.c_str());
        dropPlaceholder();
    }
    placeholder_ = ClaimedFile{};
    file_.reset();
}

bool LiveFeed::driveFrom(const std::string& path, std::string* message) {
    auto log = std::make_unique<InputLog>();
    if (!loadInputLog(path, log.get(), message)) return false;
    drive_ = std::move(log);
    const std::string frames = std::to_string(drive_->frames()) + " frames";
    if (control_) {
        control_->drive(*drive_);
        *message = "driving the game with " + path + " (" + frames + "), and each game after";
    } else {
        *message = "the next game to connect is driven with " + path + " (" + frames + ")";
    }
    return true;
}

}  // namespace ts
