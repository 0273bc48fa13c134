// Map files: tilestep's own through cereal, readable JSON (".json") and compact binary
// (".tsmap"), and Tiled and LDtk files, chosen by the file extension in the table of
// core/io/map_formats.h. Loading checks everything before allocating and reports
// "PATH: field: problem"; saving is atomic (temporary file in the same folder, then rename).
#pragma once
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "io/map_validate.h"
#include "map/map.h"

namespace ts {

namespace interop {
struct ImportOptions;  // core/io/import_result.h
}

// 2: tile kinds have an image orientation (image_flip); version 1 files load with 0.
constexpr int32_t kMapFormatVersion = 2;

struct MapError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// The most bytes loadMap reads from one file. The largest map the format allows, 16384 x
// 16384 tiles, takes at most 512 MiB in binary (2-byte ids) and 1.5 GiB as JSON (5-digit ids
// and a space per tile): 2 GiB holds either with its brushes, actors and a fair number of
// walls (not walls on most of its 537 million grid edges, 8 bytes each in binary), and stops
// an endless stream long before memory runs out.
constexpr uint64_t kMaxMapFileBytes = uint64_t(2) << 30;

// Load a map; .tmx, .tmj and .ldtk files are imported (core/io/foreign_maps.h), their image
// path relative to PATH's folder, what the import skipped on stderr ("PATH: warning: ...").
// Throws MapError("PATH: field: problem") on any bad input, never crashes.
Map loadMap(const std::string& path);
// The same, importing a Tiled or LDtk file with these options (its collision layer, the LDtk
// level); other maps ignore them.
Map loadMap(const std::string& path, const interop::ImportOptions& importOptions);
// The same, an import's warnings (without the file name) appended to `warnings` instead.
Map loadMap(const std::string& path, const interop::ImportOptions& importOptions,
            std::vector<std::string>* warnings);
// Save atomically (core/base/atomic_file.h: a symlink is written through, a read-only file is
// refused, the mode is kept); throws MapError on failure, leaving an existing file untouched.
// .tmx and .tmj are the Tiled export (core/io/foreign_maps.h's exportMapFile): the kinds'
// image beside the file, the tileset image path rebased from `mapFolder` (the folder the
// map's image path is relative to; "" = PATH's own) to PATH's folder. .json and .tsmap copy
// the image path as it is.
void saveMap(const Map& m, const std::string& path, const std::string& mapFolder = "");
// saveMap's write: BYTES to PATH as core/base/atomic_file.h's writeFileAtomically does it (also
// used by the Tiled export). Throws MapError on failure, leaving an existing file untouched.
void saveBytesAtomically(const std::string& path, const std::string& bytes);

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
