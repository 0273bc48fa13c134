#include "io/foreign_source.h"
#include "io/ldtk/ldtk_import.h"

// See core/io/map_json.cpp for why cereal's header comes first.
#include <cereal/archives/json.hpp>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cmath>
#include <map>

#include "io/detail/collision_mapping.h"
#include "map/image_flip.h"
#include "io/ldtk/detail/ldtk_project.h"
#include "io/ldtk/detail/ldtk_tiles.h"
#include "io/interop_files.h"
#include "io/map_io.h"
#include "io/detail/map_io_detail.h"
#include "io/detail/object_mapping.h"
#include "movers/mover.h"

namespace ts::interop {

namespace {

using rapidjson::Value;

std::string numberText(double d) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.17g", d);
    return buf;
}

class LdtkReader {
  public:
    LdtkReader(const std::string& path, const ImportOptions& options)
        : path_(path), options_(options) {}

    ImportResult read(const std::string& bytes) {
        LdtkProject project(bytes, path_);
        json_ = &project.json();
        const size_t chosen = project.choose(options_.level);
        result_.level = project.levelName(chosen);
        if (options_.level.empty() && project.levelCount() > 1)
            result_.warnings.push_back(
                "the project has " + std::to_string(project.levelCount()) +
                " levels: imported the first, \"" + result_.level +
                "\" (pick another with --level NAME; tilestep info lists them)");
        readDefs(project.root());
        project_ = &project;
        const LdtkProject::Layers layers = project.layers(chosen);
        json_ = layers.json;  // errors in the level's layers name the file they are in
        readLevel(*layers.layers);
        json_ = &project.json();
        mapio::validateLoaded(result_.map, path_);
        if (options_.keepSource) {
            auto src = std::make_shared<ForeignSource>();
            src->path = path_;
            src->options = options_;
            src->imported = result_.map;
            src->levelIndex = int64_t(chosen);
            src->layerIndex = result_.collisionLayerIndex;
            src->layerWidth = result_.map.width;
            src->layerHeight = result_.map.height;
            src->kindGid = result_.kindSource;
            src->actorEntities = actorEntities_;
            src->levelFile = project.levelFile(chosen);
            if (!src->levelFile.empty())
                src->levelBytes = readLdtkFile(joinPath(folderOf(path_), src->levelFile));
            result_.source = std::move(src);
        }
        return std::move(result_);
    }

  private:
    struct IntGridValue {
        int64_t value;
        std::string identifier;
        uint32_t color;
    };

    void readDefs(const Value& doc) {
        const Value* defs = find(doc, "defs");
        if (!defs) return;
        const Value* layers = find(*defs, "layers");
        if (!layers || !layers->IsArray()) return;
        for (const Value& l : layers->GetArray()) {
            const Value* uid = find(l, "uid");
            const Value* values = find(l, "intGridValues");
            if (!uid || !uid->IsInt64() || !values || !values->IsArray()) continue;
            std::vector<IntGridValue>& out = intGrid_[uid->GetInt64()];
            for (const Value& v : values->GetArray()) {
                IntGridValue iv;
                iv.value = integer(v, "value", 1, 65535, "defs.layers: intGridValues: ");
                iv.identifier = text(v, "identifier", "defs.layers: intGridValues: ");
                iv.color = 0xff808080;
                std::string color = text(v, "color", "defs.layers: intGridValues: ");
                if (!mapio::parseColor(color, &iv.color)) iv.color = 0xff808080;
                out.push_back(iv);
            }
        }
    }

    void readLevel(const Value& layers) {
        const std::string lname = result_.level;
        const Value* grid = findCollisionLayer(*json_, layers, options_.collisionLayer);
        if (!grid && !options_.collisionLayer.empty())
            fail("level \"" + lname + "\": no IntGrid layer named \"" + options_.collisionLayer +
                 "\"");
        if (!grid) fail("level \"" + lname + "\": no IntGrid layer to take the tiles from");
        result_.collisionLayerIndex = int64_t(grid - layers.Begin());
        readGrid(*grid);
        LdtkCellTiles shown;
        if (readLdtkCellTiles(project_->json(), project_->root(), *json_, layers, *grid,
                              result_.map.tileSize, result_.map.width, result_.map.height, &shown,
                              &result_.warnings))
            showTiles(shown);
        for (const Value& l : layers.GetArray()) {
            if (&l == grid || &l == shown.source) continue;
            const std::string type = text(l, "__type", "layerInstances: ");
            const std::string name = text(l, "__identifier", "layerInstances: ");
            if (type == "Entities")
                readEntities(l, name, int64_t(&l - layers.Begin()));
            else
                result_.warnings.push_back(type + " layer \"" + name +
                                           "\": skipped (the collision layer is \"" +
                                           result_.collisionLayer + "\")");
        }
    }

