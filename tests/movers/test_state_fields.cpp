// The inspector's model fields (core/movers/model_fields.h: modelStateFields): each mover's timer /
// aux under the names its describe function gives them, values as `tilestep run` prints them.
// Expected names and values from the movers' docs and describe functions, written by hand.
#include <gtest/gtest.h>

#include "movers/grid_walls.h"
#include "movers/grid_walls_region.h"
#include "movers/model_fields.h"
#include "movers/mover_registry.h"

namespace ts {
namespace {

std::string joined(const std::vector<StateField>& fields) {
    std::string s;
    for (const StateField& f : fields) s += f.name + "=" + f.value + ";";
    return s;
}

TEST(StateFields, EachMoverNamesItsOwnFields) {
    MoverState s;
    s.timer = 3;
    s.aux = 0;
    s.x = Fix::fromDouble(10.25);
    EXPECT_EQ(joined(modelStateFields(MoverKind::PixelSweep, s)),
              "air_frames=3;remainder_x=0.25;remainder_y=0;");
    // After a jump the count is pixel_sweep::kAirborneCap (2^30): the inspector says so.
    MoverState jumped = s;
    jumped.timer = 1 << 30;
    EXPECT_EQ(joined(modelStateFields(MoverKind::PixelSweep, jumped)),
              "air_frames=jumped (1073741824);remainder_x=0.25;remainder_y=0;");
    s.aux = 1;
    EXPECT_EQ(joined(modelStateFields(MoverKind::TopDownAabb, s)), "walk=3;nudge=1;");
    s.aux = Fix::fromDouble(0.5).raw;  // the slide, in 1/65536 px
    EXPECT_EQ(joined(modelStateFields(MoverKind::ScanlineSlide, s)),
              "blocked_scanlines=3;slide=0.5;");
}

// Grid walls pack the region class and the blocked axes into aux (grid_walls.h): the
// inspector showed the packed number; it shows the two fields.
TEST(StateFields, GridWallsShowRegionAndBlockedAxesNotThePackedNumber) {
    MoverState s;
    s.aux = int32_t(grid_walls::RegionClass::C) << kGwAuxRegionShift | kGwAuxBlockedX;  // 9
    EXPECT_EQ(joined(modelStateFields(MoverKind::GridWalls, s)), "region=c;blocked=x;");
    s.aux = kGwAuxBlockedX | kGwAuxBlockedY;
    EXPECT_EQ(joined(modelStateFields(MoverKind::GridWalls, s)), "region=a;blocked=xy;");
}

// Issue 30: the inspector's reading of the pixel sweep's jump was a special case for that
// model in modelStateFields. A reading is the mover's own (MoverInfo::fieldText), so a newly
// registered mover gets its own without a line in the inspector, and one without shows the
// values as the trace writes them.
TEST(StateFields, AMoversOwnReadingsComeFromItsRegistryEntry) {
    MoverInfo info = moverInfo(MoverKind::TopDownAabb);  // fields walk (timer), nudge (aux)
    info.id = "reading_test_mover";
    info.fieldText = [](const ModelField& f) -> std::string {
        return f.key == "nudge" && f.value < 0 ? "left " + std::to_string(-f.value) : "";
    };
    MoverKind kind{};
    std::string error;
    ASSERT_TRUE(registerMover(info, &kind, &error)) << error;
    MoverState s;
    s.timer = 2;
    s.aux = -3;
    EXPECT_EQ(joined(modelStateFields(kind, s)), "walk=2;nudge=left 3;");
    s.aux = 3;
    EXPECT_EQ(joined(modelStateFields(kind, s)), "walk=2;nudge=3;");  // no reading: the value
    s.aux = -3;
    EXPECT_EQ(joined(modelStateFields(MoverKind::TopDownAabb, s)), "walk=2;nudge=-3;");
}

}  // namespace
}  // namespace ts
