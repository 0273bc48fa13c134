// A whole-number mover parameter typed with a fraction is rounded as ParamSpec::normalize
// says (nearest, halves up), not cut by ImGui's int parsing (issue 12: "2.6" became 2). Real
// input on a private Xvfb: the Actors tool selects the actor, Ctrl+click on a field of the
// inspector types a value. Positions at UI scale 1 in the 1280 x 800 window, read off a
// screenshot of this map with the actor selected: diagonal_speed's field at (1070, 678),
// push_speed's at (1070, 702); the actor's box at map (32, 32) 16 x 16.
#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

#include "io/map_io.h"
#include "xvfb_session.h"
#include "movers/mover.h"

namespace ts::test {
namespace {

class AppParamFields : public XvfbTest {};

TEST_F(AppParamFields, TypedFractionsAreRoundedNotCut) {
    Map map = Map::blank(12, 10);
    map.actors.push_back(makeActor("hero", MoverKind::TopDownAabb, 32, 32, 16, 16));
    const std::string path = dir_ + "/level.json";
    saveMap(map, path);
    BackgroundTilestep app(server_->display(), dir_ + "/cfg", shellQuote(path) + " --verbose");
    ASSERT_TRUE(app.waitForOutput("view x0=", 20000)) << app.err();
    const ViewLine v = parseViewLine(app.out());
    ASSERT_TRUE(v.ok);
    std::ostringstream actor;
    actor << int(std::floor(v.x0 + 40 * v.zoom)) << " " << int(std::floor(v.y0 + 40 * v.zoom));
    app.xdotool("mousemove 600 600 sleep 0.2 key a sleep 0.25 mousemove " + actor.str() +
                " sleep 0.15 click 1 sleep 0.3");
    auto type = [&app](const std::string& at, const std::string& text) {
        app.xdotool("mousemove " + at +
                    " sleep 0.2 keydown ctrl click 1 keyup ctrl sleep 0.3 key ctrl+a sleep 0.1");
        app.xdotool("type --delay 60 " + text);
        app.xdotool("key Return sleep 0.3");
    };
    type("1070 678", "3.6");  // diagonal_speed, default 2: 3.6 -> 4 (cut: 3)
    type("1070 702", "2.5");  // push_speed, default 1: 2.5 -> 3, halves up (cut: 2)
    app.xdotool("mousemove 600 600 sleep 0.2 key ctrl+s sleep 0.5 key ctrl+q");
    ASSERT_TRUE(app.waitForExit(10000)) << app.err();
    const Map saved = loadMap(path);
    ASSERT_EQ(saved.actors.size(), 1u);
    const ParamValues& p = saved.actors[0].params;
    EXPECT_EQ(p[size_t(findParam(MoverKind::TopDownAabb, "diagonal_speed"))], Fix::fromInt(4));
    EXPECT_EQ(p[size_t(findParam(MoverKind::TopDownAabb, "push_speed"))], Fix::fromInt(3));
}

}  // namespace
}  // namespace ts::test
