// Reading Tiled's JSON forms (.tmj maps, .tsj tilesets) into a TiledMap, through the
// rapidjson DOM the project already uses for its own maps (see core/io/map_json.cpp for why
// cereal's header comes first).
#include <cereal/archives/json.hpp>
#include <rapidjson/error/en.h>

#include <cmath>

#include "io/detail/json_number_text.h"
#include "io/interop_files.h"
#include "io/layer_data.h"
#include "map/map.h"
#include "io/map_io.h"
#include "io/tiled/tiled_model.h"
#include "io/tiled/detail/tiled_object_read.h"

namespace ts::interop {

namespace {

using rapidjson::Value;

// No kParseFullPrecisionFlag: rapidjson 1.1's full-precision path calls clz(0) and shifts by
// the garbage count on a zero significand with an exponent ("0E55", found by
// fuzz_tiled_import). The normal path is exact for the short decimals Tiled writes (fast path:
// a significand below 2^53 times a power of ten up to 22).
constexpr unsigned kParseFlags =
    rapidjson::kParseIterativeFlag | rapidjson::kParseValidateEncodingFlag;

class TmjReader {
  public:
    explicit TmjReader(const std::string& path) : path_(path) {}

    [[noreturn]] void fail(const std::string& problem) const {
        throw MapError(path_ + ": " + problem);
    }

    void parse(rapidjson::Document& doc, const std::string& text) const {
        doc.Parse<kParseFlags>(text.data(), text.size());
        if (doc.HasParseError()) {
            size_t line = 1;
            for (size_t i = 0; i < doc.GetErrorOffset() && i < text.size(); ++i)
                line += text[i] == '\n';
            fail("invalid JSON at line " + std::to_string(line) + ": " +
                 rapidjson::GetParseError_En(doc.GetParseError()));
        }
        if (!doc.IsObject()) fail("the top level must be an object");
    }

    static const Value* find(const Value& obj, const char* key) {
        if (!obj.IsObject()) return nullptr;
        auto it = obj.FindMember(key);
        return it == obj.MemberEnd() ? nullptr : &it->value;
    }
    std::string text(const Value& obj, const char* key, const std::string& at) const {
        const Value* v = find(obj, key);
        if (!v) return "";
        if (!v->IsString()) fail(at + key + ": expected a string");
        return std::string(v->GetString(), v->GetStringLength());
    }
    double number(const Value& obj, const char* key, double def, const std::string& at) const {
        const Value* v = find(obj, key);
        if (!v) return def;
        if (!v->IsNumber() || !std::isfinite(v->GetDouble()) || std::fabs(v->GetDouble()) > 1e12)
            fail(at + key + ": expected a usable number");
        return v->GetDouble();
    }
    int64_t integer(const Value& obj, const char* key, int64_t def, int64_t lo, int64_t hi,
                    const std::string& at) const {
        const Value* v = find(obj, key);
        if (!v) return def;
        if (!v->IsNumber()) fail(at + key + ": expected an integer");
        double d = v->GetDouble();
        if (d != std::floor(d)) fail(at + key + ": expected an integer");
        if (d < double(lo) || d > double(hi))
            fail(at + key + ": " + jsonNumberText(*v) + " is outside " + std::to_string(lo) + ".." +
                 std::to_string(hi));
        return int64_t(d);
    }
    const Value& array(const Value& obj, const char* key, const std::string& at) const {
        static const Value empty(rapidjson::kArrayType);
        const Value* v = find(obj, key);
        if (!v) return empty;
        if (!v->IsArray()) fail(at + key + ": expected an array");
        return *v;
    }

    static std::string typeOf(const Value& obj) {
        const Value* c = find(obj, "class");
        if (c && c->IsString() && c->GetStringLength()) return c->GetString();
        const Value* t = find(obj, "type");
        return t && t->IsString() ? t->GetString() : "";
    }

