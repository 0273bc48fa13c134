// A trace in view's memory stays near 100 bytes a frame (issue 21) when the game's numbers are
// floats and doubles as its emitter prints them, nearly every one a number never seen before
// (they used to go to the string table, about 700 bytes a frame), and every number reads back
// as it was written.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "record/recorded_trace.h"
#include "record/trace_reader.h"

namespace ts {
namespace {

const std::string kHeader =
    "{\"tilestep_trace\":1,\"tile_size\":16,\"rate\":60,\"actors\":[{\"name\":\"hero\","
    "\"mover\":\"my_game\",\"w\":12,\"h\":16,\"round\":false}]}\n";

// A double-precision game drifting along a long level, x and vx printed as C's trace_emit.h
// does ("%.17g"), y and vy as Python's repr (the shortest text; here through "%.16g" or
// "%.17g", whichever reads back), a float as a float32 game's emitter prints it.
std::string driftingGame(int frames) {
    auto shortest = [](double v) {
        char buf[40];
        for (int digits = 1; digits <= 17; ++digits) {
            std::snprintf(buf, sizeof buf, "%.*g", digits, v);
            if (std::strtod(buf, nullptr) == v) break;
        }
        return std::string(buf);
    };
    std::string t = kHeader;
    double x = 16;
    float f = 1;
    char buf[64];
    for (int i = 0; i < frames; ++i) {
        const double vx = 1.7 + 0.3 * std::sin(i / 50.0);
        x += vx;
        f = f * 1.0001f + 0.1f;
        t += "{\"frame\":" + std::to_string(i) + ",\"actor\":\"hero\",\"x\":";
        std::snprintf(buf, sizeof buf, "%.17g", x);
        t += buf;
        t += ",\"y\":" + shortest(100 + 40 * std::sin(i / 17.0));
        t += ",\"vx\":";
        std::snprintf(buf, sizeof buf, "%.17g", vx);
        t += buf;
        t += ",\"vy\":" + shortest(2 * std::cos(i / 17.0)) + ",\"spin\":" + shortest(f) +
             ",\"grounded\":false}\n";
    }
    return t;
}

TEST(RecordedTraceMemory, FloatAndDoubleNumbersStayUnder100BytesAFrame) {
    const int frames = 20000;
    const std::string text = driftingGame(frames);
    RecordedTrace t;
    std::string error;
    ASSERT_TRUE(parseTrace(text, "t.jsonl", &t, &error)) << error;
    ASSERT_EQ(t.frameCount(), size_t(frames));
    t.shrink();
    EXPECT_LT(t.residentBytes(), size_t(100) * frames)
        << double(t.residentBytes()) / frames << " bytes a frame";
}

TEST(RecordedTraceMemory, EveryNumberReadsBackAsWritten) {
    const std::string text = driftingGame(3) +
                             "{\"frame\":3,\"actor\":\"hero\",\"x\":16.1299991607666,\"y\":"
                             "0.10000000000000001,\"vx\":100.0,\"vy\":1e-05,\"a\":1.50,"
                             "\"b\":-0.0,\"c\":2.5e+10,\"d\":0.1}\n";
    RecordedTrace t;
    std::string error;
    ASSERT_TRUE(parseTrace(text, "t.jsonl", &t, &error)) << error;
    std::string back;
    for (size_t i = 0; i < t.frameCount(); ++i)
        for (const RecordedState& s : t.frame(i).states)
            for (const TraceField& f : s.fields) back += f.key + "=" + f.text + " ";
    EXPECT_NE(back.find("x=16.1299991607666 y=0.10000000000000001 vx=100.0 vy=1e-05 a=1.50 "
                        "b=-0.0 c=2.5e+10 d=0.1 "),
              std::string::npos)
        << back;
    const std::string frame2 = driftingGame(3);
    const size_t x2 = frame2.find("\"frame\":2,\"actor\":\"hero\",\"x\":") + 29;
    EXPECT_NE(back.find("x=" + frame2.substr(x2, frame2.find(',', x2) - x2)), std::string::npos)
        << back;
}

}  // namespace
}  // namespace ts
