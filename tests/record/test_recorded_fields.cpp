// The inspector's fields of a recorded trace (core/record/recorded_fields.h): as written, except
// where the header names a built-in mover with its own reading of a value, which then reads as
// it does for a live actor in the editor's debugger (issue 30: `air_frames 1073741824` in
// `tilestep view` against "jumped (1073741824)" in the editor). The expected words are
// pixel_sweep's documented reading (docs/movers/pixel_sweep.md: air_frames holds 2^30 after
// a jump), written by hand.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "record/recorded_fields.h"
#include "record/trace_reader.h"

namespace ts {
namespace {

std::string joined(const std::vector<StateField>& fields) {
    std::string s;
    for (const StateField& f : fields) s += f.name + "=" + f.value + ";";
    return s;
}

// A one-frame trace of one actor whose mover the header names `mover`, its own fields `own`.
RecordedTrace traceOf(const std::string& mover, const std::string& own) {
    const std::string text =
        "{\"tilestep_trace\":1,\"actors\":[{\"name\":\"hero\",\"mover\":\"" + mover +
        "\",\"w\":12,\"h\":16}]}\n"
        "{\"frame\":30,\"actor\":\"hero\",\"x\":75,\"y\":219.25,\"vx\":2,\"vy\":-5,"
        "\"grounded\":false,\"facing\":\"right\",\"pushing\":false" +
        own + "}\n";
    RecordedTrace t;
    std::string error;
    EXPECT_TRUE(parseTrace(text, "t.jsonl", &t, &error)) << error;
    return t;
}

std::string ownFields(const std::string& mover, const std::string& own) {
    const RecordedTrace t = traceOf(mover, own);
    if (t.frameCount() != 1 || t.frame(0).states.size() != 1) return "(no state line)";
    std::string s = joined(recordedStateFields(t.actors[0].mover, t.frame(0).states[0].fields));
    // Only the own fields: the common ones are the same text whatever the mover.
    const std::string common =
        "x=75;y=219.25;vx=2;vy=-5;grounded=false;facing=right;pushing=false;";
    EXPECT_EQ(s.substr(0, common.size()), common);
    return s.substr(std::min(s.size(), common.size()));
}

TEST(RecordedFields, ABuiltinMoverReadsItsOwnFieldsAsInTheEditor) {
    EXPECT_EQ(ownFields("pixel_sweep",
                        ",\"air_frames\":1073741824,\"remainder_x\":0,"
                        "\"remainder_y\":0.25"),
              "air_frames=jumped (1073741824);remainder_x=0;remainder_y=0.25;");
    // No reading for an ordinary count: the value as written.
    EXPECT_EQ(ownFields("pixel_sweep", ",\"air_frames\":1073741823"), "air_frames=1073741823;");
}

// One field's reading alone, for the plots: words where the mover has them, else "".
TEST(RecordedFields, OneFieldsReadingIsTheMoversWordsOrNothing) {
    const RecordedTrace t = traceOf("pixel_sweep", ",\"air_frames\":1073741824,\"remainder_x\":0");
    const RecordedFrame frame = t.frame(0);  // decoded: a value, kept while f is read
    const std::vector<TraceField>& f = frame.states[0].fields;
    ASSERT_EQ(f.size(), 9u);
    EXPECT_EQ(f[7].key, "air_frames");
    EXPECT_EQ(recordedFieldReading("pixel_sweep", f[7]), "jumped (1073741824)");
    EXPECT_EQ(recordedFieldReading("pixel_sweep", f[8]), "");   // remainder_x 0: a number
    EXPECT_EQ(recordedFieldReading("pixel_sweep", f[0]), "");   // x: not one of its own
    EXPECT_EQ(recordedFieldReading("my_game_hero", f[7]), "");  // not a built-in
}

TEST(RecordedFields, OtherwiseEveryFieldIsAsWritten) {
    // A game's own mover, even with the same field names: its numbers mean what it says.
    EXPECT_EQ(ownFields("my_game_hero", ",\"air_frames\":1073741824"), "air_frames=1073741824;");
    // A built-in without readings.
    EXPECT_EQ(ownFields("topdown_aabb", ",\"walk\":1073741824,\"nudge\":-3"),
              "walk=1073741824;nudge=-3;");
    // Not the type pixel_sweep writes (an int): the text as recorded, not a reading of it.
    EXPECT_EQ(ownFields("pixel_sweep", ",\"air_frames\":\"1073741824\""), "air_frames=1073741824;");
    EXPECT_EQ(ownFields("pixel_sweep", ",\"air_frames\":1073741824.0"), "air_frames=1073741824.0;");
    // A number no 1/65536 step holds: the text, then the nearest step (0.1 * 65536 = 6553.6,
    // nearest 6554, 6554 / 65536 = 0.100006103515625).
    EXPECT_EQ(ownFields("pixel_sweep", ",\"remainder_x\":0.1"),
              "remainder_x=0.1  (~0.100006103515625 in 1/65536);");
}

}  // namespace
}  // namespace ts
