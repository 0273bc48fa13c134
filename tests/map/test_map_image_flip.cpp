// A tile kind's image orientation (TileKind::imageFlip, core/map/image_flip.h) in the map model:
// both tilestep formats keep it, files from before it (format version 1) load with none,
// a value outside 0..7 is refused naming the field, and the kind edit changes it undoably.
// The pixels it selects are checked against Tiled in test_interop_tiled_flips.cpp.
#include <gtest/gtest.h>

#include "edit/tileset_tools.h"
#include "map/image_flip.h"
#include "io/map_io.h"
#include "map_text.h"
#include "../edit/test_edit_support.h"

namespace ts {
namespace {

// kValidMapJson (version 1, no image_flip anywhere) with one more kind per orientation.
Map mapWithEveryOrientation() {
    Map m = mapFromJson(test::kValidMapJson, "t.json");
    m.tileset.image = "tiles.png";
    for (uint8_t f = 0; f <= 7; ++f) {
        TileKind k;
        k.name = "turned " + std::to_string(f);
        k.shape = Shape::Solid;
        k.imageCell = 3;
        k.imageFlip = f;
        m.tileset.kinds.push_back(k);
    }
    m.tiles[0] = uint16_t(m.tileset.kinds.size() - 1);
    return m;
}

TEST(MapImageFlip, JsonAndBinaryKeepEveryOrientation) {
    const Map m = mapWithEveryOrientation();
    ASSERT_EQ(validateMap(m), "");
    const std::string json = mapToJson(m);
    // Written next to image_cell, as docs/map-format.md shows it.
    EXPECT_NE(json.find("{\"name\": \"turned 5\", \"color\": \"#808080FF\", \"shape\": \"solid\", "
                        "\"pass_mask\": 0, \"image_cell\": 3, \"image_flip\": 5}"),
              std::string::npos)
        << json;
    EXPECT_NE(json.find("\"format_version\": 2,"), std::string::npos);
    const Map fromJson = mapFromJson(json, "t.json");
    EXPECT_TRUE(fromJson == m);
    for (uint8_t f = 0; f <= 7; ++f)
        EXPECT_EQ(fromJson.tileset.kinds[m.tileset.kinds.size() - 8 + f].imageFlip, f);
    const Map fromBinary = mapFromBinary(mapToBinary(m), "t.tsmap");
    EXPECT_TRUE(fromBinary == m);
    EXPECT_EQ(mapToJson(fromBinary), json);
}

TEST(MapImageFlip, VersionOneJsonLoadsUnflipped) {
    // The field is optional in every version: absent means as in the image.
    const Map m = mapFromJson(test::kValidMapJson, "t.json");
    for (const TileKind& k : m.tileset.kinds) EXPECT_EQ(k.imageFlip, 0) << k.name;
    const Map given = mapFromJson(test::replaced("\"tiles\":", R"("tileset": {"kinds": [
            {"name": "empty", "shape": "empty"},
            {"name": "rock", "shape": "solid", "image_cell": 2, "image_flip": 6}]},
          "tiles":)"),
                                  "t.json");
    EXPECT_EQ(given.tileset.kinds[1].imageFlip, 6);
}

// A version 1 binary file of MAP, written by hand from docs/map-format.md's layout: the
// version 2 bytes without each kind's image_flip byte. MAP's kinds must all be unflipped.
// "" (with a test failure) when the bytes do not follow that layout.
std::string versionOneBinary(const Map& map) {
    std::string b = mapToBinary(map);
    bool ok = true;
    auto u32 = [&](size_t at) -> uint32_t {
        if (at + 4 > b.size()) {
            ok = false;
            return 0;
        }
        return uint32_t(uint8_t(b[at])) | uint32_t(uint8_t(b[at + 1])) << 8 |
               uint32_t(uint8_t(b[at + 2])) << 16 | uint32_t(uint8_t(b[at + 3])) << 24;
    };
    EXPECT_EQ(u32(9), 2u);
    b[9] = 1;
    // magic 8, byte order 1, version, tile size, width, height, sim rate: 4 each.
    size_t at = 29;
    at += 4 + size_t(u32(at));  // tileset.image
    at += 4;                    // image_cell_size
    const uint32_t kinds = u32(at);
    at += 4;
    EXPECT_EQ(kinds, map.tileset.kinds.size());
    for (uint32_t i = 0; ok && i < kinds; ++i) {
        at += 4 + size_t(u32(at));  // name
        at += 4 + 1 + 1 + 4;        // colour, shape, pass mask, image cell
        ok = ok && at < b.size() && b[at] == 0;
        if (ok) b.erase(at, 1);
    }
    if (!ok) ADD_FAILURE() << "the binary map does not follow the documented layout";
    return ok ? b : "";
}

TEST(MapImageFlip, VersionOneBinaryLoadsUnflipped) {
    Map m = mapFromJson(test::kValidMapJson, "t.json");
    m.tileset.image = "art/tiles.png";
    m.tileset.kinds[1].imageCell = 7;
    const Map loaded = mapFromBinary(versionOneBinary(m), "t.tsmap");
    EXPECT_TRUE(loaded == m);
}

