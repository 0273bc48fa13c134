// A map file stores the parameters its map sets, not the defaults (issue 19): a parameter an
// actor leaves alone follows the mover's default, in JSON and binary maps alike.
#include <gtest/gtest.h>

#include "edit/edit.h"
#include "io/map_io.h"
#include "movers/mover.h"
#include "movers/param_set.h"
#include "../edit/test_edit_support.h"
#include "test_support.h"

namespace ts {
namespace {

Map twoActors() {
    Map m = test::mapFromRows({"........", "........"});
    m.actors.push_back(test::makeActor("left_alone", MoverKind::PixelSweep, 0, 0, 12, 16));
    m.actors.push_back(test::makeActor("tuned", MoverKind::PixelSweep, 40, 0, 12, 16));
    return m;
}

TEST(MapParamsSet, ASaveWritesTheParametersSetAndNoDefault) {
    Map m = twoActors();
    const int gravity = findParam(MoverKind::PixelSweep, "gravity");
    ASSERT_GE(gravity, 0);
    const Fix def = moverInfo(MoverKind::PixelSweep).params[gravity].defFix();
    // Set to the default by an edit: the map now sets it.
    m = test::applyUndoRedo(m, setActorParam(m, 1, gravity, def + Fix::fromInt(1), nullptr));
    m = test::applyUndoRedo(m, setActorParam(m, 1, gravity, def, nullptr));
    EXPECT_TRUE(paramIsSet(m.actors[1], gravity));
    EXPECT_FALSE(paramIsSet(m.actors[0], gravity));

    const std::string json = mapToJson(m);
    EXPECT_NE(json.find("\"name\": \"left_alone\", \"mover\": \"pixel_sweep\", \"x\": 0, \"y\": 0, "
                        "\"w\": 12, \"h\": 16,\n      \"params\": {}"),
              std::string::npos)
        << json;
    EXPECT_NE(json.find("\"params\": {\n        \"gravity\": " + def.str() + "\n      }"),
              std::string::npos)
        << json;

    for (const Map& back :
         {mapFromJson(json, "m.json"), mapFromBinary(mapToBinary(m), "m.tsmap")}) {
        EXPECT_TRUE(back == m);
        EXPECT_EQ(back.actors[0].paramsSet, 0u);
        EXPECT_EQ(back.actors[1].paramsSet, paramBit(gravity));
        EXPECT_EQ(back.actors[0].params, defaultParams(MoverKind::PixelSweep));
    }
    EXPECT_LT(mapToBinary(m).size(), mapToBinary(twoActors()).size() + 64);
}

TEST(MapParamsSet, AValueOffTheDefaultIsSavedEvenWithoutItsBit) {
    Map m = twoActors();
    m.actors[0].params[0] = m.actors[0].params[0] + Fix::fromInt(1);
    const Map back = mapFromJson(mapToJson(m), "m.json");
    EXPECT_TRUE(back == m);
    EXPECT_EQ(back.actors[0].paramsSet, paramBit(0));
}

TEST(MapParamsSet, ChangingTheMoverForgetsWhatWasSet) {
    Map m = twoActors();
    m = test::applyUndoRedo(m, setActorParam(m, 0, 0, Fix::fromInt(1), nullptr));
    m = test::applyUndoRedo(m, setActorMover(m, 0, MoverKind::GridWalls));
    EXPECT_EQ(m.actors[0].paramsSet, 0u);
    EXPECT_EQ(m.actors[0].params, defaultParams(MoverKind::GridWalls));
}

// "Defaults" in the inspector: the values and the map's claim on them go, even where the
// values were the defaults already.
TEST(MapParamsSet, DefaultsForgetWhatWasSet) {
    Map m = twoActors();
    m = test::applyUndoRedo(m, setActorParam(m, 0, 0, Fix::fromInt(1), nullptr));
    m = test::applyUndoRedo(m, resetActorParams(m, 0));
    EXPECT_EQ(m.actors[0].paramsSet, 0u);
    EXPECT_EQ(m.actors[0].params, defaultParams(MoverKind::PixelSweep));
    m.actors[1].paramsSet = paramBit(2);  // set, to its default
    CommandPtr reset = resetActorParams(m, 1);
    ASSERT_TRUE(reset);
    EXPECT_FALSE(reset->changesNothing());
    m = test::applyUndoRedo(m, std::move(reset));
    EXPECT_EQ(m.actors[1].paramsSet, 0u);
}

}  // namespace
}  // namespace ts
