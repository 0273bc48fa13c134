// Breakpoint expressions (core/sim/break_expr.h): the grammar's good and bad texts, and what
// an expression says over steps written here by hand (fields and probes), not taken from a
// run. The spawn as the debugger shows it (core/sim/spawn_view.h) is checked on maps where
// the actor stands on the floor or hangs in the air.
#include <gtest/gtest.h>

#include "sim/break_expr.h"
#include "sim/sim.h"
#include "sim/spawn_view.h"
#include "test_support.h"

namespace ts::test {
namespace {

const std::vector<std::string> kFields = {"frame",    "x",      "y",       "vx",        "vy",
                                          "grounded", "facing", "pushing", "air_frames"};

BreakExpr parsed(const std::string& text) {
    BreakExpr e;
    std::string error;
    EXPECT_TRUE(BreakExpr::parse(text, kFields, &e, &error)) << text << ": " << error;
    return e;
}

// The error of a bad text, and its column in *column.
std::string errorOf(const std::string& text, size_t* column = nullptr) {
    BreakExpr e;
    std::string error;
    size_t c = 0;
    EXPECT_FALSE(BreakExpr::parse(text, kFields, &e, &error, &c)) << text;
    if (column) *column = c;
    return error;
}

// A step of the pixel sweep's fields, before and after.
struct Frame {
    int64_t frame;
    std::string x, vy, grounded, facing;
};
std::vector<StateField> fieldsOf(const Frame& f) {
    return {{"frame", std::to_string(f.frame)},
            {"x", f.x},
            {"y", "100"},
            {"vx", "0"},
            {"vy", f.vy},
            {"grounded", f.grounded},
            {"facing", f.facing},
            {"pushing", "false"},
            {"air_frames", "0"}};
}
BreakStep step(const Frame& before, const Frame& after, const Trace* trace = nullptr) {
    return BreakStep{fieldsOf(before), fieldsOf(after), trace, 0};
}

TEST(BreakExpr, GoodTextsParse) {
    for (const char* text :
         {"x > 300", "vy changes sign", "grounded becomes true", "probe scanline blocked",
          "frame == 120", "x > 300 and not grounded", "(x < 10 or x >= 300) and vy != 0",
          "probe ground", "probe pass_rate pass or grounded changes", "300 < x",
          "facing == \"left\"", "x == -2.5", "grounded", "not not grounded",
          "x>300&&vy<0||!grounded", "  frame==0  "})
        parsed(text);
}

TEST(BreakExpr, BadTextsSayWhereAndWhatWasExpected) {
    size_t c = 0;
    EXPECT_EQ(errorOf("x >> 300", &c),
              "column 4: expected a value (a number, true, false or a text in quotes), "
              "found '>'");
    EXPECT_EQ(c, 4u);
    EXPECT_EQ(errorOf("x 300", &c), "column 3: expected 'and', 'or' or the end, found '300'");
    EXPECT_EQ(errorOf("300", &c),
              "column 4: expected a comparison (==, !=, <, <=, >, >=) after "
              "'300', found the end");
    EXPECT_EQ(errorOf("(x > 3", &c), "column 7: expected ')', found the end");
    EXPECT_EQ(errorOf("x > 3 and", &c),
              "column 10: expected a field name, 'probe', 'not' or '(', found the end");
    EXPECT_EQ(errorOf("probe", &c),
              "column 6: expected a probe kind after 'probe' (ground, scanline, pass_rate...), "
              "found the end");
    EXPECT_EQ(errorOf("grounded becomes", &c),
              "column 17: expected a value (a number, true, false or a text in quotes), found "
              "the end");
    EXPECT_EQ(errorOf("x = 3", &c), "column 3: unexpected '='");
    EXPECT_EQ(errorOf("facing == \"up", &c), "column 11: a text in quotes is not closed");
    EXPECT_EQ(errorOf("", &c), "column 1: the expression is empty");
    EXPECT_EQ(errorOf("x > 1.2.3", &c), "column 5: '1.2.3' is not a number");
    EXPECT_EQ(errorOf("speed > 3", &c),
              "column 1: unknown field 'speed' (fields: frame, x, y, vx, vy, grounded, facing, "
              "pushing, air_frames)");
    // Deep nesting is refused by length, not by running out of stack.
    EXPECT_EQ(errorOf(std::string(100000, '(') + "x > 1" + std::string(100000, ')'), &c),
              "column 4097: longer than 4096 characters");
    parsed(std::string(2000, '(') + "x > 1" + std::string(2000, ')'));
    EXPECT_EQ(errorOf("x > 3 or vy > spd", &c).substr(0, 32), "column 15: unknown field 'spd' (");
}

TEST(BreakExpr, WithoutAFieldListAnyNameParses) {
    BreakExpr e;
    std::string error;
    EXPECT_TRUE(BreakExpr::parse("region == \"b\"", {}, &e, &error)) << error;
}

TEST(BreakExpr, ComparesNumbersExactlyByValue) {
    const BreakExpr gt = parsed("x > 300");
    EXPECT_FALSE(
        gt.holds(step({0, "299", "0", "true", "right"}, {1, "300", "0", "true", "right"})));
    EXPECT_TRUE(gt.holds(
        step({0, "300", "0", "true", "right"}, {1, "300.0000152587890625", "0", "true", "right"})));
    EXPECT_TRUE(
        parsed("x == 300")
            .holds(step({0, "1", "0", "true", "right"}, {1, "300.0", "0", "true", "right"})));
    EXPECT_TRUE(parsed("x < -2.5")
                    .holds(step({0, "1", "0", "true", "right"}, {1, "-3", "0", "true", "right"})));
    EXPECT_FALSE(
        parsed("x < -2.5")
            .holds(step({0, "1", "0", "true", "right"}, {1, "-2.25", "0", "true", "right"})));
    EXPECT_TRUE(parsed("300 <= x")
                    .holds(step({0, "1", "0", "true", "right"}, {1, "300", "0", "true", "right"})));
    // Exponents, as traces write them, compared exactly: 1e400 is far past any x, 3e2 is 300.
    EXPECT_FALSE(
        parsed("x > 1e400")
            .holds(step({0, "1", "0", "true", "right"}, {1, "300", "0", "true", "right"})));
    EXPECT_TRUE(parsed("x < 1E+400")
                    .holds(step({0, "1", "0", "true", "right"}, {1, "300", "0", "true", "right"})));
    EXPECT_TRUE(parsed("x == 3e2")
                    .holds(step({0, "1", "0", "true", "right"}, {1, "300", "0", "true", "right"})));
    EXPECT_TRUE(parsed("x > 2.5e-3")
                    .holds(step({0, "1", "0", "true", "right"},
                                {1, "0.0025000001", "0", "true", "right"})));
    EXPECT_EQ(errorOf("x > 1e"), "column 5: '1e' is not a number");
    EXPECT_EQ(errorOf("x > 1e4x"), "column 5: '1e4x' is not a number");
    // Text compares by equality only.
    EXPECT_TRUE(parsed("facing == \"left\"")
                    .holds(step({0, "1", "0", "true", "right"}, {1, "1", "0", "true", "left"})));
    EXPECT_FALSE(parsed("facing > \"a\"")
                     .holds(step({0, "1", "0", "true", "right"}, {1, "1", "0", "true", "left"})));
}

TEST(BreakExpr, ChangesAndBecomesCompareTheStepsTwoSides) {
    const BreakExpr sign = parsed("vy changes sign");
    EXPECT_TRUE(
        sign.holds(step({0, "1", "-0.25", "false", "right"}, {1, "1", "0.25", "false", "right"})));
    EXPECT_FALSE(
        sign.holds(step({0, "1", "-3", "false", "right"}, {1, "1", "-0.25", "false", "right"})));
    EXPECT_FALSE(
        sign.holds(step({0, "1", "0", "true", "right"}, {1, "1", "-5", "false", "right"})));
    EXPECT_FALSE(
        sign.holds(step({0, "1", "0.25", "true", "right"}, {1, "1", "0", "true", "right"})));
    EXPECT_TRUE(
        sign.holds(step({0, "1", "2", "true", "right"}, {1, "1", "-0.5", "true", "right"})));
    const BreakExpr lands = parsed("grounded becomes true");
    EXPECT_TRUE(lands.holds(step({0, "1", "1", "false", "right"}, {1, "1", "0", "true", "right"})));
    EXPECT_FALSE(lands.holds(step({0, "1", "0", "true", "right"}, {1, "1", "0", "true", "right"})));
    EXPECT_FALSE(
        lands.holds(step({0, "1", "0", "true", "right"}, {1, "1", "0", "false", "right"})));
    const BreakExpr changes = parsed("grounded changes");
    EXPECT_TRUE(
        changes.holds(step({0, "1", "0", "true", "right"}, {1, "1", "0", "false", "right"})));
    EXPECT_FALSE(
        changes.holds(step({0, "1", "0", "true", "right"}, {1, "2", "0", "true", "right"})));
    // The same number written two ways is no change.
    EXPECT_FALSE(
        parsed("x changes")
            .holds(step({0, "2", "0", "true", "right"}, {1, "2.0", "0", "true", "right"})));
}

// A jump's vy through its top: -0.25, 0, 0.25. Without memory the step 0 -> 0.25 is no
// sign change; with the last non-zero sign remembered (as run and the debugger keep it), it is.
TEST(BreakExpr, ChangesSignRemembersTheLastNonZeroSign) {
    const BreakExpr sign = parsed("vy changes sign");
    const BreakStep rise =
        step({0, "1", "-0.5", "false", "right"}, {1, "1", "-0.25", "false", "right"});
    const BreakStep top =
        step({1, "1", "-0.25", "false", "right"}, {2, "1", "0", "false", "right"});
    BreakStep fall = step({2, "1", "0", "false", "right"}, {3, "1", "0.25", "false", "right"});
    EXPECT_FALSE(sign.holds(fall));
    SignMemory memory;
    memory.remember(rise.before);
    memory.remember(rise.after);
    EXPECT_EQ(memory.last("vy"), -1);
    memory.remember(top.after);  // 0 keeps the last non-zero sign
    EXPECT_EQ(memory.last("vy"), -1);
    EXPECT_EQ(memory.last("nothing"), 0);
    fall.signs = &memory;
    EXPECT_TRUE(sign.holds(fall));
    // A landing: 0.25 -> 0 is no change; then 0 for a second frame is rest, and a jump
    // from rest (0 -> -5) is no sign change either.
    memory.remember(fall.after);
    BreakStep land = step({3, "1", "0.25", "false", "right"}, {4, "1", "0", "true", "right"});
    land.signs = &memory;
    EXPECT_FALSE(sign.holds(land));
    memory.remember(land.after);
    EXPECT_EQ(memory.last("vy"), 1);  // one frame at 0: still on its way through
    memory.remember(land.after);
    EXPECT_EQ(memory.last("vy"), 0);  // two: at rest
    BreakStep jump = step({5, "1", "0", "true", "right"}, {6, "1", "-5", "false", "right"});
    jump.signs = &memory;
    EXPECT_FALSE(sign.holds(jump));
}

TEST(BreakExpr, AndOrNotAndParenthesesCombine) {
    const BreakStep s = step({119, "1", "0", "true", "right"}, {120, "301", "-1", "false", "left"});
    EXPECT_TRUE(parsed("frame == 120").holds(s));
    EXPECT_FALSE(parsed("frame == 119").holds(s));
    EXPECT_TRUE(parsed("x > 300 and not grounded").holds(s));
    EXPECT_FALSE(parsed("x > 300 and grounded").holds(s));
    EXPECT_TRUE(parsed("x < 0 or vy < 0").holds(s));
    // and binds tighter than or: true or (false and false) holds, (true or false) and false not.
    EXPECT_TRUE(parsed("frame == 120 or x < 0 and grounded").holds(s));
    EXPECT_FALSE(parsed("(frame == 120 or x < 0) and grounded").holds(s));
    EXPECT_TRUE(parsed("not (x < 0 or grounded)").holds(s));
    // A bare field holds when true or a number not zero.
    EXPECT_TRUE(parsed("vy").holds(s));
    EXPECT_FALSE(parsed("grounded").holds(s));
}

TEST(BreakExpr, ProbesOfTheWatchedActorCountWithTheirVerdict) {
    Trace t;
    t.point(Verdict::Block, "ground", 1, 2);
    t.point(Verdict::Pass, "scanline", 1, 2);
    t.probes.back().actor = 1;  // another actor's
    t.point(Verdict::Pass, "pass_rate", 1, 2);
    const Frame a{0, "1", "0", "true", "right"};
    EXPECT_TRUE(parsed("probe ground").holds(step(a, a, &t)));
    EXPECT_TRUE(parsed("probe ground blocked").holds(step(a, a, &t)));
    EXPECT_FALSE(parsed("probe ground hit").holds(step(a, a, &t)));
    EXPECT_FALSE(parsed("probe scanline pass").holds(step(a, a, &t)));
    EXPECT_FALSE(parsed("probe pass_rate").holds(step(a, a, &t)));  // a pass is not a block
    EXPECT_TRUE(parsed("probe pass_rate passes").holds(step(a, a, &t)));
    EXPECT_FALSE(parsed("probe ground").holds(step(a, a, nullptr)));
    EXPECT_TRUE(parsed("probe ground").readsProbes());
    EXPECT_FALSE(parsed("x > 1").readsProbes());
}

// Each model's own fields, by the names the trace gives them (docs/movers/*.md).
TEST(BreakExpr, TraceFieldsNameEveryModelsOwnFields) {
    auto names = [](MoverKind k) {
        std::string s;
        for (const StateField& f : traceFields(7, k, MoverState{})) s += f.name + " ";
        return s;
    };
    EXPECT_EQ(names(MoverKind::PixelSweep),
              "frame x y vx vy grounded facing pushing air_frames remainder_x remainder_y ");
    EXPECT_EQ(names(MoverKind::GridWalls),
              "frame x y vx vy grounded facing pushing region blocked ");
    EXPECT_EQ(names(MoverKind::TopDownAabb), "frame x y vx vy grounded facing pushing walk nudge ");
    EXPECT_EQ(names(MoverKind::ScanlineSlide),
              "frame x y vx vy grounded facing pushing blocked_scanlines slide ");
    EXPECT_EQ(traceFields(7, MoverKind::PixelSweep, MoverState{})[0].value, "7");
}

Map floorMap(int64_t heroY) {
    Map m = mapFromRows({
        "........",
        "........",
        "........",
        "########",
    });
    m.actors.push_back(makeActor("hero", MoverKind::PixelSweep, 20, heroY, 12, 16));
    return m;
}

// The floor's top is at 3 * tile size; a hero of height 16 stands on it at y = top - 16.
TEST(SpawnView, GroundedWhereTheActorStandsOnTheFloor) {
    const Map standing = floorMap(3 * 16 - 16);
    ASSERT_EQ(standing.tileSize, 16);
    Sim sim(standing);
    ASSERT_FALSE(sim.states()[0].grounded);  // what the mover knows before its first step
    const MoverState shown =
        spawnAsShown(MoverKind::PixelSweep, sim.states()[0], sim.params()[0], sim.world());
    EXPECT_TRUE(shown.grounded);
    EXPECT_EQ(shown.x, sim.states()[0].x);
    EXPECT_EQ(shown.y, sim.states()[0].y);
    // One pixel above the floor it is in the air.
    const Map above = floorMap(3 * 16 - 17);
    Sim air(above);
    EXPECT_FALSE(spawnAsShown(MoverKind::PixelSweep, air.states()[0], air.params()[0], air.world())
                     .grounded);
}

}  // namespace
}  // namespace ts::test
