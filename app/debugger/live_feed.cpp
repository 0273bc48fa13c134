#include "debugger/live_feed.h"

#include <algorithm>
#include <chrono>
#include <cstdio>

#include "base/atomic_file.h"

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
}

LiveFeed::~LiveFeed() = default;

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
        const int fd = listener_->accept(0, &peer, &error);
        if (fd < 0) {
            if (!error.empty()) status_ = error;
            return false;
        }
        ++recordings_;
        peer_ = peer;
        trace_ = std::make_shared<RecordedTrace>();
        if (!savePath_.empty()) {
            file_ = std::make_unique<AtomicFileWriter>();
            const std::string path = savePathFor(savePath_, recordings_);
            if (!file_->open(path, &error)) {
                std::fprintf(stderr, "tilestep view: %s (the recording is not saved)\n",
                             error.c_str());
                file_.reset();
            }
        }
        AtomicFileWriter* file = file_.get();
        connection_ = std::make_unique<cli::LiveConnection>(fd, peer, trace_.get(), limits_,
                                                            [file](const char* line, size_t n) {
                                                                if (file) file->write(line, n);
                                                            });
        g.showRecording(trace_);
        std::fprintf(stderr, "tilestep view: recording the game at %s\n", peer.c_str());
        changed = true;
    } else {
        // A second game while one is recorded is told so and turned away.
        const int other = listener_->accept(0, &peer, &error);
        if (other >= 0)
            cli::refuseConnection(other,
                                  "busy: showing the game at " + peer_ + " (one game at a time)");
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
        if (st != cli::LiveConnection::Status::Open ||
            connection_->bytes() - before < limits_.pollBytes)
            break;  // all that had arrived is read
        if (std::chrono::steady_clock::now() - start >= budget) {
            busy_ = true;  // more is waiting: the window draws, then comes back at once
            break;
        }
    }
    if (trace_->frameCount() != frames || trace_->actors.size() != actors ||
        connection_->lines() != lines) {
        g.recordingGrew();
        changed = true;
    }
    status_ = "game at " + peer_ + ": " + std::to_string(trace_->frameCount()) + " frames";
    if (st != cli::LiveConnection::Status::Open) {
        end(st == cli::LiveConnection::Status::Failed, error);
        changed = true;
    }
    return changed;
}

void LiveFeed::end(bool failed, const std::string& error) {
    connection_.reset();
    std::string saved;
    if (file_) {
        std::string why;
        const std::string path = savePathFor(savePath_, recordings_);
        if (file_->commit(&why))
            saved = ", saved to " + path;
        else
            std::fprintf(stderr, "tilestep view: %s\n", why.c_str());
        file_.reset();
    }
    status_ = "game at " + peer_ + " " + (failed ? "failed: " + error : "disconnected") + " (" +
              std::to_string(trace_->frameCount()) + " frames" + saved + ")";
    std::fprintf(stderr, "tilestep view: %s\n", failed ? error.c_str() : status_.c_str());
}

}  // namespace ts
