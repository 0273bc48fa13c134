// Which map files tilestep reads and writes, decided by extension in this one table: the
// loaders (core/map_io, core/io), `convert`, the dispatcher's "is this argument a map"
// and the editor's file dialogs all ask it, so a new format is added here once.
#pragma once
#include <string>
#include <vector>

namespace ts {

enum class MapFileKind {
    TilestepJson,    // .json: readable text (core/io/map_json.cpp)
    TilestepBinary,  // .tsmap: compact binary (core/io/map_binary.cpp)
    TiledXml,        // .tmx: imported and exported (core/io)
    TiledJson,       // .tmj: imported and exported
    Ldtk,            // .ldtk: imported only (its first level)
};

struct MapFileFormat {
    const char* extension;  // lower case, with the dot: ".tmx"
    MapFileKind kind;
    bool canRead;
    bool canWrite;
    bool foreign;  // another editor's format: read by import, written by export
    const char* description;
};

// Every format, in the order dialogs and help list them.
const std::vector<MapFileFormat>& mapFileFormats();

// The format PATH's extension names (any case), or nullptr.
const MapFileFormat* mapFileFormatFor(const std::string& path);

// Filters for the editor's file lists, e.g. ".json|.tsmap|.tmx|.tmj|.ldtk": the formats that
// can be read (open), written (save), or, with foreignOnly, imported / exported.
std::string mapExtensionFilter(bool forWriting, bool foreignOnly = false);

}  // namespace ts
