// Reading Tiled's XML forms (.tmx maps, .tsx tilesets, .tx templates) through pugixml: the
// elements as TiledNodes for the walk both forms share (tiled_walk.h), which says what makes a
// TiledMap. Every number is checked; a problem names the file, the element and the attribute.
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
#include "io/tiled/detail/tiled_walk.h"

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

  private:
    std::string path_;
};

// An element for the shared walk (tiled_walk.h).
class TmxNode final : public TiledNode {
  public:
    TmxNode(const TmxReader& r, pugi::xml_node n) : r_(r), n_(n) {}

    std::string text(const char* key, const std::string&) const override {
        return n_.attribute(key).value();
    }
    double number(const char* key, double def, const std::string&) const override {
        return r_.number(n_, key, def);
    }
    int64_t integer(const char* key, int64_t def, int64_t lo, int64_t hi,
                    const std::string&) const override {
        return r_.integer(n_, key, def, lo, hi);
    }
    std::string className() const override { return TmxReader::typeOf(n_); }
    TiledProperties properties(const std::string&) const override { return r_.properties(n_); }

    bool infinite() const override { return r_.integer(n_, "infinite", 0, 0, 1) == 1; }
    void tilesets(const Visit& visit) const override { each(n_.children("tileset"), visit); }
    // Layers are the map's or group's elements by name: the walk skips the other elements.
    void layers(const VisitLayer& visit) const override {
        for (pugi::xml_node c : n_.children())
            visit(c.name(), c.attribute("name").value(), TmxNode(r_, c));
    }
    bool xmlTilesets() const override { return true; }

    void image(const std::string& relFolder, TiledTileset& ts, const std::string&) const override {
        if (pugi::xml_node img = n_.child("image")) {
            ts.image = joinPath(relFolder, img.attribute("source").value());
            ts.imageWidth = int32_t(r_.integer(img, "width", 0, 0, 1 << 20));
            ts.imageHeight = int32_t(r_.integer(img, "height", 0, 0, 1 << 20));
        }
    }
    void tiles(const std::string&, const Visit& visit) const override {
        each(n_.children("tile"), visit);
    }
    bool hasImage() const override { return bool(n_.child("image")); }
    void tileCollision(const std::string&, const Visit& visit) const override {
        each(n_.child("objectgroup").children("object"), visit);
    }

    void objects(const Visit& visit) const override { each(n_.children("object"), visit); }
    TiledObject object(TemplateInstancer* templates) const override {
        return readObject(TmxReader::ObjectElement(r_, n_), templates);
    }

    // The encoding is the <data> element's; a <chunk> holds its own GIDs.
    void dataFormat(const std::string&, std::string* encoding,
                    std::string* compression) const override {
        pugi::xml_node d = n_.child("data");
        *encoding = d.attribute("encoding").value();
        *compression = d.attribute("compression").value();
    }
    void chunks(const std::string&, const Visit& visit) const override {
        each(n_.child("data").children("chunk"), visit);
    }
    std::vector<uint32_t> gids(const std::string& encoding, const std::string& compression,
                               int64_t count, const std::string& at) const override {
        pugi::xml_node d = std::strcmp(n_.name(), "chunk") == 0 ? n_ : n_.child("data");
        if (!d) r_.fail(at + "no <data>");
        return r_.data(d, encoding, compression, count, at);
    }

  private:
    template <class Range>
    void each(Range elements, const Visit& visit) const {
        for (pugi::xml_node e : elements) visit(TmxNode(r_, e));
    }

    const TmxReader& r_;
    pugi::xml_node n_;
};

}  // namespace

void readTsx(const std::string& path, const std::string& relFolder, TiledTileset& ts) {
    TmxReader reader(path);
    pugi::xml_document doc;
    pugi::xml_node root = reader.load(doc, readFileBytes(path), "tileset");
    walkTilesetBody(TmxNode(reader, root), ts, relFolder);
}

TiledTemplate readTx(const std::string& path) {
    TmxReader reader(path);
    pugi::xml_document doc;
    pugi::xml_node root = reader.load(doc, readFileBytes(path), "template");
    TiledTemplate t;
    if (pugi::xml_node ts = root.child("tileset")) {
        t.hasTileset = true;
        t.tileset = walkTileset(TmxNode(reader, ts), folderOf(path));
    }
    pugi::xml_node o = root.child("object");
    if (!o) reader.fail("no <object> in the template");
    t.object = TmxNode(reader, o).object(nullptr);
    return t;
}

TiledMap readTmx(const std::string& path) {
    TmxReader reader(path);
    pugi::xml_document doc;
    pugi::xml_node root = reader.load(doc, readFileBytes(path), "map");
    return walkTiledMap(TmxNode(reader, root), path);
}

}  // namespace ts::interop
