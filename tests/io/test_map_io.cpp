// Map files: round trips (JSON, binary, across), the exact JSON text, the version-0 upgrade,
// and atomic saves. Rejected inputs are in test_map_errors.cpp, fuzzing in test_map_fuzz.cpp,
// the sample maps in test_map_samples.cpp.
#include <dirent.h>
#include <sys/stat.h>
#include <gtest/gtest.h>

#include <cstdlib>

#include "io/map_formats.h"
#include "io/map_io.h"
#include "io/detail/map_io_detail.h"
#include "test_support.h"
#include "movers/mover.h"

namespace ts {
namespace {

using test::readFile;
using test::tempDir;
using test::writeFile;

// A map that uses every feature: custom tileset with image cells, slopes, one-way tiles,
// walls on every kind of edge (including the map border lines), brushes, actors of every
// mover with non-default parameters.
Map richMap() {
    Map m = test::mapFromRows({
        "..........",
        "....../#..",
        "..ab.==...",
        "##########",
    });
    m.simRate = 50;
    m.tileset.image = "art/tiles.png";
    m.tileset.imageCellSize = 8;
    m.tileset.kinds[1].imageCell = 3;
    m.tileset.kinds[1].color = 0x80123456;
    m.tileset.kinds.push_back({"spikes \"sharp\"", 0xffff0000, Shape::OneWay, DIR_DOWN, 7});
    m.setTile(9, 0, uint16_t(m.tileset.kinds.size() - 1));
    m.walls.setH(0, 0, true);
    m.walls.setH(9, 4, true);
    m.walls.setH(3, 2, true);
    m.walls.setV(0, 0, true);
    m.walls.setV(10, 3, true);
    m.walls.setV(5, 1, true);
    m.brushes.push_back({RectI{0, 0, 16, 16}});
    m.brushes.push_back({RectI{17, 5, 3, 59}});
    for (size_t k = 0; k < size_t(moverCount()); ++k) {
        Actor a;
        a.name = std::string("actor_") + moverInfo(MoverKind(k)).id;
        a.mover = MoverKind(k);
        a.x = int64_t(10 + 20 * k);
        a.y = 7;
        a.w = 10 + int32_t(k);
        a.h = 14;
        a.params = defaultParams(a.mover);
        // Move every parameter off its default to a value needing all 16 fraction bits
        // where the range allows, so a lost parameter or lost precision shows.
        const MoverInfo& mi = moverInfo(a.mover);
        for (int p = 0; p < mi.paramCount; ++p) {
            const ParamSpec& ps = mi.params[p];
            Fix v =
                ps.integer ? Fix::fromDouble(ps.min) : Fix::fromDouble(ps.min) + Fix::fromRaw(1);
            if (v.toDouble() > ps.max) v = Fix::fromDouble(ps.max);
            a.params[size_t(p)] = v;
        }
        m.actors.push_back(a);
    }
    return m;
}

TEST(MapIo, RichMapIsValid) {
    EXPECT_EQ(validateMap(richMap()), "");
}

TEST(MapIo, JsonRoundTrip) {
    Map m = richMap();
    Map back = mapFromJson(mapToJson(m), "mem.json");
    EXPECT_TRUE(back == m);
    EXPECT_EQ(mapToJson(back), mapToJson(m));
}

TEST(MapIo, BinaryRoundTrip) {
    Map m = richMap();
    Map back = mapFromBinary(mapToBinary(m), "mem.tsmap");
    EXPECT_TRUE(back == m);
    EXPECT_EQ(mapToBinary(back), mapToBinary(m));
}

TEST(MapIo, JsonToBinaryToJsonIsByteIdentical) {
    std::string json = mapToJson(richMap());
    Map viaBinary = mapFromBinary(mapToBinary(mapFromJson(json, "a.json")), "b.tsmap");
    EXPECT_EQ(mapToJson(viaBinary), json);
}

TEST(MapIo, BigEndianBinaryReadsTheSame) {
    Map m = richMap();
    while (m.tileset.kinds.size() < 300)  // two-byte tile ids, so that they get swapped too
        m.tileset.kinds.push_back(
            {"k" + std::to_string(m.tileset.kinds.size()), 0xff000000, Shape::Solid, 0, -1});
    m.setTile(1, 0, 0x102);
    const std::string big = mapio::toBinary(m, true);
    ASSERT_EQ(big[8], 0);  // cereal's byte-order flag
    EXPECT_NE(big, mapToBinary(m));
    EXPECT_TRUE(mapFromBinary(big, "big.tsmap") == m);
}

TEST(MapIo, BinaryUsesTwoByteIdsForLargeTilesets) {
    Map m = richMap();
    while (m.tileset.kinds.size() < 300)
        m.tileset.kinds.push_back(
            {"k" + std::to_string(m.tileset.kinds.size()), 0xff000000, Shape::Solid, 0, -1});
    m.setTile(0, 0, 299);
    Map back = mapFromBinary(mapToBinary(m), "mem.tsmap");
    EXPECT_TRUE(back == m);
    EXPECT_EQ(back.tile(0, 0), 299);
}

TEST(MapIo, ParamsRoundTripExactly) {
    // Every representable value in a parameter's range must come back bit for bit, including
    // the smallest step 1/65536 and values with 16 fraction digits.
    Map m = Map::blank(4, 4);
    Actor a;
    a.name = "p";
    a.mover = MoverKind::PixelSweep;
    const MoverInfo& mi = moverInfo(a.mover);
    ASSERT_GT(mi.paramCount, 0);
    const ParamSpec& ps = mi.params[0];
    const int64_t lo = Fix::fromDouble(ps.min).raw, hi = Fix::fromDouble(ps.max).raw;
    for (int64_t raw : {lo, lo + 1, hi, hi - 1, (lo + hi) / 2 + 12345 % (hi - lo + 1)}) {
        if (ps.integer) raw = raw & ~(Fix::kOne - 1);
        if (raw < lo || raw > hi) continue;
        a.params = defaultParams(a.mover);
        a.params[0] = Fix::fromRaw(raw);
        m.actors = {a};
        EXPECT_EQ(mapFromJson(mapToJson(m), "m.json").actors[0].params[0].raw, raw);
        EXPECT_EQ(mapFromBinary(mapToBinary(m), "m.tsmap").actors[0].params[0].raw, raw);
    }
}

// The exact text of a small map, written out by hand from docs/map-format.md (not copied
// from the writer's output): checks field names, order and layout that other programs rely on.
TEST(MapIo, JsonTextOfASmallMap) {
    Map m = Map::blank(3, 2, 8);
    m.tileset.kinds.resize(2);
    m.tileset.kinds[1] = {"rock", 0xff102030, Shape::Solid, 0, -1};
    m.setTile(0, 1, 1);
    m.setTile(2, 1, 1);
    m.walls.setH(1, 1, true);
    m.walls.setV(3, 0, true);
    m.brushes.push_back({RectI{2, 3, 4, 5}});
    const Actor a = test::makeActor("hero", MoverKind::GridWalls, 4, 5, 6, 6);
    m.actors.push_back(a);

    // The map sets no parameter: none is written (a reader fills in the mover's defaults).
    std::string expected = R"({
  "format_version": 2,
  "tile_size": 8,
  "width": 3,
  "height": 2,
  "sim_rate": 60,
  "tileset": {
    "image": "",
    "image_cell_size": 0,
    "kinds": [
      {"name": "empty", "color": "#00000000", "shape": "empty", "pass_mask": 0, "image_cell": -1, "image_flip": 0},
      {"name": "rock", "color": "#102030FF", "shape": "solid", "pass_mask": 0, "image_cell": -1, "image_flip": 0}
    ]
  },
  "tiles": [
    "0 0 0",
    "1 0 1"
  ],
  "walls": {
    "h": [
      [1, 1]
    ],
    "v": [
      [3, 0]
    ]
  },
  "brushes": [
    {"x": 2, "y": 3, "w": 4, "h": 5}
  ],
  "actors": [
    {
      "name": "hero", "mover": "grid_walls", "x": 4, "y": 5, "w": 6, "h": 6,
      "params": {}
    }
  ]
}
)";
    EXPECT_EQ(mapToJson(m), expected);
}

