// core/record/tstrace_writer.h and the .tstrace reader behind trace_source.h: a file built
// byte by byte from docs/trace-format.md reads back as the lines it stands for, the writer's
// files read back as the JSON they came from, and mangled files (cut anywhere, absurd
// counts) give an error naming the file and the offset, never a crash or a huge allocation.
#include <gtest/gtest.h>

#include <cstring>

#include "base/json_text.h"
#include "record/detail/state_fields.h"
#include "record/recorded_frames.h"
#include "record/trace_reader.h"
#include "record/trace_source.h"
#include "record/trace_writer.h"
#include "record/tstrace_writer.h"
#include "sim/sim.h"
#include "test_support.h"
#include "tstrace_bytes.h"
#include "../../oracles/splitmix.h"

namespace ts {
namespace {

using namespace tstrace_bytes;

// The file of docs/trace-format.md's example, byte by byte.
std::string handBuilt() {
    std::string f = fileStart(1);
    f += std::string("\x01\x01x", 3);     // string 0: "x"
    f += std::string("\x01\x01y", 3);     // string 1: "y"
    f += std::string("\x01\x04note", 6);  // string 2: "note"
    f += std::string(
        "\x01\x03"
        "0.1",
        5);                           // string 3: "0.1"
    f += std::string("\x03\x05", 2);  // frame 0 + 5
    // state of actor 0, 3 fields: x = 1.5 (raw 98304, zigzag 196608 = 0x30000),
    // y = -2 (raw -131072, zigzag 262143), note = the literal "0.1".
    f += std::string("\x04\x00\x03", 3);
    f += std::string("\x03\x80\x80\x0c", 4);
    f += std::string("\x0b\xff\xff\x0f", 4);
    f += std::string("\x14\x03", 2);
    // probe of actor 0: rect (1) | hit (1) << 4, why "x", 0 0 2 1 px.
    f += std::string("\x05\x00\x11\x00\x00\x00\x80\x80\x10\x80\x80\x08", 12);
    f += std::string("\x06\x02", 2);  // the end: 2 lines
    return f;
}

TEST(Tstrace, OnlyTheTextTilestepWritesIsKeptAsARawValue) {
    // Fix::str is the reference for the text (test_trace_reader checks it by hand).
    SplitMix64 rng(11);
    for (int i = 0; i < 20000; ++i) {
        const Fix v = Fix::fromRaw(int64_t(rng.next()) >> int(rng.range(17, 62)));
        const std::string text = v.str();
        int64_t raw = 0;
        ASSERT_TRUE(canonicalFixText(text.data(), text.size(), &raw)) << text;
        EXPECT_EQ(raw, v.raw) << text;
    }
    for (const char* other : {"1.50", "01", "-0", "1e2", "0.", ".5", "+1", "1.00000000000000001",
                              "100000000000000", "0.1", ""}) {
        int64_t raw = 0;
        EXPECT_FALSE(canonicalFixText(other, std::strlen(other), &raw)) << other;
    }
}

// The reader's one-pass form: the number at the start of a line's remainder and its length.
TEST(Tstrace, ANumberAtTheStartOfTextIsReadUpToItsEnd) {
    size_t used = 0;
    int64_t raw = 0;
    ASSERT_TRUE(canonicalFixPrefix("-12.5,\"y\":1}", 13, &used, &raw));
    EXPECT_EQ(used, 5u);
    EXPECT_EQ(raw, -(12 * 65536 + 32768));
    ASSERT_TRUE(canonicalFixPrefix("7}", 2, &used, &raw));
    EXPECT_EQ(used, 1u);
    EXPECT_EQ(raw, 7 * 65536);
    ASSERT_TRUE(canonicalFixPrefix("0.0000152587890625", 18, &used, &raw));
    EXPECT_EQ(used, 18u);
    EXPECT_EQ(raw, 1);
    // Not as tilestep writes it: a trailing zero, a leading zero, 17 decimals, no digits.
    for (const char* other : {"1.50,", "01,", "0.00001525878906250}", ",", "-}", "1.,"})
        EXPECT_FALSE(canonicalFixPrefix(other, std::strlen(other), &used, &raw)) << other;
}

TEST(Tstrace, AFileBuiltFromTheDocsReadsBackAsItsLines) {
    std::string error;
    EXPECT_EQ(asJson(handBuilt(), &error),
              kHeader + "\n" +
                  "{\"frame\":5,\"actor\":\"hero\",\"x\":1.5,\"y\":-2,\"note\":0.1}\n"
                  "{\"frame\":5,\"actor\":\"hero\",\"probe\":{\"kind\":\"rect\",\"verdict\":"
                  "\"hit\",\"why\":\"x\",\"x0\":0,\"y0\":0,\"x1\":2,\"y1\":1}}\n")
        << error;
    RecordedTrace t;
    ASSERT_TRUE(parseTrace(handBuilt(), "t.tstrace", &t, &error)) << error;
    ASSERT_EQ(t.frameCount(), 1u);
    const RecordedFrame f = t.frame(0);
    ASSERT_EQ(f.states.size(), 1u);
    EXPECT_EQ(f.states[0].state.x, Fix::ratio(3, 2));
    EXPECT_EQ(f.states[0].state.y, Fix::fromInt(-2));
    EXPECT_EQ(f.states[0].state.w, 12);  // the header's size
    EXPECT_EQ(f.states[0].line, 2);      // the header is line 1
    EXPECT_FALSE(f.states[0].fields[2].exact);
    EXPECT_EQ(f.states[0].fields[2].number, 0.1);
    ASSERT_EQ(f.probes.size(), 1u);
    EXPECT_EQ(f.probes[0].line, 3);
    EXPECT_EQ(f.probes[0].probe.x1, Fix::fromInt(2));
}

// A run of a map of four actors with probes, as JSON lines and as .tstrace from run's path.
struct TwoForms {
    std::string json, compact;
};
TwoForms fourActorRun(int frames, size_t actors = 4, bool probes = true) {
    Map m = test::mapFromRows({"################", "#..............#", "#..............#",
                               "#..............#", "################"});
    m.actors.push_back(test::makeActor("hero", MoverKind(0), 20, 20, 12, 16));
    m.actors.push_back(test::makeActor("b", MoverKind(1), 100, 20, 16, 16));
    m.actors.push_back(test::makeActor("c", MoverKind(2), 150, 20, 10, 10));
    m.actors.push_back(test::makeActor("d", MoverKind(3), 200, 20, 16, 16));
    m.actors.resize(actors);
    Sim sim(m);
    Trace trace;
    Trace* traced = probes ? &trace : nullptr;
    TraceWriter json;
    TstraceWriter compact;
    json.header(traceHeaderFor(m, "four.json"));
    compact.header(traceHeaderFor(m, "four.json"));
    std::vector<InputBits> keys(m.actors.size(), 0);
    for (int f = 0; f < frames; ++f) {
        for (size_t a = 0; a < keys.size(); ++a)
            keys[a] = InputBits((f / 7 + int(a)) % 2 ? KEY_R | KEY_J : KEY_L | KEY_D);
        sim.step(keys, traced);
        json.frame(f, m.actors, sim.states(), traced);
        compact.frame(f, m.actors, sim.states(), traced);
    }
    compact.end();
    return {std::string(json.text()), std::string(compact.bytes())};
}

TEST(Tstrace, RunsFastPathWritesWhatConvertWritesAndReadsBackAsTheJson) {
    const TwoForms run = fourActorRun(120);
    std::string error;
    EXPECT_EQ(asJson(run.compact, &error), run.json) << error;
    // JSON -> .tstrace through the reader gives run's bytes exactly.
    std::unique_ptr<TraceSource> s = traceSourceFromText(run.json, "t.jsonl", &error);
    ASSERT_TRUE(s) << error;
    TstraceWriter w;
    w.header(s->meta().header);
    TraceRecord r;
    while (s->next(&r, &error) > 0) w.record(r, s->meta().actors);
    w.end();
    EXPECT_TRUE(std::string(w.bytes()) == run.compact);
    EXPECT_LT(run.compact.size() * 3, run.json.size());
}

TEST(Tstrace, ACutFileNamesTheOffsetAtEveryLength) {
    const std::string full = fourActorRun(6).compact;
    std::string error;
    for (size_t n = 0; n < full.size(); ++n) {
        RecordedTrace t;
        ASSERT_FALSE(parseTrace(full.substr(0, n), "t.tstrace", &t, &error)) << n;
        if (n >= 8) {
            EXPECT_EQ(error.rfind("t.tstrace: offset ", 0), 0u) << n << ": " << error;
        }
    }
    RecordedTrace t;
    EXPECT_TRUE(parseTrace(full, "t.tstrace", &t, &error)) << error;
    EXPECT_FALSE(parseTrace(full + "x", "t.tstrace", &t, &error));
    EXPECT_EQ(error,
              "t.tstrace: offset " + std::to_string(full.size()) + ": bytes after the end record");
}

TEST(Tstrace, AbsurdCountsAreRefusedBeforeAllocating) {
    auto error = [](const std::string& bytes) {
        RecordedTrace t;
        std::string e;
        return parseTrace(bytes, "t.tstrace", &t, &e) ? "(parsed)" : e;
    };
    const size_t body = fileStart(1).size();
    const std::string at = "t.tstrace: offset " + std::to_string(body) + ": ";
    EXPECT_EQ(error(fileStart(3)),
              "t.tstrace: offset 8: format version 3 is newer than this "
              "tilestep reads (2)");
    EXPECT_EQ(error(std::string("tstrace\0", 8) + le32(1) + le32(0xfffffff0u)),
              "t.tstrace: offset 12: header length 4294967280 is over 1048576 bytes");
    EXPECT_EQ(error(fileStart(1) + std::string("\x01\xff\xff\xff\xff\x0f", 6)),
              at + "string length 4294967295 is over 1048576 bytes");
    EXPECT_EQ(
        error(fileStart(1) + std::string("\x03\x00\x04\x00\xff\xff\x03", 7)),
        "t.tstrace: offset " + std::to_string(body + 2) + ": state: field count 65535 is over 256");
    EXPECT_EQ(error(fileStart(1) + std::string("\x03\x00\x04\x07\x00", 5)),
              "t.tstrace: offset " + std::to_string(body + 2) + ": actor 7 was not declared");
    EXPECT_EQ(error(fileStart(1) + std::string("\x09", 1)), at + "unknown record tag 9");
    EXPECT_EQ(error(fileStart(1) + std::string("\x06\x05", 2)),
              at + "end record counts 5 lines, the file holds 0");
    EXPECT_EQ(error(fileStart(1)), at + "the file ends without its end record (truncated?)");
    // A state record whose x is a string: the JSON reader's own check.
    EXPECT_EQ(error(fileStart(1) + std::string("\x01\x01x\x01\x01"
                                               "a\x03\x00\x04\x00\x01\x05\x01",
                                               13)),
              "t.tstrace: offset " + std::to_string(body + 8) +
                  ": field \"x\": expected a number, found a string");
}

// Issue 28: 2^24 empty strings (32 MiB of file, within the count cap) cost 1.1 GB in `diff`.
// Each is counted at what it costs held: a 32-byte std::string object (libstdc++ on a 64-bit
// machine), so the 64 MiB default holds 2^21 of them and the next one is refused, at its
// offset (2 bytes a record: tag 1, length 0).
TEST(Tstrace, EmptyStringsAreCountedAtWhatTheyCostInMemory) {
    static_assert(sizeof(std::string) == 32, "the expected offset assumes 32-byte strings");
    std::string f = fileStart(1);
    const size_t body = f.size();
    f.reserve(body + 2 * (size_t(1) << 24));
    for (size_t i = 0; i < (size_t(1) << 24); ++i) f += std::string("\x01\x00", 2);
    RecordedTrace t;
    std::string error;
    ASSERT_FALSE(parseTrace(f, "t.tstrace", &t, &error));
    const size_t refused = size_t(1) << 21;
    EXPECT_EQ(error, "t.tstrace: offset " + std::to_string(body + 2 * refused) + ": string " +
                         std::to_string(refused) +
                         ": the trace's distinct strings (keys, text values, kept number texts, "
                         "actor names, probe kinds) would take more than 64 MiB of memory, the "
                         "most a trace may hold");
}

TEST(Tstrace, AViewedTraceHoldsUnder100BytesAFrame) {
    // One actor's state lines (issue 21's 1M-frame trace): about 130 bytes of JSON a frame.
    const TwoForms one = fourActorRun(20000, 1, false);
    RecordedTrace t;
    std::string error;
    ASSERT_TRUE(parseTrace(one.json, "t.jsonl", &t, &error)) << error;
    ASSERT_EQ(t.frameCount(), 20000u);
    EXPECT_LT(t.residentBytes(), 100u * 20000);
    const TwoForms run = fourActorRun(2000);
    ASSERT_TRUE(parseTrace(run.json, "t.jsonl", &t, &error)) << error;
    RecordedFrames frames(std::make_shared<RecordedTrace>(t));
    frames.seek(1000, nullptr);
    RecordedTrace again;
    ASSERT_TRUE(parseTrace(run.compact, "t.tstrace", &again, &error)) << error;
    RecordedFrames framesAgain(std::make_shared<RecordedTrace>(again));
    framesAgain.seek(1000, nullptr);
    for (size_t a = 0; a < 4; ++a) EXPECT_EQ(frames.states()[a].x, framesAgain.states()[a].x);
}

}  // namespace
}  // namespace ts
