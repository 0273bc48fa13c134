#include "io/layer_choices.h"

#include <algorithm>

#include "io/ldtk/detail/ldtk_project.h"
#include "io/map_formats.h"
#include "io/map_io.h"
#include "io/tiled/tiled_model.h"

namespace ts::interop {

std::vector<std::string> collisionLayerChoices(const std::string& path) {
    const MapFileFormat* f = mapFileFormatFor(path);
    std::vector<std::string> names;
    if (f && (f->kind == MapFileKind::TiledXml || f->kind == MapFileKind::TiledJson)) {
        const TiledMap tm = f->kind == MapFileKind::TiledXml ? readTmx(path) : readTmj(path);
        for (const TiledTileLayer& l : tm.tileLayers) names.push_back(l.name);
        return names;
    }
    if (!f || f->kind != MapFileKind::Ldtk)
        throw MapError(path + ": not a Tiled (.tmx, .tmj) or LDtk (.ldtk) map");
    // Layers are defined once for the project: every level has the same ones.
    LdtkProject project(readLdtkFile(path), path);
    const LdtkJson& json = project.json();
    const rapidjson::Value* defs = json.find(project.root(), "defs");
    const rapidjson::Value* layers = defs ? json.find(*defs, "layers") : nullptr;
    if (!layers || !layers->IsArray()) return names;
    for (const rapidjson::Value& l : layers->GetArray())
        if (json.text(l, "type", "defs.layers: ") == "IntGrid")
            names.push_back(json.text(l, "identifier", "defs.layers: "));
    return names;
}

std::string collisionLayerOption(const std::vector<std::string>& choices, size_t i) {
    if (std::count(choices.begin(), choices.end(), choices[i]) == 1) return choices[i];
    return "#" + std::to_string(i + 1);
}

}  // namespace ts::interop
