// A TiledMap to a tilestep Map: the collision layer's tiles become kinds, one per distinct
// (tile, collision shape) pair, and per flip for tiles drawn from the chosen tileset's image
// (the kind keeps the flip as its image_flip); the object layers become brushes, actors and
// walls (object_mapping.h). A tileset that tilestep exported itself (property
// tilestep_kinds) is read back kind for kind, so that tilestep -> Tiled -> tilestep gives
// the same map.
#include "io/tiled/tiled_import.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <set>
#include <tuple>

#include "io/detail/collision_layer_names.h"
#include "io/detail/collision_mapping.h"
#include "io/foreign_source.h"
#include "map/image_flip.h"
#include "io/interop_files.h"
#include "io/layer_data.h"
#include "io/map_io.h"
#include "io/detail/map_io_detail.h"
#include "io/detail/object_mapping.h"

namespace ts::interop {

void checkTiledMapShape(const std::string& path, const TiledMap& m) {
    if (m.orientation != "orthogonal")
        throw MapError(path + ": orientation \"" + m.orientation +
                       "\" is not supported (tilestep imports orthogonal maps only)");
    if (m.tileWidth != m.tileHeight)
        throw MapError(path + ": tiles of " + std::to_string(m.tileWidth) + " x " +
                       std::to_string(m.tileHeight) +
                       " px are not supported (tilestep imports square tiles only)");
    if (m.tileWidth < kMinTileSize || m.tileWidth > kMaxTileSize)
        throw MapError(path + ": tile size " + std::to_string(m.tileWidth) + " is outside " +
                       std::to_string(kMinTileSize) + ".." + std::to_string(kMaxTileSize));
    if (!m.infinite && int64_t(m.width) * m.height > kMaxImportCells)
        throw MapError(path + ": " + std::to_string(m.width) + " x " + std::to_string(m.height) +
                       " tiles is more than tilestep imports (" + std::to_string(kMaxImportCells) +
                       ")");
}

namespace {

// A tile layer's offset in tiles, rounded down, per axis; `whole` when it is exactly that
// many tiles (within 0.01 px, as object points are matched to grid lines).
struct TileShift {
    int64_t x = 0, y = 0;
    bool wholeX = true, wholeY = true;
};
TileShift tileShift(const TiledTileLayer& l, int32_t tile) {
    auto axis = [&](double px, int64_t* tiles, bool* whole) {
        const double r = std::round(px);
        *whole = std::fabs(px - r) <= 0.01 && std::fmod(r, double(tile)) == 0;
        *tiles = *whole ? int64_t(r) / tile : int64_t(std::floor(px / tile));
    };
    TileShift s;
    axis(l.offsetX, &s.x, &s.wholeX);
    axis(l.offsetY, &s.y, &s.wholeY);
    return s;
}

std::string pixels(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", v);
    return buf;
}

const TiledTileset* tilesetOf(const TiledMap& tm, uint32_t gid) {
    const TiledTileset* found = nullptr;
    for (const TiledTileset& ts : tm.tilesets)
        if (ts.firstGid <= gid && (!found || ts.firstGid > found->firstGid)) found = &ts;
    return found;
}

long propertyInt(const TiledProperties& props, const std::string& name, long def) {
    const TiledProperty* p = findProperty(props, name);
    if (!p) return def;
    char* end = nullptr;
    long v = std::strtol(p->value.c_str(), &end, 10);
    return end != p->value.c_str() && *end == '\0' ? v : def;
}

// Tiled writes colour properties as #AARRGGBB (or #RRGGBB).
bool tiledColor(const std::string& text, uint32_t* argb) {
    if (text.size() == 7) return mapio::parseColor(text, argb);
    if (text.size() != 9 || text[0] != '#') return false;
    uint32_t rgba;
    if (!mapio::parseColor("#" + text.substr(3) + text.substr(1, 2), &rgba)) return false;
    *argb = rgba;
    return true;
}

class Importer {
  public:
    Importer(const TiledMap& tm, const std::string& path, const ImportOptions& options)
        : tm_(tm), path_(path), options_(options) {}

