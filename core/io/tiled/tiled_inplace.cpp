#include "io/tiled/tiled_inplace.h"

#include <filesystem>
#include <mutex>

#include "base/file_identity.h"
#include "io/interop_files.h"
#include "io/layer_data.h"
#include "io/map_formats.h"
#include "io/map_io.h"
#include "io/tiled/detail/inplace_plan.h"
#include "io/tiled/detail/tiled_translate.h"

namespace ts::interop {

// tiled_inplace_tmx.cpp, tiled_inplace_tmj.cpp: SRC's document with the plan applied
// (external tilesets written), as bytes for OUT.
std::string patchTmx(const ForeignSource& src, const InplacePlan& plan, const std::string& out);
std::string patchTmj(const ForeignSource& src, const InplacePlan& plan, const std::string& out);

namespace {

std::string absoluteNormal(const std::string& path) {
    std::error_code ec;
    return std::filesystem::absolute(path.empty() ? "." : path, ec).lexically_normal().string();
}

std::string kindName(const Map& m, size_t k) {
    return "kind " + std::to_string(k) + " \"" + m.tileset.kinds[k].name + "\"";
}

void planCells(const ForeignSource& src, const Map& edited, InplacePlan& plan) {
    const Map& was = src.imported;
    std::vector<bool> reported(edited.tileset.kinds.size(), false);
    size_t outside = 0;
    for (int32_t y = 0; y < was.height; ++y)
        for (int32_t x = 0; x < was.width; ++x) {
            const uint16_t k = edited.tile(x, y);
            if (k == was.tile(x, y)) continue;
            if (!plan.cellsChanged) {
                plan.cellsChanged = true;
                plan.gids = src.layerGids;
                if (src.layerChunked)
                    plan.problems.push_back(
                        "the collision layer is an infinite map's chunks: its cells are not "
                        "written in place (export a new map instead)");
            }
            const int64_t lx = x - src.cellX, ly = y - src.cellY;
            if (src.layerIndex < 0 || lx < 0 || ly < 0 || lx >= src.layerWidth ||
                ly >= src.layerHeight) {
                ++outside;
                continue;
            }
            uint32_t gid = 0;
            if (k > 0) {
                gid = k < src.kindGid.size() ? src.kindGid[k] : 0;
                if (!gid) {
                    if (!reported[k])
                        plan.problems.push_back(kindName(edited, k) +
                                                (k < was.tileset.kinds.size()
                                                     ? " comes from no tile GID"
                                                     : " is new: it has no tile in the "
                                                       "map's tilesets") +
                                                " (paint with the kinds the map's tiles make)");
                    reported[k] = true;
                    continue;
                }
            }
            plan.gids[size_t(ly * src.layerWidth + lx)] = gid;
        }
    if (outside)
        plan.problems.push_back(std::to_string(outside) +
                                " changed cells lie outside the collision layer" +
                                (src.layerIndex < 0 ? " (the map has no tile layer)" : ""));
}

void planKinds(const ForeignSource& src, const Map& edited, InplacePlan& plan) {
    const std::vector<TileKind>& was = src.imported.tileset.kinds;
    const std::vector<TileKind>& now = edited.tileset.kinds;
    for (size_t k = 1; k < now.size() && k < was.size(); ++k) {
        const TileKind &a = was[k], &b = now[k];
        if (a.name != b.name || a.color != b.color || a.imageCell != b.imageCell ||
            a.imageFlip != b.imageFlip)
            plan.problems.push_back(kindName(edited, k) +
                                    ": its name, colour or image changed, which a Tiled tile "
                                    "does not hold (only its collision shape is written)");
        if (a.shape == b.shape && a.passMask == b.passMask) continue;
        const uint32_t gid = src.kindGid[k];
        if (!gid || (gid & ~kGidMask))
            plan.problems.push_back(kindName(edited, k) +
                                    ": its collision shape changed, but the kind is " +
                                    (gid ? "a flipped tile" : "no tile") +
                                    " of the map's tilesets, so no tile can hold the shape");
        else
            plan.shapes.push_back({gid, {b.shape, b.passMask}});
    }
    if (now[0].shape != was[0].shape || now[0].passMask != was[0].passMask)
        plan.problems.push_back("kind 0 (the empty cell) changed: no Tiled tile holds it");
}

void planObjects(const ForeignSource& src, const Map& edited, InplacePlan& plan) {
    const Map& was = src.imported;
    plan.actors.changed = !(edited.actors == was.actors);
    plan.brushes.changed = !(edited.brushes == was.brushes);
    plan.walls.changed = !(edited.walls == was.walls);
    if (plan.actors.changed) plan.actors.remove = src.actorObjects;
    if (plan.brushes.changed) plan.brushes.remove = src.brushObjects;
    if (plan.walls.changed) plan.walls.remove = src.wallObjects;
    if (!plan.actors.changed && !plan.brushes.changed && !plan.walls.changed) return;
    for (ExportObject& o : exportObjects(edited)) {
        InplacePlan::Objects& to = o.type == "brush"  ? plan.brushes
                                   : o.type == "wall" ? plan.walls
                                                      : plan.actors;
        if (to.changed) to.add.push_back(std::move(o));
    }
}

}  // namespace

std::string rebasePath(const std::string& value, const std::string& from, const std::string& to) {
    if (value.empty() || value[0] == '/' || value.find(':') != std::string::npos) return value;
    return relativeTo(joinPath(from, value), to);
}

InplacePlan planInplaceSave(const ForeignSource& src, const Map& edited,
                            const std::string& editedImage) {
    InplacePlan plan;
    const Map& was = src.imported;
    if (edited.width != was.width || edited.height != was.height ||
        edited.tileSize != was.tileSize) {
        plan.problems.push_back(
            "the map's size changed (" + std::to_string(was.width) + " x " +
            std::to_string(was.height) + " tiles of " + std::to_string(was.tileSize) + " px -> " +
            std::to_string(edited.width) + " x " + std::to_string(edited.height) + " of " +
            std::to_string(edited.tileSize) + ")");
        return plan;
    }
    const bool sameImage = was.tileset.image.empty() || editedImage.empty()
                               ? was.tileset.image.empty() == editedImage.empty()
                               : absoluteNormal(joinPath(folderOf(src.path), was.tileset.image)) ==
                                     absoluteNormal(editedImage);
    if (!sameImage || edited.tileset.imageCellSize != was.tileset.imageCellSize)
        plan.problems.push_back("the tileset image changed (the map's tilesets keep their own)");
    if (edited.tileset.kinds.size() < was.tileset.kinds.size())
        plan.problems.push_back("kinds were removed (" + std::to_string(was.tileset.kinds.size()) +
                                " -> " + std::to_string(edited.tileset.kinds.size()) +
                                "): a Tiled map's kinds are its tiles");
    planCells(src, edited, plan);
    planKinds(src, edited, plan);
    planObjects(src, edited, plan);
    if (edited.simRate != was.simRate) {
        plan.simRateChanged = true;
        plan.simRate = edited.simRate;
    }
    return plan;
}

bool savesInPlace(const ForeignSource& src, const std::string& out) {
    const MapFileFormat* a = mapFileFormatFor(src.path);
    const MapFileFormat* b = mapFileFormatFor(out);
    const auto tiled = [](const MapFileFormat* f) {
        return f && (f->kind == MapFileKind::TiledXml || f->kind == MapFileKind::TiledJson);
    };
    return tiled(a) && tiled(b);
}

void saveTiledInPlace(const ForeignSource& src, const Map& edited, const std::string& out,
                      const std::string& mapFolder) {
    if (!savesInPlace(src, out))
        throw MapError(out + ": not saved in place: " + src.path + " is not a Tiled map");
    const std::string image =
        edited.tileset.image.empty() ? "" : joinPath(mapFolder, edited.tileset.image);
    const InplacePlan plan = planInplaceSave(src, edited, image);
    if (!plan.problems.empty()) {
        std::string list;
        for (const std::string& p : plan.problems) list += (list.empty() ? "" : "; ") + p;
        throw MapError(out + ": not saved in place: " + list);
    }
    const bool sameFolder = absoluteNormal(folderOf(src.path)) == absoluteNormal(folderOf(out));
    const bool toXml = mapFileFormatFor(out)->kind == MapFileKind::TiledXml;
    if (toXml != (mapFileFormatFor(src.path)->kind == MapFileKind::TiledXml)) {
        // The other form: the source translated member for member, then patched like a
        // source of that form (the collision layer and objects keep their places and ids).
        ForeignSource translated = src;
        translated.bytes = toXml ? tmjAsTmx(src.bytes, src.path) : tmxAsTmj(src.bytes, src.path);
        saveBytesAtomically(
            out, toXml ? patchTmx(translated, plan, out) : patchTmj(translated, plan, out));
        return;
    }
    std::string bytes;
    if (!plan.anyChange() && sameFolder)
        bytes = src.bytes;
    else
        bytes = toXml ? patchTmx(src, plan, out) : patchTmj(src, plan, out);
    saveBytesAtomically(out, bytes);
}

namespace {
struct Remembered {
    std::mutex lock;
    std::vector<std::shared_ptr<const ForeignSource>> sources;
};
// The process's, as the files it names are (under its mutex): the editor's import remembers,
// any later export of the same file asks.
Remembered& remembered() {
    static Remembered r;
    return r;
}
}  // namespace

void rememberForeignSource(std::shared_ptr<const ForeignSource> src) {
    if (!src) return;
    Remembered& r = remembered();
    std::lock_guard<std::mutex> hold(r.lock);
    for (auto& s : r.sources)
        if (sameFile(s->path, src->path)) {
            s = std::move(src);
            return;
        }
    r.sources.push_back(std::move(src));
}

std::shared_ptr<const ForeignSource> rememberedSource(const std::string& path) {
    Remembered& r = remembered();
    std::lock_guard<std::mutex> hold(r.lock);
    for (const auto& s : r.sources)
        if (sameFile(s->path, path)) return s;
    return nullptr;
}

}  // namespace ts::interop
