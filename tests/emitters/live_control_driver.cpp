// A viewer that pauses, steps and drives a real game (tests/emitters/check_emitter.sh): listens
// on ADDR (says `listening on ADDR` on stderr), and when the game's first poll asks for control,
// pauses it, steps it 10 frames with the first 10 frames' keys of LOG, waits for those 10
// frames, then sends the rest of LOG and resumes. The trace goes to OUT. A game that did not
// stay paused after its 10 steps plays frames 10.. on its autopilot before the rest of the log
// arrives, and its trace differs from LOG run offline.
// usage: live_control_driver ADDR LOG OUT
#include <cstdio>
#include <fstream>

#include "cli/game_control.h"
#include "cli/trace_listener.h"

using namespace ts;
using namespace ts::cli;

int main(int argc, char** argv) {
    if (argc != 4) {
        std::fprintf(stderr, "usage: live_control_driver ADDR LOG OUT\n");
        return 2;
    }
    std::string error, peer;
    InputLog log, first, rest;
    ListenAddress address;
    TraceListener listener;
    if (!loadInputLog(argv[2], &log, &error) || !parseListenAddress(argv[1], &address, &error) ||
        !listener.open(address, &error)) {
        std::fprintf(stderr, "live_control_driver: %s\n", error.c_str());
        return 1;
    }
    const int64_t kSteps = 10;
    for (int64_t f = 0; f < log.frames(); ++f) (f < kSteps ? first : rest).push(log.at(f));
    std::fprintf(stderr, "live_control_driver: listening on %s\n", listener.where().c_str());
    const int fd = listener.accept(20000, &peer, &error);
    if (fd < 0) {
        std::fprintf(stderr, "live_control_driver: no game (%s)\n", error.c_str());
        return 1;
    }
    std::ofstream out(argv[3], std::ios::binary);
    RecordedTrace trace;
    int64_t frames = 0, lastFrame = -1;
    LiveLimits limits;
    LiveConnection game(
        fd, peer, &trace, limits, [&](const char* line, size_t n) { out.write(line, long(n)); },
        [&](TraceRecord& r) {
            if (r.frame != lastFrame) ++frames;
            lastFrame = r.frame;
        });
    GameControl control(&game);
    game.setControlSink([&](const char* line, size_t n, std::string* why) {
        return control.onGameLine(line, n, why);
    });
    control.pause();
    control.drive(first);
    control.step(kSteps);
    bool resumed = false;
    LiveConnection::Status status = LiveConnection::Status::Open;
    while (status == LiveConnection::Status::Open) {
        status = game.poll(50, &error);
        if (!resumed && frames >= kSteps) {
            control.drive(rest);
            control.resume();
            resumed = true;
        }
        if (status == LiveConnection::Status::Open) control.flush();
    }
    if (status != LiveConnection::Status::Ended || !control.gamePolls()) {
        std::fprintf(stderr, "live_control_driver: %s\n",
                     control.gamePolls() ? error.c_str() : "the game never polled");
        return 1;
    }
    return out.flush() ? 0 : 1;
}
