#include "io/foreign_maps.h"

#include "io/interop_files.h"
#include "io/map_formats.h"
#include "io/map_io.h"
#include "io/png_write.h"
#include "io/tiled/tiled_export.h"

namespace ts::interop {

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

void exportMapFile(const Map& m, const std::string& path, const std::string& mapFolder) {
    if (!isExportPath(path)) throw MapError(path + ": export writes Tiled maps (.tmx or .tmj)");
    mapFileFormatFor(path)->write(m, path, mapFolder);
}

namespace {

void exportTiled(const Map& m, const std::string& path, const std::string& mapFolder,
                 std::string (*toText)(const Map&, const KindSheet&)) {
    Map copy = m;
    rebaseImage(copy, mapFolder, folderOf(path));
    std::string bytes;
    KindSheet sheet;
    std::vector<uint32_t> pixels;
    try {
        std::string problem = validateMap(copy);
        if (!problem.empty()) throw MapError("cannot export an invalid map: " + problem);
        // The kinds' image beside the map, written first so the map never names a
        // missing file: "level.tmx" -> "level.tiles.png".
        if (drawKindSheet(copy, &sheet, &pixels)) {
            std::string stem = path.substr(path.rfind('/') + 1);
            sheet.file = stem.substr(0, stem.size() - 4) + ".tiles.png";
        }
        bytes = toText(copy, sheet);
    } catch (const MapError& e) {
        throw MapError(path + ": not saved: " + e.what());
    }
    if (!sheet.file.empty())
        saveBytesAtomically(joinPath(folderOf(path), sheet.file),
                            encodePng(sheet.width, sheet.height, pixels));
    saveBytesAtomically(path, bytes);
}

}  // namespace

void exportTmx(const Map& m, const std::string& path, const std::string& mapFolder) {
    exportTiled(m, path, mapFolder, mapToTmx);
}

void exportTmj(const Map& m, const std::string& path, const std::string& mapFolder) {
    exportTiled(m, path, mapFolder, mapToTmj);
}

}  // namespace ts::interop
