// `tilestep view MAP --listen ADDR`: games streaming their trace into the debugger. Polled once
// per rendered frame (never blocking the window); each connection is a new recording shown in
// the debugger as it grows (Debugger::recordingGrew). No GL: tested without a window.
//
// One game at a time: a second connection while one is connected is refused with a line
// saying so. After a game disconnects, its recording stays on screen (step, scrub) until the
// next game connects, which starts a new recording. With a save path, each recording is
// written when its game disconnects: the first to OUT, later ones to OUT-2, OUT-3, ... (same
// extension), so that no recording overwrites another.
#pragma once
#include <memory>
#include <string>

#include "base/atomic_file.h"
#include "cli/trace_listener.h"
#include "debugger/debugger_state.h"

namespace ts {

class LiveFeed {
  public:
    LiveFeed(std::shared_ptr<cli::TraceListener> listener, const cli::LiveLimits& limits,
             std::string savePath);
    ~LiveFeed();

    // Accepts a waiting game when none is connected, reads what the connected one sent and
    // shows it in `g`. Returns true when something changed (a new game, frames, an end).
    // A game sending faster than its lines are parsed gets `budget` of parsing per call (at
    // least a few ms), read a little at a time, so that the window keeps drawing.
    bool poll(Debugger& g, double budgetSeconds = 0);
    bool connected() const { return connection_ != nullptr; }
    // The last poll stopped at its time budget with more of the game's lines waiting: poll
    // again without waiting for input.
    bool busy() const { return busy_; }
    // One line for the timeline bar: waiting, receiving, ended (and why).
    const std::string& status() const { return status_; }
    int recordings() const { return recordings_; }
    // The file recording n (1, 2, ...) is saved to: OUT, OUT-2, OUT-3, ...
    static std::string savePathFor(const std::string& out, int n);

  private:
    void end(bool failed, const std::string& error);

    std::shared_ptr<cli::TraceListener> listener_;
    cli::LiveLimits limits_;
    std::string savePath_;
    std::shared_ptr<RecordedTrace> trace_;
    std::unique_ptr<cli::LiveConnection> connection_;
    std::unique_ptr<AtomicFileWriter> file_;
    std::string status_, peer_;
    int recordings_ = 0;
    bool busy_ = false;
};

}  // namespace ts
