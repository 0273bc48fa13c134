// Two-way control of a live game (docs/emitters.md, "Control"): on the connection that streams
// the game's trace, tilestep sends line commands (pause, resume, step N, the keys of the coming
// frames, restart) that the game obeys at its next frame through its emitter's one poll call.
//
// Nothing is ever sent to a game that has not asked for it: a game's first poll sends the line
// `!control 1` on the trace stream (LiveConnection hands it here instead of to the reader), and
// only then does tilestep answer `hello 1` followed by the commands queued so far. A game that
// never polls is traced exactly as before (no unread bytes in its socket when it closes, which
// would reset the connection and lose its last frames).
#pragma once
#include <cstdint>
#include <string>

#include "sim/input_log.h"
#include "trace_listener.h"

namespace ts::cli {

// "RJ" for R and J held, "" for none: the input log's letters in the order L R U D J.
std::string keyLetters(InputBits keys);

class GameControl {
  public:
    // The game's connection (not owned; it must outlive this). Nothing is sent once it has
    // closed, nor with nullptr; a browser's WebSocket gets the lines as text messages.
    explicit GameControl(LiveConnection* game) : game_(game) {}

    // A line the game sent that starts with '!' (its '\n' included or not). False with *error
    // on a line tilestep does not know.
    bool onGameLine(const char* line, size_t n, std::string* error);
    bool gamePolls() const { return hello_; }

    void pause() {
        paused_ = true;
        send("pause\n");
    }
    void resume() {
        paused_ = false;
        send("resume\n");
    }
    void step(int64_t frames) {
        paused_ = true;
        send("step " + std::to_string(frames) + "\n");
    }
    // Paused (or stepping) by the last command: the game holds after its steps.
    bool paused() const { return paused_; }
    void restart() { send("restart\n"); }
    // Queues the whole log's keys for the coming frames, one `keys COUNT LETTERS` line a run.
    void drive(const InputLog& log);
    // Everything sent or queued so far, as the game reads it (tests, the debugger's status).
    const std::string& sent() const { return sent_; }

    // Sends what a full socket held back; the owner calls it with each poll of the game.
    void flush();

  private:
    void send(const std::string& line);

    LiveConnection* game_;
    bool hello_ = false;
    bool paused_ = false;
    std::string queued_;  // commands not yet sent: before the game's hello, or a full socket
    std::string sent_;
};

// The window's keys on a live game (`view --listen`): 'p' pauses it, '.' advances it one frame,
// 'e' (End) resumes it, 'r' (Ctrl+R) restarts its level. False, nothing sent, when `game` is null
// or has not polled.
bool liveGameCommand(GameControl* game, char key);
// What the timeline bar adds to the connection's status: " - game paused (. one frame, End
// resumes)" while tilestep holds the game, else "".
std::string liveGameStatus(const GameControl* game);

}  // namespace ts::cli
