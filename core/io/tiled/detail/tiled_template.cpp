#include "io/tiled/detail/tiled_template.h"

#include <algorithm>
#include <filesystem>

#include "io/interop_files.h"
#include "io/layer_data.h"
#include "io/map_io.h"

namespace ts::interop {

namespace {

// One spelling per file, so that "art/a.tsx" from the map and "../art/a.tsx" from a
// template in tpl/ are recognised as the same tileset.
std::string samePathKey(const std::string& path) {
    std::error_code ec;
    std::filesystem::path abs = std::filesystem::absolute(path, ec);
    return (ec ? std::filesystem::path(path) : abs).lexically_normal().string();
}

// The GIDs a tileset takes: its tile count, or (image collections) its highest tile id + 1.
uint32_t gidSpan(const TiledTileset& ts) {
    int64_t span = std::max<int64_t>(ts.tileCount, 1);
    for (const TiledTile& t : ts.tiles) span = std::max<int64_t>(span, int64_t(t.id) + 1);
    return uint32_t(std::min<int64_t>(span, kGidMask));
}

void mergeProperties(TiledProperties& into, const TiledProperties& over) {
    for (const TiledProperty& p : over) {
        auto same = [&](const TiledProperty& q) { return q.name == p.name; };
        auto it = std::find_if(into.begin(), into.end(), same);
        if (it != into.end())
            *it = p;
        else
            into.push_back(p);
    }
}

}  // namespace

uint32_t TemplateInstancer::gidInMap(const TiledTemplate& t, const std::string& file) const {
    const uint32_t raw = t.object.gid;
    if (!(raw & kGidMask)) return 0;
    if (!t.hasTileset)
        throw MapError(file + ": the object is a tile object but the template names no tileset");
    const uint32_t gid = raw & kGidMask;
    if (gid < t.tileset.firstGid || gid - t.tileset.firstGid >= gidSpan(t.tileset))
        throw MapError(file + ": object: GID " + std::to_string(gid) + " is in no tileset");
    const uint32_t local = gid - t.tileset.firstGid;
    const std::string key =
        samePathKey(t.tileset.source.empty() ? file : joinPath(folderOf(file), t.tileset.source));
    const std::string mapFolder = folderOf(mapPath_);
    for (const TiledTileset& ts : map_.tilesets)
        if (!ts.source.empty() && samePathKey(joinPath(mapFolder, ts.source)) == key) {
            // Past the largest GID, the number would run into the flip bits.
            if (uint64_t(ts.firstGid) + local > kGidMask)
                throw MapError(file + ": object: its tile is past the largest GID in the map (" +
                               std::to_string(ts.firstGid) + " + " + std::to_string(local) + ")");
            return (ts.firstGid + local) | (raw & ~kGidMask);
        }
    // A tileset only the template uses (Tiled's editor would have added it to the map): it
    // gets the next free GIDs, so that the object stays a tile object.
    for (const TiledTileset& ts : map_.templateTilesets)
        if (ts.source == key) return (ts.firstGid + local) | (raw & ~kGidMask);
    uint32_t next = 1;
    for (const auto* list : {&map_.tilesets, &map_.templateTilesets})
        for (const TiledTileset& ts : *list)
            next = std::max<uint32_t>(next, ts.firstGid + gidSpan(ts));
    if (next > kGidMask - gidSpan(t.tileset))
        throw MapError(file + ": object: its tileset does not fit after the map's GIDs");
    TiledTileset added = t.tileset;
    added.firstGid = next;
    added.source = key;
    map_.templateTilesets.push_back(std::move(added));
    return (next + local) | (raw & ~kGidMask);
}

const TemplateInstancer::Loaded& TemplateInstancer::load(const std::string& file,
                                                         int64_t objectId) {
    auto it = loaded_.find(file);
    if (it != loaded_.end()) return it->second;
    Loaded l;
    try {
        l.tmpl = endsWithNoCase(file, ".tj") || endsWithNoCase(file, ".json") ? readTj(file)
                                                                              : readTx(file);
        l.gidInMap = gidInMap(l.tmpl, file);
    } catch (const MapError& e) {
        // Both files named: the map's object, then the template's own problem.
        std::string problem = e.what();
        if (problem.compare(0, file.size() + 2, file + ": ") == 0)
            problem = problem.substr(file.size() + 2);
        throw MapError(mapPath_ + ": object " + std::to_string(objectId) + ": template " + file +
                       ": " + problem);
    }
    return loaded_.emplace(file, std::move(l)).first->second;
}

TiledObject TemplateInstancer::instantiate(const std::string& ref, const TiledObject& instance,
                                           bool hasRotation, bool hasShape) {
    const std::string file = joinPath(folderOf(mapPath_), ref);
    // A template file that is not there: Tiled opens the map and keeps the object with what
    // the instance itself says; so does the import, with a warning (once per file). A
    // template that is there but unusable is still an error naming both files.
    std::error_code ec;
    if (!loaded_.count(file) && !std::filesystem::exists(file, ec) && !ec) {
        if (missing_.insert(file).second)
            map_.warnings.push_back("object " + std::to_string(instance.id) + ": template " + file +
                                    ": no such file (its objects are read with their own "
                                    "attributes only, as Tiled does)");
        return instance;
    }
    const Loaded& l = load(file, instance.id);
    TiledObject o = l.tmpl.object;
    o.gid = l.gidInMap;
    o.id = instance.id;
    o.x = instance.x;
    o.y = instance.y;
    if (!instance.name.empty()) o.name = instance.name;
    if (!instance.type.empty()) o.type = instance.type;
    if (instance.width > 0 && instance.height > 0) {
        o.width = instance.width;
        o.height = instance.height;
    }
    if (hasRotation) o.rotation = instance.rotation;
    if (instance.gid) o.gid = instance.gid;
    if (hasShape) {
        o.shape = instance.shape;
        o.points = instance.points;
    }
    mergeProperties(o.properties, instance.properties);
    return o;
}

}  // namespace ts::interop
