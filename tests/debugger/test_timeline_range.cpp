// The scrub bar's range (app/debugger/timeline_range.h, issue 30): the recording plus room
// ahead, grown by half again only when the recording reaches its end, so that playing past
// the end (an idle frame recorded each frame) leaves the markers standing instead of creeping
// toward the bar's start every frame. Values worked out by hand from the rule: a recording of
// L frames gets L + max(L / 2, 60).
#include <gtest/gtest.h>

#include <vector>

#include "debugger/timeline_range.h"

namespace ts {
namespace {

TEST(TimelineRange, TheRecordingPlusRoomAhead) {
    EXPECT_EQ(timelineRange(0, 0), 60);
    EXPECT_EQ(timelineRange(0, 100), 160);    // 100 + 60
    EXPECT_EQ(timelineRange(0, 1000), 1500);  // 1000 + 500
    EXPECT_EQ(timelineRange(0, -5), 60);
}

// `tilestep view` of a trace file: nothing records, play stops at the last frame, so the bar
// is the recording (its end at the bar's end), at least 1 wide for a trace without frames.
TEST(TimelineRange, ARecordingThatCannotGrowHasNoRoom) {
    EXPECT_EQ(timelineRange(0, 95, false), 95);
    EXPECT_EQ(timelineRange(160, 95, false), 95);
    EXPECT_EQ(timelineRange(0, 0, false), 1);
}

TEST(TimelineRange, PlayingPastTheEndMovesTheMarkersRarely) {
    // From a 100-frame recording, one idle frame a frame up to 1000: the range changes only
    // when the recording reaches it: 160 -> 240 at 160 (160 + 80), -> 360 at 240 (240 + 120),
    // -> 540 at 360, -> 810 at 540 (540 + 270), -> 1215 at 810 (810 + 405).
    int64_t range = timelineRange(0, 100);
    std::vector<int64_t> ranges = {range};
    for (int64_t len = 101; len <= 1000; ++len) {
        const int64_t next = timelineRange(range, len);
        EXPECT_GT(next, len);  // room ahead: the newest frame is never at the bar's end
        if (next != range) ranges.push_back(next);
        range = next;
    }
    EXPECT_EQ(ranges, (std::vector<int64_t>{160, 240, 360, 540, 810, 1215}));
}

TEST(TimelineRange, AMuchShorterRecordingGetsItsOwnRange) {
    // 100 frames fit 160; a range up to twice that is kept (a restart keeps the bar still),
    // beyond it (another map, a loaded log) the bar fits the recording again.
    EXPECT_EQ(timelineRange(300, 100), 300);
    EXPECT_EQ(timelineRange(320, 100), 320);
    EXPECT_EQ(timelineRange(321, 100), 160);
    EXPECT_EQ(timelineRange(1215, 100), 160);
}

}  // namespace
}  // namespace ts