    void readGrid(const Value& l) {
        const std::string name = text(l, "__identifier", "layerInstances: ");
        const std::string at = "layer \"" + name + "\": ";
        result_.collisionLayer = name;
        Map& m = result_.map;
        m.tileSize = int32_t(integer(l, "__gridSize", kMinTileSize, kMaxTileSize, at));
        m.width = int32_t(integer(l, "__cWid", 1, kMaxMapTiles, at));
        m.height = int32_t(integer(l, "__cHei", 1, kMaxMapTiles, at));
        if (int64_t(m.width) * m.height > kMaxImportCells) fail(at + "too many cells to import");
        const Value& csv = array(l, "intGridCsv", at);
        if (int64_t(csv.Size()) != int64_t(m.width) * m.height)
            fail(at + "intGridCsv: " + std::to_string(csv.Size()) + " values for " +
                 std::to_string(m.width) + " x " + std::to_string(m.height) + " cells");
        m.tileset.kinds = {Tileset::defaults().kinds[0]};
        result_.kindSource = {0};
        std::map<int64_t, uint16_t>& kindOf = kindOfValue_;
        const Value* defUid = find(l, "layerDefUid");
        const std::vector<IntGridValue>* defs = nullptr;
        if (defUid && defUid->IsInt64() && intGrid_.count(defUid->GetInt64()))
            defs = &intGrid_[defUid->GetInt64()];
        // Every defined value is a kind, in value order, painted or not.
        std::vector<IntGridValue> values = defs ? *defs : std::vector<IntGridValue>{};
        std::sort(values.begin(), values.end(),
                  [](const IntGridValue& a, const IntGridValue& b) { return a.value < b.value; });
        for (const IntGridValue& v : values) addKind(v, kindOf);
        m.tiles.reserve(csv.Size());
        for (rapidjson::SizeType i = 0; i < csv.Size(); ++i) {
            const Value& c = csv[i];
            if (!c.IsInt64() || c.GetInt64() < 0 || c.GetInt64() > 65535)
                fail(at + "intGridCsv[" + std::to_string(i) + "]: not an IntGrid value");
            int64_t v = c.GetInt64();
            if (v != 0 && !kindOf.count(v)) {
                result_.warnings.push_back(at + "IntGrid value " + std::to_string(v) +
                                           " is not defined: treated as solid");
                addKind({v, "", 0xff808080}, kindOf);
            }
            m.tiles.push_back(v == 0 ? 0 : kindOf[v]);
            cellValues_.push_back(v);
        }
        m.walls.resize(m.width, m.height);
    }

    // One kind per (IntGrid value, tile, flip) painted together, after the values' kinds and
    // in that order: the value's shape and colour, the tile's image cell.
    void showTiles(const LdtkCellTiles& shown) {
        Map& m = result_.map;
        if (!mapio::checkText(shown.image, mapio::kMaxPathBytes).empty()) {
            result_.warnings.push_back("layer \"" + shown.layer +
                                       "\": tiles not shown: its tileset path is unusable");
            return;
        }
        std::map<std::pair<int64_t, int64_t>, uint16_t> kindOf;  // (value, tile * 4 + flip)
        for (size_t i = 0; i < shown.tiles.size(); ++i)
            if (shown.tiles[i] >= 0) kindOf[{cellValues_[i], shown.tiles[i]}] = 0;
        for (auto& [key, id] : kindOf) {
            const auto [value, code] = key;
            if (m.tileset.kinds.size() >= mapio::kMaxKinds)
                fail("more than " + std::to_string(mapio::kMaxKinds) + " distinct tiles");
            TileKind k = m.tileset.kinds[value == 0 ? 0 : kindOfValue_[value]];
            static const char* const kFlips[] = {"", " flipped x", " flipped y", " flipped xy"};
            k.name = (value == 0 ? std::string() : k.name + " ") + "tile " +
                     std::to_string(code / 4) + kFlips[code % 4];
            if (!mapio::checkText(k.name, mapio::kMaxNameBytes).empty())
                k.name = "value " + std::to_string(value) + " tile " + std::to_string(code / 4);
            k.imageCell = int32_t(code / 4);
            // LDtk's flip bits: 1 = mirrored in x, 2 = mirrored in y (its JSON docs, "f").
            k.imageFlip =
                uint8_t((code % 4 & 1 ? kImageFlipH : 0) | (code % 4 & 2 ? kImageFlipV : 0));
            id = uint16_t(m.tileset.kinds.size());
            m.tileset.kinds.push_back(k);
            result_.kindSource.push_back(uint32_t(value));
        }
        for (size_t i = 0; i < shown.tiles.size(); ++i)
            if (shown.tiles[i] >= 0) m.tiles[i] = kindOf[{cellValues_[i], shown.tiles[i]}];
        m.tileset.image = shown.image;
        m.tileset.imageCellSize = shown.cellSize == m.tileSize ? 0 : shown.cellSize;
    }

