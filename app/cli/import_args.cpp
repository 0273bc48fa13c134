#include "import_args.h"

#include "io/foreign_maps.h"
#include "io/map_formats.h"

namespace ts::cli {

bool importOptionsFor(const ParsedArgs& a, const std::string& path, interop::ImportOptions* out,
                      std::string* error) {
    *out = interop::ImportOptions{};
    if (const std::string* layer = a.value(kCollisionLayerFlag.name)) {
        if (!interop::isImportPath(path)) {
            *error = "--collision-layer applies to Tiled and LDtk input only";
            return false;
        }
        out->collisionLayer = *layer;
    }
    if (const std::string* level = a.value(kLevelFlag.name)) {
        const MapFileFormat* f = mapFileFormatFor(path);
        if (!f || f->kind != MapFileKind::Ldtk) {
            *error = "--level applies to LDtk projects (.ldtk) only";
            return false;
        }
        out->level = *level;
    }
    return true;
}

}  // namespace ts::cli
