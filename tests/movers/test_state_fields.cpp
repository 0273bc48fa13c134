// The inspector's model fields (core/movers/state_fields.h): each mover's timer / aux under the
// names its describe function gives them, values as `tilestep run` prints them. Expected
// names and values from the movers' docs and describe functions, written by hand.
#include <gtest/gtest.h>

#include "movers/grid_walls.h"
#include "movers/grid_walls_region.h"
#include "movers/state_fields.h"

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

}  // namespace
}  // namespace ts
