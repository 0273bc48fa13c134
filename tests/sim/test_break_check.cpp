// Breakpoints that can never fire (core/sim/break_check.h, issue 30): an expression naming a
// probe kind the mover never records, a verdict it never gives that kind, or a field its
// trace lines lack is a warning. The movers' vocabularies are their documented probes
// (docs/movers/*.md): the pixel sweep's step, climb, descend, corner and ground probes are a
// one-pixel step's leading edge, hit or miss; grid_walls' `want` arrow is information only.
// Every expected text below is written by hand from those.
#include <gtest/gtest.h>

#include "movers/mover.h"
#include "sim/break_check.h"
#include "trace/probe_vocabulary.h"

namespace ts {
namespace {

BreakExpr parsed(const std::string& text) {
    BreakExpr e;
    std::string error;
    EXPECT_TRUE(BreakExpr::parse(text, {}, &e, &error)) << text << ": " << error;
    return e;
}

std::string warningFor(const char* mover, const std::string& text,
                       const std::vector<std::string>& fields = {}) {
    const MoverInfo* m = findMover(mover);
    EXPECT_NE(m, nullptr) << mover;
    return m ? breakWarning(parsed(text), *m, fields) : "";
}

const char* const kCannot = "; this breakpoint cannot fire";

TEST(BreakCheck, AVerdictTheMoverNeverGivesThatKindIsSaid) {
    // The example.
    EXPECT_EQ(warningFor("pixel_sweep", "probe step blocked"),
              std::string("pixel_sweep never gives 'step blocked' (its step probes are hit or "
                          "miss)") +
                  kCannot);
    EXPECT_EQ(warningFor("pixel_sweep", "probe ground passes"),
              std::string("pixel_sweep never gives 'ground passes' (its ground probes are hit or "
                          "miss)") +
                  kCannot);
    // topdown_aabb's blocker rectangles are only ever hits.
    EXPECT_EQ(warningFor("topdown_aabb", "probe blocker miss"),
              std::string("topdown_aabb never gives 'blocker miss' (its blocker probes are hit)") +
                  kCannot);
}

TEST(BreakCheck, AKindTheMoverNeverRecordsIsSaidWithItsKinds) {
    EXPECT_EQ(warningFor("pixel_sweep", "probe scanline"),
              std::string("pixel_sweep never records 'scanline' probes (its kinds: step, climb, "
                          "descend, corner, ground)") +
                  kCannot);
    EXPECT_EQ(warningFor("scanline_slide", "probe step hit"),
              std::string("scanline_slide never records 'step' probes (its kinds: scanline, "
                          "pass_rate, slide)") +
                  kCannot);
}

TEST(BreakCheck, AKindWithoutAVerdictCountsBlockOrHit) {
    // grid_walls' wanted move is an info arrow: `probe want` (block or hit) never holds.
    EXPECT_EQ(warningFor("grid_walls", "probe want"),
              std::string("'probe want' counts a block or hit, and its want probes are info "
                          "(name the verdict: 'probe want info')") +
                  kCannot);
    EXPECT_EQ(warningFor("grid_walls", "probe want info"), "");
    EXPECT_EQ(warningFor("pixel_sweep", "probe step"), "");  // hits count
    EXPECT_EQ(warningFor("scanline_slide", "probe scanline"), "");
}

TEST(BreakCheck, WhatTheMoverGivesIsNoWarning) {
    EXPECT_EQ(warningFor("pixel_sweep", "probe step hit"), "");
    EXPECT_EQ(warningFor("pixel_sweep", "probe ground missed and vy > 0"), "");
    EXPECT_EQ(warningFor("scanline_slide", "probe pass_rate blocked"), "");
    EXPECT_EQ(warningFor("grid_walls", "probe region_b pass or probe c_corner_tie_y"), "");
    EXPECT_EQ(warningFor("topdown_aabb", "probe probe_n hit and probe nudge blocked"), "");
    EXPECT_EQ(warningFor("pixel_sweep", "x > 300 or vy changes sign"), "");
}

TEST(BreakCheck, APartThatNeverHoldsOnlySinksTheWholeWhenNothingElseCanHold) {
    const std::string part =
        "pixel_sweep never gives 'step blocked' (its step probes are hit or "
        "miss)";
    EXPECT_EQ(warningFor("pixel_sweep", "probe step blocked or x > 300"),
              part + "; that part never holds");
    EXPECT_EQ(warningFor("pixel_sweep", "x > 300 and probe step blocked"), part + kCannot);
    EXPECT_EQ(warningFor("pixel_sweep", "not probe step blocked"),
              part + "; that part never holds");
    EXPECT_EQ(warningFor("pixel_sweep", "(probe step blocked or probe scanline) and x > 1"),
              part +
                  "; pixel_sweep never records 'scanline' probes (its kinds: step, climb, "
                  "descend, corner, ground)" +
                  kCannot);
    EXPECT_EQ(warningFor("pixel_sweep", "probe step blocked or probe scanline or x > 1"),
              part +
                  "; pixel_sweep never records 'scanline' probes (its kinds: step, climb, "
                  "descend, corner, ground); those parts never hold");
    // Each problem once.
    EXPECT_EQ(warningFor("pixel_sweep", "probe step blocked or probe step blocked"),
              part + kCannot);
}

TEST(BreakCheck, AFieldTheActorLacksIsSaid) {
    const std::vector<std::string> fields = {"frame", "x", "y"};
    EXPECT_EQ(warningFor("pixel_sweep", "coyote > 2", fields),
              std::string("pixel_sweep has no field 'coyote' (fields: frame, x, y)") + kCannot);
    EXPECT_EQ(warningFor("pixel_sweep", "x > coyote or y changes", fields),
              "pixel_sweep has no field 'coyote' (fields: frame, x, y); that part never holds");
    EXPECT_EQ(warningFor("pixel_sweep", "x > y", fields), "");
    EXPECT_EQ(warningFor("pixel_sweep", "coyote > 2"), "");  // fields unknown: not checked
}

TEST(BreakCheck, AMoverWithoutAVocabularyGetsNoProbeWarning) {
    // A plugin that declares none: anything may come.
    MoverInfo undeclared = *findMover("pixel_sweep");
    undeclared.probes = nullptr;
    BreakExpr e = parsed("probe anything blocked");
    EXPECT_EQ(breakWarning(e, undeclared, {}), "");
    const ProbeWord words[] = {{"anything", verdictBit(Verdict::Pass)}};
    const ProbeVocabulary declared{words, 1};
    undeclared.probes = &declared;
    EXPECT_EQ(breakWarning(e, undeclared, {}),
              std::string("pixel_sweep never gives 'anything blocked' (its anything probes are "
                          "pass)") +
                  kCannot);
}

}  // namespace
}  // namespace ts
