// Reading Tiled's XML forms (.tmx maps, .tsx tilesets) through pugixml into a TiledMap.
// Every number is checked; a problem names the file, the element and the attribute.
#include <pugixml.hpp>

#include <cstring>

#include <cerrno>
#include <cmath>
#include <cstdlib>

#include "io/interop_files.h"
#include "io/layer_data.h"
#include "map/map.h"
#include "io/map_io.h"
#include "io/tiled/tiled_model.h"
#include "io/tiled/detail/tiled_object_read.h"

namespace ts::interop {

namespace {

class TmxReader {
  public:
    explicit TmxReader(const std::string& path) : path_(path) {}

    [[noreturn]] void fail(const std::string& problem) const {
        throw MapError(path_ + ": " + problem);
    }

    pugi::xml_node load(pugi::xml_document& doc, const std::string& text, const char* root) {
        pugi::xml_parse_result r =
            doc.load_buffer(text.data(), text.size(), pugi::parse_default, pugi::encoding_utf8);
        if (!r) {
            size_t line = 1;
            for (ptrdiff_t i = 0; i < r.offset && size_t(i) < text.size(); ++i)
                line += text[size_t(i)] == '\n';
            fail("invalid XML at line " + std::to_string(line) + ": " + r.description());
        }
        pugi::xml_node n = doc.child(root);
        if (!n) fail(std::string("no <") + root + "> element (not a Tiled file?)");
        return n;
    }

    int64_t integer(pugi::xml_node n, const char* attr, int64_t def, int64_t lo, int64_t hi) const {
        pugi::xml_attribute a = n.attribute(attr);
        if (!a) return def;
        const char* s = a.value();
        char* end = nullptr;
        errno = 0;
        long long v = std::strtoll(s, &end, 10);
        if (end == s || *end != '\0' || errno == ERANGE)
            fail(where(n, attr) + "\"" + std::string(s).substr(0, 20) + "\" is not a whole number");
        if (v < lo || v > hi)
            fail(where(n, attr) + (std::strlen(s) > 40 ? std::string(s, 40) + "..." : s) +
                 " is outside " + std::to_string(lo) + ".." + std::to_string(hi));
        return v;
    }
    double number(pugi::xml_node n, const char* attr, double def) const {
        pugi::xml_attribute a = n.attribute(attr);
        if (!a) return def;
        return parseNumber(a.value(), where(n, attr));
    }
    double parseNumber(const char* s, const std::string& at) const {
        char* end = nullptr;
        double v = std::strtod(s, &end);
        if (end == s || *end != '\0' || !std::isfinite(v) || std::fabs(v) > 1e12)
            fail(at + "\"" + std::string(s).substr(0, 20) + "\" is not a usable number");
        return v;
    }
    static std::string where(pugi::xml_node n, const char* attr) {
        return std::string("<") + n.name() + "> " + attr + ": ";
    }

    TiledProperties properties(pugi::xml_node n) const {
        TiledProperties out;
        for (pugi::xml_node p : n.child("properties").children("property")) {
            TiledProperty prop;
            prop.name = p.attribute("name").value();
            prop.type = p.attribute("type").as_string("string");
            // Multi-line strings are written as the element's text instead of value=.
            prop.value = p.attribute("value") ? p.attribute("value").value() : p.text().get();
            out.push_back(std::move(prop));
        }
        return out;
    }

    static std::string typeOf(pugi::xml_node n) {
        std::string c = n.attribute("class").value();
        return c.empty() ? n.attribute("type").value() : c;
    }

    std::vector<TiledPoint> points(pugi::xml_node n, const std::string& at) const {
        std::vector<TiledPoint> out;
        std::string s = n.attribute("points").value();
        size_t i = 0;
        while (i < s.size()) {
            while (i < s.size() && s[i] == ' ') ++i;
            if (i == s.size()) break;
            size_t end = s.find(' ', i);
            std::string pair = s.substr(i, end == std::string::npos ? std::string::npos : end - i);
            size_t comma = pair.find(',');
            if (comma == std::string::npos) fail(at + "points: \"" + pair + "\" is not x,y");
            TiledPoint p;
            p.x = parseNumber(pair.substr(0, comma).c_str(), at + "points: ");
            p.y = parseNumber(pair.substr(comma + 1).c_str(), at + "points: ");
            out.push_back(p);
            i = end == std::string::npos ? s.size() : end;
        }
        return out;
    }

