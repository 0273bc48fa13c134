#include "io/foreign_maps.h"

#include <cstdio>
#include <fstream>
#include <iterator>

#include "base/atomic_file.h"
#include "base/file_identity.h"

#include "io/foreign_source.h"
#include "io/interop_files.h"
#include "io/ldtk/ldtk_inplace.h"
#include "io/map_formats.h"
#include "io/map_io.h"
#include "io/png_write.h"
#include "io/tiled/tiled_export.h"
#include "io/tiled/tiled_import.h"
#include "io/tiled/tiled_inplace.h"

namespace ts::interop {

namespace {

bool readWhole(const std::string& path, std::string* out) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return false;
    out->assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    return bool(in) || in.eof();
}

}  // namespace

bool isImportPath(const std::string& path) {
    const MapFileFormat* f = mapFileFormatFor(path);
    return f && f->foreign && f->canRead;
}

bool isExportPath(const std::string& path) {
    const MapFileFormat* f = mapFileFormatFor(path);
    return f && f->foreign && f->canWrite;
}

void rebaseImage(Map& m, const std::string& from, const std::string& to) {
    if (m.tileset.image.empty() || m.tileset.image[0] == '/') return;
    if (from == to) return;
    m.tileset.image = relativeTo(joinPath(from, m.tileset.image), to);
}

ImportResult importMapFile(const std::string& path, const ImportOptions& options,
                           const std::string& saveFolder) {
    if (!isImportPath(path))
        throw MapError(path + ": not a Tiled (.tmx, .tmj) or LDtk (.ldtk) map");
    ImportResult r = mapFileFormatFor(path)->read(path, options);
    rebaseImage(r.map, folderOf(path), saveFolder);
    return r;
}

std::string exportImagePath(const std::string& path) {
    const std::string stem = path.substr(path.rfind('/') + 1);
    return joinPath(folderOf(path), stem.substr(0, stem.size() - 4) + ".tiles.png");
}

void exportMapFile(const Map& m, const std::string& path, const std::string& mapFolder) {
    if (!isExportPath(path))
        throw MapError(path + ": export writes Tiled maps (.tmx or .tmj) and LDtk projects");
    mapFileFormatFor(path)->write(m, path, mapFolder);
}

namespace {

void exportTiled(const Map& m, const std::string& path, const std::string& mapFolder,
                 std::string (*toText)(const Map&, const KindSheet&)) {
    // The user's own Tiled file, opened for editing: saved in place, everything kept.
    if (auto src = rememberedSource(path); src && savesInPlace(*src, path)) {
        saveTiledInPlace(*src, m, path, mapFolder);
        return;
    }
    Map copy = m;
    rebaseImage(copy, mapFolder, folderOf(path));
    std::string bytes;
    KindSheet sheet;
    std::vector<uint32_t> pixels;
    const std::string sheetPath = exportImagePath(path);
    try {
        std::string problem = validateMap(copy);
        if (!problem.empty()) throw MapError("cannot export an invalid map: " + problem);
        // The kinds' image beside the map, written first so the map never names a
        // missing file: "level.tmx" -> "level.tiles.png".
        if (drawKindSheet(copy, &sheet, &pixels)) {
            sheet.file = sheetPath.substr(sheetPath.rfind('/') + 1);
            // Never over the image the map itself shows (a map whose tileset image is
            // "level.tiles.png" from an earlier export keeps it as it is).
            if (!copy.tileset.image.empty() &&
                sameFile(sheetPath, joinPath(folderOf(path), copy.tileset.image)))
                throw MapError("the tileset image it would write, " + sheetPath +
                               ", is the map's own tileset image (export under another name)");
        }
        bytes = toText(copy, sheet);
    } catch (const MapError& e) {
        throw MapError(path + ": not saved: " + e.what());
    }
    if (sheet.file.empty()) {
        saveBytesAtomically(path, bytes);
        return;
    }
    // A failed map save takes the image back: no export leaves half its files behind.
    std::string before;
    const bool existed = readWhole(sheetPath, &before);
    saveBytesAtomically(sheetPath, encodePng(sheet.width, sheet.height, pixels));
    try {
        saveBytesAtomically(path, bytes);
    } catch (...) {
        std::string ignored;
        if (existed)
            writeFileAtomically(sheetPath, before, &ignored);
        else
            std::remove(sheetPath.c_str());
        throw;
    }
}

}  // namespace

void exportTmx(const Map& m, const std::string& path, const std::string& mapFolder) {
    exportTiled(m, path, mapFolder, mapToTmx);
}

void exportTmj(const Map& m, const std::string& path, const std::string& mapFolder) {
    exportTiled(m, path, mapFolder, mapToTmj);
}

void exportLdtk(const Map& m, const std::string& path, const std::string&) {
    if (auto src = rememberedSource(path); src && savesLdtkInPlace(*src, path)) {
        saveLdtkInPlace(*src, m, path);
        return;
    }
    // A project is defs, worlds and levels tilestep has no model of: never made up.
    throw MapError(path +
                   ": LDtk projects are written only back into the project a map was opened "
                   "from (or copied whole: tilestep convert IN.ldtk OUT.ldtk); save as .json, "
                   ".tsmap, .tmx or .tmj");
}

bool savesFromSource(const ForeignSource& src, const std::string& out) {
    return savesInPlace(src, out) || savesLdtkInPlace(src, out);
}

void saveFromSource(const ForeignSource& src, const Map& m, const std::string& out,
                    const std::string& mapFolder) {
    if (savesLdtkInPlace(src, out))
        saveLdtkInPlace(src, m, out);
    else
        saveTiledInPlace(src, m, out, mapFolder);
}

}  // namespace ts::interop
