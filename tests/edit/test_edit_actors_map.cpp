// Actor, tileset and whole-map commands. Expected values are worked out by hand from the
// rules in core/edit/actor_tools.h, tileset_tools.h and map_tools.h (noted per case).
#include <optional>

#include "test_edit_support.h"
#include "io/map_validate.h"

namespace ts::test {
namespace {

// The first mover with the given roundness (the registry decides which one that is).
std::optional<MoverKind> moverWithRound(bool round) {
    for (MoverKind k : moverKinds())
        if (moverInfo(k).round == round) return k;
    return std::nullopt;
}

TEST(EditActors, AddGeneratesUniqueNamesAndDefaults) {
    Map m = Map::blank(4, 4, 16);
    Map one = applyUndoRedo(m, addActor(m, MoverKind::TopDownAabb, 20, 30));
    ASSERT_EQ(one.actors.size(), 1u);
    EXPECT_EQ(one.actors[0].name, "actor1");
    EXPECT_EQ(one.actors[0].mover, MoverKind::TopDownAabb);
    EXPECT_EQ(one.actors[0].params, defaultParams(MoverKind::TopDownAabb));
    EXPECT_EQ(one.actors[0].x, 20);
    EXPECT_EQ(one.actors[0].y, 30);
    Map two = applyUndoRedo(one, addActor(one, MoverKind::PixelSweep, -5, 100));
    EXPECT_EQ(two.actors[1].name, "actor2");
    EXPECT_EQ(two.actors[1].x, 0);  // clamped into the 64 x 64 px map
    EXPECT_EQ(two.actors[1].y, 64);
    // Renaming actor1 frees the name for the next one.
    Map renamed = applyUndoRedo(two, renameActor(two, 0, "hero"));
    EXPECT_EQ(uniqueActorName(renamed), "actor1");
    EXPECT_EQ(uniqueActorName(two), "actor3");
}

// The editor's click (issue 30): the box centred on the clicked pixel, a round mover's
// position being its centre; the overlap with solid asked of the collision world.
TEST(EditActors, PlacedCentredOnTheClickAndOverlapWithSolidSaid) {
    Map m = Map::blank(8, 8, 16);  // 128 x 128 px
    m.setTile(4, 4, 1);            // solid [64, 80) x [64, 80)
    const std::optional<MoverKind> box = moverWithRound(false), round = moverWithRound(true);
    ASSERT_TRUE(box && round);
    // A 12 x 16 box centred on (40, 30): top-left (34, 22).
    Map one = applyUndoRedo(m, addActorCentred(m, *box, 40, 30));
    ASSERT_EQ(one.actors.size(), 1u);
    EXPECT_EQ(one.actors[0].x, 34);
    EXPECT_EQ(one.actors[0].y, 22);
    EXPECT_FALSE(actorOverlapsSolid(one, one.actors[0]));
    // Round: (40, 30) is the centre; the box (actorBox) is [34, 46) x [24, 36).
    Map two = applyUndoRedo(one, addActorCentred(one, *round, 40, 30));
    EXPECT_EQ(two.actors[1].x, 40);
    EXPECT_EQ(two.actors[1].y, 30);
    EXPECT_FALSE(actorOverlapsSolid(two, two.actors[1]));
    // Centred on (58, 60): [52, 64) x [52, 68) only touches the solid tile's left edge (x 64)
    // and overlaps nothing; one pixel right, [53, 65) x [52, 68) overlaps it at x 64, y 64..67.
    Map beside = applyUndoRedo(m, addActorCentred(m, *box, 58, 60));
    EXPECT_FALSE(actorOverlapsSolid(beside, beside.actors[0]));
    Map into = applyUndoRedo(m, addActorCentred(m, *box, 59, 60));
    EXPECT_EQ(into.actors[0].x, 53);
    EXPECT_TRUE(actorOverlapsSolid(into, into.actors[0]));
    // Outside the map counts as solid: centred on (2, 2), the box starts at x -4, clamped to 0
    // as addActor clamps: [0, 12) x [0, 16) is inside and free.
    Map corner = applyUndoRedo(m, addActorCentred(m, *box, 2, 2));
    EXPECT_EQ(corner.actors[0].x, 0);
    EXPECT_FALSE(actorOverlapsSolid(corner, corner.actors[0]));
    Map edge = applyUndoRedo(m, addActorCentred(m, *box, 125, 60));  // [119, 131): past 128
    EXPECT_TRUE(actorOverlapsSolid(edge, edge.actors[0]));
}

TEST(EditActors, RenameRefusesEmptyAndTakenNames) {
    Map m = Map::blank(4, 4);
    m.actors.push_back(
        Actor{"a", MoverKind::PixelSweep, 0, 0, 12, 16, defaultParams(MoverKind::PixelSweep)});
    m.actors.push_back(
        Actor{"b", MoverKind::PixelSweep, 0, 0, 12, 16, defaultParams(MoverKind::PixelSweep)});
    std::string error;
    EXPECT_EQ(renameActor(m, 0, "b", &error), nullptr);
    EXPECT_NE(error.find("\"b\""), std::string::npos) << error;
    error.clear();
    EXPECT_EQ(renameActor(m, 0, "", &error), nullptr);
    EXPECT_FALSE(error.empty());
    EXPECT_TRUE(renameActor(m, 0, "a")->changesNothing());  // its own name
    Map after = applyUndoRedo(m, renameActor(m, 1, "c"));
    EXPECT_EQ(after.actors[1].name, "c");
    Document doc(m);
    EXPECT_FALSE(doc.apply(renameActor(m, 0, "b")));  // a refused edit is a null command
}

TEST(EditActors, FindMoveDelete) {
    Map m = Map::blank(4, 4, 16);  // 64 x 64 px
    const std::optional<MoverKind> boxKind = moverWithRound(false), round = moverWithRound(true);
    ASSERT_TRUE(boxKind.has_value());
    const MoverKind box = *boxKind;
    m.actors.push_back(Actor{"box", box, 10, 10, 12, 16, defaultParams(box)});
    // Pixels 10..21 x 10..25.
    EXPECT_EQ(findActorAt(m, 21, 25), 0);
    EXPECT_EQ(findActorAt(m, 22, 25), -1);
    EXPECT_EQ(findActorAt(m, 10, 9), -1);
    if (round) {
        // Round: centre (40, 40), diameter 10: pixels 35..44 on both axes.
        m.actors.push_back(Actor{"ball", *round, 40, 40, 10, 10, defaultParams(*round)});
        EXPECT_EQ(actorBox(m.actors[1]), (RectI{35, 35, 10, 10}));
        EXPECT_EQ(findActorAt(m, 35, 35), 1);
        EXPECT_EQ(findActorAt(m, 44, 44), 1);
        EXPECT_EQ(findActorAt(m, 45, 40), -1);
        EXPECT_EQ(findActorAt(m, 34, 40), -1);
    }
    // On top of each other, the last one wins.
    m.actors.push_back(Actor{"top", box, 8, 8, 8, 8, defaultParams(box)});
    EXPECT_EQ(findActorAt(m, 12, 12), int(m.actors.size() - 1));

    Map moved = applyUndoRedo(m, moveActor(m, 0, 60, -100));  // clamped to (64, 0)
    EXPECT_EQ(moved.actors[0].x, 64);
    EXPECT_EQ(moved.actors[0].y, 0);
    Map deleted = applyUndoRedo(m, deleteActor(m, 0));
    EXPECT_EQ(deleted.actors.size(), m.actors.size() - 1);
    EXPECT_EQ(deleted.actors[0].name, m.actors[1].name);
    EXPECT_TRUE(deleteActor(m, 7)->changesNothing());
    EXPECT_TRUE(moveActor(m, 7, 1, 1)->changesNothing());
}

TEST(EditActors, ChangingTheMoverResetsItsParameters) {
    Map m = Map::blank(4, 4);
    m.actors.push_back(
        Actor{"a", MoverKind::PixelSweep, 0, 0, 12, 16, defaultParams(MoverKind::PixelSweep)});
    const MoverInfo& ps = moverInfo(MoverKind::PixelSweep);
    ASSERT_GT(ps.paramCount, 0);
    Fix changed = Fix::fromDouble(ps.params[0].min);
    if (changed == m.actors[0].params[0]) changed = Fix::fromDouble(ps.params[0].max);
    Map tuned = applyUndoRedo(m, setActorParam(m, 0, 0, changed));
    EXPECT_EQ(tuned.actors[0].params[0], changed);
    for (size_t k = 0; k < size_t(moverCount()); ++k) {
        MoverKind kind = MoverKind(k);
        if (kind == MoverKind::PixelSweep) {
            EXPECT_TRUE(setActorMover(tuned, 0, kind)->changesNothing());
            continue;
        }
        Map after = applyUndoRedo(tuned, setActorMover(tuned, 0, kind));
        EXPECT_EQ(after.actors[0].mover, kind);
        EXPECT_EQ(after.actors[0].params, defaultParams(kind));
    }
}

TEST(EditActors, SizeIsClampedToTheValidRange) {
    Map m = Map::blank(4, 4);
    m.actors.push_back(
        Actor{"a", MoverKind::PixelSweep, 0, 0, 12, 16, defaultParams(MoverKind::PixelSweep)});
    Map after = applyUndoRedo(m, setActorSize(m, 0, 0, 5000));
    EXPECT_EQ(after.actors[0].w, 1);
    EXPECT_EQ(after.actors[0].h, 4096);
    after = applyUndoRedo(m, setActorSize(m, 0, 20, 24));
    EXPECT_EQ(after.actors[0].w, 20);
    EXPECT_EQ(after.actors[0].h, 24);
}

TEST(EditActors, EveryParameterIsClampedToItsRange) {
    for (size_t k = 0; k < size_t(moverCount()); ++k) {
        MoverKind kind = MoverKind(k);
        const MoverInfo& mi = moverInfo(kind);
        Map m = Map::blank(4, 4);
        m.actors.push_back(Actor{"a", kind, 0, 0, 12, 16, defaultParams(kind)});
        for (int p = 0; p < mi.paramCount; ++p) {
            const ParamSpec& spec = mi.params[p];
            SCOPED_TRACE(std::string(mi.id) + "." + spec.name);
            for (Fix v : {Fix::fromDouble(spec.max + 1000), Fix::fromDouble(spec.min - 1000),
                          Fix::fromDouble(spec.min + 0.5)}) {
                CommandPtr cmd = setActorParam(m, 0, p, v);
                ASSERT_NE(cmd, nullptr);
                Document doc(m);
                doc.apply(std::move(cmd));
                EXPECT_EQ(validateMap(doc.map()), "");
                Fix got = doc.map().actors[0].params[size_t(p)];
                EXPECT_GE(got.toDouble(), spec.min);
                EXPECT_LE(got.toDouble(), spec.max);
                if (spec.integer) {
                    EXPECT_EQ(got.frac().raw, 0);
                }
            }
        }
        std::string error;
        EXPECT_EQ(setActorParam(m, 0, mi.paramCount, Fix::fromInt(1), &error), nullptr);
        EXPECT_FALSE(error.empty());
        EXPECT_EQ(setActorParam(m, 0, -1, Fix::fromInt(1)), nullptr);
    }
}

// ---- tileset ----

TEST(EditTileset, AddAndEditKinds) {
    Map m = Map::blank(2, 2);
    TileKind ice{"ice", 0xff80c0ff, Shape::Solid, 0, 3};
    Map added = applyUndoRedo(m, addTileKind(m, ice));
    ASSERT_EQ(added.tileset.kinds.size(), m.tileset.kinds.size() + 1);
    EXPECT_EQ(added.tileset.kinds.back(), ice);

    TileKind oneWay{"ledge", 0xff000000, Shape::OneWay, 0xff, -1};  // mask cut to 4 bits
    Map edited = applyUndoRedo(added, setTileKind(added, 1, oneWay));
    EXPECT_EQ(edited.tileset.kinds[1].shape, Shape::OneWay);
    EXPECT_EQ(edited.tileset.kinds[1].passMask, 15);
    EXPECT_EQ(edited.tileset.kinds[1].name, "ledge");

    std::string error;
    EXPECT_EQ(setTileKind(m, 0, ice, &error), nullptr);  // the empty kind is fixed
    EXPECT_FALSE(error.empty());
    EXPECT_EQ(setTileKind(m, 99, ice), nullptr);
    EXPECT_EQ(addTileKind(m, TileKind{"bad", 0, Shape::Count, 0, -1}), nullptr);
    EXPECT_TRUE(setTileKind(m, 1, m.tileset.kinds[1])->changesNothing());
}

TEST(EditTileset, DeleteRemapsItsCellsToEmptyAndRenumbersTheRest) {
    Map m = mapFromRows({"#/\\=", "//.."});  // ids 1 2 3 8 / 2 2 0 0
    ASSERT_TRUE(tileKindUsed(m, 2));
    ASSERT_FALSE(tileKindUsed(m, 5));
    Map after = applyUndoRedo(m, deleteTileKind(m, 2));
    EXPECT_EQ(after.tileset.kinds.size(), 8u);
    EXPECT_EQ(after.tileset.kinds[2].name, "slope45_left");  // was id 3
    EXPECT_EQ(after.tileset.kinds[7].name, "platform");      // was id 8
    EXPECT_EQ(after.tiles, (std::vector<uint16_t>{1, 0, 2, 7, 0, 0, 0, 0}));
    // The last kind, and an unused one.
    Map last = applyUndoRedo(m, deleteTileKind(m, 8));
    EXPECT_EQ(last.tiles, (std::vector<uint16_t>{1, 2, 3, 0, 2, 2, 0, 0}));
    Map unused = applyUndoRedo(m, deleteTileKind(m, 5));
    EXPECT_EQ(unused.tiles, (std::vector<uint16_t>{1, 2, 3, 7, 2, 2, 0, 0}));
    EXPECT_EQ(deleteTileKind(m, 0), nullptr);
    EXPECT_EQ(deleteTileKind(m, 9), nullptr);
}

TEST(EditTileset, ImagePathAndCellSize) {
    Map m = Map::blank(2, 2);
    Map after = applyUndoRedo(m, setTilesetImage(m, "tiles.png", 32));
    EXPECT_EQ(after.tileset.image, "tiles.png");
    EXPECT_EQ(after.tileset.imageCellSize, 32);
    EXPECT_EQ(setTilesetImage(m, "x.png", -1), nullptr);
    EXPECT_TRUE(setTilesetImage(m, "", 0)->changesNothing());
}

// ---- whole map ----

// 3 x 2 tiles of 16 px: tiles "#.." / ".=.", a wall on the top edge of (0,1), a wall on the
// right border of row 0, a brush over column 1 (both rows), one over cell (2,1), an actor.
Map resizeFixture() {
    Map m = mapFromRows({"#..", ".=."});
    m.walls.setH(0, 1, true);
    m.walls.setV(3, 0, true);
    m.brushes.push_back(Brush{RectI{16, 0, 16, 32}});
    m.brushes.push_back(Brush{RectI{32, 16, 16, 16}});
    m.actors.push_back(
        Actor{"a", MoverKind::PixelSweep, 40, 20, 12, 16, defaultParams(MoverKind::PixelSweep)});
    return m;
}

TEST(EditMap, GrowAnchoredBottomRightShiftsEverything) {
    Map m = resizeFixture();
    Map after = applyUndoRedo(m, resizeMap(m, 5, 3, Anchor::BottomRight));
    // Content moves by (+2, +1) tiles = (+32, +16) px.
    EXPECT_EQ(tileRows(after), (std::vector<std::string>{".....", "..#..", "...=."}));
    EXPECT_EQ(after.walls.count(), 2u);
    EXPECT_TRUE(after.walls.h(2, 2));
    EXPECT_TRUE(after.walls.v(5, 1));
    ASSERT_EQ(after.brushes.size(), 2u);
    EXPECT_EQ(after.brushes[0].rect, (RectI{48, 16, 16, 32}));
    EXPECT_EQ(after.brushes[1].rect, (RectI{64, 32, 16, 16}));
    EXPECT_EQ(after.actors[0].x, 72);
    EXPECT_EQ(after.actors[0].y, 36);
    EXPECT_TRUE(after.tileset == m.tileset);
}

TEST(EditMap, ShrinkAnchoredTopLeftDropsClipsAndClamps) {
    Map m = resizeFixture();
    Map after = applyUndoRedo(m, resizeMap(m, 2, 1, Anchor::TopLeft));
    EXPECT_EQ(tileRows(after), (std::vector<std::string>{"#."}));
    // h(0,1) is now the bottom border (kept); v(3,0) is past the new right border.
    EXPECT_EQ(after.walls.count(), 1u);
    EXPECT_TRUE(after.walls.h(0, 1));
    // Brush 0 clipped to row 0; brush 1 (cell (2,1)) is wholly outside: dropped.
    ASSERT_EQ(after.brushes.size(), 1u);
    EXPECT_EQ(after.brushes[0].rect, (RectI{16, 0, 16, 16}));
    // The actor is kept, clamped into the 32 x 16 px map.
    EXPECT_EQ(after.actors[0].x, 32);
    EXPECT_EQ(after.actors[0].y, 16);
}

TEST(EditMap, CentreAnchorMovesByHalfTheDifferenceRoundedDown) {
    Map m = resizeFixture();
    // Shrinking 3x2 to 2x1: shift floor(-1/2) = -1 on both axes: keeps cells (1..2, 1).
    Map after = applyUndoRedo(m, resizeMap(m, 2, 1, Anchor::Center));
    EXPECT_EQ(tileRows(after), (std::vector<std::string>{"=."}));
    EXPECT_EQ(after.walls.count(), 0u);
    ASSERT_EQ(after.brushes.size(), 2u);
    EXPECT_EQ(after.brushes[0].rect, (RectI{0, 0, 16, 16}));
    EXPECT_EQ(after.brushes[1].rect, (RectI{16, 0, 16, 16}));
    EXPECT_EQ(after.actors[0].x, 24);
    EXPECT_EQ(after.actors[0].y, 4);
    // Growing 3x2 to 6x5: shift floor(3/2) = 1 on both axes.
    Map grown = applyUndoRedo(m, resizeMap(m, 6, 5, Anchor::Center));
    EXPECT_EQ(tileRows(grown),
              (std::vector<std::string>{"......", ".#....", "..=...", "......", "......"}));
}

TEST(EditMap, ResizeShiftIsHowFarTheContentMoved) {
    // Checked against the moves above: bottom-right 3x2 -> 5x3 moved the '#' from (0,0) to
    // (2,1); centre 3x2 -> 2x1 moved '=' from (1,1) to (0,0); centre 3x2 -> 6x5 by (1,1).
    Map m = resizeFixture();
    const TileShift br = resizeShift(m, 5, 3, Anchor::BottomRight);
    EXPECT_EQ(br.x, 2);
    EXPECT_EQ(br.y, 1);
    const TileShift shrink = resizeShift(m, 2, 1, Anchor::Center);
    EXPECT_EQ(shrink.x, -1);
    EXPECT_EQ(shrink.y, -1);
    const TileShift grow = resizeShift(m, 6, 5, Anchor::Center);
    EXPECT_EQ(grow.x, 1);
    EXPECT_EQ(grow.y, 1);
    const TileShift tl = resizeShift(m, 9, 9, Anchor::TopLeft);
    EXPECT_EQ(tl.x, 0);
    EXPECT_EQ(tl.y, 0);
    // Every anchor: the old '#' at (0,0) lands at the shift, when it is inside the new map.
    for (int a = 0; a < 9; ++a) {
        const TileShift sh = resizeShift(m, 4, 4, Anchor(a));
        Map after = applyUndoRedo(m, resizeMap(m, 4, 4, Anchor(a)));
        ASSERT_TRUE(sh.x >= 0 && sh.y >= 0 && sh.x < 4 && sh.y < 4);
        EXPECT_EQ(after.tile(sh.x, sh.y), m.tile(0, 0)) << "anchor " << a;
        EXPECT_EQ(after.tile(sh.x + 1, sh.y + 1), m.tile(1, 1)) << "anchor " << a;
    }
}

TEST(EditMap, EveryAnchorKeepsTheMapValid) {
    Map m = resizeFixture();
    for (int a = 0; a < 9; ++a)
        for (auto [w, h] : {std::pair{1, 1}, {2, 5}, {7, 1}, {4, 4}}) {
            SCOPED_TRACE("anchor " + std::to_string(a) + " size " + std::to_string(w) + "x" +
                         std::to_string(h));
            Map after = applyUndoRedo(m, resizeMap(m, w, h, Anchor(a)));
            EXPECT_EQ(after.width, w);
            EXPECT_EQ(after.height, h);
        }
    EXPECT_TRUE(resizeMap(m, 3, 2, Anchor::Center)->changesNothing());
    std::string error;
    EXPECT_EQ(resizeMap(m, 0, 5, Anchor::Center, &error), nullptr);
    EXPECT_FALSE(error.empty());
    EXPECT_EQ(resizeMap(m, 5, kMaxMapTiles + 1, Anchor::Center), nullptr);
}

TEST(EditMap, TileSizeScalesBrushesAndActorsOutward) {
    Map m = Map::blank(2, 2, 16);
    m.brushes.push_back(Brush{RectI{5, 3, 6, 18}});
    m.brushes.push_back(Brush{RectI{15, 0, 1, 1}});
    m.actors.push_back(
        Actor{"a", MoverKind::PixelSweep, 17, 31, 12, 16, defaultParams(MoverKind::PixelSweep)});
    // 16 -> 8: left/top floor(v / 2), right/bottom ceil(v / 2): [5,11) -> [2,6), [3,21) -> [1,11).
    Map half = applyUndoRedo(m, setTileSize(m, 8));
    EXPECT_EQ(half.tileSize, 8);
    EXPECT_EQ(half.brushes[0].rect, (RectI{2, 1, 4, 10}));
    EXPECT_EQ(half.brushes[1].rect, (RectI{7, 0, 1, 1}));
    EXPECT_EQ(half.actors[0].x, 8);
    EXPECT_EQ(half.actors[0].y, 15);
    EXPECT_EQ(half.actors[0].w, 12);  // sizes unchanged
    // 16 -> 24 (x 1.5): [5,11) -> [7,17), [3,21) -> [4,32).
    Map big = applyUndoRedo(m, setTileSize(m, 24));
    EXPECT_EQ(big.brushes[0].rect, (RectI{7, 4, 10, 28}));
    // 16 -> 4: the 1-px brush at x=15 lands on [3,4), never empty.
    Map tiny = applyUndoRedo(m, setTileSize(m, 4));
    EXPECT_EQ(tiny.brushes[1].rect, (RectI{3, 0, 1, 1}));
    EXPECT_EQ(setTileSize(m, kMaxTileSize + 1), nullptr);
    EXPECT_EQ(setTileSize(m, kMinTileSize - 1), nullptr);
    EXPECT_TRUE(setTileSize(m, 16)->changesNothing());
}

TEST(EditMap, SimRate) {
    Map m = Map::blank(2, 2);
    Map after = applyUndoRedo(m, setSimRate(m, 120));
    EXPECT_EQ(after.simRate, 120);
    EXPECT_EQ(setSimRate(m, 0), nullptr);
    EXPECT_EQ(setSimRate(m, 1001), nullptr);
    EXPECT_TRUE(setSimRate(m, m.simRate)->changesNothing());
}

}  // namespace
}  // namespace ts::test