TEST(MapImageFlip, AnOrientationOutsideZeroToSevenIsRefusedNamingTheField) {
    const std::string kinds = R"("tileset": {"kinds": [{"name": "empty", "shape": "empty"},
        {"name": "rock", "shape": "solid", "image_flip": FLIP}]}, "tiles":)";
    auto withFlip = [&](const std::string& flip) {
        std::string k = kinds;
        k.replace(k.find("FLIP"), 4, flip);
        return test::jsonError(test::replaced("\"tiles\":", k));
    };
    EXPECT_EQ(withFlip("8"), "t.json: tileset.kinds[1].image_flip: 8 is outside 0..7");
    EXPECT_EQ(withFlip("-1"), "t.json: tileset.kinds[1].image_flip: -1 is outside 0..7");
    EXPECT_EQ(withFlip("\"h\""),
              "t.json: tileset.kinds[1].image_flip: expected an integer, got a string");
    EXPECT_EQ(withFlip("7"), "(loaded)");

    // Binary: the byte after kind 1's image cell.
    Map m = mapWithEveryOrientation();
    std::string b = mapToBinary(m);
    const size_t name = b.find("turned 5");
    ASSERT_NE(name, std::string::npos);
    const size_t flip = name + 8 + 4 + 1 + 1 + 4;
    ASSERT_EQ(b[flip], 5);
    b[flip] = 9;
    const size_t kind = m.tileset.kinds.size() - 8 + 5;
    try {
        mapFromBinary(b, "t.tsmap");
        ADD_FAILURE() << "loaded";
    } catch (const MapError& e) {
        EXPECT_EQ(std::string(e.what()), "t.tsmap: tileset.kinds[" + std::to_string(kind) +
                                             "].image_flip: 9 is outside 0..7");
    }

    // The model check every writer runs.
    m.tileset.kinds[kind].imageFlip = 8;
    EXPECT_EQ(validateMap(m),
              "tileset.kinds[" + std::to_string(kind) + "].image_flip: 8 is outside 0..7");
    EXPECT_THROW(mapToJson(m), MapError);
}

TEST(MapImageFlip, TheKindEditTurnsTheImageAndUndoes) {
    const Map m = mapWithEveryOrientation();
    // Only the orientation changes: still an edit (the canvas redraws the palette when the
    // tileset differs, so the model's comparison must see it).
    TileKind k = m.tileset.kinds[1];
    k.imageFlip = kImageFlipH | kImageFlipD;
    EXPECT_FALSE(setTileKind(m, 1, k)->changesNothing());
    const Map after = test::applyUndoRedo(m, setTileKind(m, 1, k));
    EXPECT_EQ(after.tileset.kinds[1].imageFlip, 5);
    EXPECT_FALSE(after.tileset == m.tileset);
    k.imageFlip = 8;
    std::string error;
    EXPECT_EQ(setTileKind(m, 1, k, &error), nullptr);
    EXPECT_EQ(error, "image flip 8 is outside 0..7");
    EXPECT_EQ(addTileKind(m, k, &error), nullptr);
    EXPECT_EQ(error, "image flip 8 is outside 0..7");
}

// The orientations as Tiled names them (its Rotate and Flip actions, by hand from Tiled's
// docs: a quarter turn clockwise is the diagonal flip then the horizontal one).
TEST(MapImageFlip, ComposingOrientations) {
    const uint8_t cw = kImageFlipD | kImageFlipH, ccw = kImageFlipD | kImageFlipV;
    const uint8_t half = kImageFlipH | kImageFlipV;
    EXPECT_EQ(composeImageFlips(cw, cw), half);
    EXPECT_EQ(composeImageFlips(composeImageFlips(cw, cw), cw), ccw);
    EXPECT_EQ(composeImageFlips(cw, ccw), 0);
    EXPECT_EQ(composeImageFlips(kImageFlipH, kImageFlipH), 0);
    EXPECT_EQ(composeImageFlips(kImageFlipH, kImageFlipV), half);
    // Mirrored, then x and y swapped: a quarter turn counter-clockwise.
    EXPECT_EQ(composeImageFlips(kImageFlipH, kImageFlipD), ccw);
    for (uint8_t f = 0; f <= 7; ++f) {
        EXPECT_EQ(composeImageFlips(0, f), f);
        EXPECT_EQ(composeImageFlips(f, 0), f);
    }
    // The pixel each orientation shows at the top-right corner (15, 0) of a 16-px cell.
    struct Corner {
        uint8_t flip;
        int32_t x, y;
    } want[] = {{0, 15, 0},          {kImageFlipD, 0, 15}, {kImageFlipV, 15, 15}, {ccw, 15, 15},
                {kImageFlipH, 0, 0}, {cw, 0, 0},           {half, 0, 15},         {7, 15, 0}};
    for (const Corner& c : want) {
        int32_t sx = -1, sy = -1;
        imageFlipSource(c.flip, 16, 15, 0, &sx, &sy);
        EXPECT_EQ(sx, c.x) << int(c.flip);
        EXPECT_EQ(sy, c.y) << int(c.flip);
    }
}

}  // namespace
}  // namespace ts
