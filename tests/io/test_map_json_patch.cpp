// Saving a map read from JSON patches the file it came from (core/io/map_json_patch.h): with
// no edit the bytes are the file's, an edit changes the lines it touched, and what the file
// left out (defaults, the tileset, sim_rate, actor sizes) stays out. Expected texts are
// written out by hand.
#include <gtest/gtest.h>

#include <filesystem>

#include "io/map_io.h"
#include "io/map_json_patch.h"
#include "movers/mover.h"
#include "movers/param_set.h"
#include "splitmix.h"
#include "test_support.h"

namespace ts {
namespace {

std::vector<std::string> lines(const std::string& text) {
    std::vector<std::string> out;
    size_t at = 0;
    for (size_t nl; (nl = text.find('\n', at)) != std::string::npos; at = nl + 1)
        out.push_back(text.substr(at, nl - at));
    out.push_back(text.substr(at));
    return out;
}

// The indexes of the lines that differ; both texts must have as many lines.
std::vector<size_t> changedLines(const std::string& a, const std::string& b) {
    const auto la = lines(a), lb = lines(b);
    EXPECT_EQ(la.size(), lb.size());
    std::vector<size_t> out;
    for (size_t i = 0; i < std::min(la.size(), lb.size()); ++i)
        if (la[i] != lb[i]) out.push_back(i);
    return out;
}

// Writes `text` as DIR/NAME.json and loads it as a user's open would.
Map openText(const std::string& dir, const std::string& text, const std::string& name = "m") {
    test::writeFile(dir + "/" + name + ".json", text);
    return loadMap(dir + "/" + name + ".json");
}

std::string saved(const Map& m, const std::string& path) {
    saveMap(m, path);
    return test::readFile(path);
}

void setParam(Actor& a, const char* name, double value) {
    const int i = findParam(a.mover, name);
    ASSERT_GE(i, 0) << name;
    a.params[size_t(i)] = Fix::fromDouble(value);
    a.paramsSet |= paramBit(i);
}

// Only friction set, no tileset, walls, brushes, sim_rate or actor size, and a layout of its
// own: keys in another order, a number written as 0.30.
const std::string kMinimal =
    "{\"format_version\": 2, \"width\": 4, \"height\": 3, \"tile_size\": 16,\n"
    " \"actors\": [{\"name\": \"hero\", \"mover\": \"pixel_sweep\", \"x\": 16, \"y\": 0,\n"
    "              \"params\": {\"friction\": 0.30}}],\n"
    " \"tiles\": [\"0 0 0 0\",\n"
    "           \"0 0 0 0\",\n"
    "           \"1 1 1 1\"]}\n";

TEST(MapJsonPatch, EverySampleMapSavedUneditedIsTheSameBytes) {
    const std::string dir = test::tempDir();
    for (const std::string& path : test::sampleMapPaths()) {
        const Map m = loadMap(path);
        EXPECT_EQ(saved(m, dir + "/out.json"), test::readFile(path)) << path;
    }
}

TEST(MapJsonPatch, OneCellEditedChangesThatRowOnly) {
    const std::string dir = test::tempDir();
    for (const std::string& path : test::sampleMapPaths()) {
        Map m = loadMap(path);
        const int32_t x = m.width / 2, y = m.height / 2;
        m.setTile(x, y, m.tile(x, y) == 1 ? 0 : 1);
        const std::string before = test::readFile(path), after = saved(m, dir + "/out.json");
        const auto changed = changedLines(before, after);
        ASSERT_EQ(changed.size(), 1u) << path << "\n" << after;
        // That line is the row's: the row's ids, one of them changed.
        const std::string row = lines(after)[changed[0]];
        EXPECT_NE(row.find('"'), std::string::npos) << row;
        EXPECT_EQ(loadMap(dir + "/out.json"), m) << path;
    }
}

TEST(MapJsonPatch, OneParameterEditedChangesThatLineOnly) {
    const std::string dir = test::tempDir();
    for (const std::string& path : test::sampleMapPaths()) {
        Map m = loadMap(path);
        Actor& a = m.actors.at(0);
        const MoverInfo& mi = moverInfo(a.mover);
        int set = -1;
        for (int i = 0; i < mi.paramCount && set < 0; ++i)
            if (paramIsSet(a, i) && !mi.params[i].integer) set = i;
        if (set < 0) continue;
        a.params[size_t(set)] = a.params[size_t(set)] + Fix::fromDouble(0.1);
        const std::string before = test::readFile(path), after = saved(m, dir + "/out.json");
        const auto changed = changedLines(before, after);
        ASSERT_EQ(changed.size(), 1u) << path << "\n" << after;
        const std::string line = lines(after)[changed[0]];
        EXPECT_NE(line.find("\"" + std::string(mi.params[set].name) +
                            "\": " + a.params[size_t(set)].shortest()),
                  std::string::npos)
            << line;
        EXPECT_EQ(loadMap(dir + "/out.json"), m) << path;
    }
}

TEST(MapJsonPatch, WhatTheFileLeftOutStaysOut) {
    const std::string dir = test::tempDir();
    Map m = openText(dir, kMinimal);
    EXPECT_EQ(saved(m, dir + "/same.json"), kMinimal);
    m.setTile(0, 0, 1);
    EXPECT_EQ(
        saved(m, dir + "/cell.json"),
        "{\"format_version\": 2, \"width\": 4, \"height\": 3, \"tile_size\": 16,\n"
        " \"actors\": [{\"name\": \"hero\", \"mover\": \"pixel_sweep\", \"x\": 16, \"y\": 0,\n"
        "              \"params\": {\"friction\": 0.30}}],\n"
        " \"tiles\": [\"1 0 0 0\",\n"
        "           \"0 0 0 0\",\n"
        "           \"1 1 1 1\"]}\n");
    setParam(m.actors[0], "friction", 0.18);
    setParam(m.actors[0], "jump_speed", 4.3);
    EXPECT_EQ(
        saved(m, dir + "/params.json"),
        "{\"format_version\": 2, \"width\": 4, \"height\": 3, \"tile_size\": 16,\n"
        " \"actors\": [{\"name\": \"hero\", \"mover\": \"pixel_sweep\", \"x\": 16, \"y\": 0,\n"
        "              \"params\": {\"friction\": 0.18,\n        \"jump_speed\": 4.3}}],\n"
        " \"tiles\": [\"1 0 0 0\",\n"
        "           \"0 0 0 0\",\n"
        "           \"1 1 1 1\"]}\n");
    // Back to the default, unset: the parameter leaves the file.
    m.actors[0].params = defaultParams(m.actors[0].mover);
    m.actors[0].paramsSet = 0;
    m.actors[0].w = 10;
    EXPECT_EQ(saved(m, dir + "/unset.json"),
              "{\"format_version\": 2, \"width\": 4, \"height\": 3, \"tile_size\": 16,\n"
              " \"actors\": [{\"name\": \"hero\", \"mover\": \"pixel_sweep\", \"x\": 16, \"y\": 0, "
              "\"w\": 10,\n"
              "              \"params\": {}}],\n"
              " \"tiles\": [\"1 0 0 0\",\n"
              "           \"0 0 0 0\",\n"
              "           \"1 1 1 1\"]}\n");
}

TEST(MapJsonPatch, AMapWithoutItsSourceWritesOnlyTheParametersItSets) {
    // Through the binary form, which keeps no text: the canonical writer, friction alone.
    const std::string dir = test::tempDir();
    saveMap(openText(dir, kMinimal), dir + "/m.tsmap");
    const std::string text = saved(loadMap(dir + "/m.tsmap"), dir + "/out.json");
    EXPECT_NE(text.find("\"params\": {\n        \"friction\": 0.3\n      }"), std::string::npos)
        << text;
}

TEST(MapJsonPatch, AnOlderVersionStaysOldUntilAnEditNeedsTheNewOne) {
    const std::string dir = test::tempDir();
    std::string v1 = kMinimal;
    v1.replace(v1.find("\"format_version\": 2"), 19, "\"format_version\": 1");
    Map m = openText(dir, v1);
    EXPECT_EQ(saved(m, dir + "/same.json"), v1);
    m.setTile(3, 0, 1);
    std::string expected = v1;
    expected.replace(expected.find("\"0 0 0 0\""), 9, "\"0 0 0 1\"");
    EXPECT_EQ(saved(m, dir + "/cell.json"), expected);
    // image_flip came with version 2: a file that uses it says so.
    m.tileset.kinds[1].imageFlip = 1;
    const std::string flipped = saved(m, dir + "/flip.json");
    EXPECT_EQ(flipped.rfind("{\"format_version\": 2, ", 0), 0u) << flipped;
    EXPECT_EQ(loadMap(dir + "/flip.json"), m);
}

TEST(MapJsonPatch, VersionZeroFilesAreWrittenAnew) {
    // Its flat tile array would not mix with rows: the whole file in today's form.
    const std::string dir = test::tempDir();
    Map m = openText(dir,
                     "{\"format_version\": 0, \"tile_size\": 16, \"width\": 2, \"height\": 1, "
                     "\"tiles\": [0, 1]}");
    m.setTile(0, 0, 1);
    m.jsonSource.reset();
    const std::string canonical = mapToJson(m);
    m = openText(dir,
                 "{\"format_version\": 0, \"tile_size\": 16, \"width\": 2, \"height\": 1, "
                 "\"tiles\": [0, 1]}");
    m.setTile(0, 0, 1);
    EXPECT_EQ(saved(m, dir + "/out.json"), canonical);
}

TEST(MapJsonPatch, ActorsAndBrushesAddedAndRemovedLeaveTheRestAlone) {
    const std::string dir = test::tempDir();
    for (const std::string& path : test::sampleMapPaths()) {
        const std::string source = test::readFile(path);
        Map m = loadMap(path);
        if (m.brushes.empty()) continue;
        m.brushes.pop_back();
        Actor extra = m.actors[0];
        extra.name = "extra";
        m.actors.push_back(extra);
        const std::string after = saved(m, dir + "/out.json");
        EXPECT_EQ(loadMap(dir + "/out.json"), m) << path;
        // Every line of the source but the brushes' last two and the actors' end is kept.
        const auto la = lines(source), lb = lines(after);
        size_t kept = 0;
        for (const std::string& l : la)
            kept += std::find(lb.begin(), lb.end(), l) != lb.end() ? 1 : 0;
        EXPECT_GE(kept + 4, la.size()) << path << "\n" << after;
    }
}

TEST(MapJsonPatch, RandomEditsReadBackAsTheEditedMap) {
    // Whatever the edits, the patched text reads back as the map saved.
    const std::string dir = test::tempDir();
    SplitMix64 rng(1919);
    for (const std::string& path : test::sampleMapPaths()) {
        for (int round = 0; round < 40; ++round) {
            Map m = loadMap(path);
            const int edits = int(rng.range(1, 6));
            for (int e = 0; e < edits; ++e) {
                switch (rng.range(0, 5)) {
                    case 0:
                        m.setTile(rng.range(0, m.width - 1), rng.range(0, m.height - 1),
                                  uint16_t(rng.range(0, int64_t(m.tileset.kinds.size()) - 1)));
                        break;
                    case 1: {
                        Actor& a = m.actors[size_t(rng.range(0, int64_t(m.actors.size()) - 1))];
                        const MoverInfo& mi = moverInfo(a.mover);
                        const int i = int(rng.range(0, mi.paramCount - 1));
                        a.params[size_t(i)] = mi.params[i].normalize(Fix::fromRaw(
                            rng.range(mi.params[i].minFix().raw, mi.params[i].maxFix().raw)));
                        a.paramsSet |= paramBit(i);
                        break;
                    }
                    case 2:
                        if (!m.brushes.empty())
                            m.brushes.erase(m.brushes.begin() +
                                            rng.range(0, int64_t(m.brushes.size()) - 1));
                        break;
                    case 3:
                        m.walls.setH(int32_t(rng.range(0, m.width - 1)),
                                     int32_t(rng.range(0, m.height)), rng.chance(50));
                        break;
                    case 4:
                        m.simRate = int32_t(rng.range(1, 240));
                        break;
                    case 5: {
                        Actor& a = m.actors[size_t(rng.range(0, int64_t(m.actors.size()) - 1))];
                        a.params = defaultParams(a.mover);
                        a.paramsSet = 0;
                        break;
                    }
                }
            }
            const std::string text = mapJsonForSave(m);
            const Map back = mapFromJson(text, path);
            ASSERT_EQ(back, m) << path << "\n" << text;
            for (size_t i = 0; i < m.actors.size(); ++i)
                EXPECT_EQ(back.actors[i].paramsSet, m.actors[i].paramsSet) << path;
            // Not the canonical form: the source's own layout is kept (the samples are
            // version 1, which the canonical form is not).
            EXPECT_NE(text, mapToJson(m)) << path;
        }
    }
}

}  // namespace
}  // namespace ts
