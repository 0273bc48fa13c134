// TraceWriter and TstraceWriter (core/record): lines written from per-frame and per-actor
// text and repeated for an actor whose state did not change are the lines formatted from
// scratch. Expected lines written by hand from docs/trace-format.md.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "movers/model_fields.h"
#include "record/trace_writer.h"
#include "record/tstrace_writer.h"
#include "test_support.h"

namespace ts {
namespace {

MoverState someState() {
    MoverState s;
    s.x = Fix::fromInt(3) + Fix::ratio(1, 2);
    s.y = Fix::fromInt(-2);
    s.timer = 7;
    return s;
}

std::vector<std::string> lines(std::string_view text) {
    std::vector<std::string> out;
    size_t at = 0;
    while (at < text.size()) {
        const size_t end = text.find('\n', at);
        out.emplace_back(text.substr(at, end - at));
        at = end + 1;
    }
    return out;
}

const char kTail[] =
    ",\"actor\":\"hero\",\"x\":3.5,\"y\":-2,\"vx\":0,\"vy\":0,\"grounded\":false,\"facing\":"
    "\"none\",\"pushing\":false,\"air_frames\":7,\"remainder_x\":0.5,\"remainder_y\":0}";

TEST(TraceWriter, FrameNumbersCountOnAcrossEveryDigit) {
    TraceWriter w;
    // -1 first: no frame formatted yet is not a frame before 0.
    const std::vector<int64_t> frames = {
        -1,       0, 1, 9, 10, 11, 99, 100, 101, 999, 1000, 1001, 5, 99999, 100000, 1000000000000,
        INT64_MAX};
    std::vector<Actor> actors = {test::makeActor("hero", MoverKind(0), 0, 0, 12, 16)};
    std::vector<MoverState> states = {someState()};
    // Consecutive runs, jumps and a frame going back, through frame() and state().
    for (size_t i = 0; i < frames.size(); ++i) {
        if (i % 2)
            w.frame(frames[i], actors, states, nullptr);
        else
            w.state(frames[i], "hero", MoverKind(0), states[0]);
    }
    const std::vector<std::string> got = lines(w.text());
    ASSERT_EQ(got.size(), frames.size());
    for (size_t i = 0; i < frames.size(); ++i)
        EXPECT_EQ(got[i], "{\"frame\":" + std::to_string(frames[i]) + kTail);
}

TEST(TraceWriter, AnUnchangedStateRepeatsItsLineAndAChangedOneIsWrittenAfresh) {
    TraceWriter w;
    std::vector<Actor> actors = {test::makeActor("hero", MoverKind(0), 0, 0, 12, 16)};
    std::vector<MoverState> states = {someState()};
    w.frame(0, actors, states, nullptr);
    w.frame(1, actors, states, nullptr);
    std::string all(w.text());
    w.clear();  // what the line was copied from is gone
    w.frame(2, actors, states, nullptr);
    states[0].timer = 8;
    w.frame(3, actors, states, nullptr);
    actors[0].name = "h\"2";  // a new name for the same actor index
    w.frame(4, actors, states, nullptr);
    all += w.text();
    const std::vector<std::string> got = lines(all);
    ASSERT_EQ(got.size(), 5u);
    EXPECT_EQ(got[0], std::string("{\"frame\":0") + kTail);
    EXPECT_EQ(got[1], std::string("{\"frame\":1") + kTail);
    EXPECT_EQ(got[2], std::string("{\"frame\":2") + kTail);
    EXPECT_EQ(got[3],
              "{\"frame\":3,\"actor\":\"hero\",\"x\":3.5,\"y\":-2,\"vx\":0,\"vy\":0,\"grounded\":"
              "false,\"facing\":\"none\",\"pushing\":false,\"air_frames\":8,\"remainder_x\":0.5,"
              "\"remainder_y\":0}");
    EXPECT_EQ(got[4],
              "{\"frame\":4,\"actor\":\"h\\\"2\",\"x\":3.5,\"y\":-2,\"vx\":0,\"vy\":0,"
              "\"grounded\":false,\"facing\":\"none\",\"pushing\":false,\"air_frames\":8,"
              "\"remainder_x\":0.5,\"remainder_y\":0}");
}

// Standing actors of every model, written in one buffer or flushed and cleared after every
// frame (as `run` does every 64 KiB): the same bytes in both forms.
TEST(TraceWriter, BuffersClearedBetweenFramesGiveTheSameBytes) {
    std::vector<Actor> actors;
    std::vector<MoverState> states;
    for (int k = 0; k < 4; ++k) {
        actors.push_back(test::makeActor("a" + std::to_string(k), MoverKind(k), 20, 16, 8, 8));
        MoverState s;
        s.x = Fix::fromInt(20 + k) + Fix::ratio(1, 3);
        s.y = Fix::fromInt(16);
        s.w = s.h = 8;
        s.timer = k;
        s.aux = 3 * k;
        states.push_back(s);
    }
    TraceWriter whole, pieces;
    TstraceWriter compactWhole, compactPieces;
    std::string json, compact;
    for (int f = 0; f < 40; ++f) {
        if (f == 20) states[2].x += Fix::fromInt(1);  // one moves once
        whole.frame(f, actors, states, nullptr);
        pieces.frame(f, actors, states, nullptr);
        compactWhole.frame(f, actors, states, nullptr);
        compactPieces.frame(f, actors, states, nullptr);
        if (f % 3 == 0) {
            json += pieces.text();
            pieces.clear();
            compact += compactPieces.bytes();
            compactPieces.clear();
        }
    }
    json += pieces.text();
    compact += compactPieces.bytes();
    EXPECT_EQ(json, whole.text());
    EXPECT_TRUE(compact == compactWhole.bytes());
    // Each state line as state() formats it alone.
    const std::vector<std::string> got = lines(json);
    ASSERT_EQ(got.size(), 160u);
    EXPECT_EQ(got[4 * 39 + 2], stateJsonLine(39, "a2", MoverKind(2), states[2]));
    EXPECT_EQ(got[4 * 39 + 3], stateJsonLine(39, "a3", MoverKind(3), states[3]));
}

// The built-in movers' fields are written into the line without their describe function
// (issue 19): the same text as describe's values formatted by writeModelFields. Every
// built-in, from the registry: one without a fast path is written through describe.
TEST(TraceWriter, BuiltInMoversFieldsAreWhatTheirDescribeGives) {
    MoverState s;
    s.x = Fix::fromInt(3) + Fix::fromRaw(1);
    s.y = Fix::fromInt(-3) + Fix::ratio(3, 4);
    s.timer = 1 << 30;
    s.aux = -1;
    const std::string pixel = stateJsonLine(5, "a", MoverKind::PixelSweep, s);
    EXPECT_EQ(
        pixel.substr(pixel.find(",\"air_frames\"")),
        ",\"air_frames\":1073741824,\"remainder_x\":0.0000152587890625,\"remainder_y\":0.75}");
    const std::string top = stateJsonLine(5, "a", MoverKind::TopDownAabb, s);
    EXPECT_EQ(top.substr(top.find(",\"walk\"")), ",\"walk\":1073741824,\"nudge\":-1}");
    const std::string scan = stateJsonLine(5, "a", MoverKind::ScanlineSlide, s);
    EXPECT_EQ(scan.substr(scan.find(",\"blocked_scanlines\"")),
              ",\"blocked_scanlines\":1073741824,\"slide\":-0.0000152587890625}");

    const int64_t raws[] = {0, 1, -1, 65535, -65536, 12345678901, -98765, int64_t(1) << 40};
    for (int k = 0; k < builtinMoverCount(); ++k)
        for (int64_t r : raws) {
            s.x = Fix::fromRaw(r);
            s.y = Fix::fromRaw(-r * 3);
            s.timer = int32_t(r);
            s.aux = int32_t(r >> 3);
            ModelFields fields;
            moverInfo(MoverKind(k)).describe(s, fields);
            const std::string want = modelFieldsJson(fields) + "}";
            const std::string line = stateJsonLine(0, "a", MoverKind(k), s);
            ASSERT_GT(line.size(), want.size());
            EXPECT_EQ(line.substr(line.size() - want.size()), want)
                << "mover " << k << " raw " << r;
            EXPECT_EQ(line.substr(line.size() - want.size() - 5, 5), "false") << line;
        }
}

TEST(TraceWriter, EveryGroundedFacingAndPushingCombinationReadsAsItIs) {
    const struct {
        uint8_t facing;
        const char* name;
    } facings[] = {{0, "none"},    {DIR_LEFT, "left"}, {DIR_RIGHT, "right"},
                   {DIR_UP, "up"}, {DIR_DOWN, "down"}, {uint8_t(DIR_LEFT | DIR_UP), "none"}};
    for (int g = 0; g < 2; ++g)
        for (const auto& f : facings)
            for (int q = 0; q < 2; ++q) {
                MoverState s;
                s.grounded = g;
                s.facing = f.facing;
                s.pushing = q;
                const std::string want =
                    std::string(",\"grounded\":") + (g ? "true" : "false") + ",\"facing\":\"" +
                    f.name + "\",\"pushing\":" + (q ? "true" : "false") + ",\"walk\":0,";
                for (int k = 0; k < 4; ++k) {
                    const std::string line = stateJsonLine(1, "a", MoverKind(k), s);
                    const std::string head = want.substr(0, want.size() - 10);
                    EXPECT_NE(line.find(head + ","), std::string::npos) << line;
                    if (k == int(MoverKind::TopDownAabb)) {
                        EXPECT_NE(line.find(want), std::string::npos) << line;
                    }
                }
            }
}

}  // namespace
}  // namespace ts
