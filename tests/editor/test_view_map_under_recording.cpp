// `tilestep view` without MAP shows each recording on a map of its own, replaced as a live
// game's actors move past it (showMapUnderRecording, app/debugger/debugger_ui.h). Replacing
// that map must not drop what the user made of the recording: before, the runs kept to
// compare and the timeline markers went with every growth of the map.
#include <gtest/gtest.h>

#include <memory>

#include "../../app/debugger/debugger_ui.h"
#include "../debugger/live_trace_lines.h"
#include "record/trace_reader.h"
#include "test_support.h"

namespace ts::test {
namespace {

std::shared_ptr<const RecordedTrace> heroWalk(int frames) {
    std::string text = kHeroHeader;
    for (int f = 0; f < frames; ++f) text += heroState(f, 10 + 3 * f);
    auto trace = std::make_shared<RecordedTrace>();
    std::string error;
    EXPECT_TRUE(parseTrace(text, "walk.jsonl", trace.get(), &error)) << error;
    return trace;
}

TEST(ViewMapUnderRecording, AGrownMapKeepsTheRunsMarkersAndPosition) {
    EditorState s;
    s.doc.replace(Map::blank(4, 3), "");
    DebugSession d(s.doc.map());
    syncDebugger(s, d);
    const auto walk = heroWalk(40);
    d.dbg.showRecording(walk, nullptr);
    d.dbg.setFollowLive(false);
    d.dbg.seekNow(12);
    d.dbg.keepRun(0, "first walk");
    d.dbg.breakpoints().markers.insert(30);
    ASSERT_EQ(d.dbg.runs().size(), 1u);

    showMapUnderRecording(s, d, Map::blank(9, 3), nullptr, nullptr);

    EXPECT_EQ(s.doc.map().width, 9);  // the new map is shown
    ASSERT_NE(d.dbg.recorded(), nullptr);
    EXPECT_EQ(d.dbg.recorded()->shared(), walk);  // under the same recording
    EXPECT_EQ(d.dbg.position(), 12);
    EXPECT_FALSE(d.dbg.followLive());
    ASSERT_EQ(d.dbg.runs().size(), 1u) << "the kept run was dropped";
    EXPECT_EQ(d.dbg.runs()[0].name, "first walk");
    ASSERT_EQ(d.dbg.runs()[0].states.size(), 41u);  // positions 0..40 of the recording
    // Position p shows frame p-1: x = 10 + 3 (p - 1), worked out from the lines sent.
    EXPECT_EQ(d.dbg.runs()[0].states[40].x, Fix::fromInt(10 + 3 * 39));
    EXPECT_EQ(d.dbg.breakpoints().markers.count(30), 1u) << "the marker was dropped";
}

}  // namespace
}  // namespace ts::test
