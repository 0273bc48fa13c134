// The map files of other editors, by extension: Tiled .tmx / .tmj and LDtk .ldtk are
// imported; .tmx / .tmj are also written (export). The format table (core/io/map_formats.h)
// sends loadMap and saveMap here for these extensions, so the editor and every command open
// and write them directly.
#pragma once
#include <string>

#include "io/import_result.h"
#include "map/map.h"

namespace ts::interop {

struct ForeignSource;

// By the table of core/io/map_formats.h: the foreign formats read (.tmx .tmj .ldtk, any case)
// and written (.tmx .tmj).
bool isImportPath(const std::string& path);
bool isExportPath(const std::string& path);

// Imports by extension; the tileset image path is rebased to be relative to `saveFolder`
// (the folder the map will be saved in; PATH's own folder when opening it directly).
ImportResult importMapFile(const std::string& path, const ImportOptions& options,
                           const std::string& saveFolder);

// The tileset image an export of PATH writes beside it: "dir/level.tmx" -> "dir/level.tiles.png".
std::string exportImagePath(const std::string& path);

// Writes TMX, TMJ (or LDtk, exportLdtk) by extension, atomically like saveMap; the tileset image
// path is rebased from `mapFolder` (where the map's own file is) to PATH's folder. The generated
// image (exportImagePath) is refused when it is the map's own tileset image; when the map
// cannot be written, the image is taken back (removed, or its old bytes restored). PATH
// itself opened for editing (rememberForeignSource, core/io/tiled/tiled_inplace.h) is saved
// in place instead: the user's file with only tilestep's changes, no image written.
void exportMapFile(const Map& m, const std::string& path, const std::string& mapFolder);
// exportMapFile for one format each: the table's writes.
void exportTmx(const Map& m, const std::string& path, const std::string& mapFolder);
void exportTmj(const Map& m, const std::string& path, const std::string& mapFolder);
// An LDtk project is only written in place: PATH must be a project opened for editing
// (rememberForeignSource), saved by core/io/ldtk/ldtk_inplace.h; anything else is refused.
void exportLdtk(const Map& m, const std::string& path, const std::string& mapFolder);

// Whether OUT is written from SRC's kept file (Tiled to the same Tiled form, LDtk to LDtk)
// rather than exported from the map, and that save.
bool savesFromSource(const ForeignSource& src, const std::string& out);
void saveFromSource(const ForeignSource& src, const Map& m, const std::string& out,
                    const std::string& mapFolder);

// The image path (relative to `from`) rewritten relative to `to`.
void rebaseImage(Map& m, const std::string& from, const std::string& to);

}  // namespace ts::interop
