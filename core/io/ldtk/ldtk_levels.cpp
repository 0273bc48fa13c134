// listLdtkLevels (ldtk_import.h): what `tilestep info` and the editor's level picker show of a
// project's levels.
#include "io/ldtk/ldtk_import.h"
#include "io/ldtk/detail/ldtk_project.h"
#include "map/map.h"
#include "io/map_io.h"

namespace ts::interop {

using rapidjson::Value;

namespace {

void summarize(LdtkProject& project, size_t i, const ImportOptions& options,
               LdtkLevelSummary* out) {
    const LdtkProject::Layers layers = project.layers(i);
    const LdtkJson& json = *layers.json;
    const std::string at = "level \"" + out->name + "\": ";
    for (const Value& l : layers.layers->GetArray())
        if (json.text(l, "__type", at + "layerInstances: ") == "Entities")
            out->entities += json.array(l, "entityInstances", at).Size();
    const Value* grid = findCollisionLayer(json, *layers.layers, options.collisionLayer);
    if (!grid) json.fail(at + "no IntGrid layer to take the tiles from");
    const std::string layer = at + "layer \"" + json.text(*grid, "__identifier", at) + "\": ";
    out->cellSize = int32_t(json.integer(*grid, "__gridSize", kMinTileSize, kMaxTileSize, layer));
    out->width = json.integer(*grid, "__cWid", 1, kMaxMapTiles, layer);
    out->height = json.integer(*grid, "__cHei", 1, kMaxMapTiles, layer);
}

}  // namespace

std::vector<LdtkLevelSummary> listLdtkLevels(const std::string& path,
                                             const ImportOptions& options) {
    try {
        LdtkProject project(readLdtkFile(path), path);
        const size_t chosen = project.choose(options.level);
        std::vector<LdtkLevelSummary> list(project.levelCount());
        for (size_t i = 0; i < list.size(); ++i) {
            LdtkLevelSummary& s = list[i];
            s.name = project.levelName(i);
            s.file = project.levelFile(i);
            s.chosen = i == chosen;
            try {
                summarize(project, i, options, &s);
            } catch (const MapError& e) {
                s.problem = e.what();
                s.width = s.height = 0;
            } catch (const cereal::RapidJSONException& e) {
                s.problem = path + ": level \"" + s.name + "\": malformed JSON: " + e.what();
                s.width = s.height = 0;
            }
        }
        return list;
    } catch (const cereal::RapidJSONException& e) {
        throw MapError(path + ": malformed JSON: " + e.what());
    }
}

}  // namespace ts::interop
