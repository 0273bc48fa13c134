// How fast `view --listen` / `record --listen` take in a game's frames, per transport (issue 29
// item 3: a 1200-frame browser game took 131 s to arrive, one WebSocket message per drawn
// frame). A game thread sends kFrames trace lines as fast as it can (over the WebSocket one
// message per frame, as the browser emitter does); the viewer polls without waiting, as the
// window does between draws, until every frame is in. The baseline parses the same bytes in
// the same process (TraceStream, no socket): the ratio transport / baseline is the cost of the
// socket. Counters: frames_per_s (compare with a game's 60), x_60fps (how many 60 fps games'
// worth), frames_per_poll (how many frames one draw takes in; 1 was the bug).
#include <arpa/inet.h>
#include <benchmark/benchmark.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <thread>

#include "../app/cli/trace_listener.h"
#include "../tests/support/websocket_frames.h"

using namespace ts;

namespace {

constexpr int kFrames = 12000;  // 200 s of a 60 fps game

const std::string kHeader =
    "{\"tilestep_trace\":1,\"actors\":[{\"name\":\"hero\",\"w\":12,\"h\":16}]}\n";

std::string state(int frame) {
    return "{\"frame\":" + std::to_string(frame) +
           ",\"actor\":\"hero\",\"x\":" + std::to_string(frame % 500) +
           ",\"y\":120,\"vx\":3,\"vy\":0,\"grounded\":true}\n";
}

void sendAll(int fd, const std::string& s) {
    size_t at = 0;
    while (at < s.size()) {
        const ssize_t n = send(fd, s.data() + at, s.size() - at, MSG_NOSIGNAL);
        if (n <= 0) return;
        at += size_t(n);
    }
}

enum Transport { Tcp, Unix, WebSocket };

int connectTo(const cli::TraceListener& l, Transport t) {
    if (t == Unix) {
        const int fd = socket(AF_UNIX, SOCK_STREAM, 0);
        sockaddr_un u{};
        u.sun_family = AF_UNIX;
        std::snprintf(u.sun_path, sizeof u.sun_path, "%s", l.where().c_str());
        connect(fd, (sockaddr*)&u, sizeof u);
        return fd;
    }
    const int fd = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in s{};
    s.sin_family = AF_INET;
    s.sin_port = htons(uint16_t(std::stoi(l.where().substr(10))));
    s.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    connect(fd, (sockaddr*)&s, sizeof s);
    return fd;
}

// The game: its header, then kFrames frames, as fast as the socket takes them.
void game(const cli::TraceListener* l, Transport t) {
    const int fd = connectTo(*l, t);
    if (t == WebSocket) {
        sendAll(fd,
                "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: "
                "Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                "Sec-WebSocket-Version: 13\r\n\r\n");
        std::string head;
        char c;
        while (head.find("\r\n\r\n") == std::string::npos && read(fd, &c, 1) == 1) head += c;
        std::string out = test::maskedTextFrame(kHeader);
        for (int i = 0; i < kFrames; ++i) out += test::maskedTextFrame(state(i));
        sendAll(fd, out);
    } else {
        std::string out = kHeader;
        for (int i = 0; i < kFrames; ++i) out += state(i);
        sendAll(fd, out);
    }
    shutdown(fd, SHUT_WR);
    char buf[64];
    while (read(fd, buf, sizeof buf) > 0) {
    }
    close(fd);
}

void BM_LiveIntake(benchmark::State& st) {
    const auto t = Transport(st.range(0));
    cli::TraceListener listener;
    cli::ListenAddress a;
    std::string error;
    cli::parseListenAddress(
        t == Unix ? "/tmp/tilestep-bench-live-" + std::to_string(getpid()) : "127.0.0.1:0", &a,
        &error);
    if (!listener.open(a, &error)) {
        st.SkipWithError(error.c_str());
        return;
    }
    int64_t polls = 0, frames = 0;
    for (auto _ : st) {
        std::thread g(game, &listener, t);
        std::string peer;
        RecordedTrace trace;
        {
            cli::LiveConnection c(listener.accept(10000, &peer, &error), peer, &trace,
                                  cli::LiveLimits{}, nullptr);
            for (;;) {
                const size_t before = trace.frameCount();
                const auto status = c.poll(0, &error);
                if (trace.frameCount() != before) ++polls;
                if (status != cli::LiveConnection::Status::Open) break;
            }
            if (!error.empty()) st.SkipWithError(error.c_str());
        }
        g.join();
        frames += int64_t(trace.frameCount());
    }
    st.SetItemsProcessed(frames);
    st.counters["frames_per_s"] = benchmark::Counter(double(frames), benchmark::Counter::kIsRate);
    st.counters["x_60fps"] = benchmark::Counter(double(frames) / 60, benchmark::Counter::kIsRate);
    // Polls that found frames waiting: a poll with nothing there is the game not yet sending.
    st.counters["frames_per_poll"] = double(frames) / double(std::max<int64_t>(polls, 1));
}
BENCHMARK(BM_LiveIntake)
    ->ArgName("tcp0_unix1_ws2")
    ->Arg(Tcp)
    ->Arg(Unix)
    ->Arg(WebSocket)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// The baseline: the same lines parsed in the same process, no socket.
void BM_LiveIntakeBaseline(benchmark::State& st) {
    std::string all = kHeader;
    for (int i = 0; i < kFrames; ++i) all += state(i);
    int64_t frames = 0;
    for (auto _ : st) {
        RecordedTrace trace;
        TraceStream s(&trace);
        std::string error;
        s.feed(all.data(), all.size(), &error);
        s.finish(&error);
        frames += int64_t(trace.frameCount());
    }
    st.SetItemsProcessed(frames);
    st.counters["frames_per_s"] = benchmark::Counter(double(frames), benchmark::Counter::kIsRate);
    st.counters["x_60fps"] = benchmark::Counter(double(frames) / 60, benchmark::Counter::kIsRate);
}
BENCHMARK(BM_LiveIntakeBaseline)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
