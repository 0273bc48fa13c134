// include/tilestep/trace_emit.h: a C99 program (tests/c/trace_emit_example.c) writes a trace
// the way a game would, and tilestep's reader gets back the same values. The expected
// numbers are the example's arithmetic done by hand, not the reader's output.
#include <gtest/gtest.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <thread>

#include "test_support.h"
#include "../../include/tilestep/trace_emit.h"
#include "record/trace_reader.h"

namespace ts {
namespace {

const TraceField* field(const RecordedState& s, const std::string& key) {
    for (const TraceField& f : s.fields)
        if (f.key == key) return &f;
    return nullptr;
}

TEST(TraceEmit, ACProgramsTraceReadsBackWithTheSameValues) {
    const std::string dir = test::tempDir();
    const std::string path = dir + "/game.jsonl";
    test::CommandResult r =
        test::runShell(std::string("'") + TRACE_EMIT_EXAMPLE + "' '" + path + "'");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    RecordedTrace t;
    std::string error;
    ASSERT_TRUE(readTrace(path, &t, &error)) << error;

    EXPECT_EQ(t.header.version, 1);
    EXPECT_EQ(t.header.map, "levels/one.json");
    EXPECT_EQ(t.header.tileSize, 16);
    EXPECT_EQ(t.header.rate, 50);
    ASSERT_EQ(t.actors.size(), 2u);
    EXPECT_EQ(t.actors[0].name, "hero");
    EXPECT_EQ(t.actors[0].mover, "toy_platformer");
    EXPECT_EQ(t.actors[0].w, 12);
    EXPECT_EQ(t.actors[0].h, 16);
    EXPECT_FALSE(t.actors[0].round);
    EXPECT_EQ(t.actors[1].name, "crate");  // met in a line, sized by it
    EXPECT_EQ(t.actors[1].w, 16);
    EXPECT_EQ(t.actors[1].h, 16);

    ASSERT_EQ(t.frameCount(), 30u);
    for (int f = 0; f < 30; ++f) {
        const RecordedFrame fr = t.frame(size_t(f));
        SCOPED_TRACE("frame " + std::to_string(f));
        EXPECT_EQ(fr.frame, f);
        ASSERT_EQ(fr.states.size(), 2u);
        const RecordedState& hero = fr.states[0];
        // x = 10 + 1.5 (f + 1), y = 100 - 0.25 (f + 1): exact in binary, so exact here.
        const Fix x = Fix::fromInt(10) + Fix::ratio(3 * (f + 1), 2);
        const Fix y = Fix::fromInt(100) - Fix::ratio(f + 1, 4);
        EXPECT_EQ(hero.state.x, x);
        EXPECT_EQ(hero.state.y, y);
        EXPECT_EQ(hero.state.vx, Fix::ratio(3, 2));
        EXPECT_EQ(hero.state.vy, Fix::ratio(-1, 4));
        EXPECT_EQ(hero.state.grounded, f < 10);
        EXPECT_EQ(hero.state.facing, DIR_RIGHT);
        EXPECT_FALSE(hero.state.pushing);
        EXPECT_EQ(hero.state.w, 12);
        EXPECT_EQ(hero.state.h, 16);
        const TraceField* coyote = field(hero, "coyote");
        ASSERT_TRUE(coyote);
        EXPECT_EQ(coyote->text, std::to_string(std::max(0, 5 - f)));
        const TraceField* buffer = field(hero, "jump_buffer");
        ASSERT_TRUE(buffer);
        EXPECT_TRUE(buffer->exact);
        EXPECT_EQ(buffer->fix, Fix::ratio(f, 8));
        const TraceField* phase = field(hero, "phase");
        ASSERT_TRUE(phase);
        EXPECT_EQ(phase->text, f < 10 ? "run" : "fall");
        EXPECT_EQ(fr.states[1].actor, 1u);
        EXPECT_EQ(fr.states[1].state.x, Fix::fromRaw(int64_t(1000000) * 65536 + 1));
        const TraceField* ratio = field(hero, "ratio");
        ASSERT_TRUE(ratio);
        EXPECT_FALSE(ratio->exact);
        EXPECT_EQ(ratio->number, 2.0 / 3.0);  // the same double, bit for bit

        ASSERT_EQ(fr.probes.size(), 8u);
        const ProbeShape shapes[] = {ProbeShape::Point, ProbeShape::Rect, ProbeShape::Segment,
                                     ProbeShape::Band,  ProbeShape::Cell, ProbeShape::Arrow,
                                     ProbeShape::Value, ProbeShape::Text};
        const Verdict verdicts[] = {f % 2 ? Verdict::Hit : Verdict::Miss,
                                    Verdict::Block,
                                    Verdict::Pass,
                                    Verdict::Info,
                                    Verdict::Pass,
                                    Verdict::Info,
                                    Verdict::Pass,
                                    Verdict::Info};
        const char* whys[] = {"ground",   "blocker",  "scanline",  "band",
                              "region_a", "velocity", "pass_rate", "coyote \"time\""};
        for (size_t i = 0; i < 8; ++i) {
            const Probe& p = fr.probes[i].probe;
            EXPECT_EQ(p.shape, shapes[i]) << i;
            EXPECT_EQ(p.verdict, verdicts[i]) << i;
            EXPECT_STREQ(p.why, whys[i]);
            EXPECT_EQ(p.actor, 0);
        }
        EXPECT_EQ(fr.probes[0].probe.x0, x + Fix::fromInt(6));
        EXPECT_EQ(fr.probes[0].probe.y0, y + Fix::fromInt(16));
        EXPECT_EQ(fr.probes[1].probe.x1, Fix::fromInt(48));
        EXPECT_EQ(fr.probes[2].probe.y0, y + Fix::ratio(1, 2));
        EXPECT_EQ(fr.probes[5].probe.x1, x + Fix::fromInt(12));  // x + 1.5 * 8
        // 0.1 and 2/3 are not multiples of 1/65536: rounded to the nearest.
        EXPECT_EQ(fr.probes[6].probe.x0, Fix::fromDouble(0.1));
        EXPECT_EQ(fr.probes[6].probe.x1, Fix::fromDouble(2.0 / 3.0));
        EXPECT_EQ(fr.probes[7].probe.y0, y - Fix::fromInt(4));
    }
}

TEST(TraceEmit, CompilesAsCppAndANaNIsReportedWithItsLineAndField) {
    const std::string path = test::tempDir() + "/nan.jsonl";
    ts_trace t;
    ts_trace_open(&t, std::fopen(path.c_str(), "wb"), nullptr, 8, 60);
    ts_trace_header_end(&t);
    ts_trace_frame(&t, 0);
    ts_trace_actor(&t, "a");
    ts_state_begin(&t, 1, 2, 0, 0);
    ts_state_end(&t);
    ts_trace_frame(&t, 1);
    ts_state_begin(&t, std::nan(""), 2, 0, 0);
    ts_state_end(&t);
    ASSERT_EQ(ts_trace_close(&t), 0);
    RecordedTrace rt;
    std::string error;
    EXPECT_FALSE(readTrace(path, &rt, &error));
    EXPECT_EQ(error, path + ": line 3: field \"x\": expected a number, found null");
}

// Issue 29: numbers in the fewest digits that read back as the same double (40.2 was written
// 40.200000000000003); 0.1 + 0.2 needs all 17.
TEST(TraceEmit, NumbersAreWrittenInTheirShortestExactText) {
    const std::string path = test::tempDir() + "/short.jsonl";
    ts_trace t;
    ts_trace_open(&t, std::fopen(path.c_str(), "wb"), nullptr, 8, 60);
    ts_trace_header_end(&t);
    ts_trace_frame(&t, 0);
    ts_trace_actor(&t, "a");
    ts_state_begin(&t, 40.2, 0.1 + 0.2, -1.5, 1e-7);
    ts_state_end(&t);
    ASSERT_EQ(ts_trace_close(&t), 0);
    const std::string text = test::readFile(path);
    EXPECT_NE(text.find("\"x\":40.2,\"y\":0.30000000000000004,\"vx\":-1.5,\"vy\":1e-07"),
              std::string::npos)
        << text;
}

TEST(TraceEmit, CallsOutOfOrderMakeCloseFail) {
    const std::string path = test::tempDir() + "/order.jsonl";
    ts_trace t;
    ts_trace_open(&t, std::fopen(path.c_str(), "wb"), nullptr, 16, 60);
    ts_trace_header_end(&t);
    ts_state_begin(&t, 1, 2, 0, 0);
    ts_probe_point(&t, TS_HIT, "inside a state line", 0, 0);
    EXPECT_EQ(ts_trace_close(&t), -1);
    ts_trace_open(&t, nullptr, nullptr, 16, 60);  // fopen failed
    EXPECT_EQ(ts_trace_close(&t), -1);
}

// A viewer that reads nothing (docs/emitters.md, "Connecting, refusals, a slow viewer"): the
// game never blocks, the emitter's buffer stays within TS_TRACE_BUFFER_BYTES by its own count,
// the frames that did not fit are dropped whole, counted and said once; the frames kept, read
// at last, are a valid trace of exactly the frames not dropped. The game's first poll, with the
// buffer full to its last byte, still sends `!control 1` after those frames: a control line is
// never dropped (lost, the game would run free although it polls).
TEST(TraceEmit, AViewerThatDoesNotReadNeverBlocksTheGameAndFramesPastTheBufferAreDropped) {
    const int listener = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof a;
    ASSERT_EQ(bind(listener, reinterpret_cast<sockaddr*>(&a), len), 0);
    ASSERT_EQ(listen(listener, 1), 0);
    ASSERT_EQ(getsockname(listener, reinterpret_cast<sockaddr*>(&a), &len), 0);
    const std::string dest = "tcp://127.0.0.1:" + std::to_string(ntohs(a.sin_port));
    // 1 KiB a frame, 40 MiB in all: far past what the loopback socket and the buffer hold.
    const std::string filler(1000, 'f');
    const long long frames = 40000;
    testing::internal::CaptureStderr();
    ts_trace t;
    ASSERT_EQ(ts_trace_open_dest(&t, dest.c_str(), nullptr, 16, 60), 0);
    ts_trace_header_end(&t);
    for (long long f = 0; f < frames; ++f) {
        ts_trace_frame(&t, f);
        ts_trace_actor(&t, "hero");
        ts_state_begin(&t, double(f), 0, 0, 0);
        // Near the bound, a frame of exactly the room left fills the buffer to its last byte:
        // the state line's text (docs/trace-format.md) with an empty filler is `bare` bytes.
        const size_t bare = std::string("{\"frame\":" + std::to_string(f) +
                                        ",\"actor\":\"hero\",\"x\":" + std::to_string(f) +
                                        ",\"y\":0,\"vx\":0,\"vy\":0,\"filler\":\"\"}\n")
                                .size();
        const size_t room = size_t(TS_TRACE_BUFFER_BYTES) - t.pend_len;
        ts_state_str(
            &t, "filler",
            room >= bare && room < 2200 ? std::string(room - bare, 'f').c_str() : filler.c_str());
        ts_state_end(&t);
    }
    ts_trace_frame(&t, frames);  // the last frame is whole
    EXPECT_GT(t.dropped, 0);
    ASSERT_EQ(t.pend_len, size_t(TS_TRACE_BUFFER_BYTES)) << "full to its last byte";
    EXPECT_GT(t.pend_peak, size_t(TS_TRACE_BUFFER_BYTES) - 2000);  // unsent (pend_len counts
    EXPECT_LE(t.pend_peak, size_t(TS_TRACE_BUFFER_BYTES));         // sent bytes kept a while)
    const long long dropped = t.dropped;
    // The first poll asks for control; nobody answers within its 2 s: the game runs freely.
    const ts_control c = ts_trace_poll(&t);
    EXPECT_EQ(c.advance, 1);
    EXPECT_EQ(c.driven, 0);
    EXPECT_EQ(t.dropped, dropped) << "the control line was dropped as a frame";
    // The viewer reads at last: what was kept arrives.
    std::string got;
    std::thread reader([&] {
        const int fd = accept(listener, nullptr, nullptr);
        char buf[65536];
        for (ssize_t n; (n = read(fd, buf, sizeof buf)) > 0;) got.append(buf, size_t(n));
        close(fd);
    });
    EXPECT_EQ(ts_trace_close(&t), 0);
    reader.join();
    close(listener);
    const std::string err = testing::internal::GetCapturedStderr();
    const std::string control = "\n!control 1\n";  // once, after the frames kept
    ASSERT_GE(got.size(), control.size());
    EXPECT_EQ(got.substr(got.size() - control.size()), control);
    EXPECT_EQ(got.find(control), got.size() - control.size());
    got.resize(got.size() - control.size() + 1);
    RecordedTrace trace;
    std::string error;
    ASSERT_TRUE(parseTrace(got, "sent", &trace, &error)) << error;
    EXPECT_EQ(trace.frameCount(), size_t(frames - dropped));
    EXPECT_NE(err.find("tilestep: the viewer is not keeping up: frames past the 1048576-byte "
                       "buffer are dropped"),
              std::string::npos)
        << err;
    EXPECT_NE(err.find("tilestep: " + std::to_string(dropped) + " frames dropped in all"),
              std::string::npos)
        << err;
    EXPECT_EQ(err.find("not keeping up"), err.rfind("not keeping up")) << "said once: " << err;
}

}  // namespace
}  // namespace ts
