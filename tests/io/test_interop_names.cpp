// Picking the collision layer and the LDtk level when names are not enough: two layers or
// levels with one name are an error listing them by number, and "#N" picks one; an LDtk
// project older than the oldest LDtk read is refused by its version.
#include <gtest/gtest.h>

#include "io/foreign_maps.h"
#include "io/ldtk/ldtk_import.h"
#include "io/map_io.h"
#include "ldtk_samples.h"
#include "test_support.h"

namespace ts {
namespace {

std::string errorOf(const std::function<void()>& f) {
    try {
        f();
    } catch (const MapError& e) {
        return e.what();
    }
    return "";
}

std::string twoCollisionLayers(const std::string& dir) {
    test::writeFile(dir + "/m.tmx", R"(<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" orientation="orthogonal" renderorder="right-down" width="2" height="1" tilewidth="8" tileheight="8" infinite="0">
 <tileset firstgid="1" name="t" tilewidth="8" tileheight="8" tilecount="2" columns="0"><grid orientation="orthogonal" width="1" height="1"/></tileset>
 <layer id="1" name="Collision" width="2" height="1"><data encoding="csv">1,0</data></layer>
 <layer id="2" name="deco" width="2" height="1"><data encoding="csv">0,0</data></layer>
 <layer id="3" name="collision" width="2" height="1"><data encoding="csv">0,1</data></layer>
</map>
)");
    return dir + "/m.tmx";
}

TEST(InteropNames, TwoTiledLayersNamedCollisionAreAnErrorListingThem) {
    const std::string path = twoCollisionLayers(test::tempDir());
    const std::string e = errorOf([&] { interop::importMapFile(path, {}, "."); });
    EXPECT_NE(e.find("2 tile layers are named \"collision\" (in any case): #1 \"Collision\", "
                     "#3 \"collision\""),
              std::string::npos)
        << e;
    EXPECT_NE(e.find("--collision-layer '#N'"), std::string::npos) << e;
}

TEST(InteropNames, HashNumberPicksATiledLayerInFileOrder) {
    const std::string path = twoCollisionLayers(test::tempDir());
    interop::ImportOptions o;
    o.collisionLayer = "#3";
    interop::ImportResult r = interop::importMapFile(path, o, ".");
    EXPECT_EQ(r.collisionLayer, "collision");
    EXPECT_EQ(r.collisionLayerIndex, 2);
    EXPECT_EQ(r.map.tile(0, 0), 0);
    EXPECT_NE(r.map.tile(1, 0), 0);
    o.collisionLayer = "#1";
    r = interop::importMapFile(path, o, ".");
    EXPECT_NE(r.map.tile(0, 0), 0);
    o.collisionLayer = "#4";
    EXPECT_NE(errorOf([&] { interop::importMapFile(path, o, "."); }).find("no tile layer named"),
              std::string::npos);
}

// A map whose tile layers have NAMES, in order; layer i has its tile at cell i only.
std::string namedLayers(const std::string& dir, const std::vector<std::string>& names) {
    std::string layers;
    for (size_t i = 0; i < names.size(); ++i) {
        std::string csv;
        for (size_t c = 0; c < 4; ++c) csv += std::string(c ? "," : "") + (c == i ? "1" : "0");
        layers += " <layer id=\"" + std::to_string(i + 1) + "\" name=\"" + names[i] +
                  "\" width=\"4\" height=\"1\"><data encoding=\"csv\">" + csv + "</data></layer>\n";
    }
    test::writeFile(dir + "/m.tmx", R"(<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" orientation="orthogonal" renderorder="right-down" width="4" height="1" tilewidth="8" tileheight="8" infinite="0">
 <tileset firstgid="1" name="t" tilewidth="8" tileheight="8" tilecount="2" columns="0"><grid orientation="orthogonal" width="1" height="1"/></tileset>
)" + layers + "</map>\n");
    return dir + "/m.tmx";
}

// Without --collision-layer, the usual names of a collision layer (docs/interop.md) are
// taken in any case, "collision" before "collisions", "solid" or "walls" (which may be art).
TEST(InteropNames, TheUsualCollisionLayerNamesAreTakenInTheirOrder) {
    const std::string dir = test::tempDir();
    struct Case {
        std::vector<std::string> names;
        int64_t index;
    };
    for (const Case& c : std::vector<Case>{{{"ground", "Collisions"}, 1},
                                           {{"ground", "SOLIDS"}, 1},
                                           {{"ground", "colliders"}, 1},
                                           {{"walls", "Solid", "deco", "Collision"}, 3},
                                           {{"ground", "Walls", "solids"}, 2}}) {
        SCOPED_TRACE(c.names[size_t(c.index)]);
        interop::ImportResult r = interop::importMapFile(namedLayers(dir, c.names), {}, dir);
        EXPECT_EQ(r.collisionLayerIndex, c.index);
        EXPECT_EQ(r.collisionLayer, c.names[size_t(c.index)]);
        EXPECT_NE(r.map.tile(int32_t(c.index), 0), 0);  // painted tiles of a named layer block
        for (const std::string& w : r.warnings)
            EXPECT_EQ(w.find("using the first tile layer"), std::string::npos) << w;
    }
    const std::string e = errorOf([&] {
        interop::importMapFile(namedLayers(dir, {"Walls", "deco", "walls"}), {}, dir);
    });
    EXPECT_NE(e.find("2 tile layers are named \"walls\" (in any case)"), std::string::npos) << e;
    interop::ImportResult r = interop::importMapFile(namedLayers(dir, {"ground", "wal"}), {}, dir);
    EXPECT_EQ(r.collisionLayerIndex, 0);
}

std::string replaced(std::string text, const std::string& from, const std::string& to) {
    for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
        text.replace(at, from.size(), to);
    return text;
}

// LDtk's IntGrid layers are picked by the same names: a "Solids" layer after another IntGrid
// layer is taken, not the first.
TEST(InteropNames, AnLdtkIntGridLayerWithAUsualNameIsTaken) {
    std::string text = replaced(test::ldtkWorldProject(), "\"__identifier\": \"Collision\"",
                                "\"__identifier\": \"Solids\"");
    text = replaced(text, "{\"__identifier\": \"Entities\", \"__type\": \"Entities\"",
                    "{\"__identifier\": \"Deco\", \"__type\": \"IntGrid\"");
    ASSERT_NE(text.find("\"Deco\""), std::string::npos);
    interop::ImportOptions o;
    o.level = "Cave";
    interop::ImportResult r = interop::importLdtkText(text, "p.ldtk", o);
    EXPECT_EQ(r.collisionLayer, "Solids");
    EXPECT_EQ(r.collisionLayerIndex, 1);
    EXPECT_NE(r.map.tile(0, 0), 0);  // Cave's top-left cell is solid
}

TEST(InteropNames, TwoLdtkLevelsWithOneNameAreAnErrorAndHashNumberPicksOne) {
    const std::string text =
        replaced(test::ldtkWorldProject(), "\"identifier\": \"Tower\"", "\"identifier\": \"Cave\"");
    ASSERT_NE(text, test::ldtkWorldProject());
    interop::ImportOptions o;
    o.level = "Cave";
    const std::string e = errorOf([&] { interop::importLdtkText(text, "p.ldtk", o); });
    EXPECT_NE(e.find("2 levels are named \"Cave\": #2 \"Cave\", #3 \"Cave\""), std::string::npos)
        << e;
    EXPECT_NE(e.find("--level '#N'"), std::string::npos) << e;
    o.level = "#3";
    interop::ImportResult r = interop::importLdtkText(text, "p.ldtk", o);
    EXPECT_EQ(r.map.width, 2);  // Tower's 2 x 4 cells
    EXPECT_EQ(r.map.height, 4);
    EXPECT_GE(r.collisionLayerIndex, 0);
}

TEST(InteropNames, AnLdtkProjectOlderThanTheOldestReadIsRefusedByItsVersion) {
    const std::string text = replaced(test::ldtkWorldProject(), "\"jsonVersion\": \"1.5.3\"",
                                      "\"jsonVersion\": \"0.9.3\"");
    ASSERT_NE(text, test::ldtkWorldProject());
    const std::string e = errorOf([&] { interop::importLdtkText(text, "p.ldtk", {}); });
    EXPECT_NE(e.find("p.ldtk: jsonVersion \"0.9.3\": tilestep reads LDtk projects from LDtk "
                     "1.0.0 on"),
              std::string::npos)
        << e;
    const std::string oldest = replaced(test::ldtkWorldProject(), "\"jsonVersion\": \"1.5.3\"",
                                        "\"jsonVersion\": \"1.0.0\"");
    EXPECT_NO_THROW(interop::importLdtkText(oldest, "p.ldtk", {}));
}

}  // namespace
}  // namespace ts
