#include "io/tiled/detail/tiled_walk.h"

#include "io/interop_files.h"
#include "io/layer_data.h"
#include "io/map_io.h"
#include "map/map.h"

namespace ts::interop {

namespace {

class Walk {
  public:
    Walk(const std::string& path, TiledMap& m) : path_(path), m_(m) {}

    [[noreturn]] void fail(const std::string& problem) const {
        throw MapError(path_ + ": " + problem);
    }

    // `groups`: the summed offsets of the groups the layer is in (px).
    void tileLayer(const TiledNode& n, const std::string& name, TiledPoint groups) const {
        TiledTileLayer layer;
        layer.name = name;
        const std::string at = "layer \"" + layer.name + "\": ";
        layer.offsetX = groups.x + n.number("offsetx", 0, at);
        layer.offsetY = groups.y + n.number("offsety", 0, at);
        std::string encoding, compression;
        n.dataFormat(at, &encoding, &compression);
        if (m_.infinite) {
            std::vector<Chunk> chunks;
            n.chunks(at, [&](const TiledNode& c) {
                Chunk chunk;
                chunk.x = c.integer("x", 0, INT32_MIN, INT32_MAX, at + "chunk: ");
                chunk.y = c.integer("y", 0, INT32_MIN, INT32_MAX, at + "chunk: ");
                chunk.width = c.integer("width", 0, 1, 1 << 16, at + "chunk: ");
                chunk.height = c.integer("height", 0, 1, 1 << 16, at + "chunk: ");
                const std::string cat = at + "chunk (" + std::to_string(chunk.x) + ", " +
                                        std::to_string(chunk.y) + "): ";
                chunk.gids = c.gids(encoding, compression, chunk.width * chunk.height, cat);
                chunks.push_back(std::move(chunk));
            });
            std::string problem = mergeChunks(chunks, &layer);
            if (!problem.empty()) fail(at + problem);
        } else {
            layer.width = m_.width;
            layer.height = m_.height;
            layer.gids = n.gids(encoding, compression, layer.width * layer.height, at);
        }
        m_.tileLayers.push_back(std::move(layer));
    }

    // A group's offset moves everything in it, nested groups' offsets adding up.
    void layers(const TiledNode& parent, int depth, TiledPoint groups) const {
        if (depth > 64) fail("layer groups nested more than 64 deep");
        parent.layers([&](const std::string& kind, const std::string& name, const TiledNode& n) {
            if (kind == "layer") {
                tileLayer(n, name, groups);
            } else if (kind == "objectgroup") {
                TiledObjectLayer layer;
                layer.name = name;
                const std::string at = "layer \"" + name + "\": ";
                layer.offsetX = groups.x + n.number("offsetx", 0, at);
                layer.offsetY = groups.y + n.number("offsety", 0, at);
                n.objects(
                    [&](const TiledNode& o) { layer.objects.push_back(o.object(templates_)); });
                m_.objectLayers.push_back(std::move(layer));
            } else if (kind == "group") {
                const std::string at = "group \"" + name + "\": ";
                layers(
                    n, depth + 1,
                    {groups.x + n.number("offsetx", 0, at), groups.y + n.number("offsety", 0, at)});
            } else if (kind == "imagelayer") {
                m_.warnings.push_back("image layer \"" + name +
                                      "\": skipped (tilestep has no image layers)");
            }
        });
    }

    void read(const TiledNode& root) {
        m_.orientation = root.text("orientation", "");
        m_.infinite = root.infinite();
        m_.tileWidth = int32_t(root.integer("tilewidth", 0, 0, 1 << 16, ""));
        m_.tileHeight = int32_t(root.integer("tileheight", 0, 0, 1 << 16, ""));
        const int64_t maxSide = m_.infinite ? INT32_MAX : kMaxMapTiles;
        m_.width = int32_t(root.integer("width", 0, 0, maxSide, ""));
        m_.height = int32_t(root.integer("height", 0, 0, maxSide, ""));
        checkTiledMapShape(path_, m_);
        m_.properties = root.properties("");
        const std::string mapFolder = folderOf(path_);
        root.tilesets(
            [&](const TiledNode& t) { m_.tilesets.push_back(walkTileset(t, mapFolder)); });
        // Objects in the map's layers may be template instances.
        TemplateInstancer templates(path_, m_);
        templates_ = &templates;
        layers(root, 0, {});
        templates_ = nullptr;
    }

  private:
    const std::string& path_;
    TiledMap& m_;
    TemplateInstancer* templates_ = nullptr;
};

}  // namespace

TiledMap walkTiledMap(const TiledNode& root, const std::string& path) {
    TiledMap m;
    Walk(path, m).read(root);
    return m;
}

void walkTilesetBody(const TiledNode& n, TiledTileset& ts, const std::string& relFolder) {
    const std::string at = "tileset: ";
    ts.name = n.text("name", at);
    ts.tileWidth = int32_t(n.integer("tilewidth", 0, 0, 1 << 16, at));
    ts.tileHeight = int32_t(n.integer("tileheight", 0, 0, 1 << 16, at));
    ts.margin = int32_t(n.integer("margin", 0, 0, 1 << 16, at));
    ts.spacing = int32_t(n.integer("spacing", 0, 0, 1 << 16, at));
    ts.columns = int32_t(n.integer("columns", 0, 0, 1 << 24, at));
    ts.tileCount = n.integer("tilecount", 0, 0, 1 << 28, at);
    ts.properties = n.properties(at);
    n.image(relFolder, ts, at);
    n.tiles(at, [&](const TiledNode& t) {
        TiledTile tile;
        tile.id = uint32_t(t.integer("id", 0, 0, kGidMask, at + "tiles: "));
        const std::string tat = "tile " + std::to_string(tile.id) + ": ";
        tile.type = t.className();
        tile.properties = t.properties(tat);
        tile.hasImage = t.hasImage();
        t.tileCollision(tat,
                        [&](const TiledNode& o) { tile.collision.push_back(o.object(nullptr)); });
        ts.tiles.push_back(std::move(tile));
    });
}

TiledTileset walkTileset(const TiledNode& n, const std::string& mapFolder) {
    TiledTileset ts;
    ts.firstGid = uint32_t(n.integer("firstgid", 1, 1, kGidMask, "tileset: "));
    std::string source = n.text("source", "tileset: ");
    if (source.empty()) {
        walkTilesetBody(n, ts, ".");
        return ts;
    }
    ts.source = source;
    const std::string file = joinPath(mapFolder, source);
    // Tiled lets a map of either form use a tileset of either form; the extension says which,
    // else the map's own form.
    const bool xml =
        endsWithNoCase(source, ".tsx") ||
        (n.xmlTilesets() && !endsWithNoCase(source, ".tsj") && !endsWithNoCase(source, ".json"));
    if (xml)
        readTsx(file, folderOf(source), ts);
    else
        readTsj(file, folderOf(source), ts);
    return ts;
}

}  // namespace ts::interop
