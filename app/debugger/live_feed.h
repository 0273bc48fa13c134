// `tilestep view MAP --listen ADDR`: games streaming their trace into the debugger. Polled once
// per rendered frame (never blocking the window); each connection is a new recording shown in
// the debugger as it grows (Debugger::recordingGrew). No GL: tested without a window.
//
// One game at a time: a second connection while one is connected is refused with a line
// saying so. A connection that closes without sending a byte (a launcher's `nc -z` port check)
// is no game: no recording starts or ends, nothing is saved, the recording on screen stays. After a
// game disconnects, its recording stays on screen (step, scrub) until the next game connects, which
// starts a new recording. With a save path, each recording is written when its game disconnects:
// the first to OUT, later ones to OUT-2, OUT-3, ... (same extension), so that no recording
// overwrites another: a numbered name is taken only where no file is (created exclusively when the
// game's first line arrives; a number in use is skipped).
#pragma once
#include <functional>
#include <memory>
#include <string>

#include "base/atomic_file.h"
#include "base/exclusive_file.h"
#include "cli/game_control.h"
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
    // The last recording ended on an error (bad input, the limits), not a clean disconnect.
    bool failed() const { return failed_; }
    // The connected game's control channel (cli/game_control.h); nullptr when none is connected.
    cli::GameControl* control() const { return control_.get(); }
    // Called with each game's control channel as it connects (`view --drive LOG`).
    void onGame(std::function<void(cli::GameControl&)> f) { onGame_ = std::move(f); }
    // File > Drive the game with an input log...: the log at `path` played into the game
    // connected now and into each game that connects after (as `--drive LOG`). False with
    // *message naming the file and the problem; else *message says what it drives.
    bool driveFrom(const std::string& path, std::string* message);
    // The file recording n (1, 2, ...) is saved to: OUT, OUT-2, OUT-3, ...
    static std::string savePathFor(const std::string& out, int n);

  private:
    void end(bool failed, const std::string& error);
    // The game restarted its level on the same connection: this recording ends (saved as at
    // a disconnect) and the next segment is a new recording (OUT-2, ...). Returns its trace.
    RecordedTrace* nextSegment();
    void saveRecording(std::string* saved);
    void startRecording(Debugger& g);
    bool openSaveFile();  // at the game's first line: OUT, or the next free OUT-N
    void dropPlaceholder();

    std::shared_ptr<cli::TraceListener> listener_;
    cli::LiveLimits limits_;
    std::string savePath_;
    std::shared_ptr<RecordedTrace> trace_, previous_;
    std::unique_ptr<cli::LiveConnection> connection_;
    std::unique_ptr<cli::WaitingGame> waiting_;  // a second game, held, then turned away
    std::string turnedAway_;                     // the last one turned away, said in status()
    std::unique_ptr<cli::GameControl> control_;  // refers to connection_: reset before it
    std::function<void(cli::GameControl&)> onGame_;
    std::unique_ptr<InputLog> drive_;  // driveFrom's log: played into each game that connects
    std::unique_ptr<AtomicFileWriter> file_;
    std::string status_, peer_, filePath_;
    ClaimedFile placeholder_;  // the empty OUT-N made exclusively, until the recording replaces it
    int recordings_ = 0, nextNumber_ = 2;
    bool savedAny_ = false;  // OUT itself is taken: later recordings are numbered
    bool shown_ = false;
    bool saveTried_ = false;  // this game's file was opened (or could not be)  // the connection
                              // sent something: it is a game, on screen
    bool busy_ = false;
    bool failed_ = false;
};

}  // namespace ts
