// A game connecting while another is connected (one game at a time: `view --listen`,
// `record --listen`). It is held for a grace period first: the connected game may be a
// reloaded browser page's old connection finishing, and the reloaded page takes the slot as
// soon as it frees (issue 29: it was turned away without a word). Past the grace it is told
// why it is turned away, in a form every emitter can print (docs/emitters.md): a plain socket
// gets one line, `tilestep: busy: ...`; a browser's WebSocket gets its handshake answered, then
// a close frame with code 1013 (try again later) and the same reason, which the page's
// `onclose` sees as event.code and event.reason.
#pragma once
#include <cstdint>
#include <string>

namespace ts::cli {

// How long a second game is held before it is turned away.
constexpr int kBusyGraceMs = 2000;
// WebSocket close code of a refusal (RFC 6455: try again later).
constexpr int kBusyCloseCode = 1013;

// Turns the connection `fd` away with `why` (a line, or a WebSocket close with that reason)
// and closes it. `received`: the bytes it sent so far (a WebSocket's upgrade request).
void turnAway(int fd, const std::string& received, const std::string& why);

class WaitingGame {
  public:
    explicit WaitingGame(int graceMs = kBusyGraceMs) : graceMs_(graceMs) {}
    ~WaitingGame();  // a game still waiting is closed
    WaitingGame(const WaitingGame&) = delete;
    WaitingGame& operator=(const WaitingGame&) = delete;

    // A second game connected (fd owned from now on). One already waiting is turned away
    // with `why` first: the newest waits. Returns what was said to a turned-away game ("").
    std::string arrived(int fd, const std::string& peer, const std::string& why);
    // The slot freed: the waiting game's socket, unread, for the caller to read as the next
    // game, or -1 when none waits.
    int take(std::string* peer);
    // Turns the waiting game away with `why` once its grace is over (force: now). Returns
    // "turned away the game at PEER: WHY" when it did, "" otherwise.
    std::string expire(const std::string& why, bool force = false);
    bool waiting() const { return fd_ >= 0; }

  private:
    void readWhatArrived();

    int graceMs_;
    int fd_ = -1;
    std::string peer_, received_;
    int64_t sinceMs_ = 0;
};

}  // namespace ts::cli
