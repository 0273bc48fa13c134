// Map files through cereal: readable JSON (".json") and compact binary (".tsmap"), chosen by
// the file extension. Loading checks everything before allocating and reports
// "PATH: field: problem"; saving is atomic (temporary file in the same folder, then rename).
#pragma once
#include <stdexcept>
#include <string>

#include "map.h"

namespace ts {

constexpr int32_t kMapFormatVersion = 1;

enum class MapFormat { Json, Binary };

// Throws MapError for an extension that is neither .json nor .tsmap.
MapFormat formatForPath(const std::string& path);

struct MapError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Load a map; .tmx, .tmj and .ldtk files are imported (core/interop/foreign_maps.h). Throws
// MapError("PATH: field: problem") on any bad input, never crashes.
Map loadMap(const std::string& path);
// Save atomically; throws MapError on failure, leaving an existing file untouched.
void saveMap(const Map& m, const std::string& path);
// saveMap's write: BYTES to PATH through a temporary file and a rename (also used by the
// Tiled export). Throws MapError on failure, leaving an existing file untouched.
void writeFileAtomically(const std::string& path, const std::string& bytes);

// In-memory forms, used by the above and by tests. `name` prefixes error messages.
Map mapFromJson(const std::string& text, const std::string& name);
std::string mapToJson(const Map& m);
Map mapFromBinary(const std::string& bytes, const std::string& name);
std::string mapToBinary(const Map& m);

// Test-only failure injection: while set, saveMap fails after writing and syncing the
// temporary file and before renaming it over PATH (as a full disk or an I/O error would), so
// tests can check that the old file survives and no temporary file is left behind.
void setSaveFailureForTesting(bool fail);

}  // namespace ts