    ImportResult run() {
        result_.warnings = tm_.warnings;
        const TiledTileLayer* layer = chooseLayer();
        Map& m = result_.map;
        m = Map{};
        m.tileSize = tm_.tileWidth;
        placeMap();
        m.simRate = kDefaultSimRate;
        if (const TiledProperty* rate = findProperty(tm_.properties, "sim_rate")) {
            // Read whole, then range-checked: a cast first turned 4294967356 into 60 and
            // 99999999999 into a negative number the message then quoted.
            char* end = nullptr;
            errno = 0;
            const long long v = std::strtoll(rate->value.c_str(), &end, 10);
            const bool whole = !rate->value.empty() && end && *end == '\0' && errno == 0;
            if (whole && v >= 1 && v <= 1000)
                m.simRate = int32_t(v);
            else
                warn("map property sim_rate '" + rate->value + "' is not a whole number in " +
                     "1..1000: using 60");
        }
        m.tiles.assign(size_t(m.width) * size_t(m.height), 0);
        m.walls.resize(m.width, m.height);
        m.tileset.kinds = {Tileset::defaults().kinds[0]};
        result_.kindSource = {0};
        readTilestepKinds();
        if (options_.keepSource) result_.source = std::make_shared<ForeignSource>();
        if (layer) fillTiles(*layer);
        ObjectOrigins origins;
        for (const TiledObjectLayer& ol : tm_.objectLayers)
            addObjects(ol, -double(originX_) * m.tileSize, -double(originY_) * m.tileSize, m,
                       result_.warnings, actorNames_, &origins);
        mapio::validateLoaded(m, path_);
        if (ForeignSource* src = result_.source.get()) {
            src->path = path_;
            src->options = options_;
            src->imported = m;
            for (const TiledTileset& t : tm_.tilesets)
                if (!t.source.empty())
                    src->tilesetFiles.push_back(joinPath(folderOf(path_), t.source));
            src->layerIndex = result_.collisionLayerIndex;
            src->originX = originX_;
            src->originY = originY_;
            src->actorObjects = std::move(origins.actors);
            src->brushObjects = std::move(origins.brushes);
            src->wallObjects = std::move(origins.walls);
            src->kindGid.resize(m.tileset.kinds.size(), 0);
            for (size_t k = 1; k < result_.kindSource.size() && tilestepTileset_; ++k)
                src->kindGid[k] = result_.kindSource[k];
            for (const auto& [gid, kind] : kindGid_)
                if (!src->kindGid[kind]) src->kindGid[kind] = gid;
        }
        return std::move(result_);
    }

  private:
    void warn(const std::string& w) { result_.warnings.push_back(w); }
    [[noreturn]] void fail(const std::string& problem) const {
        throw MapError(path_ + ": " + problem);
    }

    // Two or more candidates: an error listing them by number.
    [[noreturn]] void ambiguous(const std::vector<size_t>& matches, const std::string& what) {
        std::string list;
        for (size_t i : matches)
            list += (list.empty() ? "#" : ", #") + std::to_string(i + 1) + " \"" +
                    tm_.tileLayers[i].name + "\"";
        fail(std::to_string(matches.size()) + " tile layers are " + what + ": " + list +
             " (pick one by its number in file order: --collision-layer '#N')");
    }

