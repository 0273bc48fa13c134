// Document: undo/redo, strokes, history jumps, saved/dirty tracking, revisions, and a
// property test of random edits, undos and redos against remembered maps.
#include <random>

#include "test_edit_support.h"
#include "io/map_validate.h"

namespace ts::test {
namespace {

constexpr uint16_t kSolid = 1;

CommandPtr paint(const Document& doc, int64_t x, int64_t y, uint16_t id = kSolid) {
    return stampAt(doc.map(), {x, y}, Stamp::single(id));
}

TEST(EditDocument, UndoRedoAndRevision) {
    Map m = Map::blank(4, 4);
    Document doc(m, "level.json");
    EXPECT_EQ(doc.path(), "level.json");
    uint64_t r0 = doc.revision();
    EXPECT_FALSE(doc.canUndo());
    EXPECT_FALSE(doc.undo());
    EXPECT_FALSE(doc.redo());
    EXPECT_EQ(doc.revision(), r0);  // nothing happened

    ASSERT_TRUE(doc.apply(paint(doc, 1, 1)));
    Map painted = doc.map();
    EXPECT_GT(doc.revision(), r0);
    uint64_t r1 = doc.revision();
    EXPECT_FALSE(doc.apply(paint(doc, 1, 1)));  // no-op: no step, same revision
    EXPECT_FALSE(doc.apply(nullptr));
    EXPECT_EQ(doc.revision(), r1);
    EXPECT_EQ(doc.historySize(), 1u);

    ASSERT_TRUE(doc.undo());
    EXPECT_TRUE(doc.map() == m);
    EXPECT_GT(doc.revision(), r1);
    uint64_t r2 = doc.revision();
    ASSERT_TRUE(doc.redo());
    EXPECT_TRUE(doc.map() == painted);
    EXPECT_GT(doc.revision(), r2);
}

TEST(EditDocument, NewEditClearsRedo) {
    Document doc(Map::blank(4, 4));
    doc.apply(paint(doc, 0, 0));
    doc.apply(paint(doc, 1, 0));
    doc.undo();
    EXPECT_TRUE(doc.canRedo());
    EXPECT_EQ(doc.historySize(), 2u);
    doc.apply(paint(doc, 2, 0));
    EXPECT_FALSE(doc.canRedo());
    EXPECT_EQ(doc.historySize(), 2u);
    EXPECT_FALSE(doc.redo());
    EXPECT_EQ(tileRows(doc.map())[0], "#.#.");
}

TEST(EditDocument, StrokeIsOneStepAndAnEmptyStrokeLeavesNone) {
    Map m = Map::blank(5, 2);
    Document doc(m);
    doc.beginStroke("Paint");
    EXPECT_TRUE(doc.inStroke());
    for (int x = 0; x < 5; ++x) doc.apply(paint(doc, x, 1));
    doc.apply(paint(doc, 2, 1));  // over a painted cell: no-op
    doc.endStroke();
    EXPECT_FALSE(doc.inStroke());
    EXPECT_EQ(doc.historySize(), 1u);
    EXPECT_EQ(doc.historyLabel(0), "Paint");
    Map painted = doc.map();

    doc.beginStroke("Paint");
    doc.apply(paint(doc, 0, 1));  // already solid
    doc.endStroke();
    EXPECT_EQ(doc.historySize(), 1u);

    ASSERT_TRUE(doc.undo());
    EXPECT_TRUE(doc.map() == m);
    ASSERT_TRUE(doc.redo());
    EXPECT_TRUE(doc.map() == painted);
}

TEST(EditDocument, UndoDuringAStrokeEndsItAndUndoesItWhole) {
    Map m = Map::blank(5, 2);
    Document doc(m);
    doc.apply(paint(doc, 0, 0));
    Map first = doc.map();
    doc.beginStroke("Paint");
    doc.apply(paint(doc, 1, 0));
    doc.apply(paint(doc, 2, 0));
    EXPECT_TRUE(doc.canUndo());
    EXPECT_FALSE(doc.canRedo());
    ASSERT_TRUE(doc.undo());
    EXPECT_FALSE(doc.inStroke());
    EXPECT_TRUE(doc.map() == first);
    EXPECT_EQ(doc.historySize(), 2u);
}

TEST(EditDocument, AStrokeAfterUndoDropsTheRedoEntries) {
    Document doc(Map::blank(4, 4));
    doc.apply(paint(doc, 0, 0));
    doc.undo();
    doc.beginStroke("Paint");
    doc.apply(paint(doc, 3, 3));
    EXPECT_FALSE(doc.canRedo());  // already during the stroke
    EXPECT_EQ(doc.historySize(), 0u);
    doc.endStroke();
    EXPECT_EQ(doc.historySize(), 1u);
    EXPECT_FALSE(doc.redo());
}

TEST(EditDocument, HistoryJump) {
    Document doc(Map::blank(4, 1));
    std::vector<Map> states{doc.map()};
    doc.apply(paint(doc, 0, 0));
    states.push_back(doc.map());
    doc.apply(setWall(doc.map(), {false, 1, 0}, true));
    states.push_back(doc.map());
    doc.apply(addBrush(doc.map(), RectI{0, 0, 4, 4}));
    states.push_back(doc.map());
    ASSERT_EQ(doc.historySize(), 3u);
    EXPECT_EQ(doc.historyLabel(0), "Stamp");
    EXPECT_EQ(doc.historyLabel(1), "Add wall");
    EXPECT_EQ(doc.historyLabel(2), "Add brush");
    for (size_t to : {size_t(0), size_t(2), size_t(1), size_t(3), size_t(0)}) {
        uint64_t before = doc.revision();
        doc.jumpTo(to);
        EXPECT_EQ(doc.historyPosition(), to);
        EXPECT_TRUE(doc.map() == states[to]) << "jump to " << to;
        EXPECT_NE(doc.revision(), before);
    }
    doc.jumpTo(99);  // clamped
    EXPECT_EQ(doc.historyPosition(), 3u);
    EXPECT_EQ(doc.historySize(), 3u);  // jumping discards nothing
}

TEST(EditDocument, DirtyTracking) {
    Document doc(Map::blank(4, 4));
    EXPECT_FALSE(doc.dirty());
    doc.apply(paint(doc, 0, 0));
    EXPECT_TRUE(doc.dirty());
    doc.undo();
    EXPECT_FALSE(doc.dirty());  // back at the saved state
    doc.redo();
    EXPECT_TRUE(doc.dirty());
    doc.markSaved();
    EXPECT_FALSE(doc.dirty());
    doc.apply(paint(doc, 1, 0));
    EXPECT_TRUE(doc.dirty());
    doc.undo();
    EXPECT_FALSE(doc.dirty());
    doc.undo();
    EXPECT_TRUE(doc.dirty());  // before the save
    // A new edit here discards the saved state: no position is clean any more.
    doc.apply(paint(doc, 2, 0));
    EXPECT_TRUE(doc.dirty());
    doc.undo();
    EXPECT_TRUE(doc.dirty());
    doc.redo();
    EXPECT_TRUE(doc.dirty());
    doc.markSaved();
    EXPECT_FALSE(doc.dirty());
}

TEST(EditDocument, DirtyDuringAStroke) {
    Document doc(Map::blank(4, 4));
    doc.beginStroke("Paint");
    EXPECT_FALSE(doc.dirty());
    doc.apply(paint(doc, 0, 0));
    EXPECT_TRUE(doc.dirty());
    doc.endStroke();
    EXPECT_TRUE(doc.dirty());
}

TEST(EditDocument, ContentShiftFollowsResizesThroughUndoRedoAndJumps) {
    Document doc(Map::blank(4, 4, 16));
    EXPECT_EQ(doc.contentShift(), ContentShift{});
    doc.apply(paint(doc, 0, 0));  // tiles do not move content
    EXPECT_EQ(doc.contentShift(), ContentShift{});
    // Bottom-right anchor, 4x4 -> 6x7: the content moves by (2, 3) tiles = (32, 48) px.
    ASSERT_TRUE(doc.apply(resizeMap(doc.map(), 6, 7, Anchor::BottomRight)));
    EXPECT_EQ(doc.contentShift(), (ContentShift{32, 48}));
    EXPECT_EQ(doc.map().tile(2, 3), kSolid);  // the painted cell went where the shift says
    // Centre anchor, 6x7 -> 2x3: floor(-4/2) = -2 tiles both ways.
    ASSERT_TRUE(doc.apply(resizeMap(doc.map(), 2, 3, Anchor::Center)));
    EXPECT_EQ(doc.contentShift(), (ContentShift{0, 16}));
    EXPECT_EQ(doc.map().tile(0, 1), kSolid);
    ASSERT_TRUE(doc.undo());
    EXPECT_EQ(doc.contentShift(), (ContentShift{32, 48}));
    doc.jumpTo(0);
    EXPECT_EQ(doc.contentShift(), ContentShift{});
    doc.jumpTo(3);
    EXPECT_EQ(doc.contentShift(), (ContentShift{0, 16}));
    // A resize inside a stroke counts once, and its undo takes it back.
    doc.beginStroke("drag");
    doc.apply(resizeMap(doc.map(), 3, 3, Anchor::Right));
    doc.endStroke();
    EXPECT_EQ(doc.contentShift(), (ContentShift{16, 16}));
    doc.undo();
    EXPECT_EQ(doc.contentShift(), (ContentShift{0, 16}));
    doc.replace(Map::blank(2, 2), "");
    EXPECT_EQ(doc.contentShift(), ContentShift{});
}

TEST(EditDocument, ReplaceStartsAFreshHistory) {
    Document doc(Map::blank(4, 4));
    doc.apply(paint(doc, 0, 0));
    uint64_t r = doc.revision();
    Map other = Map::blank(8, 2);
    doc.replace(other, "other.json");
    EXPECT_TRUE(doc.map() == other);
    EXPECT_EQ(doc.path(), "other.json");
    EXPECT_FALSE(doc.dirty());
    EXPECT_FALSE(doc.canUndo());
    EXPECT_EQ(doc.historySize(), 0u);
    EXPECT_GT(doc.revision(), r);
}

// One random edit built from the current map; may change nothing or be refused (null).
CommandPtr randomEdit(const Map& m, std::mt19937_64& rng) {
    auto pick = [&](int64_t lo, int64_t hi) {
        return std::uniform_int_distribution<int64_t>(lo, hi)(rng);
    };
    const int64_t W = m.width, H = m.height, wpx = m.widthPx(), hpx = m.heightPx();
    const uint16_t kinds = uint16_t(m.tileset.kinds.size());
    auto cell = [&] { return CellPos{pick(-1, W), pick(-1, H)}; };
    auto kind = [&] { return uint16_t(pick(0, kinds - 1)); };
    auto edge = [&] { return Edge{pick(0, 1) == 1, int32_t(pick(0, W)), int32_t(pick(0, H))}; };
    const size_t nb = m.brushes.size() + 1, na = m.actors.size() + 1;  // +1: out of range
    switch (pick(0, 22)) {
        case 0:
            return stampAt(m, cell(), Stamp::single(kind()));
        case 1:
            return stampAt(m, cell(), captureStamp(m, cell(), cell()));
        case 2:
            return eraseAt(m, cell());
        case 3:
            return stampLine(m, cell(), cell(), Stamp{2, 1, {kind(), kind()}});
        case 4:
            return fillRect(m, cell(), cell(), Stamp::single(kind()));
        case 5:
            return bucketFill(m, cell(), kind());
        case 6:
            return setWalls(m, edgesBetween(edge(), edge()), pick(0, 1) == 1);
        case 7:
            return addBrush(
                m, rectFromCorners(m, pick(-8, wpx), pick(-8, hpx), pick(0, wpx), pick(0, hpx)));
        case 8:
            return moveBrush(m, size_t(pick(0, nb - 1)), pick(-40, 40), pick(-40, 40));
        case 9:
            return resizeBrush(m, size_t(pick(0, nb - 1)), Handle(pick(0, 7)), pick(-8, wpx + 8),
                               pick(-8, hpx + 8));
        case 10:
            return deleteBrush(m, size_t(pick(0, nb - 1)));
        case 11:
            return addActor(m, MoverKind(pick(0, moverCount() - 1)), pick(-5, wpx + 5),
                            pick(-5, hpx + 5));
        case 12:
            return moveActor(m, size_t(pick(0, na - 1)), pick(-40, 40), pick(-40, 40));
        case 13:
            return deleteActor(m, size_t(pick(0, na - 1)));
        case 14:
            return renameActor(m, size_t(pick(0, na - 1)),
                               pick(0, 1) ? "hero" : "actor" + std::to_string(pick(1, 3)));
        case 15:
            return setActorMover(m, size_t(pick(0, na - 1)), MoverKind(pick(0, moverCount() - 1)));
        case 16:
            return setActorSize(m, size_t(pick(0, na - 1)), int32_t(pick(-2, 40)),
                                int32_t(pick(-2, 40)));
        case 17: {
            size_t i = size_t(pick(0, na - 1));
            if (i >= m.actors.size()) return setActorParam(m, i, 0, Fix::fromInt(1));
            int count = moverInfo(m.actors[i].mover).paramCount;
            return setActorParam(m, i, int(pick(0, count)),
                                 Fix::fromRaw(pick(-(1 << 20), 1 << 22)));
        }
        case 18:
            return addTileKind(m, TileKind{"k", 0xff00ff00, Shape(pick(0, int(Shape::Count) - 1)),
                                           uint8_t(pick(0, 255)), -1});
        case 19:
            return pick(0, 1) ? deleteTileKind(m, kind())
                              : setTileKind(m, kind(), TileKind{"e", 1, Shape::Solid, 0, 2});
        case 20:
            return resizeMap(m, int32_t(pick(3, 14)), int32_t(pick(3, 12)), Anchor(pick(0, 8)));
        case 21:
            return setTileSize(m, int32_t(pick(kMinTileSize, 24)));
        default:
            return pick(0, 1) ? setSimRate(m, int32_t(pick(0, 200)))
                              : setTilesetImage(m, "t.png", int32_t(pick(-1, 8)));
    }
}

// Random edits, strokes, undos, redos and jumps; `states[i]` is the map after i history
// entries. After every operation the document must show exactly the remembered map for
// its position, and every map must be valid.
TEST(EditDocument, RandomEditsUndosAndRedosReturnToEarlierMaps) {
    for (uint64_t seed = 1; seed <= 20; ++seed) {
        SCOPED_TRACE("seed " + std::to_string(seed));
        std::mt19937_64 rng(seed);
        auto pick = [&](int64_t lo, int64_t hi) {
            return std::uniform_int_distribution<int64_t>(lo, hi)(rng);
        };
        Document doc(mapFromRows(
            {"..........", "...##.....", "..#..#..=.", "...##.....", "/\\........", "##########"},
            8));
        std::vector<Map> states{doc.map()};
        size_t applied = 0;
        for (int step = 0; step < 1500; ++step) {
            int64_t what = pick(0, 9);
            if (what <= 4) {
                uint64_t r = doc.revision();
                bool changed = doc.apply(randomEdit(doc.map(), rng));
                applied += changed;
                EXPECT_EQ(doc.revision() != r, changed);
                if (changed) {
                    states.resize(doc.historyPosition());
                    states.push_back(doc.map());
                }
            } else if (what == 5) {
                doc.beginStroke("Stroke");
                bool changed = false;
                for (int64_t n = pick(1, 6); n > 0; --n)
                    changed |= doc.apply(randomEdit(doc.map(), rng));
                Map during = doc.map();
                doc.endStroke();
                EXPECT_TRUE(doc.map() == during);
                if (changed) {  // one step for the whole stroke
                    states.resize(doc.historyPosition());
                    states.push_back(during);
                }
            } else if (what <= 7) {
                doc.undo();
            } else if (what == 8) {
                doc.redo();
            } else {
                doc.jumpTo(size_t(pick(0, int64_t(doc.historySize()))));
            }
            ASSERT_EQ(states.size(), doc.historySize() + 1);
            ASSERT_TRUE(doc.map() == states[doc.historyPosition()]) << "step " << step;
            ASSERT_EQ(validateMap(doc.map()), "") << "step " << step;
        }
        EXPECT_GT(applied, 1500u / 8);  // the generator really edits
        doc.jumpTo(0);
        EXPECT_TRUE(doc.map() == states[0]);
        doc.jumpTo(doc.historySize());
        EXPECT_TRUE(doc.map() == states.back());
    }
}

// EditCommand::touched() must name every part a command changes (the editor refreshes only
// those): after each random edit, each part it does not name is exactly as before, and tile
// cells outside its reported range are unchanged.
TEST(EditDocument, TouchedNamesEveryPartACommandChanges) {
    int named = 0, narrow = 0;
    for (uint64_t seed = 1; seed <= 30; ++seed) {
        SCOPED_TRACE("seed " + std::to_string(seed));
        std::mt19937_64 rng(seed);
        Document doc(mapFromRows({"..#.....", "...//...", "..#.=...", "........", "##....##"}));
        for (int step = 0; step < 200; ++step) {
            CommandPtr cmd = randomEdit(doc.map(), rng);
            if (!cmd) continue;
            const Touched t = cmd->touched();
            const Map before = doc.map();
            if (!doc.apply(std::move(cmd))) continue;
            const Map& after = doc.map();
            ++named;
            if (t.has(Touched::Everything)) continue;
            ++narrow;
            ASSERT_EQ(before.width, after.width);
            ASSERT_EQ(before.height, after.height);
            for (size_t i = 0; i < before.tiles.size(); ++i) {
                if (!(t.parts & Touched::Tiles) || i < t.cellFirst || i > t.cellLast) {
                    ASSERT_EQ(before.tiles[i], after.tiles[i]) << "cell " << i;
                }
            }
            ASSERT_TRUE(t.has(Touched::Walls) || before.walls == after.walls);
            ASSERT_TRUE(t.has(Touched::Brushes) || before.brushes == after.brushes);
            ASSERT_TRUE(t.has(Touched::Actors) || before.actors == after.actors);
            ASSERT_TRUE(t.has(Touched::Tileset) || before.tileset == after.tileset);
            if (!t.has(Touched::Header)) {  // tile size and rate
                ASSERT_EQ(before.tileSize, after.tileSize);
                ASSERT_EQ(before.simRate, after.simRate);
            }
        }
    }
    EXPECT_GT(narrow, named / 2) << "most commands should name what they touch precisely";
}

TEST(EditDocument, TouchedOfAStampIsItsCellsAndOfAGroupTheUnion) {
    Map m = Map::blank(8, 4);
    CommandPtr stamp = stampAt(m, CellPos{3, 2}, Stamp::single(1));
    Touched t = stamp->touched();
    EXPECT_EQ(t.parts, Touched::Tiles);
    EXPECT_EQ(t.cellFirst, 2u * 8 + 3);
    EXPECT_EQ(t.cellLast, 2u * 8 + 3);

    CommandGroup group("both");
    group.add(std::move(stamp));
    group.add(stampAt(m, CellPos{1, 0}, Stamp::single(1)));
    group.add(setWalls(m, edgesBetween(Edge{true, 0, 0}, Edge{true, 2, 0}), true));
    t = group.touched();
    EXPECT_EQ(t.parts, Touched::Tiles | Touched::Walls);
    EXPECT_EQ(t.cellFirst, 1u);
    EXPECT_EQ(t.cellLast, 2u * 8 + 3);
    EXPECT_TRUE(resizeMap(m, 9, 4, Anchor(0))->touched().has(Touched::Everything));
}

}  // namespace
}  // namespace ts::test
