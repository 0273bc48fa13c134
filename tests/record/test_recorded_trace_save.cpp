// core/record/recorded_trace_save.h: a trace read into memory is written back as the lines
// it was read from (all its frames or the first few, as `view` saves a live game's frames so
// far), in either form, atomically.
#include <gtest/gtest.h>

#include "record/recorded_trace_save.h"
#include "record/trace_diff.h"
#include "record/trace_reader.h"
#include "test_support.h"

namespace ts {
namespace {

// Written by hand in the form TraceWriter writes: a second actor met only in a line, probe
// lines between and after state lines, a model's own fields, a frame number skipped.
const std::string kHeader =
    "{\"tilestep_trace\":1,\"tile_size\":16,\"rate\":60,\"actors\":[{\"name\":\"hero\","
    "\"mover\":\"my_game\",\"w\":12,\"h\":16,\"round\":false}]}\n";
const std::string kFrames[] = {
    "{\"frame\":0,\"actor\":\"hero\",\"x\":1.5,\"y\":2,\"coyote\":3}\n"
    "{\"frame\":0,\"actor\":\"hero\",\"probe\":{\"kind\":\"point\",\"verdict\":\"hit\",\"why\":"
    "\"ground\",\"x\":4,\"y\":18}}\n",
    "{\"frame\":1,\"actor\":\"hero\",\"probe\":{\"kind\":\"segment\",\"verdict\":\"block\","
    "\"why\":\"scanline\",\"x0\":64,\"y0\":50.6666717529296875,\"x1\":65,\"y1\":"
    "50.6666717529296875}}\n"
    "{\"frame\":1,\"actor\":\"hero\",\"x\":2.5,\"y\":2,\"coyote\":2}\n"
    "{\"frame\":1,\"actor\":\"bat\",\"x\":100,\"y\":40,\"mood\":\"calm\"}\n",
    "{\"frame\":3,\"actor\":\"bat\",\"x\":101,\"y\":40,\"mood\":\"cross\"}\n"
    "{\"frame\":3,\"actor\":\"hero\",\"x\":3.5,\"y\":2,\"coyote\":1}\n"
    "{\"frame\":3,\"actor\":\"hero\",\"probe\":{\"kind\":\"value\",\"verdict\":\"pass\",\"why\":"
    "\"pass_rate\",\"value\":0.75,\"threshold\":0.5}}\n",
};

std::string traceText(size_t frames) {
    std::string t = kHeader;
    for (size_t i = 0; i < frames; ++i) t += kFrames[i];
    return t;
}

RecordedTrace parsed(const std::string& text) {
    RecordedTrace t;
    std::string error;
    EXPECT_TRUE(parseTrace(text, "in.jsonl", &t, &error)) << error;
    return t;
}

TEST(RecordedTraceSave, JsonLinesAreTheLinesRead) {
    const RecordedTrace t = parsed(traceText(3));
    ASSERT_EQ(t.frameCount(), 3u);
    const std::string out = test::tempDir() + "/out.jsonl";
    std::string error;
    ASSERT_TRUE(saveRecordedTrace(t, t.frameCount(), out, &error)) << error;
    EXPECT_EQ(test::readFile(out), traceText(3));
}

TEST(RecordedTraceSave, TheFirstFramesOnly) {
    const RecordedTrace t = parsed(traceText(3));
    const std::string out = test::tempDir() + "/out.jsonl";
    std::string error;
    ASSERT_TRUE(saveRecordedTrace(t, 2, out, &error)) << error;
    EXPECT_EQ(test::readFile(out), traceText(2));
    ASSERT_TRUE(saveRecordedTrace(t, 0, out, &error)) << error;
    EXPECT_EQ(test::readFile(out), kHeader);
}

TEST(RecordedTraceSave, CompactFormReadsBackAsTheSameTrace) {
    const RecordedTrace t = parsed(traceText(3));
    const std::string out = test::tempDir() + "/out.tstrace";
    std::string error;
    ASSERT_TRUE(saveRecordedTrace(t, t.frameCount(), out, &error)) << error;
    EXPECT_EQ(test::readFile(out).substr(0, 8), std::string("tstrace\0", 8));
    RecordedTrace back;
    ASSERT_TRUE(readTrace(out, &back, &error)) << error;
    const TraceDifference d = firstDifference(t, back);
    EXPECT_TRUE(d.same) << "frame " << d.frame << " " << d.actor << " " << d.field;
    ASSERT_EQ(back.frameCount(), 3u);
    EXPECT_EQ(back.frameNumber(2), 3);
    EXPECT_EQ(back.actors.size(), 2u);
}

TEST(RecordedTraceSave, AnUnwritablePlaceIsAnErrorNamingIt) {
    const RecordedTrace t = parsed(traceText(1));
    const std::string out = test::tempDir() + "/no/such/folder/out.jsonl";
    std::string error;
    EXPECT_FALSE(saveRecordedTrace(t, 1, out, &error));
    EXPECT_NE(error.find(out), std::string::npos) << error;
}

}  // namespace
}  // namespace ts
