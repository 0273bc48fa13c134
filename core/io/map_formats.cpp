#include "io/map_formats.h"

#include <cctype>
#include <cstring>

namespace ts {

const std::vector<MapFileFormat>& mapFileFormats() {
    static const std::vector<MapFileFormat> formats = {
        {".json", MapFileKind::TilestepJson, true, true, false, "tilestep map, readable JSON"},
        {".tsmap", MapFileKind::TilestepBinary, true, true, false, "tilestep map, compact binary"},
        {".tmx", MapFileKind::TiledXml, true, true, true, "Tiled XML map"},
        {".tmj", MapFileKind::TiledJson, true, true, true, "Tiled JSON map"},
        {".ldtk", MapFileKind::Ldtk, true, false, true, "LDtk project (its first level)"},
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

std::string mapExtensionFilter(bool forWriting, bool foreignOnly) {
    std::string filter;
    for (const MapFileFormat& f : mapFileFormats()) {
        if (!(forWriting ? f.canWrite : f.canRead) || (foreignOnly && !f.foreign)) continue;
        filter += (filter.empty() ? "" : "|") + std::string(f.extension);
    }
    return filter;
}

}  // namespace ts
