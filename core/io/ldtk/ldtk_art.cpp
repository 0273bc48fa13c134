#include "io/ldtk/ldtk_art.h"

// cereal/archives/json.hpp first: rapidjson's assertions throw (core/io/map_json.cpp).
#include <cereal/archives/json.hpp>

#include <algorithm>
#include <cstdint>
#include <map>

#include "io/interop_files.h"
#include "io/layer_data.h"
#include "io/ldtk/detail/ldtk_project.h"
#include "io/ldtk/detail/ldtk_tiles.h"
#include "map/map.h"

namespace ts::interop {

namespace {

using rapidjson::Value;

double numberOr(const LdtkJson& json, const Value& obj, const char* key, double otherwise) {
    const Value* v = json.find(obj, key);
    return v && v->IsNumber() ? v->GetDouble() : otherwise;
}

// The project's tilesets with an image file, each at its first gid: uid -> first gid.
std::map<int64_t, uint32_t> readTilesets(const LdtkJson& json, const Value& root,
                                         const std::string& folder, TiledArt& art) {
    std::map<int64_t, uint32_t> firstGid;
    const Value* defs = json.find(root, "defs");
    const Value* sets = defs ? json.find(*defs, "tilesets") : nullptr;
    if (!sets || !sets->IsArray()) return firstGid;
    uint32_t next = 1;
    const std::string at = "defs.tilesets: ";
    for (const Value& d : sets->GetArray()) {
        const int64_t uid = json.integer(d, "uid", 0, INT32_MAX, at);
        const std::string rel = json.text(d, "relPath", at);
        if (rel.empty()) continue;  // LDtk's embedded icons: no file to draw from
        ArtTileset t;
        t.tileWidth = t.tileHeight = int32_t(json.integer(d, "tileGridSize", 1, 4096, at));
        t.margin = int32_t(json.integer(d, "padding", 0, 1 << 20, at));
        t.spacing = int32_t(json.integer(d, "spacing", 0, 1 << 20, at));
        RgbaImage img;
        std::string problem;
        if (!decodeImageFile(joinPath(folder, rel), &img, &problem)) {
            art.warnings.push_back("tileset \"" + json.text(d, "identifier", at) +
                                   "\": not drawn: " + problem);
            continue;
        }
        // The cells the image really holds, as LDtk cuts it (__cWid x __cHei).
        const int64_t step = t.tileWidth + t.spacing;
        t.columns = int32_t(std::max<int64_t>(0, (img.width - 2 * t.margin + t.spacing) / step));
        const int64_t rows = std::max<int64_t>(0, (img.height - 2 * t.margin + t.spacing) / step);
        t.tileCount = uint32_t(int64_t(t.columns) * rows);
        t.image = int32_t(art.images.size());
        art.images.push_back(std::move(img));
        t.firstGid = next;
        firstGid[uid] = next;
        next += std::max<uint32_t>(t.tileCount, 1);
        art.tilesets.push_back(std::move(t));
    }
    return firstGid;
}

const Value* tilesOf(const LdtkJson& json, const Value& layer) {
    for (const char* key : {"gridTiles", "autoLayerTiles"})
        if (const Value* t = json.find(layer, key); t && t->IsArray() && t->Size() > 0) return t;
    return nullptr;
}

}  // namespace

LdtkArt readLdtkArt(const std::string& path, size_t level, size_t collision) {
    LdtkProject project(readLdtkFile(path), path);
    if (level >= project.levelCount()) project.json().fail("no level " + std::to_string(level));
    LdtkArt out;
    TiledArt& art = out.art;
    const std::map<int64_t, uint32_t> firstGid =
        readTilesets(project.json(), project.root(), folderOf(path), art);
    const LdtkProject::Layers layers = project.layers(level);
    const LdtkJson& json = *layers.json;
    if (!layers.layers->IsArray() || collision >= layers.layers->Size())
        json.fail("level " + std::to_string(level) + ": no layer " + std::to_string(collision));
    const Value& grid = (*layers.layers)[rapidjson::SizeType(collision)];
    const std::string gat = "layerInstances: ";
    const int64_t cell = json.integer(grid, "__gridSize", 1, kMaxTileSize, gat);
    art.tileWidth = art.tileHeight = int32_t(cell);
    art.width = int32_t(json.integer(grid, "__cWid", 1, kMaxMapTiles, gat));
    art.height = int32_t(json.integer(grid, "__cHei", 1, kMaxMapTiles, gat));
    // The layer whose tiles the kinds show (the import's choice), not drawn again.
    LdtkCellTiles shown;
    std::vector<std::string> ignored;
    readLdtkCellTiles(project.json(), project.root(), json, *layers.layers, grid, int32_t(cell),
                      art.width, art.height, &shown, &ignored);
    // LDtk lists the top-most layer first.
    const auto& list = layers.layers->GetArray();
    for (size_t k = list.Size(); k-- > 0;) {
        const Value& l = list[rapidjson::SizeType(k)];
        const std::string name = json.text(l, "__identifier", gat);
        const std::string at = "layer \"" + name + "\": ";
        ArtLayer a;
        a.name = name;
        const Value* visible = json.find(l, "visible");
        a.visible = !visible || !visible->IsBool() || visible->GetBool();
        a.opacity = numberOr(json, l, "__opacity", 1);
        a.offsetX = numberOr(json, l, "__pxTotalOffsetX", 0);
        a.offsetY = numberOr(json, l, "__pxTotalOffsetY", 0);
        if (k == collision) {
            if (shown.source && shown.source != &l)
                a.name += " (with \"" + shown.layer + "\"'s tiles)";
            a.kind = ArtLayer::Kind::Tiles;
            a.width = art.width;
            a.height = art.height;
            a.gids.assign(size_t(a.width) * size_t(a.height), 0);
            a.offsetX = a.offsetY = 0;  // the kinds are drawn on the map's grid
            out.collisionLayer = art.layers.size();
            art.layers.push_back(std::move(a));
            continue;
        }
        if (&l == shown.source) continue;
        const Value* tiles = tilesOf(json, l);
        if (!tiles) continue;
        const Value* uid = json.find(l, "overrideTilesetUid");
        if (!uid || !uid->IsInt64()) uid = json.find(l, "__tilesetDefUid");
        auto set = uid && uid->IsInt64() ? firstGid.find(uid->GetInt64()) : firstGid.end();
        if (set == firstGid.end()) {
            art.warnings.push_back(at + "not drawn: its tileset has no image");
            continue;
        }
        const double size = double(json.integer(l, "__gridSize", 1, kMaxTileSize, at));
        a.kind = ArtLayer::Kind::Objects;
        bool alpha = false;
        for (const Value& t : tiles->GetArray()) {
            const Value& px = json.array(t, "px", at + "tiles: ");
            if (px.Size() != 2) json.fail(at + "tiles: px: expected [x, y]");
            ArtObject o;
            o.gid = set->second + uint32_t(json.integer(t, "t", 0, kGidMask - 1, at + "tiles: "));
            const int64_t f = json.integer(t, "f", 0, 3, at + "tiles: ");
            o.gid |= (f & 1 ? kFlipH : 0) | (f & 2 ? kFlipV : 0);
            o.x = json.number(px[0], at + "tiles: px");
            o.y = json.number(px[1], at + "tiles: px") + size;  // Tiled's: bottom-left
            o.width = o.height = size;
            alpha = alpha || numberOr(json, t, "a", 1) != 1;
            a.objects.push_back(o);
        }
        if (alpha) art.warnings.push_back(at + "tiles' own opacity not drawn (drawn opaque)");
        art.layers.push_back(std::move(a));
    }
    return out;
}

}  // namespace ts::interop