TEST(MapIo, MissingOptionalSectionsGetDefaults) {
    Map m = mapFromJson(R"({"format_version": 1, "tile_size": 16, "width": 2, "height": 1,
                           "tiles": ["0 1"]})",
                        "min.json");
    EXPECT_EQ(m.simRate, kDefaultSimRate);
    EXPECT_TRUE(m.tileset == Tileset::defaults());
    EXPECT_EQ(m.walls.count(), 0u);
    EXPECT_EQ(m.walls.width, 2);
    EXPECT_TRUE(m.brushes.empty());
    EXPECT_TRUE(m.actors.empty());
    EXPECT_EQ(m.tile(1, 0), 1);
}

TEST(MapIo, WholeNumbersInAnyNotation) {
    Map m = mapFromJson(R"({"format_version": 1.0, "tile_size": 1.6e1, "width": 2, "height": 1,
                           "tiles": ["0 1"]})",
                        "n.json");
    EXPECT_EQ(m.tileSize, 16);
}

TEST(MapIo, MissingParamsGetMoverDefaults) {
    Map m = mapFromJson(R"({"format_version": 1, "tile_size": 16, "width": 4, "height": 4,
        "tiles": ["0 0 0 0", "0 0 0 0", "0 0 0 0", "0 0 0 0"],
        "actors": [{"name": "a", "mover": "scanline_slide", "x": 1, "y": 2}]})",
                        "p.json");
    ASSERT_EQ(m.actors.size(), 1u);
    EXPECT_EQ(m.actors[0].mover, MoverKind::ScanlineSlide);
    EXPECT_TRUE(m.actors[0].params == defaultParams(MoverKind::ScanlineSlide));
    EXPECT_EQ(m.actors[0].w, Actor{}.w);
}

