// app/debugger/recording_save.h: `view`'s Save recording as... writes on its own thread the
// frames there were when the user asked, while the window's trace goes on growing.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "debugger/recording_save.h"
#include "record/trace_reader.h"
#include "test_support.h"

namespace ts {
namespace {

const std::string kHeader =
    "{\"tilestep_trace\":1,\"tile_size\":16,\"rate\":60,\"actors\":[{\"name\":\"hero\","
    "\"mover\":\"my_game\",\"w\":12,\"h\":16,\"round\":false}]}\n";

std::string line(int frame) {
    return "{\"frame\":" + std::to_string(frame) +
           ",\"actor\":\"hero\",\"x\":" + std::to_string(frame) + ".25,\"y\":2,\"mood\":\"m" +
           std::to_string(frame) + "\"}\n";
}

// Waits (at most 20 s) for the save to end.
bool waitFinished(RecordingSave& s, bool* ok, std::string* message) {
    for (int i = 0; i < 2000; ++i) {
        if (s.finished(ok, message)) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return false;
}

TEST(RecordingSave, WritesTheFramesThereWereWhileTheTraceGrows) {
    std::string text = kHeader;
    for (int f = 0; f < 2000; ++f) text += line(f);
    RecordedTrace t;
    std::string error;
    ASSERT_TRUE(parseTrace(text, "game", &t, &error)) << error;
    const std::string out = test::tempDir() + "/saved.jsonl";
    RecordingSave save;
    std::string message;
    ASSERT_TRUE(save.start(t, out, " (still recording)", &message)) << message;
    EXPECT_EQ(message, "Saving 2000 frames to " + out + "...");
    EXPECT_FALSE(save.start(t, out, "", &message)) << "a second save while one runs";
    // The game goes on: new frames, new strings (the save reads its own copy of both).
    for (int f = 2000; f < 4000; ++f) {
        TraceRecord r;
        std::string lineError;
        RecordedTrace one;
        ASSERT_TRUE(parseTrace(kHeader + line(f), "game", &one, &lineError)) << lineError;
        const RecordedFrame fr = one.frame(0);
        r.frame = fr.frame;
        r.state = fr.states[0];
        r.state.line = f + 2;
        t.append(r);
    }
    bool ok = false;
    ASSERT_TRUE(waitFinished(save, &ok, &message));
    EXPECT_TRUE(ok) << message;
    EXPECT_EQ(message, "Saved 2000 frames to " + out + " (still recording)");
    EXPECT_EQ(test::readFile(out), text);
    EXPECT_FALSE(save.busy());
    EXPECT_FALSE(save.finished(&ok, &message)) << "reported once";
}

TEST(RecordingSave, AFailureIsReportedWithThePath) {
    RecordedTrace t;
    std::string error;
    ASSERT_TRUE(parseTrace(kHeader + line(0), "game", &t, &error)) << error;
    const std::string out = test::tempDir() + "/no/such/folder/saved.jsonl";
    RecordingSave save;
    std::string message;
    ASSERT_TRUE(save.start(t, out, "", &message));
    bool ok = true;
    ASSERT_TRUE(waitFinished(save, &ok, &message));
    EXPECT_FALSE(ok);
    EXPECT_NE(message.find(out), std::string::npos) << message;
}

}  // namespace
}  // namespace ts
