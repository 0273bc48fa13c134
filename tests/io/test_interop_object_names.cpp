// Bad input: an import stays linear in its objects whatever their names. Many objects with
// one name each get a unique name (NAME, NAME_2, NAME_3, ... skipping names taken), found in
// constant time: a linear search per actor made 30 000 same-named objects take hours.
#include <gtest/gtest.h>

#include <chrono>
#include <set>

#include "io/foreign_maps.h"
#include "io/map_io.h"
#include "test_support.h"

namespace ts {
namespace {

TEST(InteropObjectNames, ManyObjectsWithOneNameImportInLinearTime) {
    const int count = 30000;
    std::string objects =
        "  <object id=\"1\" name=\"a_3\" type=\"pixel_sweep\" x=\"0\" y=\"0\" width=\"8\" "
        "height=\"8\"/>\n";
    for (int i = 0; i < count; ++i)
        objects += "  <object id=\"" + std::to_string(i + 2) +
                   "\" name=\"a\" type=\"pixel_sweep\" x=\"" + std::to_string(i % 4000) +
                   "\" y=\"" + std::to_string((i / 4000) * 16) + "\" width=\"8\" height=\"8\"/>\n";
    const std::string dir = test::tempDir();
    test::writeFile(dir + "/m.tmx", R"(<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" orientation="orthogonal" renderorder="right-down" width="256" height="256" tilewidth="16" tileheight="16" infinite="0">
 <objectgroup id="1" name="o">
)" + objects + " </objectgroup>\n</map>\n");
    const auto start = std::chrono::steady_clock::now();
    interop::ImportResult r = interop::importMapFile(dir + "/m.tmx", {}, dir);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    ASSERT_EQ(r.map.actors.size(), size_t(count + 1));
    std::set<std::string> names;
    for (const Actor& a : r.map.actors) names.insert(a.name);
    EXPECT_EQ(names.size(), size_t(count + 1));
    EXPECT_EQ(r.map.actors[0].name, "a_3");
    EXPECT_EQ(r.map.actors[1].name, "a");
    EXPECT_EQ(r.map.actors[2].name, "a_2");
    EXPECT_EQ(r.map.actors[3].name, "a_4");  // a_3 is taken
    EXPECT_EQ(r.map.actors[count].name, "a_" + std::to_string(count + 1));
    // Linear: well under a second here; the bound only catches a search per actor.
    EXPECT_LT(seconds, 20.0);
}

}  // namespace
}  // namespace ts