    const TiledTileLayer* chooseLayer() {
        const TiledTileLayer* chosen = nullptr;
        const std::string& wanted = options_.collisionLayer;
        std::vector<size_t> matches;
        if (!wanted.empty()) {
            for (size_t i = 0; i < tm_.tileLayers.size(); ++i)
                if (tm_.tileLayers[i].name == wanted) matches.push_back(i);
            const size_t number = numberInList(wanted);
            if (matches.empty() && number >= 1 && number <= tm_.tileLayers.size())
                matches.push_back(number - 1);
            if (matches.size() > 1) ambiguous(matches, "named \"" + wanted + "\"");
            if (matches.empty()) {
                std::string names;
                for (const TiledTileLayer& l : tm_.tileLayers)
                    names += (names.empty() ? "\"" : ", \"") + l.name + "\"";
                fail("no tile layer named \"" + wanted +
                     "\" (tile layers: " + (names.empty() ? "none" : names) + ")");
            }
            explicitLayer_ = true;
        } else {
            // The best usual name any layer has (collision_layer_names.h), and the layers
            // that have it.
            int best = -1;
            for (size_t i = 0; i < tm_.tileLayers.size(); ++i) {
                const int rank = collisionLayerNameRank(tm_.tileLayers[i].name);
                if (rank < 0 || (best >= 0 && rank > best)) continue;
                if (rank != best) matches.clear();
                best = rank;
                matches.push_back(i);
            }
            if (matches.size() > 1)
                ambiguous(matches, "named \"" + usualCollisionLayerNames()[size_t(best)] +
                                       "\" (in any case)");
            explicitLayer_ = !matches.empty();
            if (matches.empty() && !tm_.tileLayers.empty()) {
                matches.push_back(0);
                warn("no tile layer has a collision layer's name (" +
                     usualCollisionLayerNameList() + ", any case): using the first tile layer, \"" +
                     tm_.tileLayers[0].name +
                     "\"; its tiles without collision information are not solid "
                     "(--collision-layer NAME picks a layer whose painted tiles are solid)");
            }
        }
        if (!matches.empty()) {
            chosen = &tm_.tileLayers[matches[0]];
            result_.collisionLayerIndex = int64_t(matches[0]);
        }
        for (const TiledTileLayer& l : tm_.tileLayers)
            if (&l != chosen)
                warn("tile layer \"" + l.name +
                     "\": skipped (a tilestep map has one tile layer; the collision layer is \"" +
                     (chosen ? chosen->name : "") + "\")");
        // Tiles drawn between grid cells have no place in a tilestep map; rather than move
        // every wall by a fraction of a tile, the import refuses.
        const TileShift shift = chosen ? tileShift(*chosen, tm_.tileWidth) : TileShift{};
        if (!shift.wholeX || !shift.wholeY)
            fail("layer \"" + chosen->name + "\": its offset (" + pixels(chosen->offsetX) + ", " +
                 pixels(chosen->offsetY) + ") px, groups included, is not a whole number of " +
                 std::to_string(tm_.tileWidth) +
                 "-px tiles, so its tiles are not on the grid (move the layer by whole tiles)");
        result_.collisionLayer = chosen ? chosen->name : "";
        return chosen;
    }

    // Finite maps keep their size; an infinite map becomes the rectangle its tile layers'
    // chunks cover, so objects move by the same origin.
    void placeMap() {
        Map& m = result_.map;
        if (!tm_.infinite) {
            m.width = tm_.width;
            m.height = tm_.height;
        } else {
            bool any = false;
            int64_t x0 = 0, y0 = 0, x1 = 0, y1 = 0;
            for (const TiledTileLayer& l : tm_.tileLayers) {
                if (l.width == 0) continue;
                // Where the layer's offset puts it (a part of a tile more, when not whole).
                const TileShift s = tileShift(l, tm_.tileWidth);
                const int64_t lx0 = l.x0 + s.x, ly0 = l.y0 + s.y;
                const int64_t lx1 = lx0 + l.width + !s.wholeX, ly1 = ly0 + l.height + !s.wholeY;
                x0 = any ? std::min(x0, lx0) : lx0;
                y0 = any ? std::min(y0, ly0) : ly0;
                x1 = any ? std::max(x1, lx1) : lx1;
                y1 = any ? std::max(y1, ly1) : ly1;
                any = true;
            }
            if (!any) fail("an infinite map without any tiles: its size is unknown");
            if (x1 - x0 > kMaxMapTiles || y1 - y0 > kMaxMapTiles)
                fail("the painted area is " + std::to_string(x1 - x0) + " x " +
                     std::to_string(y1 - y0) + " tiles, more than " + std::to_string(kMaxMapTiles) +
                     " per side");
            originX_ = x0;
            originY_ = y0;
            m.width = int32_t(x1 - x0);
            m.height = int32_t(y1 - y0);
        }
        if (m.width < 1 || m.height < 1 || m.width > kMaxMapTiles || m.height > kMaxMapTiles)
            fail(std::to_string(m.width) + " x " + std::to_string(m.height) +
                 " tiles is outside 1.." + std::to_string(kMaxMapTiles) + " per side");
    }

