// Which map files tilestep reads and writes, decided by extension in this one table (in the
// manner of Tiled's MapFormat): each format says its extension, whether it is read and
// written, and the functions that do it. loadMap and saveMap (core/io/map_io.h) ask it once;
// the import options, the dispatcher's "is this argument a map" and the editor's file dialogs
// ask it too, so a new format is added here once.
#pragma once
#include <string>
#include <vector>

#include "io/import_result.h"
#include "map/map.h"

namespace ts {

enum class MapFileKind {
    TilestepJson,    // .json: readable text (core/io/map_json.cpp)
    TilestepBinary,  // .tsmap: compact binary (core/io/map_binary.cpp)
    TiledXml,        // .tmx: imported and exported (core/io/tiled)
    TiledJson,       // .tmj: imported and exported
    Ldtk,            // .ldtk: one level imported, saved back only in place (core/io/ldtk)
};

// Reads PATH. A tilestep map's image path is as written; an import's is relative to PATH's
// folder, and what it skipped is in the result's warnings. Throws MapError.
using MapReadFn = interop::ImportResult (*)(const std::string& path,
                                            const interop::ImportOptions& options);
// Writes M to PATH atomically (core/base/atomic_file.h), refusing an invalid map; throws
// MapError, leaving an existing file untouched. `mapFolder` is the folder M's image path is
// relative to: a tilestep map is written as it is (its image path copied), a Tiled export
// names the image relative to PATH's folder.
using MapWriteFn = void (*)(const Map& m, const std::string& path, const std::string& mapFolder);

struct MapFileFormat {
    const char* extension;  // lower case, with the dot: ".tmx"
    MapFileKind kind;
    bool canRead;
    bool canWrite;
    bool foreign;        // another editor's format: read by import, written by export
    const char* family;  // "tilestep", "Tiled", "LDtk": who defines it, for messages
    const char* name;    // "json", "binary", "tiled tmx", ...: convert's report
    const char* description;
    MapReadFn read;    // nullptr unless canRead
    MapWriteFn write;  // nullptr unless canWrite
};

// Every format, in the order dialogs and help list them.
const std::vector<MapFileFormat>& mapFileFormats();

// The format PATH's extension names (any case), or nullptr.
const MapFileFormat* mapFileFormatFor(const std::string& path);

// The format to read PATH with, or to write it with; throws MapError("PATH: problem") for an
// extension that names no format, or one that is not read / written.
const MapFileFormat& mapFormatForReading(const std::string& path);
const MapFileFormat& mapFormatForWriting(const std::string& path);

// Filters for the editor's file lists, e.g. ".json|.tsmap|.tmx|.tmj|.ldtk": the formats that
// can be read (open), written (save), or, with foreignOnly, imported / exported.
std::string mapExtensionFilter(bool forWriting, bool foreignOnly = false);

}  // namespace ts
