// Numbers in import errors are the values the file holds, not what they became on the way
// (a double clamped to the int64 range, "0300000000" without its zero).
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

std::string replaced(std::string text, const std::string& from, const std::string& to) {
    EXPECT_NE(text.find(from), std::string::npos) << from;
    for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
        text.replace(at, from.size(), to);
    return text;
}

TEST(InteropMessageNumbers, LdtkValuesOutsideTheInt64RangeAreNamedAsWritten) {
    for (const char* v : {"1e+20", "18446744073709551615", "-9223372036854775808"}) {
        const std::string text = replaced(test::ldtkWorldProject(), "\"__cWid\": 4,",
                                          "\"__cWid\": " + std::string(v) + ",");
        const std::string e = errorOf([&] { interop::importLdtkText(text, "p.ldtk", {}); });
        EXPECT_NE(e.find(std::string("__cWid: ") + v + " is outside"), std::string::npos) << e;
    }
}

TEST(InteropMessageNumbers, TiledValuesAreNamedAsWritten) {
    const std::string dir = test::tempDir();
    test::writeFile(dir + "/m.tmx", R"(<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" orientation="orthogonal" width="1" height="1" tilewidth="8" tileheight="8" infinite="0">
 <tileset firstgid="1" name="t" tilewidth="8" tileheight="8" tilecount="0300000000" columns="0"/>
 <layer id="1" name="collision" width="1" height="1"><data encoding="csv">0</data></layer>
</map>
)");
    std::string e = errorOf([&] { interop::importMapFile(dir + "/m.tmx", {}, dir); });
    EXPECT_NE(e.find("0300000000 is outside"), std::string::npos) << e;
    test::writeFile(dir + "/m.tmj",
                    R"({"type": "map", "orientation": "orthogonal", "width": 1, "height": 1,
 "tilewidth": 8, "tileheight": 8, "infinite": false,
 "tilesets": [{"firstgid": 1, "name": "t", "tilewidth": 8, "tileheight": 8, "tilecount": 1e+30, "columns": 0}],
 "layers": [{"type": "tilelayer", "name": "collision", "width": 1, "height": 1, "data": [0]}]}
)");
    e = errorOf([&] { interop::importMapFile(dir + "/m.tmj", {}, dir); });
    EXPECT_NE(e.find("tilecount: 1e+30 is outside"), std::string::npos) << e;
}

}  // namespace
}  // namespace ts