    // A tileset tilestep wrote: every tile is a kind, in order, as it was.
    void readTilestepKinds() {
        if (tm_.tilesets.size() != 1 || tm_.tilesets[0].firstGid != 1 ||
            propertyInt(tm_.tilesets[0].properties, "tilestep_kinds", 0) != 1)
            return;
        const TiledTileset& ts = tm_.tilesets[0];
        tilestepTileset_ = &ts;
        Tileset& out = result_.map.tileset;
        if (const TiledProperty* p = findProperty(ts.properties, "tilestep_image"))
            out.image = p->value;
        out.imageCellSize = int32_t(propertyInt(ts.properties, "tilestep_image_cell_size", 0));
        if (ts.tileCount > int64_t(mapio::kMaxKinds) - 1) fail("tileset: too many tiles");
        // Kind 0 from the tileset's tilestep_kind0_* properties.
        TileKind& empty = out.kinds[0];
        readKindFields(ts.properties, "tilestep_kind0_", "kind 0", empty);
        empty.passMask = uint8_t(propertyInt(ts.properties, "tilestep_kind0_pass_mask", 0) & 15);
        // Tiled rounds an image tileset's tile count up to whole rows of the image when it
        // re-saves the file; every kind tilestep wrote has its tile described, the cells of
        // the last row past them are no kinds.
        int64_t count = ts.tileCount;
        if (ts.columns > 0) {
            int64_t described = 0;
            for (const TiledTile& t : ts.tiles) described = std::max<int64_t>(described, t.id + 1);
            count = std::min(count, described);
        }
        for (uint32_t id = 0; id < uint32_t(count); ++id) {
            const TiledTile* tile = ts.tile(id);
            TileKind k;
            k.name = ts.name + ":" + std::to_string(id);
            // A tile without collision information: as kindFor() will read it (rule 4).
            TileCollision c{explicitLayer_ ? Shape::Solid : Shape::Empty, 0};
            std::string warning;
            if (tile) {
                readKindFields(tile->properties, "", "tileset tile " + std::to_string(id), k);
                collisionOfTile(*tile, tm_.tileWidth, &c, &warning);
                if (!warning.empty()) warn("tileset tile " + std::to_string(id) + ": " + warning);
            }
            k.shape = c.shape;
            k.passMask = c.passMask;
            kindOf_[{id + 1, c.shape, c.passMask, 0}] = uint16_t(out.kinds.size());
            out.kinds.push_back(k);
            result_.kindSource.push_back(id + 1);
        }
    }

    // A kind's name, colour, image cell and orientation from properties PREFIX + name /
    // color / image_cell / image_flip.
    void readKindFields(const TiledProperties& props, const std::string& prefix,
                        const std::string& what, TileKind& k) {
        if (const TiledProperty* p = findProperty(props, prefix + "name")) {
            if (mapio::checkText(p->value, mapio::kMaxNameBytes).empty())
                k.name = p->value;
            else
                warn(what + ": name unusable: " + mapio::checkText(p->value, mapio::kMaxNameBytes));
        }
        if (const TiledProperty* p = findProperty(props, prefix + "color"))
            if (!tiledColor(p->value, &k.color))
                warn(what + ": colour \"" + p->value + "\" unreadable");
        k.imageCell = int32_t(std::max<long>(propertyInt(props, prefix + "image_cell", -1), -1));
        const long flip = propertyInt(props, prefix + "image_flip", 0);
        if (flip >= 0 && flip <= kImageFlipMax)
            k.imageFlip = uint8_t(flip);
        else
            warn(what + ": image_flip " + std::to_string(flip) + " is outside 0.." +
                 std::to_string(kImageFlipMax) + ": drawn unflipped");
    }