    void addKind(const IntGridValue& v, std::map<int64_t, uint16_t>& kindOf) {
        Map& m = result_.map;
        if (kindOf.count(v.value)) return;
        TileKind k;
        k.name = v.identifier.empty() ? "value " + std::to_string(v.value) : v.identifier;
        if (!mapio::checkText(k.name, mapio::kMaxNameBytes).empty())
            k.name = "value " + std::to_string(v.value);
        k.color = v.color;
        TileCollision c{Shape::Solid, 0};
        if (!v.identifier.empty() && !collisionFromName(v.identifier, &c))
            result_.warnings.push_back("IntGrid value " + std::to_string(v.value) + " \"" +
                                       v.identifier + "\" names no tilestep shape: solid");
        k.shape = c.shape;
        k.passMask = c.passMask;
        kindOf[v.value] = uint16_t(m.tileset.kinds.size());
        m.tileset.kinds.push_back(k);
        result_.kindSource.push_back(uint32_t(v.value));
    }

    void readEntities(const Value& l, const std::string& layer, int64_t layerIndex) {
        const std::string at = "layer \"" + layer + "\": ";
        double ox = 0, oy = 0;
        if (const Value* v = find(l, "pxOffsetX")) ox = number(*v, at + "pxOffsetX");
        if (const Value* v = find(l, "pxOffsetY")) oy = number(*v, at + "pxOffsetY");
        int64_t entityIndex = -1;
        for (const Value& e : array(l, "entityInstances", at).GetArray()) {
            ++entityIndex;
            const std::string id = text(e, "__identifier", at + "entityInstances: ");
            const std::string what = at + "entity \"" + id + "\"";
            const Value& pos = array(e, "px", what + ": ");
            if (pos.Size() != 2) fail(what + ": px: expected [x, y]");
            double x = number(pos[0], what + ": px"), y = number(pos[1], what + ": px");
            double w = 0, h = 0, pivotX = 0, pivotY = 0;
            if (const Value* v = find(e, "width")) w = number(*v, what + ": width");
            if (const Value* v = find(e, "height")) h = number(*v, what + ": height");
            if (const Value* p = find(e, "__pivot"); p && p->IsArray() && p->Size() == 2) {
                pivotX = number((*p)[0], what + ": __pivot");
                pivotY = number((*p)[1], what + ": __pivot");
            }
            const MoverInfo* mi = nullptr;
            for (int k = 0; k < builtinMoverCount() && !mi; ++k)
                if (sameNoCase(id, moverInfo(MoverKind(k)).id)) mi = &moverInfo(MoverKind(k));
            if (!mi) {
                result_.warnings.push_back(what + ": skipped: \"" + id + "\" names no mover");
                continue;
            }
            std::string name = id;
            TiledProperties params;
            if (const Value* fields = find(e, "fieldInstances"); fields && fields->IsArray())
                for (const Value& f : fields->GetArray()) {
                    TiledProperty p;
                    p.name = text(f, "__identifier", what + ": fieldInstances: ");
                    const Value* v = find(f, "__value");
                    if (!v || v->IsNull()) continue;
                    if (v->IsString())
                        p.value = v->GetString();
                    else if (v->IsNumber())
                        p.value = numberText(v->GetDouble());
                    else if (v->IsBool())
                        p.value = v->GetBool() ? "1" : "0";
                    if (p.name == "name") {
                        if (!p.value.empty()) name = p.value;
                        continue;
                    }
                    params.push_back(p);
                }
            if (addActor(result_.map, name, mi->kind, x - pivotX * w + ox, y - pivotY * h + oy, w,
                         h, params, what, result_.warnings, actorNames_))
                actorEntities_.push_back({layerIndex, entityIndex});
        }
    }

    // The reader helpers, on whichever file is being read (json_: the project or a level file).
    [[noreturn]] void fail(const std::string& problem) const { json_->fail(problem); }
    const Value* find(const Value& obj, const char* key) const { return json_->find(obj, key); }
    std::string text(const Value& obj, const char* key, const std::string& at) const {
        return json_->text(obj, key, at);
    }
    int64_t integer(const Value& obj, const char* key, int64_t lo, int64_t hi,
                    const std::string& at) const {
        return json_->integer(obj, key, lo, hi, at);
    }
    double number(const Value& v, const std::string& at) const { return json_->number(v, at); }
    const Value& array(const Value& obj, const char* key, const std::string& at) const {
        return json_->array(obj, key, at);
    }

    std::string path_;
    const LdtkJson* json_ = nullptr;
    ImportOptions options_;
    ImportResult result_;
    ActorNames actorNames_;
    std::vector<ForeignSource::EntityAt> actorEntities_;  // per actor, its entity
    std::map<int64_t, std::vector<IntGridValue>> intGrid_;
    const LdtkProject* project_ = nullptr;
    std::map<int64_t, uint16_t> kindOfValue_;  // IntGrid value -> its kind
    std::vector<int64_t> cellValues_;          // the collision layer's values, row by row
};

}  // namespace

ImportResult importLdtkText(const std::string& text, const std::string& path,
                            const ImportOptions& options) {
    try {
        ImportResult r = LdtkReader(path, options).read(text);
        if (r.source) r.source->bytes = text;
        return r;
    } catch (const cereal::RapidJSONException& e) {
        throw MapError(path + ": malformed JSON: " + e.what());
    }
}

ImportResult importLdtk(const std::string& path, const ImportOptions& options) {
    return importLdtkText(readLdtkFile(path), path, options);
}

}  // namespace ts::interop
