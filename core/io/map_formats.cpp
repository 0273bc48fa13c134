#include "io/map_formats.h"

#include <cctype>
#include <cstring>

#include "io/detail/map_io_detail.h"
#include "io/foreign_maps.h"
#include "io/ldtk/ldtk_import.h"
#include "io/map_io.h"
#include "io/tiled/tiled_import.h"

namespace ts {

namespace {

// ".json, .tsmap or .tmx": the extensions of the formats that `keep` picks.
template <typename Keep>
std::string extensionList(Keep keep) {
    std::vector<const char*> picked;
    for (const MapFileFormat& f : mapFileFormats())
        if (keep(f)) picked.push_back(f.extension);
    std::string list;
    for (size_t i = 0; i < picked.size(); ++i)
        list += (i == 0 ? "" : i + 1 < picked.size() ? ", " : " or ") + std::string(picked[i]);
    return list;
}

const MapFileFormat& knownFormat(const std::string& path) {
    const MapFileFormat* f = mapFileFormatFor(path);
    if (!f)
        throw MapError(path + ": unknown map file extension (use " +
                       extensionList([](const MapFileFormat& g) { return !g.foreign; }) + ")");
    return *f;
}

}  // namespace

const std::vector<MapFileFormat>& mapFileFormats() {
    using K = MapFileKind;
    static const std::vector<MapFileFormat> formats = {
        {".json", K::TilestepJson, true, true, false, "tilestep", "json",
         "tilestep map, readable JSON", mapio::readJsonFile, mapio::writeJsonFile},
        {".tsmap", K::TilestepBinary, true, true, false, "tilestep", "binary",
         "tilestep map, compact binary", mapio::readBinaryFile, mapio::writeBinaryFile},
        {".tmx", K::TiledXml, true, true, true, "Tiled", "tiled tmx", "Tiled XML map",
         interop::importTmx, interop::exportTmx},
        {".tmj", K::TiledJson, true, true, true, "Tiled", "tiled tmj", "Tiled JSON map",
         interop::importTmj, interop::exportTmj},
        {".ldtk", K::Ldtk, true, true, true, "LDtk", "ldtk",
         "LDtk project (one level; written back only into the project it came from)",
         interop::importLdtk, interop::exportLdtk},
    };
    return formats;
}

const MapFileFormat* mapFileFormatFor(const std::string& path) {
    for (const MapFileFormat& f : mapFileFormats()) {
        const size_t n = std::strlen(f.extension);
        if (path.size() < n) continue;
        bool same = true;
        for (size_t i = 0; i < n && same; ++i)
            same = std::tolower((unsigned char)path[path.size() - n + i]) == f.extension[i];
        if (same) return &f;
    }
    return nullptr;
}

const MapFileFormat& mapFormatForReading(const std::string& path) {
    const MapFileFormat& f = knownFormat(path);
    if (!f.canRead) throw MapError(path + ": " + f.family + " files are not read");
    return f;
}

const MapFileFormat& mapFormatForWriting(const std::string& path) {
    const MapFileFormat& f = knownFormat(path);
    if (!f.canWrite)
        throw MapError(path + ": " + f.family + " files are only read (write " +
                       extensionList([](const MapFileFormat& g) { return g.canWrite; }) + ")");
    return f;
}

std::string mapExtensionFilter(bool forWriting, bool foreignOnly) {
    std::string filter;
    for (const MapFileFormat& f : mapFileFormats()) {
        if (!(forWriting ? f.canWrite : f.canRead) || (foreignOnly && !f.foreign)) continue;
        filter += (filter.empty() ? "" : "|") + std::string(f.extension);
    }
    return filter;
}

}  // namespace ts