    // A painted GID (flip bits kept) with what it becomes: its tile and collision shape.
    struct TileUse {
        uint32_t rawGid, gid, local;
        const TiledTileset* tileset;
        TileCollision base, shape;  // the tile's own shape, and after the flips
    };

    TileUse resolve(uint32_t rawGid, int64_t x, int64_t y) {
        const uint32_t gid = rawGid & kGidMask;
        const TiledTileset* ts = tilesetOf(tm_, gid);
        if (!ts)
            fail("layer \"" + result_.collisionLayer + "\": tile (" + std::to_string(x) + ", " +
                 std::to_string(y) + "): GID " + std::to_string(gid) + " is in no tileset");
        const uint32_t local = gid - ts->firstGid;
        const TiledTile* tile = ts->tile(local);
        // Past an atlas's tile count, or a tile an image collection does not list (its ids
        // may skip numbers): no tile Tiled could have painted. (A tileset without images,
        // as tilestep exports, lists only the tiles with properties: its count bounds it.)
        const bool collection = ts->columns == 0 && ts->image.empty() &&
                                std::any_of(ts->tiles.begin(), ts->tiles.end(),
                                            [](const TiledTile& t) { return t.hasImage; });
        const bool past = collection ? !(tile && tile->hasImage)
                                     : ts->tileCount > 0 && local >= ts->tileCount &&
                                           (ts->columns > 0 || ts->image.empty());
        if (past)
            fail("layer \"" + result_.collisionLayer + "\": tile (" + std::to_string(x) + ", " +
                 std::to_string(y) + "): GID " + std::to_string(gid) +
                 " is in no tileset (tileset \"" + ts->name + "\" has no tile " +
                 std::to_string(local) + ")");
        TileCollision base;
        std::string warning;
        CollisionSource src =
            tile ? collisionOfTile(*tile, tm_.tileWidth, &base, &warning) : CollisionSource::None;
        if (src == CollisionSource::None) base = {explicitLayer_ ? Shape::Solid : Shape::Empty, 0};
        const std::string tileName = ts->name + ":" + std::to_string(local);
        if (!warning.empty() && warned_.insert(gid).second)
            warn("tile " + tileName + ": " + warning);
        TileCollision c;
        if (!flipCollision(base, rawGid, &c)) {
            c = {Shape::Solid, 0};
            if (flipWarned_.insert(rawGid & ~kRotate120).second)
                warn("tile " + tileName + " flipped: a " + shapeName(base.shape) +
                     " turned that way is no tilestep shape: treated as solid");
        }
        return {rawGid, gid, local, ts, base, c};
    }

