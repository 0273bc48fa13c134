// Carrying parameter values from one parameter list to another by name (core/movers/param_carry.h):
// what a plugin rebuild with added, removed, renamed, reordered or re-ranged parameters needs.
#include <gtest/gtest.h>

#include "movers/param_carry.h"

namespace ts {
namespace {

ParamSpec spec(const char* name, double def, double min, double max, bool integer = false) {
    return ParamSpec{name, "", def, min, max, integer, ""};
}

ParamValues values(std::initializer_list<double> v) {
    ParamValues out{};
    size_t i = 0;
    for (double d : v) out[i++] = Fix::fromDouble(d);
    return out;
}

TEST(ParamCarry, AddedTakesTheDefaultRemovedIsDroppedKeptFollowTheirName) {
    const ParamSpec from[] = {spec("gravity", 1, 0, 4), spec("speed", 2, 0, 8),
                              spec("old_jump", 3, 0, 9)};
    const ParamSpec to[] = {spec("speed", 2, 0, 8), spec("dash_speed", 240, 0, 400),
                            spec("gravity", 1, 0, 4)};
    const ParamCarry c(from, 3, to, 3);
    EXPECT_TRUE(c.changed());
    // speed 5 and gravity 0.5 move to their new places, dash_speed is new: its default.
    EXPECT_EQ(c.carry(values({0.5, 5, 7})), values({5, 240, 0.5}));
    EXPECT_EQ(c.summary(), "+ dash_speed (default 240), - old_jump");
}

TEST(ParamCarry, ARenameIsARemovalAndAnAddition) {
    const ParamSpec from[] = {spec("jump", 3, 0, 9)};
    const ParamSpec to[] = {spec("jump_height", 4, 0, 9)};
    const ParamCarry c(from, 1, to, 1);
    EXPECT_EQ(c.carry(values({7})), values({4}));  // the old 7 does not carry to a new name
    EXPECT_EQ(c.summary(), "+ jump_height (default 4), - jump");
}

TEST(ParamCarry, AReorderMovesTheValues) {
    const ParamSpec from[] = {spec("a", 1, 0, 9), spec("b", 2, 0, 9), spec("c", 3, 0, 9)};
    const ParamSpec to[] = {spec("c", 3, 0, 9), spec("a", 1, 0, 9), spec("b", 2, 0, 9)};
    const ParamCarry c(from, 3, to, 3);
    EXPECT_TRUE(c.changed());
    EXPECT_EQ(c.carry(values({7, 8, 9})), values({9, 7, 8}));
    EXPECT_EQ(c.summary(), "order");
}

TEST(ParamCarry, AChangedRangeGoesThroughTheNewNormalize) {
    const ParamSpec from[] = {spec("speed", 2, 0, 8), spec("frames", 4, 0, 10)};
    const ParamSpec to[] = {spec("speed", 2, 0, 4), spec("frames", 4, 0, 10, true)};
    const ParamCarry c(from, 2, to, 2);
    EXPECT_TRUE(c.changed());
    // 6 is past the new maximum 4; 2.5 frames becomes whole: 3 (halves up).
    EXPECT_EQ(c.carry(values({6, 2.5})), values({4, 3}));
    EXPECT_EQ(c.summary(), "speed 0..4 (was 0..8), frames 0..10 whole (was 0..10)");
}

TEST(ParamCarry, TheSameListChangesNothing) {
    const ParamSpec from[] = {spec("a", 1, 0, 9), spec("b", 2, 0, 9)};
    const ParamCarry c(from, 2, from, 2);
    EXPECT_FALSE(c.changed());
    EXPECT_FALSE(c.defaultsChanged());
    EXPECT_EQ(c.summary(), "");
    EXPECT_EQ(c.carry(values({7, 8})), values({7, 8}));
}

// Values by position still mean the same, but an actor that does not set a parameter
// follows its new default; one that sets it keeps its value, even the old default.
TEST(ParamCarry, ANewDefaultReachesTheParametersAnActorDoesNotSet) {
    const ParamSpec from[] = {spec("a", 1, 0, 9), spec("b", 2, 0, 9), spec("c", 3, 0, 9)};
    const ParamSpec to[] = {spec("a", 5, 0, 9), spec("b", 6, 0, 9), spec("c", 3, 0, 9)};
    const ParamCarry c(from, 3, to, 3);
    EXPECT_FALSE(c.changed());
    EXPECT_TRUE(c.defaultsChanged());
    EXPECT_EQ(c.summary(), "a default 5 (was 1), b default 6 (was 2)");
    Actor a;
    a.params = values({1, 2, 3});
    a.paramsSet = uint32_t(1) << 1;  // b set, to its old default
    c.carry(a);
    EXPECT_EQ(a.params, values({5, 2, 3}));
    EXPECT_EQ(a.paramsSet, uint32_t(1) << 1);
    Actor off;
    off.params = values({4, 2, 3});  // a is off the default: the map's own value
    c.carry(off);
    EXPECT_EQ(off.params, values({4, 6, 3}));
    EXPECT_EQ(off.paramsSet, 1u);
}

}  // namespace
}  // namespace ts