    // An <object> for the shared object path (tiled_object_read.h).
    class ObjectElement : public ObjectSource {
      public:
        ObjectElement(const TmxReader& r, pugi::xml_node n) : r_(r), n_(n) {}
        bool has(const char* key) const override { return bool(n_.attribute(key)); }
        std::string text(const char* key) const override { return n_.attribute(key).value(); }
        std::string className() const override { return typeOf(n_); }
        double number(const char* key) const override { return r_.number(n_, key, 0); }
        int64_t integer(const char* key, int64_t hi) const override {
            return r_.integer(n_, key, 0, 0, hi);
        }
        ObjectShape shape(std::vector<TiledPoint>* points) const override {
            ObjectShape s = ObjectShape::Rectangle;
            if (n_.child("ellipse")) s = ObjectShape::Ellipse;
            if (n_.child("point")) s = ObjectShape::Point;
            if (n_.child("text")) s = ObjectShape::Text;
            const std::string at = "object " + std::to_string(integer("id", INT32_MAX)) + ": ";
            if (pugi::xml_node p = n_.child("polygon")) {
                s = ObjectShape::Polygon;
                *points = r_.points(p, at);
            }
            if (pugi::xml_node p = n_.child("polyline")) {
                s = ObjectShape::Polyline;
                *points = r_.points(p, at);
            }
            return s;
        }
        TiledProperties properties() const override { return r_.properties(n_); }

      private:
        const TmxReader& r_;
        pugi::xml_node n_;
    };

    TiledObject object(pugi::xml_node n) const {
        return readObject(ObjectElement(*this, n), templates_);
    }

    // The tileset element's content (embedded, or the root of a .tsx). `folder` is where its
    // image paths are relative to, `mapFolder` where the import wants them relative to.
    void tilesetBody(pugi::xml_node n, TiledTileset& ts, const std::string& relFolder) const {
        ts.name = n.attribute("name").value();
        ts.tileWidth = int32_t(integer(n, "tilewidth", 0, 0, 1 << 16));
        ts.tileHeight = int32_t(integer(n, "tileheight", 0, 0, 1 << 16));
        ts.margin = int32_t(integer(n, "margin", 0, 0, 1 << 16));
        ts.spacing = int32_t(integer(n, "spacing", 0, 0, 1 << 16));
        ts.columns = int32_t(integer(n, "columns", 0, 0, 1 << 24));
        ts.tileCount = integer(n, "tilecount", 0, 0, 1 << 28);
        ts.properties = properties(n);
        if (pugi::xml_node img = n.child("image")) {
            ts.image = joinPath(relFolder, img.attribute("source").value());
            ts.imageWidth = int32_t(integer(img, "width", 0, 0, 1 << 20));
            ts.imageHeight = int32_t(integer(img, "height", 0, 0, 1 << 20));
        }
        for (pugi::xml_node t : n.children("tile")) {
            TiledTile tile;
            tile.id = uint32_t(integer(t, "id", 0, 0, kGidMask));
            tile.type = typeOf(t);
            tile.properties = properties(t);
            tile.hasImage = bool(t.child("image"));
            for (pugi::xml_node o : t.child("objectgroup").children("object"))
                tile.collision.push_back(object(o));
            ts.tiles.push_back(std::move(tile));
        }
    }

    std::vector<uint32_t> data(pugi::xml_node d, const std::string& encoding,
                               const std::string& compression, int64_t count,
                               const std::string& at) const {
        std::vector<uint32_t> gids;
        std::string problem;
        if (encoding == "csv") {
            problem = parseCsvGids(d.text().get(), size_t(count), &gids);
        } else if (encoding == "base64") {
            problem = decodeBase64Gids(d.text().get(), compression, size_t(count), &gids);
        } else if (encoding.empty()) {
            for (pugi::xml_node t : d.children("tile")) {
                if (int64_t(gids.size()) == count) {
                    problem = "more <tile> elements than the layer's " + std::to_string(count);
                    break;
                }
                gids.push_back(uint32_t(integer(t, "gid", 0, 0, UINT32_MAX)));
            }
            if (problem.empty() && int64_t(gids.size()) != count)
                problem = std::to_string(gids.size()) + " <tile> elements for " +
                          std::to_string(count) + " tiles";
        } else {
            problem = "unknown encoding \"" + encoding + "\" (known: csv, base64, none)";
        }
        if (!problem.empty()) fail(at + problem);
        return gids;
    }

    // `groups`: the summed offsets of the groups the layer is in (px).
    void tileLayer(pugi::xml_node n, TiledMap& m, TiledPoint groups) const {
        TiledTileLayer layer;
        layer.name = n.attribute("name").value();
        layer.offsetX = groups.x + number(n, "offsetx", 0);
        layer.offsetY = groups.y + number(n, "offsety", 0);
        const std::string at = "layer \"" + layer.name + "\": ";
        pugi::xml_node d = n.child("data");
        const std::string encoding = d.attribute("encoding").value();
        const std::string compression = d.attribute("compression").value();
        if (m.infinite) {
            std::vector<Chunk> chunks;
            for (pugi::xml_node c : d.children("chunk")) {
                Chunk chunk;
                chunk.x = integer(c, "x", 0, INT32_MIN, INT32_MAX);
                chunk.y = integer(c, "y", 0, INT32_MIN, INT32_MAX);
                chunk.width = integer(c, "width", 0, 1, 1 << 16);
                chunk.height = integer(c, "height", 0, 1, 1 << 16);
                const std::string cat = at + "chunk (" + std::to_string(chunk.x) + ", " +
                                        std::to_string(chunk.y) + "): ";
                chunk.gids = data(c, encoding, compression, chunk.width * chunk.height, cat);
                chunks.push_back(std::move(chunk));
            }
            std::string problem = mergeChunks(chunks, &layer);
            if (!problem.empty()) fail(at + problem);
        } else {
            layer.width = m.width;
            layer.height = m.height;
            if (!d) fail(at + "no <data>");
            layer.gids = data(d, encoding, compression, layer.width * layer.height, at);
        }
        m.tileLayers.push_back(std::move(layer));
    }