    TiledProperties properties(const Value& obj, const std::string& at) const {
        TiledProperties out;
        const Value& list = array(obj, "properties", at);
        for (const Value& p : list.GetArray()) {
            if (!p.IsObject()) fail(at + "properties: expected objects");
            TiledProperty prop;
            prop.name = text(p, "name", at + "properties: ");
            prop.type = text(p, "type", at + "properties: ");
            const Value* v = find(p, "value");
            if (!v || v->IsNull()) {
            } else if (v->IsString()) {
                prop.value = std::string(v->GetString(), v->GetStringLength());
            } else if (v->IsBool()) {
                prop.value = v->GetBool() ? "true" : "false";
            } else if (v->IsInt64()) {
                prop.value = std::to_string(v->GetInt64());
            } else if (v->IsNumber()) {
                char buf[40];
                std::snprintf(buf, sizeof buf, "%.17g", v->GetDouble());
                prop.value = buf;
            }  // class-typed values (objects) are not used by the import
            out.push_back(std::move(prop));
        }
        return out;
    }

    std::vector<TiledPoint> points(const Value& list, const std::string& at) const {
        std::vector<TiledPoint> out;
        for (const Value& p : list.GetArray()) {
            if (!p.IsObject()) fail(at + "points: expected {x, y} objects");
            out.push_back({number(p, "x", 0, at), number(p, "y", 0, at)});
        }
        return out;
    }

    // An object for the shared object path (tiled_object_read.h).
    class ObjectValue : public ObjectSource {
      public:
        ObjectValue(const TmjReader& r, const Value& o) : r_(r), o_(o), at_(where(r, o)) {}
        bool has(const char* key) const override { return find(o_, key) != nullptr; }
        std::string text(const char* key) const override { return r_.text(o_, key, at_); }
        std::string className() const override { return typeOf(o_); }
        double number(const char* key) const override { return r_.number(o_, key, 0, at_); }
        int64_t integer(const char* key, int64_t hi) const override {
            return r_.integer(o_, key, 0, 0, hi, at_);
        }
        ObjectShape shape(std::vector<TiledPoint>* points) const override {
            ObjectShape s = ObjectShape::Rectangle;
            const Value* flag;
            if ((flag = find(o_, "ellipse")) && flag->IsBool() && flag->GetBool())
                s = ObjectShape::Ellipse;
            if ((flag = find(o_, "point")) && flag->IsBool() && flag->GetBool())
                s = ObjectShape::Point;
            if (find(o_, "text")) s = ObjectShape::Text;
            if (find(o_, "polygon")) {
                s = ObjectShape::Polygon;
                *points = r_.points(r_.array(o_, "polygon", at_), at_);
            }
            if (find(o_, "polyline")) {
                s = ObjectShape::Polyline;
                *points = r_.points(r_.array(o_, "polyline", at_), at_);
            }
            return s;
        }
        TiledProperties properties() const override { return r_.properties(o_, at_); }

      private:
        // "object N: ", for messages; the id itself is read before the object has that name.
        static std::string where(const TmjReader& r, const Value& o) {
            return "object " + std::to_string(r.integer(o, "id", 0, 0, INT32_MAX, "object: ")) +
                   ": ";
        }

        const TmjReader& r_;
        const Value& o_;
        const std::string at_;
    };

    TiledObject object(const Value& o) const {
        if (!o.IsObject()) fail("objects: expected objects");
        return readObject(ObjectValue(*this, o), templates_);
    }

    void tilesetBody(const Value& t, TiledTileset& ts, const std::string& relFolder) const {
        const std::string at = "tileset: ";
        ts.name = text(t, "name", at);
        ts.tileWidth = int32_t(integer(t, "tilewidth", 0, 0, 1 << 16, at));
        ts.tileHeight = int32_t(integer(t, "tileheight", 0, 0, 1 << 16, at));
        ts.margin = int32_t(integer(t, "margin", 0, 0, 1 << 16, at));
        ts.spacing = int32_t(integer(t, "spacing", 0, 0, 1 << 16, at));
        ts.columns = int32_t(integer(t, "columns", 0, 0, 1 << 24, at));
        ts.tileCount = integer(t, "tilecount", 0, 0, 1 << 28, at);
        ts.properties = properties(t, at);
        std::string image = text(t, "image", at);
        if (!image.empty()) ts.image = joinPath(relFolder, image);
        ts.imageWidth = int32_t(integer(t, "imagewidth", 0, 0, 1 << 20, at));
        ts.imageHeight = int32_t(integer(t, "imageheight", 0, 0, 1 << 20, at));
        for (const Value& v : array(t, "tiles", at).GetArray()) {
            if (!v.IsObject()) fail(at + "tiles: expected objects");
            TiledTile tile;
            tile.id = uint32_t(integer(v, "id", 0, 0, kGidMask, at + "tiles: "));
            const std::string tat = "tile " + std::to_string(tile.id) + ": ";
            tile.type = typeOf(v);
            tile.properties = properties(v, tat);
            tile.hasImage = find(v, "image") != nullptr;
            if (const Value* og = find(v, "objectgroup"))
                for (const Value& o : array(*og, "objects", tat).GetArray())
                    tile.collision.push_back(object(o));
            ts.tiles.push_back(std::move(tile));
        }
    }