    // The kind of a painted GID: one per (tile, shape) and, when the tile is drawn from a
    // tileset image, per flip too, so that a flipped tile draws flipped (image_flip.h) even
    // when its shape is the same.
    uint16_t kindFor(const TileUse& u, const TiledTileset* imageTileset) {
        Tileset& out = result_.map.tileset;
        const uint8_t flips = uint8_t((u.rawGid & (kFlipH | kFlipV | kFlipD)) >> 29);
        // The image cell it shows and how it is turned: a tilestep tileset's kind carries its
        // own (a tile flipped in Tiled turns it further); other tiles show their own cell
        // when their tileset is the image.
        int32_t cell = -1;
        uint8_t turn = 0;
        if (tilestepTileset_) {
            const auto base =
                kindOf_.find(std::make_tuple(u.gid, u.base.shape, u.base.passMask, uint8_t(0)));
            if (base != kindOf_.end() && !out.image.empty() &&
                out.kinds[base->second].imageCell >= 0) {
                cell = out.kinds[base->second].imageCell;
                turn = composeImageFlips(out.kinds[base->second].imageFlip, flips);
            }
        } else if (u.tileset == imageTileset) {
            cell = int32_t(u.local);
            turn = flips;
        }
        const uint8_t flipsShown = cell >= 0 ? flips : 0;
        auto key = std::make_tuple(u.gid, u.shape.shape, u.shape.passMask, flipsShown);
        auto it = kindOf_.find(key);
        if (it != kindOf_.end()) return it->second;
        if (out.kinds.size() >= mapio::kMaxKinds)
            fail("more than " + std::to_string(mapio::kMaxKinds) + " distinct tiles");
        TileKind k;
        k.name = u.tileset->name + ":" + std::to_string(u.local);
        std::string about;
        if (!(u.shape == u.base) || tilestepTileset_) about = shapeName(u.shape.shape);
        if (flipsShown)
            about += std::string(about.empty() ? "" : ", ") + "flip " + imageFlipLetters(flips);
        if (!about.empty()) k.name += " (" + about + ")";
        k.shape = u.shape.shape;
        k.passMask = u.shape.passMask;
        k.color = k.shape == Shape::Empty ? 0x80808080u : defaultColor(k.shape);
        k.imageCell = cell;
        k.imageFlip = turn;
        uint16_t id = uint16_t(out.kinds.size());
        out.kinds.push_back(k);
        result_.kindSource.push_back(u.gid);
        kindOf_[key] = id;
        return id;
    }

    void fillTiles(const TiledTileLayer& layer) {
        Map& m = result_.map;
        // Kinds are made in GID order, not in order of appearance, so that the same tileset
        // gives the same ids whatever is painted where.
        std::map<uint32_t, size_t> firstCell;  // GID (flips kept) -> the first cell with it
        for (size_t i = 0; i < layer.gids.size(); ++i)
            if (layer.gids[i] & kGidMask) firstCell.emplace(layer.gids[i] & ~kRotate120, i);
        std::vector<uint32_t> used;
        for (auto& [g, at] : firstCell) used.push_back(g);
        std::sort(used.begin(), used.end(), [](uint32_t a, uint32_t b) {
            return (a & kGidMask) != (b & kGidMask) ? (a & kGidMask) < (b & kGidMask) : a < b;
        });
        std::vector<TileUse> uses;
        for (uint32_t g : used) {
            const int64_t at = int64_t(firstCell[g]);
            uses.push_back(resolve(g, layer.x0 + at % layer.width, layer.y0 + at / layer.width));
        }
        // The image is chosen first: whether a tile shows an image decides whether its flips
        // make a kind of their own.
        const TiledTileset* imageTileset = chooseImage(uses);
        std::map<uint32_t, uint16_t> kindOfGid;
        for (const TileUse& u : uses) kindOfGid[u.rawGid] = kindFor(u, imageTileset);
        // The layer's offset (whole tiles: chooseLayer refuses others) moves its cells; on a
        // finite map, those it moves past the map's edge are dropped, with a warning.
        const TileShift shift = tileShift(layer, m.tileSize);
        if (ForeignSource* src = result_.source.get()) {
            src->layerChunked = tm_.infinite;
            src->layerWidth = layer.width;
            src->layerHeight = layer.height;
            src->cellX = layer.x0 + shift.x - originX_;
            src->cellY = layer.y0 + shift.y - originY_;
            src->layerGids = layer.gids;
            for (const auto& [gid, kind] : kindOfGid) kindGid_.emplace(gid, kind);
        }
        int64_t outside = 0;
        for (int64_t y = 0; y < layer.height; ++y)
            for (int64_t x = 0; x < layer.width; ++x) {
                uint32_t g = layer.gids[size_t(y * layer.width + x)];
                if (!(g & kGidMask)) continue;
                const int64_t mx = layer.x0 + shift.x - originX_ + x;
                const int64_t my = layer.y0 + shift.y - originY_ + y;
                if (!m.inside(mx, my)) {
                    ++outside;
                    continue;
                }
                m.setTile(mx, my, kindOfGid[g & ~kRotate120]);
            }
        if (outside)
            warn("layer \"" + layer.name + "\": its offset (" + pixels(layer.offsetX) + ", " +
                 pixels(layer.offsetY) + ") px moves " + std::to_string(outside) +
                 " painted tiles past the map's edge: dropped");
    }

