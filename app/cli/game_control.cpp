// The viewer's side of the control channel (game_control.h).
#include "game_control.h"

#include <cerrno>

#include "listen_socket.h"

namespace ts::cli {

std::string keyLetters(InputBits keys) {
    // The order of formatInputLog: L R U D J.
    static const char kLetters[] = "LRUDJ";
    static const InputBits kBits[] = {KEY_L, KEY_R, KEY_U, KEY_D, KEY_J};
    std::string out;
    for (int i = 0; i < 5; ++i)
        if (keys & kBits[i]) out += kLetters[i];
    return out;
}

bool GameControl::onGameLine(const char* line, size_t n, std::string* error) {
    std::string text(line, n);
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.pop_back();
    if (text.rfind("!control ", 0) == 0) {
        // Version 1 is the only one; a later game speaking 2 still understands 1's commands.
        if (!hello_) {
            hello_ = true;
            queued_ = "hello 1\n" + queued_;
            flush();
        }
        return true;
    }
    *error = "unknown control line '" + text.substr(0, 40) + "' (expected '!control 1')";
    return false;
}

void GameControl::drive(const InputLog& log) {
    std::string lines;
    for (const InputRun& r : log.runs) {
        const std::string letters = keyLetters(r.keys);
        lines += "keys " + std::to_string(r.count) + " " + (letters.empty() ? "-" : letters) + "\n";
    }
    send(lines);
}

void GameControl::send(const std::string& line) {
    sent_ += line;
    queued_ += line;
    if (hello_) flush();
}

void GameControl::flush() {
    if (!hello_) return;  // never a byte to a game that has not asked
    if (game_ && game_->webSocket() && game_->fd() >= 0) {
        game_->sendWebSocket(queued_);
        queued_.clear();
        return;
    }
    const int fd = game_ ? game_->fd() : -1;
    if (fd < 0) {
        queued_.clear();
        return;
    }
    // Never waits: a game that stops reading (stopped in its own debugger) must not freeze the
    // window. What does not fit stays queued for the owner's next flush().
    size_t done = 0;
    while (done < queued_.size()) {
#ifdef _WIN32
        const long n = ::send(SOCKET(fd), queued_.data() + done, int(queued_.size() - done), 0);
#else
        const long n =
            ::send(fd, queued_.data() + done, queued_.size() - done, MSG_NOSIGNAL | MSG_DONTWAIT);
        if (n < 0 && errno == EINTR) continue;
#endif
        if (n <= 0) break;  // full (tried again later) or the game went away (its trace says so)
        done += size_t(n);
    }
    queued_.erase(0, done);
}

bool liveGameCommand(GameControl* game, char key) {
    if (!game || !game->gamePolls()) return false;
    switch (key) {
        case 'p':
            game->pause();
            return true;
        case '.':
            game->step(1);
            return true;
        case 'e':
            game->resume();
            return true;
        case 'r':
            game->restart();
            return true;
        default:
            return false;
    }
}

std::string liveGameStatus(const GameControl* game) {
    if (!game || !game->gamePolls()) return "";
    return game->paused() ? " - game paused (. one frame, End resumes)" : "";
}

}  // namespace ts::cli
