// Map extensions decided in one place (issue 12): core/io/map_formats.h's table, and every
// other decision (formatForPath, the interop import/export checks, the dispatcher, the
// editor's file filters) agreeing with it.
#include <gtest/gtest.h>

#include "../../app/cli/cli.h"
#include "io/foreign_maps.h"
#include "map/map.h"
#include "io/map_formats.h"
#include "io/map_io.h"

namespace ts {
namespace {

TEST(MapFormats, LookupIsByExtensionInAnyCase) {
    ASSERT_NE(mapFileFormatFor("a/b.json"), nullptr);
    EXPECT_EQ(mapFileFormatFor("a/b.json")->kind, MapFileKind::TilestepJson);
    EXPECT_EQ(mapFileFormatFor("B.TSMAP")->kind, MapFileKind::TilestepBinary);
    EXPECT_EQ(mapFileFormatFor("level.Tmx")->kind, MapFileKind::TiledXml);
    EXPECT_EQ(mapFileFormatFor("level.tmj")->kind, MapFileKind::TiledJson);
    EXPECT_EQ(mapFileFormatFor("world.LDTK")->kind, MapFileKind::Ldtk);
    for (const char* p : {"", "json", "a.jsonl", "a.png", "a.tsx", "a.json.bak", "tmx"})
        EXPECT_EQ(mapFileFormatFor(p), nullptr) << p;
}

TEST(MapFormats, TheFiltersListTheTableInOrder) {
    EXPECT_EQ(mapExtensionFilter(false), ".json|.tsmap|.tmx|.tmj|.ldtk");
    EXPECT_EQ(mapExtensionFilter(true), ".json|.tsmap|.tmx|.tmj");
    EXPECT_EQ(mapExtensionFilter(false, true), ".tmx|.tmj|.ldtk");
    EXPECT_EQ(mapExtensionFilter(true, true), ".tmx|.tmj");
}

TEST(MapFormats, EveryOtherDecisionAgreesWithTheTable) {
    for (const MapFileFormat& f : mapFileFormats()) {
        const std::string path = std::string("dir/level") + f.extension;
        SCOPED_TRACE(path);
        EXPECT_EQ(interop::isImportPath(path), f.foreign && f.canRead);
        EXPECT_EQ(interop::isExportPath(path), f.foreign && f.canWrite);
        EXPECT_EQ(isCliCommand(path.c_str()), !f.canRead);
        if (f.foreign) {
            EXPECT_THROW(formatForPath(path), MapError);
        } else {
            EXPECT_EQ(formatForPath(path),
                      f.kind == MapFileKind::TilestepJson ? MapFormat::Json : MapFormat::Binary);
        }
    }
    EXPECT_FALSE(interop::isImportPath("a.png"));
    EXPECT_TRUE(isCliCommand("a.png"));  // not a map: a typo of a command, as before
}

}  // namespace
}  // namespace ts
