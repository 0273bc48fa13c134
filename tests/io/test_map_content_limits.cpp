// What a map may hold is bounded by what running it needs, not only by its file's size, and
// every text in it is well-formed UTF-8 in every loader (issue 9): each case here loaded, or
// was written, before, and then crashed `run` or could not be read back.
#include <gtest/gtest.h>

#include <cstring>

#include "world/collision.h"
#include "io/map_io.h"
#include "test_support.h"

namespace ts {
namespace {

using test::runTilestep;
using test::tempDir;
using test::writeFile;

std::string loadError(const std::string& bytes, bool json) {
    try {
        if (json)
            mapFromJson(bytes, "t.json");
        else
            mapFromBinary(bytes, "t.tsmap");
    } catch (const MapError& e) {
        return e.what();
    }
    return "(loaded)";
}

// 1024 x 512 tiles of 16 px: 128 x 64 = 8192 collision buckets; a full-map brush covers all.
Map fullBrushes(size_t count) {
    Map m = Map::blank(1024, 512);
    m.brushes.assign(count, Brush{RectI{0, 0, m.widthPx(), m.heightPx()}});
    return m;
}

const char* const kTooMany =
    "the brushes cover 33562624 collision buckets of 8 x 8 tiles (counted once per brush), "
    "more than the 33554432 a map may use to run";

TEST(MapContentLimits, BucketEntriesPerBrush) {
    EXPECT_EQ(CollisionWorld::brushBucketEntries(RectI{0, 0, 16384, 8192}, 16, 1024, 512), 8192u);
    EXPECT_EQ(CollisionWorld::brushBucketEntries(RectI{0, 0, 1, 1}, 16, 1024, 512), 1u);
    // 128 px buckets: x 127..128 spans two, y 0..255 spans two.
    EXPECT_EQ(CollisionWorld::brushBucketEntries(RectI{127, 0, 2, 256}, 16, 1024, 512), 4u);
    // The biggest map's full-map brush: 2048 x 2048 buckets, past 2^32 for 1025 of them.
    EXPECT_EQ(CollisionWorld::brushBucketEntries(RectI{0, 0, 16384 * 256, 16384 * 256}, 256, 16384,
                                                 16384),
              uint64_t(2048) * 2048);
}

TEST(MapContentLimits, ValidateRefusesBrushesRunCannotHold) {
    // The map from the issue: 524 289 full-map brushes (2^32 + 8192 bucket entries) passed
    // validate, then overflowed the 32-bit counts in CollisionWorld::rebuild.
    Map huge = fullBrushes(524289);
    EXPECT_EQ(validateMap(huge),
              "brushes: the brushes cover 4294975488 collision buckets of 8 x 8 tiles (counted "
              "once per brush), more than the 33554432 a map may use to run");
    EXPECT_THROW(mapToJson(huge), MapError);
    // Exactly at the limit is fine; one bucket more is not.
    Map atLimit = fullBrushes(4096);
    EXPECT_EQ(validateMap(atLimit), "");
    atLimit.brushes.push_back(Brush{RectI{0, 0, 1, 1}});
    EXPECT_NE(validateMap(atLimit).find("33554433 collision buckets"), std::string::npos);
}

TEST(MapContentLimits, LoadersRefuseAtTheBrushThatPassesTheLimit) {
    const Map atLimit = fullBrushes(4096);
    // JSON: one more full-map brush in front; the last one read passes the limit.
    std::string json = mapToJson(atLimit);
    const std::string list = "\"brushes\": [";
    ASSERT_NE(json.find(list), std::string::npos);
    json.insert(json.find(list) + list.size(), "{\"x\": 0, \"y\": 0, \"w\": 16384, \"h\": 8192},");
    EXPECT_EQ(loadError(json, true), std::string("t.json: brushes[4096]: ") + kTooMany);

    // Binary: the brush list ends just before the actor count (u32 0, no actors); append one
    // more full-map brush and bump the count.
    std::string bin = mapToBinary(atLimit);
    const size_t countAt = bin.size() - 4 - 4096 * 32 - 4;
    uint32_t count = 0;
    std::memcpy(&count, &bin[countAt], 4);
    ASSERT_EQ(count, 4096u);
    count = 4097;
    std::memcpy(&bin[countAt], &count, 4);
    bin.insert(bin.size() - 4, bin.substr(bin.size() - 4 - 32, 32));
    EXPECT_EQ(loadError(bin, false), std::string("t.tsmap: brushes[4096]: ") + kTooMany);
}

TEST(MapContentLimits, ValidateCommandRefusesWhatRunCannotHold) {
    const Map atLimit = fullBrushes(4096);
    std::string json = mapToJson(atLimit);
    const std::string list = "\"brushes\": [";
    json.insert(json.find(list) + list.size(), "{\"x\": 0, \"y\": 0, \"w\": 16384, \"h\": 8192},");
    const std::string path = tempDir() + "/many.json";
    writeFile(path, json);
    auto r = runTilestep("validate '" + path + "'");
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_EQ(r.err, "tilestep validate: " + path + ": brushes[4096]: " + kTooMany + "\n");
    r = runTilestep("run '" + path + "' --frames 1");
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find(kTooMany), std::string::npos) << r.err;
}

// ---- names ----

Map namedMap(const std::string& actorName) {
    Map m = Map::blank(4, 4);
    m.actors.push_back(test::makeActor(actorName, MoverKind::PixelSweep, 8, 8, 12, 16));
    return m;
}

// Each ill-formed sequence in four bytes, so that it can replace "hero" in a binary file.
const char* const kIllFormed[] = {
    "h\xC0\xAFo",        // overlong '/'
    "\xE0\x80\xAFo",     // overlong '/' in three bytes
    "\xF0\x80\x80\xAF",  // overlong '/' in four bytes
    "h\xED\xA0\x80",     // surrogate U+D800
    "h\xED\xBF\xBF",     // surrogate U+DFFF
    "\xF4\x90\x80\x80",  // U+110000
    "\xF7\xBF\xBF\xBF",  // U+1FFFFF
};

TEST(MapContentLimits, BinaryNamesMustBeWellFormedUtf8) {
    const std::string bin = mapToBinary(namedMap("hero"));
    for (const char* bad : kIllFormed) {
        ASSERT_EQ(std::strlen(bad), 4u);
        std::string patched = bin;
        patched.replace(patched.rfind("hero"), 4, bad);
        EXPECT_EQ(loadError(patched, false), "t.tsmap: actors[0].name: is not valid UTF-8") << bad;
    }
    // Well-formed edges still load: U+0080, U+07FF, U+FFFF, U+10000, U+10FFFF.
    for (const char* good : {"h\xC2\x80o", "h\xDF\xBFo", "\xEF\xBF\xBFo", "\xF0\x90\x80\x80",
                             "\xF4\x8F\xBF\xBF", "h\xED\x9F\xBF"}) {
        std::string patched = bin;
        patched.replace(patched.rfind("hero"), 4, good);
        EXPECT_EQ(loadError(patched, false), "(loaded)") << good;
    }
}

TEST(MapContentLimits, ConvertedMapsAlwaysReadBack) {
    // .tsmap -> .json wrote names that the JSON reader then refused. Now neither the binary
    // reader nor the writers let such a name through.
    const std::string dir = tempDir();
    std::string bin = mapToBinary(namedMap("hero"));
    bin.replace(bin.rfind("hero"), 4, "h\xED\xA0\x80");
    writeFile(dir + "/m.tsmap", bin);
    auto r = runTilestep("convert '" + dir + "/m.tsmap' '" + dir + "/m.json'");
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("actors[0].name: is not valid UTF-8"), std::string::npos) << r.err;
    // A map in memory with such a name (an editor bug, a test) is refused by every writer,
    // so a saved file or recovery copy is always loadable.
    for (const char* bad : kIllFormed) {
        Map m = namedMap(bad);
        EXPECT_EQ(validateMap(m), "actors[0].name: is not valid UTF-8") << bad;
        EXPECT_THROW(mapToJson(m), MapError);
        EXPECT_THROW(mapToBinary(m), MapError);
    }
    Map m = Map::blank(4, 4);
    m.tileset.kinds[1].name = "a\xC1\x81";
    EXPECT_EQ(validateMap(m), "tileset.kinds[1].name: is not valid UTF-8");
    m = Map::blank(4, 4);
    m.tileset.image = "\xFF.png";
    EXPECT_EQ(validateMap(m), "tileset.image: is not valid UTF-8");
}

TEST(MapContentLimits, JsonEscapesMustMakeWellFormedUtf8) {
    const std::string json = mapToJson(namedMap("hero"));
    auto withName = [&](const std::string& name) {
        std::string s = json;
        s.replace(s.find("\"hero\""), 6, "\"" + name + "\"");
        return s;
    };
    // A lone low surrogate escape became the bytes ED B0 80.
    EXPECT_EQ(loadError(withName("h\\udc00"), true), "t.json: actors[0].name: is not valid UTF-8");
    EXPECT_EQ(loadError(withName("h\\ud83d\\ude00"), true), "(loaded)");  // a pair: U+1F600
    EXPECT_NE(loadError(withName("h\xC0\xAFo"), true).find("Invalid encoding"), std::string::npos);
}

}  // namespace
}  // namespace ts