    // One image per tilestep tileset: that of the tileset most new kinds (distinct tile and
    // shape) come from, when it is a plain grid of square cells. Returns that tileset, or
    // null when the tiles show as colours.
    const TiledTileset* chooseImage(const std::vector<TileUse>& uses) {
        if (tilestepTileset_ || uses.empty()) return nullptr;
        std::set<std::tuple<uint32_t, Shape, uint8_t>> kinds;
        std::map<const TiledTileset*, int> count;
        for (const TileUse& u : uses)
            if (kinds.insert(std::make_tuple(u.gid, u.shape.shape, u.shape.passMask)).second)
                count[u.tileset]++;
        const TiledTileset* best = nullptr;
        for (auto& [ts, n] : count) {
            std::string why;
            if (ts->image.empty())
                why = ts->tiles.empty() || !ts->tiles[0].hasImage
                          ? "it has no image"
                          : "it is an image collection (tilestep shows one tileset image)";
            else if (ts->tileWidth != ts->tileHeight)
                why = "its tiles are not square";
            else if (ts->margin || ts->spacing)
                why = "its image has a margin or spacing";
            else if (ts->tileWidth < 1 || ts->tileWidth > 4096)
                why = "its tile size is unusable";
            if (!why.empty()) {
                warn("tileset \"" + ts->name + "\": tiles shown as colours: " + why);
                continue;
            }
            if (!best || n > count[best]) best = ts;
        }
        if (!best) return nullptr;
        for (auto& [ts, n] : count)
            if (ts != best && !ts->image.empty())
                warn("tileset \"" + ts->name +
                     "\": tiles shown as colours (tilestep shows one tileset image per map; "
                     "using \"" +
                     best->name + "\")");
        Tileset& out = result_.map.tileset;
        if (!mapio::checkText(best->image, mapio::kMaxPathBytes).empty()) return nullptr;
        out.image = best->image;
        out.imageCellSize = best->tileWidth == tm_.tileWidth ? 0 : best->tileWidth;
        return best;
    }

    const TiledMap& tm_;
    std::string path_;
    ImportOptions options_;
    ImportResult result_;
    bool explicitLayer_ = false;
    int64_t originX_ = 0, originY_ = 0;
    std::map<uint32_t, uint16_t> kindGid_;  // keepSource: the GIDs painted, with their kinds
    ActorNames actorNames_;
    const TiledTileset* tilestepTileset_ = nullptr;
    // (GID, shape, pass mask, flips shown) -> kind; flips are 0 for tiles drawn as colours.
    std::map<std::tuple<uint32_t, Shape, uint8_t, uint8_t>, uint16_t> kindOf_;
    std::set<uint32_t> warned_, flipWarned_;
};

}  // namespace

ImportResult importTiledMap(const TiledMap& tm, const std::string& path,
                            const ImportOptions& options) {
    return Importer(tm, path, options).run();
}

ImportResult importTmx(const std::string& path, const ImportOptions& options) {
    ImportResult r = importTiledMap(readTmx(path), path, options);
    if (r.source) r.source->bytes = readFileBytes(path);
    return r;
}

ImportResult importTmj(const std::string& path, const ImportOptions& options) {
    ImportResult r = importTiledMap(readTmj(path), path, options);
    if (r.source) r.source->bytes = readFileBytes(path);
    return r;
}

}  // namespace ts::interop
