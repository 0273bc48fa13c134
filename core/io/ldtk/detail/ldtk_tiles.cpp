#include "io/ldtk/detail/ldtk_tiles.h"

#include "map/map.h"

namespace ts::interop {

using rapidjson::Value;

namespace {

const Value* tilesOf(const LdtkJson& json, const Value& layer) {
    for (const char* key : {"autoLayerTiles", "gridTiles"})
        if (const Value* t = json.find(layer, key); t && t->IsArray() && t->Size() > 0) return t;
    return nullptr;
}

// The tileset definition `uid` names, with its image checked for tilestep's one image per
// map: "" and *def set, or why it cannot be shown.
std::string usableTileset(const LdtkJson& project, const Value& root, int64_t uid,
                          const Value** def) {
    const Value* defs = project.find(root, "defs");
    const Value* sets = defs ? project.find(*defs, "tilesets") : nullptr;
    if (sets && sets->IsArray())
        for (const Value& t : sets->GetArray())
            if (const Value* u = project.find(t, "uid"); u && u->IsInt64() && u->GetInt64() == uid)
                *def = &t;
    if (!*def) return "its tileset " + std::to_string(uid) + " is not defined";
    const std::string at = "defs.tilesets: ";
    if (project.text(**def, "relPath", at).empty()) return "its tileset has no image file";
    if (project.integer(**def, "padding", 0, 1 << 20, at) != 0 ||
        project.integer(**def, "spacing", 0, 1 << 20, at) != 0)
        return "its tileset image has padding or spacing";
    return "";
}

}  // namespace

bool readLdtkCellTiles(const LdtkJson& project, const Value& root, const LdtkJson& level,
                       const Value& layers, const Value& grid, int32_t cellSize, int32_t w,
                       int32_t h, LdtkCellTiles* out, std::vector<std::string>* warnings) {
    // Candidates, best first: the collision layer itself, then the others in LDtk's order
    // (top-most first).
    std::vector<const Value*> candidates = {&grid};
    for (const Value& l : layers.GetArray()) {
        const std::string type = level.text(l, "__type", "layerInstances: ");
        if (&l != &grid && (type == "Tiles" || type == "AutoLayer")) candidates.push_back(&l);
    }
    bool found = false;
    for (const Value* l : candidates) {
        const Value* tiles = tilesOf(level, *l);
        if (!tiles) continue;
        const std::string name = level.text(*l, "__identifier", "layerInstances: ");
        const std::string at = "layer \"" + name + "\": ";
        const std::string type = level.text(*l, "__type", at);
        auto skip = [&](const std::string& why) {
            warnings->push_back(type + " layer \"" + name + "\": tiles not shown: " + why);
        };
        if (found) {
            skip("tilestep shows one layer of tiles (those of \"" + out->layer + "\")");
            continue;
        }
        if (l != &grid && (level.integer(*l, "__gridSize", 1, kMaxTileSize, at) != cellSize ||
                           level.integer(*l, "__cWid", 1, kMaxMapTiles, at) != w ||
                           level.integer(*l, "__cHei", 1, kMaxMapTiles, at) != h)) {
            skip("its grid is not the collision layer's");
            continue;
        }
        const Value* ox = level.find(*l, "__pxTotalOffsetX");
        const Value* oy = level.find(*l, "__pxTotalOffsetY");
        if ((ox && ox->IsNumber() && ox->GetDouble() != 0) ||
            (oy && oy->IsNumber() && oy->GetDouble() != 0)) {
            skip("it is offset from the collision layer");
            continue;
        }
        const Value* uid = level.find(*l, "overrideTilesetUid");
        if (!uid || !uid->IsInt64()) uid = level.find(*l, "__tilesetDefUid");
        if (!uid || !uid->IsInt64()) {
            skip("it names no tileset");
            continue;
        }
        const Value* def = nullptr;
        if (std::string why = usableTileset(project, root, uid->GetInt64(), &def); !why.empty()) {
            skip(why);
            continue;
        }
        const int64_t tileSize = project.integer(*def, "tileGridSize", 1, 4096, "defs.tilesets: ");
        const int64_t columns =
            project.integer(*def, "pxWid", 1, 1 << 20, "defs.tilesets: ") / tileSize;
        const int64_t rows =
            project.integer(*def, "pxHei", 1, 1 << 20, "defs.tilesets: ") / tileSize;
        out->tiles.assign(size_t(w) * size_t(h), -1);
        int64_t offGrid = 0;
        for (const Value& t : tiles->GetArray()) {
            const Value& px = level.array(t, "px", at + "tiles: ");
            if (px.Size() != 2) level.fail(at + "tiles: px: expected [x, y]");
            const double x = level.number(px[0], at + "tiles: px");
            const double y = level.number(px[1], at + "tiles: px");
            const int64_t id = level.integer(t, "t", 0, columns * rows - 1, at + "tiles: ");
            const int64_t flip = level.integer(t, "f", 0, 3, at + "tiles: ");
            const int64_t cx = int64_t(x) / cellSize, cy = int64_t(y) / cellSize;
            if (x != double(cx * cellSize) || y != double(cy * cellSize) || cx < 0 || cy < 0 ||
                cx >= w || cy >= h) {
                ++offGrid;
                continue;
            }
            out->tiles[size_t(cy * w + cx)] = id * 4 + flip;  // later tiles are drawn above
        }
        if (offGrid)
            warnings->push_back(at + std::to_string(offGrid) +
                                " tiles off the collision grid: not shown");
        out->source = l;
        out->layer = name;
        out->image = project.text(*def, "relPath", "defs.tilesets: ");
        out->cellSize = int32_t(tileSize);
        found = true;
    }
    return found;
}

}  // namespace ts::interop