    std::vector<uint32_t> data(const Value& holder, const std::string& encoding,
                               const std::string& compression, int64_t count,
                               const std::string& at) const {
        const Value* d = find(holder, "data");
        if (!d) fail(at + "no data");
        std::vector<uint32_t> gids;
        std::string problem;
        if (encoding == "base64") {
            if (!d->IsString()) fail(at + "data: expected a base64 string");
            problem = decodeBase64Gids(std::string(d->GetString(), d->GetStringLength()),
                                       compression, size_t(count), &gids);
        } else if (encoding.empty() || encoding == "csv") {
            if (!d->IsArray()) fail(at + "data: expected an array of GIDs");
            if (int64_t(d->Size()) != count)
                problem =
                    std::to_string(d->Size()) + " GIDs for " + std::to_string(count) + " tiles";
            for (rapidjson::SizeType i = 0; problem.empty() && i < d->Size(); ++i) {
                const Value& g = (*d)[i];
                if (!g.IsUint())
                    problem = "data[" + std::to_string(i) + "]: not a tile GID";
                else
                    gids.push_back(g.GetUint());
            }
        } else {
            problem = "unknown encoding \"" + encoding + "\" (known: csv, base64)";
        }
        if (!problem.empty()) fail(at + problem);
        return gids;
    }