TEST(MapIo, ColourAcceptsSixDigitsAsOpaque) {
    Map m = mapFromJson(R"({"format_version": 1, "tile_size": 16, "width": 1, "height": 1,
        "tileset": {"kinds": [{"name": "e", "color": "#a0B1c2", "shape": "empty"}]},
        "tiles": ["0"]})",
                        "c.json");
    EXPECT_EQ(m.tileset.kinds[0].color, 0xffa0b1c2u);
}

// Version 0: tiles as one flat array of ids, no sim_rate. It must keep loading and come out
// as the current model.
TEST(MapIo, Version0IsUpgraded) {
    Map m = mapFromJson(R"({"format_version": 0, "tile_size": 16, "width": 3, "height": 2,
                           "tiles": [0, 1, 0, 2, 0, 8]})",
                        "old.json");
    EXPECT_EQ(m.simRate, kDefaultSimRate);
    EXPECT_EQ(m.tile(1, 0), 1);
    EXPECT_EQ(m.tile(0, 1), 2);
    EXPECT_EQ(m.tile(2, 1), 8);
    EXPECT_NE(mapToJson(m).find("\"format_version\": 2"), std::string::npos);
    Map expected = Map::blank(3, 2);
    expected.setTile(1, 0, 1);
    expected.setTile(0, 1, 2);
    expected.setTile(2, 1, 8);
    EXPECT_TRUE(m == expected);
}

TEST(MapIo, FormatFromExtension) {
    EXPECT_EQ(mapFormatForWriting("a/b.json").kind, MapFileKind::TilestepJson);
    EXPECT_EQ(mapFormatForWriting("b.TSMAP").kind, MapFileKind::TilestepBinary);
    EXPECT_THROW(mapFormatForWriting("b.txt"), MapError);
    EXPECT_THROW(mapFormatForWriting("json"), MapError);
}