    // A group's offset moves everything in it, nested groups' offsets adding up.
    void layers(pugi::xml_node parent, TiledMap& m, int depth, TiledPoint groups) const {
        if (depth > 64) fail("layer groups nested more than 64 deep");
        for (pugi::xml_node n : parent.children()) {
            std::string kind = n.name();
            if (kind == "layer") {
                tileLayer(n, m, groups);
            } else if (kind == "objectgroup") {
                TiledObjectLayer layer;
                layer.name = n.attribute("name").value();
                layer.offsetX = groups.x + number(n, "offsetx", 0);
                layer.offsetY = groups.y + number(n, "offsety", 0);
                for (pugi::xml_node o : n.children("object")) layer.objects.push_back(object(o));
                m.objectLayers.push_back(std::move(layer));
            } else if (kind == "group") {
                layers(n, m, depth + 1,
                       {groups.x + number(n, "offsetx", 0), groups.y + number(n, "offsety", 0)});
            } else if (kind == "imagelayer") {
                m.warnings.push_back("image layer \"" + std::string(n.attribute("name").value()) +
                                     "\": skipped (tilestep has no image layers)");
            }
        }
    }

    TiledTileset tileset(pugi::xml_node n, const std::string& mapFolder) const {
        TiledTileset ts;
        ts.firstGid = uint32_t(integer(n, "firstgid", 1, 1, kGidMask));
        std::string source = n.attribute("source").value();
        if (source.empty()) {
            tilesetBody(n, ts, ".");
            return ts;
        }
        ts.source = source;
        const std::string file = joinPath(mapFolder, source);
        // Tiled lets a map of either form use a tileset of either form.
        if (endsWithNoCase(source, ".tsj") || endsWithNoCase(source, ".json"))
            readTsj(file, folderOf(source), ts);
        else
            readTsx(file, folderOf(source), ts);
        return ts;
    }

    TiledMap read() {
        pugi::xml_document doc;
        pugi::xml_node root = load(doc, readFileBytes(path_), "map");
        TiledMap m;
        m.orientation = root.attribute("orientation").value();
        m.infinite = integer(root, "infinite", 0, 0, 1) == 1;
        m.tileWidth = int32_t(integer(root, "tilewidth", 0, 0, 1 << 16));
        m.tileHeight = int32_t(integer(root, "tileheight", 0, 0, 1 << 16));
        m.width = int32_t(integer(root, "width", 0, 0, m.infinite ? INT32_MAX : kMaxMapTiles));
        m.height = int32_t(integer(root, "height", 0, 0, m.infinite ? INT32_MAX : kMaxMapTiles));
        checkTiledMapShape(path_, m);
        m.properties = properties(root);
        const std::string mapFolder = folderOf(path_);
        for (pugi::xml_node t : root.children("tileset"))
            m.tilesets.push_back(tileset(t, mapFolder));
        TemplateInstancer templates(path_, m);
        templates_ = &templates;
        layers(root, m, 0, {});
        templates_ = nullptr;
        return m;
    }

  private:
    std::string path_;
    // Set while a map's layers are read: objects there may be template instances.
    TemplateInstancer* templates_ = nullptr;
};

}  // namespace

void readTsx(const std::string& path, const std::string& relFolder, TiledTileset& ts) {
    TmxReader reader(path);
    pugi::xml_document doc;
    pugi::xml_node root = reader.load(doc, readFileBytes(path), "tileset");
    reader.tilesetBody(root, ts, relFolder);
}

TiledTemplate readTx(const std::string& path) {
    TmxReader reader(path);
    pugi::xml_document doc;
    pugi::xml_node root = reader.load(doc, readFileBytes(path), "template");
    TiledTemplate t;
    if (pugi::xml_node ts = root.child("tileset")) {
        t.hasTileset = true;
        t.tileset = reader.tileset(ts, folderOf(path));
    }
    pugi::xml_node o = root.child("object");
    if (!o) reader.fail("no <object> in the template");
    t.object = reader.object(o);
    return t;
}

TiledMap readTmx(const std::string& path) {
    return TmxReader(path).read();
}

}  // namespace ts::interop