    // `groups`: the summed offsets of the groups the layer is in (px).
    void tileLayer(const Value& l, TiledMap& m, TiledPoint groups) const {
        TiledTileLayer layer;
        layer.name = text(l, "name", "layer: ");
        const std::string at = "layer \"" + layer.name + "\": ";
        layer.offsetX = groups.x + number(l, "offsetx", 0, at);
        layer.offsetY = groups.y + number(l, "offsety", 0, at);
        const std::string encoding = text(l, "encoding", at);
        const std::string compression = text(l, "compression", at);
        if (m.infinite) {
            std::vector<Chunk> chunks;
            for (const Value& c : array(l, "chunks", at).GetArray()) {
                Chunk chunk;
                chunk.x = integer(c, "x", 0, INT32_MIN, INT32_MAX, at + "chunk: ");
                chunk.y = integer(c, "y", 0, INT32_MIN, INT32_MAX, at + "chunk: ");
                chunk.width = integer(c, "width", 0, 1, 1 << 16, at + "chunk: ");
                chunk.height = integer(c, "height", 0, 1, 1 << 16, at + "chunk: ");
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
            layer.gids = data(l, encoding, compression, layer.width * layer.height, at);
        }
        m.tileLayers.push_back(std::move(layer));
    }

    // A group's offset moves everything in it, nested groups' offsets adding up.
    void layers(const Value& parent, TiledMap& m, int depth, TiledPoint groups) const {
        if (depth > 64) fail("layer groups nested more than 64 deep");
        for (const Value& l : array(parent, "layers", "").GetArray()) {
            if (!l.IsObject()) fail("layers: expected objects");
            const std::string type = text(l, "type", "layer: ");
            const std::string name = text(l, "name", "layer: ");
            if (type == "tilelayer") {
                tileLayer(l, m, groups);
            } else if (type == "objectgroup") {
                TiledObjectLayer layer;
                layer.name = name;
                layer.offsetX = groups.x + number(l, "offsetx", 0, "layer \"" + name + "\": ");
                layer.offsetY = groups.y + number(l, "offsety", 0, "layer \"" + name + "\": ");
                for (const Value& o : array(l, "objects", "").GetArray())
                    layer.objects.push_back(object(o));
                m.objectLayers.push_back(std::move(layer));
            } else if (type == "group") {
                const std::string at = "group \"" + name + "\": ";
                layers(l, m, depth + 1,
                       {groups.x + number(l, "offsetx", 0, at),
                        groups.y + number(l, "offsety", 0, at)});
            } else if (type == "imagelayer") {
                m.warnings.push_back("image layer \"" + name +
                                     "\": skipped (tilestep has no image layers)");
            }
        }
    }

    TiledTileset tileset(const Value& t, const std::string& mapFolder) const {
        if (!t.IsObject()) fail("tilesets: expected objects");
        TiledTileset ts;
        ts.firstGid = uint32_t(integer(t, "firstgid", 1, 1, kGidMask, "tileset: "));
        std::string source = text(t, "source", "tileset: ");
        if (source.empty()) {
            tilesetBody(t, ts, ".");
            return ts;
        }
        ts.source = source;
        const std::string file = joinPath(mapFolder, source);
        // Tiled lets a map of either form use a tileset of either form.
        if (endsWithNoCase(source, ".tsx"))
            readTsx(file, folderOf(source), ts);
        else
            readTsj(file, folderOf(source), ts);
        return ts;
    }

    TiledMap read() {
        rapidjson::Document doc;
        parse(doc, readFileBytes(path_));
        TiledMap m;
        m.orientation = text(doc, "orientation", "");
        const Value* inf = find(doc, "infinite");
        m.infinite = inf && inf->IsBool() && inf->GetBool();
        m.tileWidth = int32_t(integer(doc, "tilewidth", 0, 0, 1 << 16, ""));
        m.tileHeight = int32_t(integer(doc, "tileheight", 0, 0, 1 << 16, ""));
        const int64_t maxSide = m.infinite ? INT32_MAX : kMaxMapTiles;
        m.width = int32_t(integer(doc, "width", 0, 0, maxSide, ""));
        m.height = int32_t(integer(doc, "height", 0, 0, maxSide, ""));
        checkTiledMapShape(path_, m);
        m.properties = properties(doc, "");
        const std::string mapFolder = folderOf(path_);
        for (const Value& t : array(doc, "tilesets", "").GetArray())
            m.tilesets.push_back(tileset(t, mapFolder));
        TemplateInstancer templates(path_, m);
        templates_ = &templates;
        layers(doc, m, 0, {});
        templates_ = nullptr;
        return m;
    }

  private:
    std::string path_;
    // Set while a map's layers are read: objects there may be template instances.
    TemplateInstancer* templates_ = nullptr;
};

}  // namespace

void readTsj(const std::string& path, const std::string& relFolder, TiledTileset& ts) {
    try {
        TmjReader reader(path);
        rapidjson::Document doc;
        reader.parse(doc, readFileBytes(path));
        reader.tilesetBody(doc, ts, relFolder);
    } catch (const cereal::RapidJSONException& e) {
        throw MapError(path + ": malformed JSON: " + e.what());
    }
}

TiledTemplate readTj(const std::string& path) {
    try {
        TmjReader reader(path);
        rapidjson::Document doc;
        reader.parse(doc, readFileBytes(path));
        TiledTemplate t;
        if (const Value* ts = TmjReader::find(doc, "tileset")) {
            t.hasTileset = true;
            t.tileset = reader.tileset(*ts, folderOf(path));
        }
        const Value* o = TmjReader::find(doc, "object");
        if (!o) reader.fail("no \"object\" in the template");
        t.object = reader.object(*o);
        return t;
    } catch (const cereal::RapidJSONException& e) {
        throw MapError(path + ": malformed JSON: " + e.what());
    }
}

TiledMap readTmj(const std::string& path) {
    try {
        return TmjReader(path).read();
    } catch (const cereal::RapidJSONException& e) {
        throw MapError(path + ": malformed JSON: " + e.what());
    }
}

}  // namespace ts::interop
