// .tstrace version 2 (docs/trace-format.md, "Version 2: state deltas"): a file built byte by
// byte from the docs reads back as the lines it stands for, the writer's version 1 and
// version 2 files of every sample map's run (with probes) read back as its JSON trace and
// `diff` finds them the same, and a mangled delta is an error naming the offset and field.
#include <gtest/gtest.h>

#include "io/map_io.h"
#include "record/trace_diff.h"
#include "record/trace_source.h"
#include "record/trace_writer.h"
#include "record/tstrace_writer.h"
#include "sim/sim.h"
#include "test_support.h"
#include "tstrace_bytes.h"

namespace ts {
namespace {

using namespace tstrace_bytes;

std::string errorOf(const std::string& bytes) {
    std::string error;
    const std::string json = asJson(bytes, &error);
    return error.empty() ? "(read)" : error;
}

// Strings 0 "x", 1 "y", 2 "0.1", then frame 0 and hero's whole state x = 1.5, y = -2 (the
// version 1 example's bytes).
std::string withFirstState() {
    std::string f = fileStart(2);
    f += std::string(
        "\x01\x01x\x01\x01y\x01\x03"
        "0.1",
        11);
    f += std::string("\x03\x00", 2);
    f += std::string("\x04\x00\x02\x03\x80\x80\x0c\x0b\xff\xff\x0f", 11);
    return f;
}

TEST(TstraceV2, AFileBuiltFromTheDocsReadsBackAsItsLines) {
    std::string f = withFirstState();
    // Frame 1: mask 1 (x), type 3, +0.25 = raw 16384, zigzag 32768: 80 80 02.
    f += std::string("\x03\x01\x07\x00\x01\x03\x80\x80\x02", 9);
    // Frame 2: nothing changed.
    f += std::string("\x03\x01\x07\x00\x00", 5);
    // Frame 3: mask 3: x -0.75 (raw -49152, zigzag 98303: ff ff 05); y the literal "0.1".
    f += std::string("\x03\x01\x07\x00\x03\x03\xff\xff\x05\x04\x02", 11);
    // Frame 4: y = 3 after a literal: the value itself, raw 196608, zigzag 393216: 80 80 18.
    f += std::string("\x03\x01\x07\x00\x02\x03\x80\x80\x18", 9);
    f += std::string("\x06\x05", 2);
    std::string error;
    EXPECT_EQ(asJson(f, &error), kHeader + "\n" +
                                     "{\"frame\":0,\"actor\":\"hero\",\"x\":1.5,\"y\":-2}\n"
                                     "{\"frame\":1,\"actor\":\"hero\",\"x\":1.75,\"y\":-2}\n"
                                     "{\"frame\":2,\"actor\":\"hero\",\"x\":1.75,\"y\":-2}\n"
                                     "{\"frame\":3,\"actor\":\"hero\",\"x\":1,\"y\":0.1}\n"
                                     "{\"frame\":4,\"actor\":\"hero\",\"x\":1,\"y\":3}\n")
        << error;
}

TEST(TstraceV2, AMangledDeltaNamesTheOffsetAndTheField) {
    const std::string at0 = "t.tstrace: offset " + std::to_string(fileStart(2).size() + 11 + 2);
    const std::string first = withFirstState() + std::string("\x03\x01", 2);  // frame 1
    const std::string at = "t.tstrace: offset " + std::to_string(first.size()) + ": ";
    EXPECT_EQ(errorOf(fileStart(2) + std::string("\x01\x01x\x01\x01y\x01\x03"
                                                 "0.1\x03\x00\x07\x00\x00",
                                                 16)),
              at0 + ": state: a change to actor 0 before its first whole state record");
    EXPECT_EQ(errorOf(first + std::string("\x07\x00\x04", 3)),
              at + "state: field mask 4 names a field past the 2 of the previous record");
    EXPECT_EQ(errorOf(first + std::string("\x07\x00\x01\x03\x80", 5)),
              at + "state: field \"x\": cut off (truncated?)");
    EXPECT_EQ(errorOf(first + std::string("\x07\x00\x02\x06", 4)),
              at + "state: field \"y\": unknown value type 6");
    EXPECT_EQ(errorOf(first + std::string("\x07\x00\x01\x05\x09", 5)),
              at + "state: field \"x\": unknown string 9");
    EXPECT_EQ(errorOf(first + std::string("\x07\x00\x01\x05\x00", 5)),
              at + "field \"x\": expected a number, found a string");
    EXPECT_EQ(errorOf(first + std::string("\x07\x03\x00", 3)),
              at + "state: actor 3 was not declared");
    // A value past +-2^46 px by a delta: raw 1.5 + 2^62.
    EXPECT_EQ(errorOf(first +
                      std::string("\x07\x00\x01\x03\x80\x80\x80\x80\x80\x80\x80\x80\x80\x01", 14)),
              at + "state: field \"x\": outside +-2^46");
    // What the readers keep of each actor's last state is bounded: 65 fields named by one
    // 1 MiB key hold 65 MiB (the same record in version 1 is read and forgotten).
    std::string big = fileStart(2) + std::string("\x01\x80\x80\x40", 4) +
                      std::string(size_t(1) << 20, 'k') + std::string("\x03\x00\x04\x00\x41", 5) +
                      std::string(65, '\0');
    EXPECT_EQ(errorOf(big), "t.tstrace: offset " +
                                std::to_string(fileStart(2).size() + 4 + (1 << 20) + 2) +
                                ": state: the actors' last states hold over 67108864 bytes of keys "
                                "and values");
    // Version 1 has no deltas.
    std::string v1 = first;
    v1[8] = 1;
    EXPECT_EQ(errorOf(v1 + std::string("\x07\x00\x00", 3)),
              at + "unknown record tag 7 (a version 2 record)");
    EXPECT_EQ(errorOf(fileStart(3)),
              "t.tstrace: offset 8: format version 3 is newer than this tilestep reads (2)");
}

// A map's run with probes: its JSON trace and the .tstrace of both versions from run's path.
struct ThreeForms {
    std::string json, v1, v2;
};
ThreeForms runOf(Map m, int frames) {
    Sim sim(m);
    Trace trace;
    TraceWriter json;
    TstraceWriter v1(1), v2;
    json.header(traceHeaderFor(m, "m.json"));
    v1.header(traceHeaderFor(m, "m.json"));
    v2.header(traceHeaderFor(m, "m.json"));
    std::vector<InputBits> keys(m.actors.size(), 0);
    for (int f = 0; f < frames; ++f) {
        for (size_t a = 0; a < keys.size(); ++a)  // walks, jumps, and stands still a while
            keys[a] = (f / 40) % 3 == 2
                          ? InputBits(0)
                          : InputBits((f / 7 + int(a)) % 2 ? KEY_R | KEY_J : KEY_L | KEY_D);
        sim.step(keys, &trace);
        json.frame(f, m.actors, sim.states(), &trace);
        v1.frame(f, m.actors, sim.states(), &trace);
        v2.frame(f, m.actors, sim.states(), &trace);
    }
    v1.end();
    v2.end();
    return {std::string(json.text()), std::string(v1.bytes()), std::string(v2.bytes())};
}

TEST(TstraceV2, EverySampleRunReadsBackTheSameInBothVersions) {
    const std::vector<std::string> maps = test::sampleMapPaths();
    ASSERT_GE(maps.size(), 4u);
    for (const std::string& path : maps) {
        SCOPED_TRACE(path);
        const ThreeForms run = runOf(loadMap(path), 400);
        EXPECT_EQ(run.v1[8], 1);
        EXPECT_EQ(run.v2[8], 2);
        std::string error;
        EXPECT_TRUE(asJson(run.v1, &error) == run.json) << error;
        EXPECT_TRUE(asJson(run.v2, &error) == run.json) << error;
        EXPECT_LT(run.v2.size(), run.v1.size());
        std::unique_ptr<TraceSource> a = traceSourceFromText(run.v1, "a.tstrace", &error);
        std::unique_ptr<TraceSource> b = traceSourceFromText(run.v2, "b.tstrace", &error);
        ASSERT_TRUE(a && b) << error;
        TraceDifference d;
        int64_t frames = 0;
        ASSERT_TRUE(diffTraces(*a, *b, &d, &frames, &error)) << error;
        EXPECT_TRUE(d.same) << d.field;
        EXPECT_EQ(frames, 400);
        // JSON -> .tstrace (convert's path) writes what run's path wrote, in both versions.
        for (uint32_t version : {1u, 2u}) {
            std::unique_ptr<TraceSource> s = traceSourceFromText(run.json, "t.jsonl", &error);
            ASSERT_TRUE(s) << error;
            TstraceWriter w(version);
            w.header(s->meta().header);
            TraceRecord r;
            while (s->next(&r, &error) > 0) w.record(r, s->meta().actors);
            w.end();
            EXPECT_TRUE(std::string(w.bytes()) == (version == 1 ? run.v1 : run.v2)) << version;
        }
    }
}

TEST(TstraceV2, AStandingActorCostsAFewBytesAFrame) {
    Map m = test::mapFromRows({"########", "#......#", "#......#", "########"});
    m.actors.push_back(test::makeActor("hero", MoverKind(0), 20, 20, 12, 16));
    Sim sim(m);
    TstraceWriter w;
    w.header(traceHeaderFor(m, "m.json"));
    const std::vector<InputBits> keys(1, 0);
    for (int f = 0; f < 200; ++f) {  // it falls to the floor, then stands
        sim.step(keys, nullptr);
        w.frame(f, m.actors, sim.states(), nullptr);
    }
    const size_t before = w.size();
    for (int f = 200; f < 300; ++f) {
        sim.step(keys, nullptr);
        w.frame(f, m.actors, sim.states(), nullptr);
    }
    // A frame record (03 01) and an empty delta (07 00 00).
    EXPECT_EQ(w.size() - before, 100u * 5);
}

}  // namespace
}  // namespace ts
