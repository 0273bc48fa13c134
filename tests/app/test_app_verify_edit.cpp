// Editing through the window with real input under a private Xvfb: brush handles (select,
// move, resize, delete), the actor inspector (name, mover, size, a parameter) and map resize
// with an anchor. Each test saves with Ctrl+S and checks the file exactly; expected values
// are worked out by hand in the comments from the mouse offsets and the zoom.
#include "test_app_verify_support.h"
#include "movers/mover.h"

namespace ts::test {
namespace {

using AppEdit = AppDriver;

// Positions at UI scale 1, read off screenshots of the 1280 x 800 window.
constexpr int kTilesetHeaderX = 1100, kTilesetHeaderY = 36;  // collapsing it lifts the rest
constexpr int kFieldX = 1070;  // inspector fields, with the Tileset section collapsed:
constexpr int kActorNameY = 108, kActorMoverY = 132, kActorWidthY = 204, kFirstParamY = 270;
constexpr int kParamRowH = 24;
constexpr int kMoverScanlineY = 210;  // 4th entry of the open Mover list
constexpr int kMapResizeButtonX = 1120, kMapResizeButtonY = 82;
// The Resize dialog, centred: "+" of width and height, anchor cells, Resize button.
constexpr int kResizePlusX = 694, kResizeWidthY = 332, kResizeHeightY = 356;
constexpr int kAnchorBottomRightX = 578, kAnchorBottomRightY = 454;
constexpr int kResizeOkX = 520, kResizeOkY = 485;

// Issue 30: Delete or BackSpace in Debug mode removed the inspected actor without a word.
// Deleting is an Edit-mode action: the actor clicked in Debug mode survives both keys, and
// the same keys with the actor tool in Edit mode do delete it (so the keys reach the window).
TEST_F(AppEdit, DebugModeNeverDeletesTheInspectedActor) {
    Map original = Map::blank(20, 12);
    for (int x = 0; x < 20; ++x) original.setTile(x, 11, 1);
    original.actors.push_back(makeActor("hero", MoverKind::PixelSweep, 64, 160, 12, 16));
    original.actors.push_back(makeActor("twin", MoverKind::PixelSweep, 192, 160, 12, 16));
    start(original);
    if (HasFatalFailure()) return;
    key("a");  // the actor tool, which Debug mode's inspecting keeps
    const size_t views = countOf(app_->out(), "view x0=");
    key("Tab");  // Debug mode, inspecting: the timeline takes the canvas's foot, the map moves
    ASSERT_TRUE(waitForNewLine("view x0=", views)) << app_->out();
    const ViewLine edit = view_;
    view_ = parseViewLine(app_->out());
    click(winX(70), winY(168));  // hero, standing at frame 0
    key("Delete");
    key("BackSpace");
    key("Tab");  // back to Edit mode, the actor tool
    EXPECT_NE(app_->out().find("message Debug mode does not delete"), std::string::npos);
    view_ = edit;
    click(winX(198), winY(168));  // twin
    key("Delete");
    saveAndQuit();
    if (HasFatalFailure()) return;
    Map saved = loadMap(path_);
    ASSERT_EQ(saved.actors.size(), 1u) << "Edit mode's Delete must delete, Debug mode's not";
    EXPECT_EQ(saved.actors[0].name, "hero");
}

TEST_F(AppEdit, BrushHandlesSelectMoveResizeAndDelete) {
    Map original = Map::blank(20, 12);
    original.brushes = {Brush{RectI{32, 32, 48, 32}}, Brush{RectI{200, 100, 40, 40}}};
    start(original);
    if (HasFatalFailure()) return;
    ASSERT_EQ(view_.zoom, 2) << "the offsets below assume 2 window px per map px";

    key("x");
    click(winX(56), winY(48));  // inside brush 0: selects it
    // Bottom-right handle (on the outline at map (80, 64)) dragged by (+24, +16) window px =
    // (+12, +8) map px: the right border pixel 79 -> 91, the bottom one 63 -> 71.
    drag({{winX(80), winY(64)}, {winX(80) + 10, winY(64) + 6}, {winX(80) + 24, winY(64) + 16}});
    // Grabbing a handle without moving changes nothing (it sits half a pixel off the border).
    click(winX(32), winY(32));
    // Drag the body by (+20, +10) window px = (+10, +5) map px.
    drag({{winX(60), winY(50)}, {winX(60) + 12, winY(50) + 4}, {winX(60) + 20, winY(50) + 10}});
    // A click on empty space deselects and must not leave a 1-pixel brush.
    click(winX(300), winY(20));
    // Select brush 1 and delete it.
    click(winX(220), winY(120));
    key("Delete");
    saveAndQuit();
    if (HasFatalFailure()) return;

    Map saved = loadMap(path_);
    ASSERT_EQ(saved.brushes.size(), 1u);
    const RectI& r = saved.brushes[0].rect;
    EXPECT_EQ(r.x, 32 + 10);
    EXPECT_EQ(r.y, 32 + 5);
    EXPECT_EQ(r.w, 91 - 32 + 1);
    EXPECT_EQ(r.h, 71 - 32 + 1);
    EXPECT_TRUE(saved.tiles == original.tiles);
}

TEST_F(AppEdit, ActorInspectorRenamesAndSetsMoverSizeAndParameter) {
    Map original = Map::blank(20, 12);
    original.actors.push_back(makeActor("hero", MoverKind::PixelSweep, 100, 80, 12, 16));
    start(original);
    if (HasFatalFailure()) return;

    click(kTilesetHeaderX, kTilesetHeaderY);
    pointAt(cellX(10), cellY(10));
    key("a");
    click(winX(106), winY(88));  // the actor's box: selects it
    click(kFieldX, kActorNameY);
    key("ctrl+a");
    type("runner");
    key("Return");
    click(kFieldX, kActorMoverY);
    click(kFieldX, kMoverScanlineY);
    // Away and a pause, or the next click pairs with this one as a double-click.
    pointAt(cellX(10), cellY(10));
    sleepMs(400);
    // Ctrl+click turns a drag field into a text field.
    auto setField = [&](int y, const std::string& text) {
        app_->xdotool(
            "mousemove " + xy(kFieldX, y) +
            " sleep 0.15 keydown ctrl sleep 0.15 click 1 sleep 0.15 keyup ctrl sleep 0.2");
        key("ctrl+a");
        type(text);
        key("Return");
    };
    setField(kActorWidthY, "14");
    setField(kFirstParamY, "2.5");                 // speed, px/frame
    setField(kFirstParamY + 2 * kParamRowH, "4");  // step_count
    pointAt(cellX(10), cellY(10));
    saveAndQuit();
    if (HasFatalFailure()) return;

    Map saved = loadMap(path_);
    ASSERT_EQ(saved.actors.size(), 1u);
    const Actor& a = saved.actors[0];
    EXPECT_EQ(a.name, "runner");
    EXPECT_EQ(a.mover, MoverKind::ScanlineSlide);
    EXPECT_EQ(a.x, 100);
    EXPECT_EQ(a.y, 80);
    EXPECT_EQ(a.w, 14);
    EXPECT_EQ(a.h, 16);
    const MoverInfo& info = moverInfo(MoverKind::ScanlineSlide);
    ASSERT_GE(info.paramCount, 3);
    ASSERT_STREQ(info.params[0].name, "speed");
    ASSERT_STREQ(info.params[2].name, "step_count");
    ParamValues expected = defaultParams(MoverKind::ScanlineSlide);
    expected[0] = Fix::fromDouble(2.5);
    expected[2] = Fix::fromInt(4);
    for (int p = 0; p < info.paramCount; ++p)
        EXPECT_EQ(a.params[size_t(p)], expected[size_t(p)]) << info.params[p].name;
}

TEST_F(AppEdit, ResizeWithAnchorShiftsTheContent) {
    Map original = Map::blank(10, 6);
    original.setTile(0, 0, 1);
    original.setTile(9, 5, 1);
    original.walls.setH(3, 2, true);
    original.brushes = {Brush{RectI{16, 16, 16, 16}}};
    original.actors.push_back(makeActor("hero", MoverKind::PixelSweep, 40, 40, 12, 16));
    start(original);
    if (HasFatalFailure()) return;

    click(kTilesetHeaderX, kTilesetHeaderY);
    size_t before = countOf(app_->out(), "dialog Resize map");
    click(kMapResizeButtonX, kMapResizeButtonY);
    ASSERT_TRUE(waitForNewLine("dialog Resize map", before)) << app_->out();
    click(kAnchorBottomRightX, kAnchorBottomRightY);                  // the dialog stays open
    for (int i = 0; i < 4; ++i) click(kResizePlusX, kResizeWidthY);   // 10 -> 14
    for (int i = 0; i < 2; ++i) click(kResizePlusX, kResizeHeightY);  // 6 -> 8
    click(kResizeOkX, kResizeOkY);
    pointAt(500, 500);
    saveAndQuit();
    if (HasFatalFailure()) return;

    // Bottom-right anchor: the old content moves by (14 - 10, 8 - 6) = (4, 2) tiles.
    Map saved = loadMap(path_);
    ASSERT_EQ(saved.width, 14);
    ASSERT_EQ(saved.height, 8);
    Map expected = Map::blank(14, 8);
    expected.setTile(4, 2, 1);
    expected.setTile(13, 7, 1);
    expected.walls.setH(7, 4, true);
    EXPECT_TRUE(saved.tiles == expected.tiles);
    EXPECT_TRUE(saved.walls == expected.walls);
    ASSERT_EQ(saved.brushes.size(), 1u);
    EXPECT_TRUE(saved.brushes[0].rect == (RectI{16 + 64, 16 + 32, 16, 16}));
    ASSERT_EQ(saved.actors.size(), 1u);
    EXPECT_EQ(saved.actors[0].x, 40 + 64);
    EXPECT_EQ(saved.actors[0].y, 40 + 32);
}

}  // namespace
}  // namespace ts::test