TEST(MapIo, SaveAndLoadFiles) {
    std::string dir = tempDir();
    Map m = richMap();
    for (const char* name : {"/m.json", "/m.tsmap"}) {
        saveMap(m, dir + name);
        EXPECT_TRUE(loadMap(dir + name) == m) << name;
    }
    EXPECT_EQ(readFile(dir + "/m.json"), mapToJson(m));
    EXPECT_EQ(readFile(dir + "/m.tsmap"), mapToBinary(m));
}

std::vector<std::string> listDir(const std::string& dir) {
    std::vector<std::string> names;
    DIR* d = opendir(dir.c_str());
    while (dirent* e = readdir(d))
        if (std::string(e->d_name) != "." && std::string(e->d_name) != "..")
            names.push_back(e->d_name);
    closedir(d);
    return names;
}

TEST(MapIo, FailedSaveKeepsTheOldFile) {
    std::string dir = tempDir();
    std::string path = dir + "/keep.json";
    writeFile(path, "old bytes");
    Map m = richMap();
    setSaveFailureForTesting(true);
    EXPECT_THROW(saveMap(m, path), MapError);
    setSaveFailureForTesting(false);
    EXPECT_EQ(readFile(path), "old bytes");
    EXPECT_EQ(listDir(dir), std::vector<std::string>{"keep.json"});  // no temporary left
    saveMap(m, path);  // and without the injected failure it does replace the file
    EXPECT_EQ(readFile(path), mapToJson(m));
    EXPECT_EQ(listDir(dir), std::vector<std::string>{"keep.json"});
}

TEST(MapIo, SaveOverADirectoryFailsAndLeavesItAlone) {
    // A real failure without injection: rename() cannot replace a directory with a file.
    std::string dir = tempDir();
    std::string path = dir + "/taken.json";
    std::string cmd = "mkdir '" + path + "' && echo x > '" + path + "/inside'";
    ASSERT_EQ(std::system(cmd.c_str()), 0);
    try {
        saveMap(richMap(), path);
        FAIL() << "saved over a directory";
    } catch (const MapError& e) {
        EXPECT_NE(std::string(e.what()).find(path + ": cannot replace the file"), std::string::npos)
            << e.what();
    }
    EXPECT_EQ(readFile(path + "/inside"), "x\n");
    EXPECT_EQ(listDir(dir), std::vector<std::string>{"taken.json"});
}

TEST(MapIo, SaveIntoMissingFolderFails) {
    std::string path = tempDir() + "/no/such/folder/m.json";
    try {
        saveMap(richMap(), path);
        FAIL() << "saved";
    } catch (const MapError& e) {
        EXPECT_EQ(std::string(e.what()),
                  path + ": cannot create a temporary file: No such file or directory");
    }
}

TEST(MapIo, SaveRefusesAnInvalidMap) {
    std::string path = tempDir() + "/bad.json";
    writeFile(path, "old");
    Map m = richMap();
    m.actors[1].name = m.actors[0].name;
    EXPECT_THROW(saveMap(m, path), MapError);
    EXPECT_EQ(readFile(path), "old");
}

TEST(MapIo, SaveKeepsTheFileMode) {
    std::string path = tempDir() + "/mode.tsmap";
    saveMap(richMap(), path);
    struct stat st {};
    ASSERT_EQ(stat(path.c_str(), &st), 0);
    EXPECT_EQ(st.st_mode & 0777, 0644u);  // not mkstemp's 0600
    ASSERT_EQ(chmod(path.c_str(), 0640), 0);
    saveMap(richMap(), path);
    ASSERT_EQ(stat(path.c_str(), &st), 0);
    EXPECT_EQ(st.st_mode & 0777, 0640u);
}

TEST(MapIo, LoadMissingFile) {
    try {
        loadMap("/nonexistent/x.json");
        FAIL();
    } catch (const MapError& e) {
        EXPECT_EQ(std::string(e.what()),
                  "/nonexistent/x.json: cannot open: No such file or directory");
    }
}

}  // namespace
}  // namespace ts
