// Reading Tiled's JSON forms (.tmj maps, .tsj tilesets, .tj templates) through the rapidjson DOM
// the project already uses for its own maps (see core/io/map_json.cpp for why cereal's header
// comes first): the values as TiledNodes for the walk both forms share (tiled_walk.h), which
// says what makes a TiledMap.
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
#include "io/tiled/detail/tiled_walk.h"

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

  private:
    std::string path_;
};

// A value for the shared walk (tiled_walk.h). Lists that must hold objects say so in their
// error ("layers: expected objects").
class TmjNode final : public TiledNode {
  public:
    TmjNode(const TmjReader& r, const Value& v) : r_(r), v_(v) {}

    std::string text(const char* key, const std::string& at) const override {
        return r_.text(v_, key, at);
    }
    double number(const char* key, double def, const std::string& at) const override {
        return r_.number(v_, key, def, at);
    }
    int64_t integer(const char* key, int64_t def, int64_t lo, int64_t hi,
                    const std::string& at) const override {
        return r_.integer(v_, key, def, lo, hi, at);
    }
    std::string className() const override { return TmjReader::typeOf(v_); }
    TiledProperties properties(const std::string& at) const override {
        return r_.properties(v_, at);
    }

    bool infinite() const override {
        const Value* inf = TmjReader::find(v_, "infinite");
        return inf && inf->IsBool() && inf->GetBool();
    }
    void tilesets(const Visit& visit) const override {
        for (const Value& t : r_.array(v_, "tilesets", "").GetArray()) {
            if (!t.IsObject()) r_.fail("tilesets: expected objects");
            visit(TmjNode(r_, t));
        }
    }
    // A layer's `type` in TMX's words: a "tilelayer" is a <layer>.
    void layers(const VisitLayer& visit) const override {
        for (const Value& l : r_.array(v_, "layers", "").GetArray()) {
            if (!l.IsObject()) r_.fail("layers: expected objects");
            const std::string type = r_.text(l, "type", "layer: ");
            const std::string name = r_.text(l, "name", "layer: ");
            visit(type == "tilelayer" ? "layer"
                  : type == "layer"   ? ""
                                      : type,
                  name, TmjNode(r_, l));
        }
    }
    bool xmlTilesets() const override { return false; }

    void image(const std::string& relFolder, TiledTileset& ts,
               const std::string& at) const override {
        std::string image = r_.text(v_, "image", at);
        if (!image.empty()) ts.image = joinPath(relFolder, image);
        ts.imageWidth = int32_t(r_.integer(v_, "imagewidth", 0, 0, 1 << 20, at));
        ts.imageHeight = int32_t(r_.integer(v_, "imageheight", 0, 0, 1 << 20, at));
    }
    void tiles(const std::string& at, const Visit& visit) const override {
        for (const Value& t : r_.array(v_, "tiles", at).GetArray()) {
            if (!t.IsObject()) r_.fail(at + "tiles: expected objects");
            visit(TmjNode(r_, t));
        }
    }
    bool hasImage() const override { return TmjReader::find(v_, "image") != nullptr; }
    void tileCollision(const std::string& at, const Visit& visit) const override {
        if (const Value* og = TmjReader::find(v_, "objectgroup"))
            for (const Value& o : r_.array(*og, "objects", at).GetArray()) visit(TmjNode(r_, o));
    }

    void objects(const Visit& visit) const override {
        for (const Value& o : r_.array(v_, "objects", "").GetArray()) visit(TmjNode(r_, o));
    }
    TiledObject object(TemplateInstancer* templates) const override {
        if (!v_.IsObject()) r_.fail("objects: expected objects");
        return readObject(TmjReader::ObjectValue(r_, v_), templates);
    }

    // The layer's own members say the encoding; a chunk holds its own `data`.
    void dataFormat(const std::string& at, std::string* encoding,
                    std::string* compression) const override {
        *encoding = r_.text(v_, "encoding", at);
        *compression = r_.text(v_, "compression", at);
    }
    void chunks(const std::string& at, const Visit& visit) const override {
        for (const Value& c : r_.array(v_, "chunks", at).GetArray()) visit(TmjNode(r_, c));
    }
    std::vector<uint32_t> gids(const std::string& encoding, const std::string& compression,
                               int64_t count, const std::string& at) const override {
        return r_.data(v_, encoding, compression, count, at);
    }

  private:
    const TmjReader& r_;
    const Value& v_;
};

}  // namespace

void readTsj(const std::string& path, const std::string& relFolder, TiledTileset& ts) {
    try {
        TmjReader reader(path);
        rapidjson::Document doc;
        reader.parse(doc, readFileBytes(path));
        walkTilesetBody(TmjNode(reader, doc), ts, relFolder);
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
            if (!ts->IsObject()) reader.fail("tilesets: expected objects");
            t.hasTileset = true;
            t.tileset = walkTileset(TmjNode(reader, *ts), folderOf(path));
        }
        const Value* o = TmjReader::find(doc, "object");
        if (!o) reader.fail("no \"object\" in the template");
        t.object = TmjNode(reader, *o).object(nullptr);
        return t;
    } catch (const cereal::RapidJSONException& e) {
        throw MapError(path + ": malformed JSON: " + e.what());
    }
}

TiledMap readTmj(const std::string& path) {
    try {
        TmjReader reader(path);
        rapidjson::Document doc;
        reader.parse(doc, readFileBytes(path));
        return walkTiledMap(TmjNode(reader, doc), path);
    } catch (const cereal::RapidJSONException& e) {
        throw MapError(path + ": malformed JSON: " + e.what());
    }
}

}  // namespace ts::interop
