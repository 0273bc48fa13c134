// Every rejected map input with its exact message: "NAME: field: problem". Each case starts
// from a valid map and breaks one thing, so a message that stops naming the field, or a check
// that stops firing, fails here.
#include <cereal/archives/json.hpp>
#include <gtest/gtest.h>

#include <cstring>

#include "io/map_io.h"
#include "test_support.h"
#include "map_text.h"
#include "movers/mover.h"

namespace ts {
namespace {

using test::jsonError;
using test::kValidMapJson;
using test::replaced;

std::string binaryError(const std::string& bytes) {
    try {
        mapFromBinary(bytes, "t.tsmap");
    } catch (const MapError& e) {
        return e.what();
    }
    return "(loaded)";
}

TEST(MapErrors, ValidBaseLoads) {
    EXPECT_EQ(jsonError(kValidMapJson), "(loaded)");
}

TEST(MapErrors, EmptyFile) {
    EXPECT_EQ(jsonError(""), "t.json: empty file");
    EXPECT_EQ(jsonError(" \n\t"), "t.json: empty file");
    EXPECT_EQ(binaryError(""), "t.tsmap: empty file");
}

TEST(MapErrors, TruncatedJson) {
    // Cut just before "walls": the text ends in "],\n  " (line 4 holds two spaces), so the
    // parser wants the next member name at line 4, column 3.
    std::string s = kValidMapJson;
    EXPECT_EQ(jsonError(s.substr(0, s.find("\"walls\""))),
              "t.json: invalid JSON at line 4, column 3: Missing a name for object member. (the "
              "file ends early: truncated?)");
    EXPECT_EQ(jsonError(s.substr(0, s.size() - 3)).find("t.json: invalid JSON at line 6"), 0u);
}

TEST(MapErrors, NotJsonAtAll) {
    EXPECT_EQ(jsonError("\x89TSMAP"), "t.json: invalid JSON at line 1, column 1: Invalid value.");
    EXPECT_EQ(jsonError("[1, 2]"), "t.json: the top level must be an object, got an array");
    EXPECT_EQ(jsonError(std::string(kValidMapJson) + "{}"),
              "t.json: invalid JSON at line 7, column 2: The document root must not be "
              "followed by other values.");
}

TEST(MapErrors, DeepNestingIsAnErrorNotAStackOverflow) {
    std::string deep = "{\"format_version\": " + std::string(200000, '[');
    EXPECT_NE(jsonError(deep).find("t.json: invalid JSON"), std::string::npos);
    std::string closed = "{\"format_version\": 1, \"tiles\": " + std::string(100000, '[') +
                         std::string(100000, ']') + "}";
    EXPECT_EQ(jsonError(closed), "t.json: tile_size: missing");
}

TEST(MapErrors, WrongTypes) {
    EXPECT_EQ(jsonError(replaced("\"width\": 4", "\"width\": \"4\"")),
              "t.json: width: expected an integer, got a string");
    EXPECT_EQ(jsonError(replaced("\"width\": 4", "\"width\": 4.5")),
              "t.json: width: expected an integer, got 4.5");
    EXPECT_EQ(jsonError(replaced("\"width\": 4", "\"width\": null")),
              "t.json: width: expected an integer, got null");
    EXPECT_EQ(jsonError(replaced("\"tiles\": [\"0 0 0 0\"", "\"tiles\": [[0, 0, 0, 0]")),
              "t.json: tiles[0]: expected a string of tile ids, got an array");
    EXPECT_EQ(jsonError(replaced("[\"0 0 0 0\", \"1 1 1 1\"]", "{\"a\": 1}")),
              "t.json: tiles: expected an array, got an object");
    EXPECT_EQ(jsonError(replaced("{\"h\": [[0, 0], [3, 2]], \"v\": [[4, 1]]}", "[[0, 0]]")),
              "t.json: walls: expected an object, got an array");
    EXPECT_EQ(jsonError(replaced("[3, 2]", "[3, true]")),
              "t.json: walls.h[1][1]: expected an integer, got true");
    EXPECT_EQ(jsonError(replaced("[3, 2]", "[3]")),
              "t.json: walls.h[1]: expected [x, y], got an array");
    EXPECT_EQ(jsonError(replaced("\"name\": \"hero\"", "\"name\": 7")),
              "t.json: actors[0].name: expected a string, got a number");
    EXPECT_EQ(jsonError(replaced("\"brushes\": [", "\"brushes\": [3, ")),
              "t.json: brushes[0]: expected an object, got a number");
    std::string actorsObject = replaced("\"actors\": [", "\"actors\": {\"a\": [");
    actorsObject.replace(actorsObject.rfind(']'), 1, "]}");
    EXPECT_EQ(jsonError(actorsObject), "t.json: actors: expected an array, got an object");
}

TEST(MapErrors, NegativeNaNAndHugeNumbers) {
    EXPECT_EQ(jsonError(replaced("\"height\": 2", "\"height\": -2")),
              "t.json: height: -2 is outside 1..16384");
    EXPECT_EQ(jsonError(replaced("\"height\": 2", "\"height\": NaN")),
              "t.json: height: NaN is not a number");
    EXPECT_EQ(jsonError(replaced("\"height\": 2", "\"height\": -Infinity")),
              "t.json: height: -Infinity is outside 1..16384");
    EXPECT_EQ(jsonError(replaced("\"height\": 2", "\"height\": 18446744073709551615")),
              "t.json: height: 18446744073709551615 is outside 1..16384");
    EXPECT_EQ(jsonError(replaced("\"x\": 8", "\"x\": -1")),
              "t.json: actors[0].x: -1 is outside 0..64");
    EXPECT_EQ(jsonError(replaced("\"w\": 64", "\"w\": 1e300")),
              "t.json: brushes[0].w: 1e300 is outside 1..64");
    EXPECT_EQ(jsonError(replaced("\"sim_rate\": 60", "\"sim_rate\": 0")),
              "t.json: sim_rate: 0 is outside 1..1000");
}

TEST(MapErrors, MapTooLarge) {
    EXPECT_EQ(jsonError(replaced("\"width\": 4", "\"width\": 16385")),
              "t.json: width: 16385 is outside 1..16384");
    // The largest allowed size with two rows of tiles: caught by counting the rows before any
    // tile storage is made for 16384 x 16384.
    EXPECT_EQ(
        jsonError(replaced("\"width\": 4, \"height\": 2", "\"width\": 16384, \"height\": 16384")),
        "t.json: tiles: 2 rows for a height of 16384");
    EXPECT_EQ(jsonError(replaced("\"width\": 4", "\"width\": 0")),
              "t.json: width: 0 is outside 1..16384");
}

TEST(MapErrors, TileSizeOutOfRange) {
    EXPECT_EQ(jsonError(replaced("\"tile_size\": 16", "\"tile_size\": 3")),
              "t.json: tile_size: 3 is outside 4..256");
    EXPECT_EQ(jsonError(replaced("\"tile_size\": 16", "\"tile_size\": 257")),
              "t.json: tile_size: 257 is outside 4..256");
}

TEST(MapErrors, TileRows) {
    EXPECT_EQ(jsonError(replaced("\"1 1 1 1\"", "\"1 1 9 1\"")),
              "t.json: tiles[1]: column 2: unknown tile id 9 (the tileset has 9 kinds, 0..8)");
    EXPECT_EQ(jsonError(replaced("\"1 1 1 1\"", "\"1 1 1 99999999999999999999\"")),
              "t.json: tiles[1]: column 3: unknown tile id 999999999999 (the tileset has 9 "
              "kinds, 0..8)");
    EXPECT_EQ(jsonError(replaced("\"1 1 1 1\"", "\"1 1 x 1\"")),
              "t.json: tiles[1]: column 2: \"x 1\" is not a tile id");
    EXPECT_EQ(jsonError(replaced("\"1 1 1 1\"", "\"1 1 -1 1\"")),
              "t.json: tiles[1]: column 2: \"-1 1\" is not a tile id");
    EXPECT_EQ(jsonError(replaced("\"1 1 1 1\"", "\"1 1 1\"")),
              "t.json: tiles[1]: 3 ids for a width of 4");
    EXPECT_EQ(jsonError(replaced("\"1 1 1 1\"", "\"1 1 1 1 1\"")),
              "t.json: tiles[1]: more than 4 ids (the width)");
    EXPECT_EQ(jsonError(replaced("\"tiles\": [\"0 0 0 0\", ", "\"tiles\": [")),
              "t.json: tiles: 1 rows for a height of 2");
    EXPECT_EQ(jsonError(replaced("\"tiles\": [\"0 0 0 0\", \"1 1 1 1\"],", "")),
              "t.json: tiles: missing");
}

TEST(MapErrors, WallsOutsideTheMap) {
    EXPECT_EQ(jsonError(replaced("[3, 2]", "[4, 2]")),
              "t.json: walls.h[1]: (4, 2) is outside 0..3 x 0..2 for a 4 x 2 map");
    EXPECT_EQ(jsonError(replaced("[3, 2]", "[3, 3]")),
              "t.json: walls.h[1]: (3, 3) is outside 0..3 x 0..2 for a 4 x 2 map");
    EXPECT_EQ(jsonError(replaced("[4, 1]", "[4, 2]")),
              "t.json: walls.v[0]: (4, 2) is outside 0..4 x 0..1 for a 4 x 2 map");
    EXPECT_EQ(jsonError(replaced("[4, 1]", "[-1, 0]")),
              "t.json: walls.v[0]: (-1, 0) is outside 0..4 x 0..1 for a 4 x 2 map");
    EXPECT_EQ(jsonError(replaced("[4, 1]", "[4294967296, 0]")),
              "t.json: walls.v[0][0]: 4294967296 is outside -2147483648..2147483647");
}

TEST(MapErrors, BrushesOutsideTheMap) {
    EXPECT_EQ(jsonError(replaced("\"w\": 64", "\"w\": 65")),
              "t.json: brushes[0].w: 65 is outside 1..64");
    EXPECT_EQ(jsonError(replaced("\"w\": 64", "\"w\": 0")),
              "t.json: brushes[0].w: 0 is outside 1..64");
    EXPECT_EQ(jsonError(replaced("\"x\": 0, \"y\": 0", "\"x\": 64, \"y\": 0")),
              "t.json: brushes[0].x: 64 is outside 0..63");
    EXPECT_EQ(jsonError(replaced("\"x\": 0, \"y\": 0", "\"x\": 0, \"y\": 31")),
              "t.json: brushes[0].h: 32 is outside 1..1");
    EXPECT_EQ(jsonError(replaced("\"w\": 64, \"h\": 32", "\"w\": 64")),
              "t.json: brushes[0].h: missing");
}

TEST(MapErrors, Actors) {
    EXPECT_EQ(jsonError(replaced("\"y\": 8", "\"y\": 33")),
              "t.json: actors[0].y: 33 is outside 0..32");
    EXPECT_EQ(jsonError(replaced("\"h\": 16}",
                                 "\"h\": 16}, {\"name\": \"hero\", \"mover\": "
                                 "\"grid_walls\", \"x\": 1, \"y\": 1}")),
              "t.json: actors[1].name: duplicate actor name \"hero\"");
    EXPECT_EQ(jsonError(replaced("\"name\": \"hero\"", "\"name\": \"\"")),
              "t.json: actors[0].name: empty");
    EXPECT_EQ(jsonError(replaced("\"name\": \"hero\"", "\"name\": \"a\\u0001b\"")),
              "t.json: actors[0].name: contains a control character");
    std::string known;  // every registered mover's id, in the registry's order
    for (MoverKind k : moverKinds())
        known += (known.empty() ? "" : ", ") + std::string(moverInfo(k).id);
    EXPECT_EQ(jsonError(replaced("\"pixel_sweep\"", "\"pixel_swep\"")),
              "t.json: actors[0].mover: unknown mover \"pixel_swep\" (known: " + known + ")");
    EXPECT_EQ(jsonError(replaced("\"w\": 12", "\"w\": 4097")),
              "t.json: actors[0].w: 4097 is outside 1..4096");
    EXPECT_EQ(jsonError(replaced("\"x\": 8, \"y\": 8", "\"x\": 8, \"y\": 8, \"speed\": 1")),
              "t.json: actors[0].speed: unknown field");
}

// Parameter names and ranges come from the registry, never from this file: the table is
// being replaced by the real movers.
TEST(MapErrors, ActorParams) {
    const MoverInfo& mi = moverInfo(MoverKind::PixelSweep);
    ASSERT_GT(mi.paramCount, 0);
    const ParamSpec& ps = mi.params[0];
    auto withParams = [](const std::string& params) {
        return replaced("\"h\": 16}", "\"h\": 16, \"params\": {" + params + "}}");
    };
    const std::string name = std::string("\"") + ps.name + "\": ";
    EXPECT_EQ(
        jsonError(withParams("\"no_such_param\": 1")),
        "t.json: actors[0].params.no_such_param: unknown parameter of pixel_sweep (known: " +
            [&] {
                std::string s;
                for (int i = 0; i < mi.paramCount; ++i)
                    s += std::string(i ? ", " : "") + mi.params[i].name;
                return s;
            }() +
            ")");
    const std::string range = Fix::fromDouble(ps.min).str() + ".." + Fix::fromDouble(ps.max).str();
    const Fix above = Fix::fromDouble(ps.max) + Fix::fromInt(1);
    EXPECT_EQ(jsonError(withParams(name + above.str())), std::string("t.json: actors[0].params.") +
                                                             ps.name + ": " + above.str() +
                                                             " is outside " + range);
    const Fix below = Fix::fromDouble(ps.min) - Fix::fromInt(1);
    EXPECT_EQ(jsonError(withParams(name + below.str())), std::string("t.json: actors[0].params.") +
                                                             ps.name + ": " + below.str() +
                                                             " is outside " + range);
    EXPECT_EQ(jsonError(withParams(name + "NaN")),
              std::string("t.json: actors[0].params.") + ps.name + ": NaN is not a number");
    EXPECT_EQ(
        jsonError(withParams(name + "\"2\"")),
        std::string("t.json: actors[0].params.") + ps.name + ": expected a number, got a string");
    EXPECT_EQ(jsonError(replaced("\"h\": 16}", "\"h\": 16, \"params\": []}")),
              "t.json: actors[0].params: expected an object, got an array");
}

TEST(MapErrors, IntegerParamsRejectFractions) {
    // Finds an integer parameter in the registry; skips if no mover has one yet.
    for (size_t k = 0; k < size_t(moverCount()); ++k) {
        const MoverInfo& mi = moverInfo(MoverKind(k));
        for (int p = 0; p < mi.paramCount; ++p) {
            const ParamSpec& ps = mi.params[p];
            if (!ps.integer || ps.max - ps.min < 1) continue;
            Fix half = Fix::fromDouble(ps.min) + Fix::ratio(1, 2);
            std::string text = replaced(
                "\"mover\": \"pixel_sweep\", \"x\": 8, \"y\": 8, \"w\": 12, \"h\": 16}",
                std::string("\"mover\": \"") + mi.id + "\", \"x\": 8, \"y\": 8, \"params\": {\"" +
                    ps.name + "\": " + half.str() + "}}");
            EXPECT_EQ(jsonError(text), std::string("t.json: actors[0].params.") + ps.name + ": " +
                                           half.str() + " is not a whole number");
            return;
        }
    }
    GTEST_SKIP() << "no mover has an integer parameter";
}

TEST(MapErrors, Tileset) {
    auto withKinds = [](const std::string& kinds) {
        return replaced("\"tiles\":", "\"tileset\": {\"kinds\": [" + kinds + "]}, \"tiles\":");
    };
    const std::string empty = R"({"name": "e", "shape": "empty"})";
    EXPECT_EQ(jsonError(withKinds(empty + R"(, {"name": "r", "shape": "rock"})")),
              "t.json: tileset.kinds[1].shape: unknown shape \"rock\" (known: empty, solid, "
              "slope45_right, slope45_left, slope22_right_low, slope22_right_high, "
              "slope22_left_low, slope22_left_high, one_way)");
    EXPECT_EQ(jsonError(withKinds(empty + R"(, {"name": "r", "shape": "solid", "color": "#12"})")),
              "t.json: tileset.kinds[1].color: \"#12\" is not a colour #RRGGBBAA or #RRGGBB");
    EXPECT_EQ(
        jsonError(withKinds(empty + R"(, {"name": "r", "shape": "solid", "color": "#1234567G"})")),
        "t.json: tileset.kinds[1].color: \"#1234567G\" is not a colour #RRGGBBAA or #RRGGBB");
    EXPECT_EQ(jsonError(withKinds(empty + R"(, {"name": "r", "shape": "solid", "color": "red"})")),
              "t.json: tileset.kinds[1].color: \"red\" is not a colour #RRGGBBAA or #RRGGBB");
    EXPECT_EQ(
        jsonError(withKinds(empty + R"(, {"name": "r", "shape": "one_way", "pass_mask": 16})")),
        "t.json: tileset.kinds[1].pass_mask: 16 is outside 0..15");
    EXPECT_EQ(
        jsonError(withKinds(R"({"name": "s", "shape": "solid"}, {"name": "e", "shape": "empty"})")),
        "t.json: tileset.kinds[0].shape: kind 0 must have the shape \"empty\"");
    EXPECT_EQ(jsonError(withKinds("")), "t.json: tileset.kinds: no kinds (kind 0 must be empty)");
    // Two kinds: the tile row "1 1 1 1" is fine, a 2 would not be.
    EXPECT_EQ(jsonError(withKinds(empty + R"(, {"name": "r", "shape": "solid"})")), "(loaded)");
    EXPECT_EQ(jsonError(replaced("\"tiles\":", "\"tileset\": {\"imag\": \"\"}, \"tiles\":")),
              "t.json: tileset.imag: unknown field");
}

TEST(MapErrors, Versions) {
    EXPECT_EQ(jsonError(replaced("\"format_version\": 1", "\"format_version\": 3")),
              "t.json: format_version: 3 is newer than this tilestep reads (2)");
    EXPECT_EQ(jsonError(replaced("\"format_version\": 1", "\"format_version\": -1")),
              "t.json: format_version: -1 is not a version");
    EXPECT_EQ(jsonError(replaced("\"format_version\": 1, ", "")),
              "t.json: format_version: missing");
    // Version 0 had no sim_rate and flat tile arrays.
    EXPECT_EQ(jsonError(replaced("\"format_version\": 1", "\"format_version\": 0")),
              "t.json: sim_rate: unknown field");
    EXPECT_EQ(jsonError(R"({"format_version": 0, "tile_size": 16, "width": 2, "height": 2,
                            "tiles": [0, 1, 2]})"),
              "t.json: tiles: 3 ids for a 2 x 2 map (4)");
    EXPECT_EQ(jsonError(R"({"format_version": 0, "tile_size": 16, "width": 2, "height": 1,
                            "tiles": [0, 9]})"),
              "t.json: tiles[1]: 9 is outside 0..8");
}

// The loader checks every type before reading, but a missed check must still be an error:
// cereal's json.hpp turns rapidjson's assert() into a throw (Debian's cereal uses the
// system rapidjson, configured by that include), and mapFromJson catches it.
TEST(MapErrors, RapidjsonAssertionsThrowInsteadOfAborting) {
    rapidjson::Value number(5);
    EXPECT_THROW(number.GetString(), cereal::RapidJSONException);
    EXPECT_THROW(number.Size(), cereal::RapidJSONException);
}

TEST(MapErrors, UnknownTopLevelField) {
    EXPECT_EQ(jsonError(replaced("\"sim_rate\"", "\"simrate\"")), "t.json: simrate: unknown field");
}

TEST(MapErrors, InvalidUtf8) {
    EXPECT_EQ(jsonError(replaced("\"hero\"", "\"h\xff\"")),
              "t.json: invalid JSON at line 6, column 25: Invalid encoding in string.");
}

// ---- binary ----

// kValidMapJson with every parameter of its actors set by the map, so that the binary form
// holds parameters to break (a save writes only the parameters a map sets).
Map validMapSettingEveryParam() {
    Map m = mapFromJson(kValidMapJson, "t.json");
    for (Actor& a : m.actors) a.paramsSet = (uint32_t(1) << moverInfo(a.mover).paramCount) - 1;
    return m;
}

std::string validBinary() {
    return mapToBinary(validMapSettingEveryParam());
}

TEST(MapErrors, BinaryGarbage) {
    EXPECT_EQ(binaryError("garbage!garbage!"),
              "t.tsmap: not a tilestep binary map (the file does not start with \\x89TSMAP)");
    EXPECT_EQ(binaryError(kValidMapJson),
              "t.tsmap: not a tilestep binary map (the file does not start with \\x89TSMAP)");
    std::string b = validBinary();
    b[8] = 7;
    EXPECT_EQ(binaryError(b), "t.tsmap: bad endianness byte 7");
}

TEST(MapErrors, BinaryTruncated) {
    std::string b = validBinary();
    EXPECT_EQ(binaryError(b.substr(0, 8)),
              "t.tsmap: the file ends early (truncated) after the magic");
    EXPECT_EQ(binaryError(b.substr(0, 11)),
              "t.tsmap: format_version: the file ends early (truncated): 4 bytes needed, 2 left");
    EXPECT_EQ(binaryError(b.substr(0, b.size() - 1)).find("t.tsmap: actors[0].params."), 0u);
    // Every shorter prefix fails with a "truncated" message, never anything else.
    for (size_t n = 9; n < b.size(); ++n)
        EXPECT_NE(binaryError(b.substr(0, n)).find("(truncated)"), std::string::npos) << n;
    EXPECT_EQ(binaryError(b + "x"), "t.tsmap: 1 unexpected bytes after the last actor");
}

// Byte offsets below follow the layout in docs/map-format.md: magic 0-7, endianness 8,
// format_version 9, tile_size 13, width 17, height 21, sim_rate 25, image length 29.
void putU32(std::string& b, size_t at, uint32_t v) {
    for (int i = 0; i < 4; ++i) b[at + size_t(i)] = char((v >> (8 * i)) & 0xff);
}

TEST(MapErrors, BinaryHeaderFields) {
    const std::string b = validBinary();
    auto with = [&](size_t at, uint32_t v) {
        std::string c = b;
        putU32(c, at, v);
        return binaryError(c);
    };
    EXPECT_EQ(with(9, 3), "t.tsmap: format_version: 3 is newer than this tilestep reads (2)");
    EXPECT_EQ(with(9, 0), "t.tsmap: format_version: 0 is not a binary map version");
    EXPECT_EQ(with(13, 300), "t.tsmap: tile_size: 300 is outside 4..256");
    EXPECT_EQ(with(17, 16385), "t.tsmap: width: 16385 is outside 1..16384");
    EXPECT_EQ(with(21, uint32_t(-5)), "t.tsmap: height: -5 is outside 1..16384");
    // The largest size is accepted by the header and refused by the length check, before
    // 256 MiB of tiles would be allocated.
    std::string big = b;
    putU32(big, 17, 16384);
    putU32(big, 21, 16384);
    EXPECT_EQ(binaryError(big).find("t.tsmap: tiles: the file ends early (truncated): 268435456 "
                                    "bytes needed"),
              0u)
        << binaryError(big);
    EXPECT_EQ(with(29, 0xffffffffu),
              "t.tsmap: tileset.image: text of 4294967295 bytes is longer than 4096");
    EXPECT_EQ(with(29, 4000).find("t.tsmap: tileset.image: the file ends early (truncated): 4000 "
                                  "bytes needed"),
              0u);
}

// Patches fields found by their position after known text in the stream.
TEST(MapErrors, BinaryBodyFields) {
    const std::string b = validBinary();
    // The actor's x (int64, little-endian, 8) follows its mover id "pixel_sweep".
    const size_t x = b.find("pixel_sweep") + std::strlen("pixel_sweep");
    ASSERT_EQ(b[x], 8);
    std::string c = b;
    c[x] = char(0xff);
    c[x + 1] = 0x5a;  // 0x5aff = 23295
    EXPECT_EQ(binaryError(c), "t.tsmap: actors[0].x: 23295 is outside 0..64");
    c = b;
    c[x - 1] = '!';
    EXPECT_EQ(binaryError(c).find("t.tsmap: actors[0].mover: unknown mover \"pixel_swee!\""), 0u);
    // A tile id outside the tileset: the tiles are the 8 bytes after the id-size byte (1).
    size_t tiles = b.find(std::string("\x01\x00\x00\x00\x00\x01\x01\x01\x01", 9));
    ASSERT_NE(tiles, std::string::npos);
    c = b;
    c[tiles + 3] = 42;
    EXPECT_EQ(binaryError(c), "t.tsmap: tiles: unknown tile id 42 at (2, 0)");
    c = b;
    c[tiles] = 3;
    EXPECT_EQ(binaryError(c), "t.tsmap: tiles.id_bytes: 3 is not 1 or 2");
}

TEST(MapErrors, BinaryDuplicateActorsAndBadParams) {
    Map m = validMapSettingEveryParam();
    Actor second = m.actors[0];
    second.name = "hexo";
    m.actors.push_back(second);
    std::string b = mapToBinary(m);
    size_t at = b.find("hexo");
    ASSERT_NE(at, std::string::npos);
    b[at + 2] = 'r';
    EXPECT_EQ(binaryError(b), "t.tsmap: actors[1].name: duplicate actor name \"hero\"");

    const MoverInfo& mi = moverInfo(MoverKind::PixelSweep);
    ASSERT_GT(mi.paramCount, 0);
    b = mapToBinary(m);
    at = b.rfind(mi.params[0].name);
    ASSERT_NE(at, std::string::npos);
    b[at] = '~';
    std::string renamed = std::string("~") + (mi.params[0].name + 1);
    EXPECT_EQ(binaryError(b).find("t.tsmap: actors[1].params." + renamed +
                                  ": unknown parameter of pixel_sweep"),
              0u)
        << binaryError(b);
    // The raw value follows the name: make it far above the maximum.
    b = mapToBinary(m);
    at = b.rfind(mi.params[0].name) + std::strlen(mi.params[0].name);
    b[at + 6] = 0x40;
    EXPECT_NE(
        binaryError(b).find(std::string("t.tsmap: actors[1].params.") + mi.params[0].name + ": "),
        std::string::npos)
        << binaryError(b);
}

TEST(MapErrors, FileErrorsNameThePath) {
    std::string dir = test::tempDir();
    test::writeFile(dir + "/empty.json", "");
    EXPECT_THROW(
        {
            try {
                loadMap(dir + "/empty.json");
            } catch (const MapError& e) {
                EXPECT_EQ(std::string(e.what()), dir + "/empty.json: empty file");
                throw;
            }
        },
        MapError);
    test::writeFile(dir + "/garbage.tsmap", "\x01\x02");
    EXPECT_THROW(loadMap(dir + "/garbage.tsmap"), MapError);
    EXPECT_THROW(loadMap(dir), MapError);  // a folder, with no map extension
    EXPECT_THROW(loadMap(dir + "/m.txt"), MapError);
}

}  // namespace
}  // namespace ts
