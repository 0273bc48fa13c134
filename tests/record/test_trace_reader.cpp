// core/record/trace_reader.h and core/record/trace_writer.h: what the writer prints the reader
// reads back unchanged (states and probes of every model), exact decimals, and every kind of bad or
// truncated trace gives an error naming the line and the field, never a crash.
#include <gtest/gtest.h>

#include <cmath>

#include "base/json_text.h"
#include "sim/sim.h"
#include "../../oracles/splitmix.h"
#include "test_support.h"
#include "record/recorded_frames.h"
#include "record/trace_reader.h"
#include "record/trace_stream.h"
#include "record/trace_writer.h"

namespace ts {
namespace {

const char kHeader[] = "{\"tilestep_trace\":1,\"tile_size\":16,\"rate\":60,\"actors\":[]}\n";

std::string parseError(const std::string& text, const TraceLimits& limits = {}) {
    RecordedTrace t;
    std::string error;
    if (parseTrace(text, "t.jsonl", &t, &error, limits)) return "(parsed)";
    return error;
}

TEST(TraceText, FixedPointTextIsExact) {
    // Worked out by hand: 2^-16 has 16 decimals; -3.5; the largest 48.16 value.
    std::string s;
    appendFix(s, Fix::fromRaw(1));
    EXPECT_EQ(s, "0.0000152587890625");
    s.clear();
    appendFix(s, Fix::ratio(-7, 2));
    EXPECT_EQ(s, "-3.5");
    s.clear();
    appendFix(s, Fix::fromRaw(INT64_MAX));
    EXPECT_EQ(s, "140737488355327.9999847412109375");
    s.clear();
    appendInt(s, INT64_MIN);
    EXPECT_EQ(s, "-9223372036854775808");
    // And the same text as Fix::str for many values (str is the reference, kept as it was).
    SplitMix64 rng(7);
    for (int i = 0; i < 20000; ++i) {
        const Fix v = Fix::fromRaw(int64_t(rng.next()) >> int(rng.range(0, 62)));
        s.clear();
        appendFix(s, v);
        ASSERT_EQ(s, v.str()) << v.raw;
        TraceField f;
        ASSERT_TRUE(parseTraceNumber(s, &f) || std::abs(v.toDouble()) >= 70368744177664.0) << s;
        if (std::abs(v.toDouble()) < 70368744177664.0) {
            EXPECT_TRUE(f.exact) << s;
            EXPECT_EQ(f.fix, v) << s;
        }
    }
}

TEST(TraceText, NumbersParseExactlyWhenTheyAreMultiplesOf65536ths) {
    TraceField f;
    ASSERT_TRUE(parseTraceNumber("1.5e1", &f));
    EXPECT_TRUE(f.exact);
    EXPECT_EQ(f.fix, Fix::fromInt(15));
    ASSERT_TRUE(parseTraceNumber("-0.25000", &f));
    EXPECT_TRUE(f.exact);
    EXPECT_EQ(f.fix, Fix::ratio(-1, 4));
    ASSERT_TRUE(parseTraceNumber("0.1", &f));
    EXPECT_FALSE(f.exact);
    EXPECT_EQ(f.fix, Fix::fromRaw(6554));  // 0.1 * 65536 = 6553.6
    EXPECT_EQ(f.number, 0.1);
    EXPECT_FALSE(parseTraceNumber("1e300", &f));
    EXPECT_FALSE(parseTraceNumber("-70368744177664", &f));  // -2^46
    EXPECT_FALSE(parseTraceNumber("1e400", &f));            // past a double, too
}

// Issue 28: a number too small for a double ("x":1e-400) was refused as "outside +-2^46".
// It is a number near 0: its nearest 48.16 value is 0, and it is not exactly 0. (The last
// two are a double's denormals, which were read already: the same answer.)
TEST(TraceText, ANumberTooSmallForADoubleIsNearZero) {
    for (const char* tiny : {"1e-400", "-1e-400", "4.9e-330", "0.5e-320"}) {
        SCOPED_TRACE(tiny);
        TraceField f;
        ASSERT_TRUE(parseTraceNumber(tiny, &f));
        EXPECT_FALSE(f.exact);
        EXPECT_EQ(f.fix, Fix::fromRaw(0));
        EXPECT_LT(std::fabs(f.number), 1e-300);  // 0, or the denormal a double holds
        EXPECT_EQ(f.text, tiny);                 // kept as written
    }
    RecordedTrace t;
    std::string error;
    EXPECT_TRUE(
        parseTrace("{\"tilestep_trace\":1}\n{\"frame\":0,\"actor\":\"a\",\"x\":1e-400,\"y\":2}\n",
                   "t.jsonl", &t, &error))
        << error;
}

// A map where every model emits probes: one actor per mover walking right.
Map fourMovers() {
    Map m = test::mapFromRows({"################", "#..............#", "#..#.......=...#",
                               "#..............#", "#......##......#", "################"});
    m.actors = {test::makeActor("plat", MoverKind::PixelSweep, 20, 20, 12, 12),
                test::makeActor("ball \"b\"", MoverKind::GridWalls, 60, 40, 10, 10),
                test::makeActor("link", MoverKind::TopDownAabb, 100, 50, 12, 12),
                test::makeActor("bomb", MoverKind::ScanlineSlide, 150, 20, 14, 14)};
    return m;
}

TEST(TraceReader, ReadsBackWhatTheWriterWrote) {
    const Map m = fourMovers();
    Sim sim(m);
    Trace trace;
    TraceWriter w;
    w.header(traceHeaderFor(m, "maps/four.json"));
    std::vector<std::vector<MoverState>> states;
    std::vector<std::vector<Probe>> probes;
    std::vector<InputBits> keys(m.actors.size());
    for (int64_t f = 0; f < 60; ++f) {
        for (size_t a = 0; a < keys.size(); ++a)
            keys[a] = InputBits(f < 30 ? KEY_R : KEY_L | KEY_D | (f % 7 == 0 ? KEY_J : 0));
        sim.step(keys, &trace);
        w.frame(f, m.actors, sim.states(), &trace);
        states.push_back(sim.states());
        probes.push_back(trace.probes);
    }
    RecordedTrace t;
    std::string error;
    ASSERT_TRUE(parseTrace(std::string(w.text()), "mem", &t, &error)) << error;
    EXPECT_EQ(t.header.map, "maps/four.json");
    EXPECT_EQ(t.header.width, 16);
    EXPECT_EQ(t.header.height, 6);
    ASSERT_EQ(t.actors.size(), 4u);
    EXPECT_EQ(t.actors[1].name, "ball \"b\"");
    EXPECT_EQ(t.actors[1].mover, "grid_walls");
    EXPECT_TRUE(t.actors[1].round);
    ASSERT_EQ(t.frameCount(), 60u);
    size_t probeCount = 0;
    for (size_t f = 0; f < 60; ++f) {
        const RecordedFrame fr = t.frame(f);
        ASSERT_EQ(fr.states.size(), 4u);
        for (size_t a = 0; a < 4; ++a) {
            const MoverState& want = states[f][a];
            const MoverState& got = fr.states[a].state;
            EXPECT_EQ(fr.states[a].actor, a);
            EXPECT_EQ(got.x, want.x);
            EXPECT_EQ(got.y, want.y);
            EXPECT_EQ(got.vx, want.vx);
            EXPECT_EQ(got.vy, want.vy);
            EXPECT_EQ(got.grounded, want.grounded);
            EXPECT_EQ(got.pushing, want.pushing);
            EXPECT_EQ(got.facing, want.facing);
            EXPECT_EQ(got.w, want.w);
        }
        ASSERT_EQ(fr.probes.size(), probes[f].size()) << "frame " << f;
        for (size_t i = 0; i < fr.probes.size(); ++i) {
            // The writer groups probes by actor, as the sim emits them.
            EXPECT_EQ(probeJson(fr.probes[i].probe), probeJson(probes[f][i]));
            EXPECT_EQ(fr.probes[i].probe.actor, probes[f][i].actor);
        }
        probeCount += fr.probes.size();
    }
    EXPECT_GT(probeCount, 500u);
}

TEST(TraceReader, BadTracesNameTheLineAndTheField) {
    const std::string h = kHeader;
    const std::string s = "{\"frame\":0,\"actor\":\"a\",\"x\":1,\"y\":2}\n";
    struct Case {
        std::string text, error;
    } cases[] = {
        {"", "t.jsonl: empty file: expected the header line {\"tilestep_trace\":1,...}"},
        {s,
         "t.jsonl: line 1: expected the header {\"tilestep_trace\":1,...} first (a trace from "
         "an older tilestep? run it again)"},
        {"{\"tilestep_trace\":2}\n",
         "t.jsonl: line 1: field \"tilestep_trace\": version 2 is newer than this tilestep reads "
         "(1)"},
        {"{\"tilestep_trace\":1,\"tile_size\":0}\n",
         "t.jsonl: line 1: field \"tile_size\": 0 is outside 1..4096"},
        {"{\"tilestep_trace\":1,\"actors\":[{\"name\":\"a\"},{\"name\":\"a\"}]}\n",
         "t.jsonl: line 1: field \"actors[1].name\": 'a' named twice"},
        {h + s + "{\"frame\":0,\"actor\":\"a\",\"x\":1,\"y\":",
         "t.jsonl: line 3: column 34: the line ends where a value should be (the file ends "
         "without a newline: truncated?)"},
        {h + s + "{\"frame\":1,\"actor\":\"a\",\"x\":1 \"y\":2}\n",
         "t.jsonl: line 3: column 30: expected ',' or '}'"},
        {h + "[1,2]\n", "t.jsonl: line 2: expected an object {...}, found an array"},
        {h + "{\"frame\":3,\"actor\":\"a\",\"x\":1,\"y\":2}\n" + s,
         "t.jsonl: line 3: field \"frame\": 0 after frame 3 (frames must not go back)"},
        {h + s + s, "t.jsonl: line 3: a second state line of actor 'a' in frame 0"},
        {h + "{\"frame\":0,\"actor\":\"a\",\"y\":2}\n", "t.jsonl: line 2: field \"x\": missing"},
        {h + "{\"frame\":0.5,\"actor\":\"a\",\"x\":1,\"y\":2}\n",
         "t.jsonl: line 2: field \"frame\": expected a whole number, found 0.5"},
        {h + "{\"frame\":0,\"actor\":7,\"x\":1,\"y\":2}\n",
         "t.jsonl: line 2: field \"actor\": expected a string, found a number"},
        {h + "{\"frame\":0,\"actor\":\"a\",\"x\":\"1\",\"y\":2}\n",
         "t.jsonl: line 2: field \"x\": expected a number, found a string"},
        {h + "{\"frame\":0,\"actor\":\"a\",\"x\":1e99,\"y\":2}\n",
         "t.jsonl: line 2: field \"x\": 1e99 is outside +-2^46"},
        {h + "{\"frame\":0,\"actor\":\"a\",\"x\":1,\"y\":2,\"grounded\":1}\n",
         "t.jsonl: line 2: field \"grounded\": expected true or false, found a number"},
        {h + "{\"frame\":0,\"actor\":\"a\",\"x\":1,\"y\":2,\"facing\":\"north\"}\n",
         "t.jsonl: line 2: field \"facing\": expected \"left\", \"right\", \"up\", \"down\" or "
         "\"none\""},
        {h + "{\"frame\":0,\"actor\":\"a\",\"x\":1,\"y\":2,\"more\":{}}\n",
         "t.jsonl: line 2: field \"more\": an object (a state line holds numbers, strings, true, "
         "false, null)"},
        {h + "{\"frame\":0,\"actor\":\"a\",\"probe\":{\"kind\":\"blob\"}}\n",
         "t.jsonl: line 2: field \"probe.kind\": unknown kind 'blob' (point, rect, segment, cell, "
         "band, arrow, value, text)"},
        {h + "{\"frame\":0,\"actor\":\"a\",\"probe\":{\"kind\":\"point\",\"x\":1}}\n",
         "t.jsonl: line 2: field \"probe.y\": missing"},
        {h + "{\"frame\":0,\"actor\":\"a\",\"probe\":{\"kind\":\"point\",\"x\":1,\"y\":1,"
             "\"x1\":2}}\n",
         "t.jsonl: line 2: field \"probe.x1\": not part of a point probe"},
        {h + "{\"frame\":0,\"actor\":\"a\",\"probe\":{\"kind\":\"rect\",\"verdict\":\"maybe\"}}\n",
         "t.jsonl: line 2: field \"probe.verdict\": unknown verdict 'maybe' (miss, hit, pass, "
         "block, info)"},
        {h + "{\"frame\":0,\"actor\":\"a\",\"x\":1,\"y\":2}{}\n",
         "t.jsonl: line 2: column 36: unexpected text after the value"},
        {h + h, "t.jsonl: line 2: a second header line"},
        {h + std::string(40, '[') + "\n", "t.jsonl: line 2: column 9: nested deeper than 8"},
    };
    for (const Case& c : cases) EXPECT_EQ(parseError(c.text), c.error) << c.text;
}

TEST(TraceReader, SizesAreCapped) {
    TraceLimits small;
    small.maxLineBytes = 64;
    small.maxFrames = 2;
    small.maxActors = 1;
    small.maxProbes = 1;
    const std::string h = "{\"tilestep_trace\":1}\n";
    EXPECT_EQ(parseError(h + "{\"frame\":0,\"actor\":\"" + std::string(100, 'a') + "\"}\n", small),
              "t.jsonl: line 2: longer than 64 bytes");
    std::string frames = h;
    for (int f = 0; f < 3; ++f)
        frames += "{\"frame\":" + std::to_string(f) + ",\"actor\":\"a\",\"x\":1,\"y\":2}\n";
    EXPECT_EQ(parseError(frames, small), "t.jsonl: line 4: more than 2 frames");
    EXPECT_EQ(parseError(h + "{\"frame\":0,\"actor\":\"a\",\"x\":1,\"y\":2}\n" +
                             "{\"frame\":0,\"actor\":\"b\",\"x\":1,\"y\":2}\n",
                         small),
              "t.jsonl: line 3: more than 1 actors");
    const std::string p =
        "{\"frame\":0,\"actor\":\"a\",\"probe\":{\"kind\":\"point\",\"x\":1,\"y\":1}}\n";
    small.maxLineBytes = 1000;
    EXPECT_EQ(parseError(h + p + p, small), "t.jsonl: line 3: more than 1 probes");
}

// A JSON trace whose every line brings a new text value: the string table's memory, not the
// file's bytes, is what the cap counts (1 MiB here: about 96 bytes a short string held, so
// 20 000 new strings are over it and 5 000 are not).
TEST(TraceReader, DistinctStringsAreCappedByTheirMemory) {
    TraceLimits small;
    small.maxStringMemory = size_t(1) << 20;
    auto lines = [](int n) {
        std::string t = "{\"tilestep_trace\":1}\n";
        for (int f = 0; f < n; ++f)
            t += "{\"frame\":" + std::to_string(f) +
                 ",\"actor\":\"a\",\"x\":1,\"y\":2,\"note\":\"n" + std::to_string(f) + "\"}\n";
        return t;
    };
    const std::string e = parseError(lines(20000), small);
    EXPECT_EQ(e.rfind("t.jsonl: line ", 0), 0u) << e;
    EXPECT_NE(e.find(": the trace's distinct strings (keys, text values, kept number texts, actor "
                     "names, probe kinds) would take more than 1 MiB of memory"),
              std::string::npos)
        << e;
    const long line = std::stol(e.substr(std::string("t.jsonl: line ").size()));
    EXPECT_GT(line, 5000);
    EXPECT_LT(line, 20001);
    RecordedTrace t;
    std::string error;
    EXPECT_TRUE(parseTrace(lines(5000), "t.jsonl", &t, &error, small)) << error;
    // The same cap for a live stream (view --listen).
    RecordedTrace live;
    TraceStream stream(&live, small);
    const std::string text = lines(20000);
    EXPECT_FALSE(stream.feed(text.data(), text.size(), &error));
    EXPECT_NE(error.find("would take more than 1 MiB"), std::string::npos) << error;
}

TEST(TraceReader, MangledTracesGiveAnErrorOrAResultNeverACrash) {
    // Random byte flips, cuts and insertions in a real trace (run under ASan in CI).
    const Map m = fourMovers();
    Sim sim(m);
    Trace trace;
    TraceWriter w;
    w.header(traceHeaderFor(m, "maps/four.json"));
    for (int64_t f = 0; f < 6; ++f) {
        sim.step(std::vector<InputBits>(m.actors.size(), KEY_R | KEY_J), &trace);
        w.frame(f, m.actors, sim.states(), &trace);
    }
    const std::string good(w.text());
    const char kBytes[] = "{}[]\":,.-+eE0123456789aztrufnl \\\n\x01\xff";
    SplitMix64 rng(11);
    int failures = 0;
    for (int i = 0; i < 3000; ++i) {
        std::string text = good;
        for (int k = int(rng.range(1, 4)); k > 0 && !text.empty(); --k) {
            const size_t at = size_t(rng.range(0, int64_t(text.size()) - 1));
            const char c = kBytes[rng.range(0, int64_t(sizeof kBytes) - 2)];
            switch (rng.range(0, 2)) {
                case 0:
                    text[at] = c;
                    break;
                case 1:
                    text.insert(at, 1, c);
                    break;
                default:
                    text.resize(at);
            }
        }
        RecordedTrace t;
        std::string error;
        if (!parseTrace(text, "t.jsonl", &t, &error)) {
            ++failures;
            ASSERT_EQ(error.rfind("t.jsonl: ", 0), 0u) << error;
            ASSERT_NE(error.find("line "), std::string::npos) << error;
        }
    }
    EXPECT_GT(failures, 1000);  // most mangled traces are errors, with their line
}

TEST(TraceReader, BlankLinesAndAFinalLineWithoutNewlineAreFine) {
    RecordedTrace t;
    std::string error;
    ASSERT_TRUE(parseTrace(std::string(kHeader) +
                               "\n{\"frame\":4,\"actor\":\"a\",\"x\":1,\"y\":2}\r\n\n"
                               "{\"frame\":9,\"actor\":\"a\",\"x\":1.5,\"y\":2,\"note\":null}",
                           "t", &t, &error))
        << error;
    ASSERT_EQ(t.frameCount(), 2u);
    EXPECT_EQ(t.frame(1).frame, 9);
    EXPECT_EQ(t.frame(1).states[0].state.x, Fix::ratio(3, 2));
    EXPECT_EQ(t.frame(1).states[0].line, 5);
    const std::string missing = test::tempDir() + "/none.jsonl";
    EXPECT_FALSE(readTrace(missing, &t, &error));
    EXPECT_EQ(error, missing + ": cannot read the trace (No such file or directory)");
}

TEST(TraceStream, BytesInAnyPiecesGiveTheSameFramesAsTheWholeText) {
    const std::string text = std::string(kHeader) +
                             "{\"frame\":0,\"actor\":\"a\",\"x\":1,\"y\":2}\n"
                             "{\"frame\":0,\"actor\":\"b\",\"x\":3,\"y\":4}\n"
                             "{\"frame\":2,\"actor\":\"a\",\"x\":1.5,\"y\":2}\n";
    RecordedTrace live;
    TraceStream stream(&live);
    std::string error;
    // One byte at a time: frames appear as their lines complete.
    for (size_t i = 0; i < text.size(); ++i) {
        ASSERT_TRUE(stream.feed(&text[i], 1, &error)) << error;
        if (i + 1 == text.find("{\"frame\":2")) {
            EXPECT_EQ(live.frameCount(), 1u);
        }
        if (i + 1 == text.size() - 1) {
            EXPECT_EQ(live.frameCount(), 1u);  // before its '\n'
        }
    }
    ASSERT_TRUE(stream.finish(&error)) << error;
    ASSERT_EQ(live.frameCount(), 2u);
    EXPECT_EQ(live.frame(0).states.size(), 2u);
    EXPECT_EQ(live.frame(1).states[0].state.x, Fix::ratio(3, 2));
    EXPECT_EQ(live.actors.size(), 2u);
    EXPECT_EQ(stream.lines(), 4);
}

TEST(TraceStream, AHalfLineAtTheEndIsAnError) {
    RecordedTrace live;
    TraceStream stream(&live);
    std::string error;
    const std::string text = std::string(kHeader) + "{\"frame\":0,\"act";
    ASSERT_TRUE(stream.feed(text.data(), text.size(), &error)) << error;
    EXPECT_EQ(stream.pendingBytes(), 15u);
    EXPECT_FALSE(stream.finish(&error));
    EXPECT_EQ(error, "line 2: the stream ended 15 bytes into the line (no '\\n': a half line)");
}

// `view --listen`: the frames shown grow only by extend(), over the compact trace's own index.
// A live stream tells a level restart (a frame going back, a second header) from any other
// refused line by its type, not by the error's words (app/cli/trace_listener).
TEST(TraceStream, ARefusedLineSaysWhetherItIsARestart) {
    const std::string frame5 = "{\"frame\":5,\"actor\":\"a\",\"x\":1,\"y\":2}\n";
    struct Case {
        std::string line;
        TraceLineFault fault;
    } cases[] = {
        {"{\"frame\":4,\"actor\":\"a\",\"x\":1,\"y\":2}\n", TraceLineFault::FrameBack},
        {"{\"frame\":4,\"actor\":\"a\",\"probe\":{\"kind\":\"point\",\"verdict\":\"hit\",\"why\":"
         "\"w\","
         "\"x\":1,\"y\":2}}\n",
         TraceLineFault::FrameBack},
        {kHeader, TraceLineFault::SecondHeader},
        {"{\"frame\":6,\"actor\":\"a\",\"x\":\"one\",\"y\":2}\n", TraceLineFault::Other},
        {frame5, TraceLineFault::Other},  // a second state line in frame 5
    };
    for (const Case& c : cases) {
        RecordedTrace live;
        TraceStream stream(&live);
        std::string error;
        const std::string start = std::string(kHeader) + frame5;
        ASSERT_TRUE(stream.feed(start.data(), start.size(), &error)) << error;
        EXPECT_EQ(stream.lastFault(), TraceLineFault::Other);
        EXPECT_FALSE(stream.feed(c.line.data(), c.line.size(), &error)) << c.line;
        EXPECT_EQ(stream.lastFault(), c.fault) << c.line << error;
    }
}

TEST(TraceStream, FramesShownGrowByExtendTheLastFrameGivenMoreLinesAndANewActor) {
    auto live = std::make_shared<RecordedTrace>();
    TraceStream stream(live.get());
    std::string error;
    auto feed = [&](const std::string& text) {
        ASSERT_TRUE(stream.feed(text.data(), text.size(), &error)) << error;
    };
    feed(std::string(kHeader) + "{\"frame\":0,\"actor\":\"a\",\"x\":1,\"y\":0}\n" +
         "{\"frame\":1,\"actor\":\"a\",\"x\":2,\"y\":0}\n");
    RecordedFrames shown(live);
    ASSERT_EQ(shown.length(), 2);
    shown.seek(2, nullptr);  // frame 1 decoded while it is the last one
    EXPECT_EQ(shown.states()[0].x, Fix::fromInt(2));

    // Frame 1 gets a line of a new actor b, and frame 2 arrives.
    feed(
        "{\"frame\":1,\"actor\":\"b\",\"x\":5,\"y\":0}\n"
        "{\"frame\":2,\"actor\":\"a\",\"x\":3,\"y\":0}\n");
    EXPECT_EQ(shown.length(), 2);  // not shown before extend()
    shown.extend();
    ASSERT_EQ(shown.length(), 3);
    EXPECT_EQ(shown.position(), 2);  // the position stays
    ASSERT_EQ(shown.states().size(), 2u);
    EXPECT_EQ(shown.states()[0].x, Fix::fromInt(2));
    EXPECT_EQ(shown.states()[1].x, Fix::fromInt(5));  // b's line, added to frame 1 after it showed
    const std::optional<RecordedState> b = shown.stateLine(1, 2);
    ASSERT_TRUE(b.has_value());
    EXPECT_EQ(b->line, 4);
    shown.seek(1, nullptr);  // before b's first line it waits there
    EXPECT_EQ(shown.states()[1].x, Fix::fromInt(5));
    shown.seek(3, nullptr);
    EXPECT_EQ(shown.states()[0].x, Fix::fromInt(3));
    EXPECT_EQ(shown.frameNumber(3), 2);
}

}  // namespace
}  // namespace ts
