// The readable map form (.json): reading through a rapidjson DOM (core/base/json_document.h:
// numbers kept as text and converted exactly by core/base/json_number.h, duplicate keys refused),
// checking every field with its path ("tileset.kinds[2].color"), and writing a stable,
// diffable text by hand (cereal's pretty writer would put every number of every array on its
// own line). docs/map-format.md describes the format.
//
// json_document.h includes cereal/archives/json.hpp first: it makes rapidjson's internal
// assertions throw cereal::RapidJSONException instead of calling assert()/abort().
#include "base/json_document.h"
#ifndef RAPIDJSON_ASSERT_THROWS
#error "rapidjson was configured before cereal/archives/json.hpp: its asserts would abort"
#endif

#include <algorithm>
#include <initializer_list>
#include <unordered_set>

#include "world/collision.h"
#include "map/image_flip.h"
#include "base/json_number.h"
#include "base/json_text.h"
#include "io/map_io.h"
#include "io/detail/map_io_detail.h"
#include "movers/mover.h"
#include "movers/param_set.h"

namespace ts {

namespace {

using rapidjson::Value;

std::string describe(const Value& v) {
    if (json::isNumber(v)) return "a number";
    if (v.IsNull()) return "null";
    if (v.IsBool()) return v.GetBool() ? "true" : "false";
    if (v.IsObject()) return "an object";
    if (v.IsArray()) return "an array";
    if (v.IsString()) return "a string";
    return "a number";
}

std::string member(const std::string& parent, const char* key) {
    return parent.empty() ? std::string(key) : parent + "." + key;
}
std::string element(const std::string& parent, size_t i) {
    return parent + "[" + std::to_string(i) + "]";
}

// Typed access to the DOM; every failure names the file and the field.
class JsonReader {
  public:
    explicit JsonReader(const std::string& name) : name_(name) {}

    [[noreturn]] void fail(const std::string& field, const std::string& problem) const {
        mapio::fail(name_, field, problem);
    }

    const Value& object(const Value& v, const std::string& field) const {
        if (!v.IsObject()) fail(field, "expected an object, got " + describe(v));
        return v;
    }
    const Value& array(const Value& v, const std::string& field) const {
        if (!v.IsArray()) fail(field, "expected an array, got " + describe(v));
        return v;
    }
    const Value* find(const Value& obj, const char* key) const {
        auto it = obj.FindMember(key);
        return it == obj.MemberEnd() ? nullptr : &it->value;
    }
    const Value& need(const Value& obj, const char* key, const std::string& parent) const {
        const Value* v = find(obj, key);
        if (!v) fail(member(parent, key), "missing");
        return *v;
    }
    // Rejects keys not in `known`: a misspelt optional field would otherwise be ignored.
    void onlyKeys(const Value& obj, const std::string& parent,
                  std::initializer_list<const char*> known) const {
        for (auto it = obj.MemberBegin(); it != obj.MemberEnd(); ++it) {
            std::string key(it->name.GetString(), it->name.GetStringLength());
            bool ok = false;
            for (const char* k : known) ok = ok || key == k;
            if (!ok) fail(member(parent, key.c_str()), "unknown field");
        }
    }
    // Whole numbers in any notation (16, 16.0, 1.6e1), read exactly from their text.
    int64_t integer(const Value& v, const std::string& field, int64_t lo, int64_t hi) const {
        if (!json::isNumber(v)) fail(field, "expected an integer, got " + describe(v));
        const std::string text = json::numberText(v);
        jsonnum::Decimal d;
        if (!jsonnum::parse(text, &d))
            fail(field, "\"" + jsonnum::shown(text) + "\" is not a number");
        int64_t i = 0;
        switch (jsonnum::toInteger(d, lo, hi, &i)) {
            case jsonnum::Problem::None:
                return i;
            case jsonnum::Problem::NaN:
                fail(field, "NaN is not a number");
            case jsonnum::Problem::NotWhole:
                fail(field, "expected an integer, got " + jsonnum::shown(text));
            case jsonnum::Problem::OutOfRange:
                break;
        }
        fail(field, jsonnum::shown(text) + " is outside " + std::to_string(lo) + ".." +
                        std::to_string(hi));
    }
    // A 48.16 value, read exactly from its text (docs/map-format.md: rounding).
    Fix fixed(const Value& v, const std::string& field) const {
        if (!json::isNumber(v)) fail(field, "expected a number, got " + describe(v));
        const std::string text = json::numberText(v);
        jsonnum::Decimal d;
        if (!jsonnum::parse(text, &d))
            fail(field, "\"" + jsonnum::shown(text) + "\" is not a number");
        Fix f;
        switch (jsonnum::toFix(d, &f)) {
            case jsonnum::Problem::None:
            case jsonnum::Problem::NotWhole:
                return f;
            case jsonnum::Problem::NaN:
                fail(field, "NaN is not a number");
            case jsonnum::Problem::OutOfRange:
                break;
        }
        fail(field, jsonnum::shown(text) + " is out of range");
    }
    int64_t integer(const Value& obj, const char* key, const std::string& parent, int64_t lo,
                    int64_t hi) const {
        return integer(need(obj, key, parent), member(parent, key), lo, hi);
    }
    int64_t optInteger(const Value& obj, const char* key, const std::string& parent, int64_t def,
                       int64_t lo, int64_t hi) const {
        const Value* v = find(obj, key);
        return v ? integer(*v, member(parent, key), lo, hi) : def;
    }
    std::string text(const Value& v, const std::string& field, size_t maxBytes) const {
        if (!json::isText(v)) fail(field, "expected a string, got " + describe(v));
        std::string s(v.GetString(), v.GetStringLength());
        std::string problem = mapio::checkText(s, maxBytes);
        if (!problem.empty()) fail(field, problem);
        return s;
    }

  private:
    const std::string& name_;
};

TileKind readKind(const JsonReader& in, const Value& v, const std::string& at) {
    in.object(v, at);
    in.onlyKeys(v, at, {"name", "color", "shape", "pass_mask", "image_cell", "image_flip"});
    TileKind k;
    k.name = in.text(in.need(v, "name", at), member(at, "name"), mapio::kMaxNameBytes);
    if (const Value* c = in.find(v, "color")) {
        std::string text = in.text(*c, member(at, "color"), mapio::kMaxNameBytes);
        if (!mapio::parseColor(text, &k.color))
            in.fail(member(at, "color"), "\"" + text + "\" is not a colour #RRGGBBAA or #RRGGBB");
    }
    std::string shape = in.text(in.need(v, "shape", at), member(at, "shape"), mapio::kMaxNameBytes);
    if (!shapeFromName(shape, &k.shape)) {
        std::string known;
        for (size_t s = 0; s < size_t(Shape::Count); ++s)
            known += std::string(s ? ", " : "") + shapeName(Shape(s));
        in.fail(member(at, "shape"), "unknown shape \"" + shape + "\" (known: " + known + ")");
    }
    k.passMask = uint8_t(in.optInteger(v, "pass_mask", at, 0, 0, 15));
    k.imageCell = int32_t(in.optInteger(v, "image_cell", at, -1, -1, INT32_MAX));
    k.imageFlip = uint8_t(in.optInteger(v, "image_flip", at, 0, 0, kImageFlipMax));
    return k;
}

Tileset readTileset(const JsonReader& in, const Value* v) {
    if (!v) return Tileset::defaults();
    const std::string at = "tileset";
    in.object(*v, at);
    in.onlyKeys(*v, at, {"image", "image_cell_size", "kinds"});
    Tileset t = Tileset::defaults();
    if (const Value* img = in.find(*v, "image"))
        t.image = in.text(*img, "tileset.image", mapio::kMaxPathBytes);
    t.imageCellSize = int32_t(in.optInteger(*v, "image_cell_size", at, 0, 0, 4096));
    if (const Value* kinds = in.find(*v, "kinds")) {
        in.array(*kinds, "tileset.kinds");
        if (kinds->Size() == 0) in.fail("tileset.kinds", "no kinds (kind 0 must be empty)");
        if (kinds->Size() > mapio::kMaxKinds)
            in.fail("tileset.kinds", "more than " + std::to_string(mapio::kMaxKinds) + " kinds");
        t.kinds.clear();
        for (rapidjson::SizeType i = 0; i < kinds->Size(); ++i)
            t.kinds.push_back(readKind(in, (*kinds)[i], element("tileset.kinds", i)));
        if (t.kinds[0].shape != Shape::Empty)
            in.fail("tileset.kinds[0].shape", "kind 0 must have the shape \"empty\"");
    }
    return t;
}

std::string unknownTile(const std::string& id, size_t kinds) {
    return "unknown tile id " + id + " (the tileset has " + std::to_string(kinds) + " kinds, 0.." +
           std::to_string(kinds - 1) + ")";
}

// Version 1: one string per row, "0 0 1 1 ...". Tiles are appended as they are read, so the
// memory used grows with the text actually present, never with the header's claims.
void readTileRows(const JsonReader& in, const Value& v, Map& m) {
    in.array(v, "tiles");
    if (v.Size() != uint64_t(m.height))
        in.fail("tiles",
                std::to_string(v.Size()) + " rows for a height of " + std::to_string(m.height));
    const size_t kinds = m.tileset.kinds.size();
    for (rapidjson::SizeType y = 0; y < v.Size(); ++y) {
        const std::string at = element("tiles", y);
        if (!json::isText(v[y]))
            in.fail(at, "expected a string of tile ids, got " + describe(v[y]));
        const char* s = v[y].GetString();
        const size_t len = v[y].GetStringLength();
        int64_t column = 0;
        for (size_t i = 0; i < len;) {
            if (s[i] == ' ') {
                ++i;
                continue;
            }
            uint64_t id = 0;
            size_t start = i;
            for (; i < len && s[i] >= '0' && s[i] <= '9'; ++i)
                id = std::min<uint64_t>(id * 10 + uint64_t(s[i] - '0'), 1u << 30);  // saturate
            if (i == start || (i < len && s[i] != ' '))
                in.fail(at, "column " + std::to_string(column) + ": \"" +
                                std::string(s + start, std::min<size_t>(len - start, 12)) +
                                "\" is not a tile id");
            if (id >= kinds)
                in.fail(at, "column " + std::to_string(column) + ": " +
                                unknownTile(std::string(s + start, std::min<size_t>(i - start, 12)),
                                            kinds));
            if (column == m.width)
                in.fail(at, "more than " + std::to_string(m.width) + " ids (the width)");
            m.tiles.push_back(uint16_t(id));
            ++column;
        }
        if (column != m.width)
            in.fail(at, std::to_string(column) + " ids for a width of " + std::to_string(m.width));
    }
}

// Version 0: one flat array of width * height integers.
void readTileArray(const JsonReader& in, const Value& v, Map& m) {
    in.array(v, "tiles");
    const uint64_t count = uint64_t(m.width) * uint64_t(m.height);
    if (v.Size() != count)
        in.fail("tiles", std::to_string(v.Size()) + " ids for a " + std::to_string(m.width) +
                             " x " + std::to_string(m.height) + " map (" + std::to_string(count) +
                             ")");
    const int64_t maxId = int64_t(m.tileset.kinds.size()) - 1;
    m.tiles.reserve(count);
    for (rapidjson::SizeType i = 0; i < v.Size(); ++i)
        m.tiles.push_back(uint16_t(in.integer(v[i], element("tiles", i), 0, maxId)));
}

void readWalls(const JsonReader& in, const Value* v, Map& m) {
    m.walls.resize(m.width, m.height);
    if (!v) return;
    in.object(*v, "walls");
    in.onlyKeys(*v, "walls", {"h", "v"});
    for (bool horizontal : {true, false}) {
        const char* key = horizontal ? "h" : "v";
        const Value* list = in.find(*v, key);
        if (!list) continue;
        const std::string field = member("walls", key);
        in.array(*list, field);
        for (rapidjson::SizeType i = 0; i < list->Size(); ++i) {
            const std::string at = element(field, i);
            const Value& p = (*list)[i];
            if (!p.IsArray() || p.Size() != 2) in.fail(at, "expected [x, y], got " + describe(p));
            int64_t x = in.integer(p[0], at + "[0]", INT32_MIN, INT32_MAX);
            int64_t y = in.integer(p[1], at + "[1]", INT32_MIN, INT32_MAX);
            std::string problem = mapio::checkWall(x, y, m.width, m.height, horizontal);
            if (!problem.empty()) in.fail(at, problem);
            if (horizontal)
                m.walls.setH(int32_t(x), int32_t(y), true);
            else
                m.walls.setV(int32_t(x), int32_t(y), true);
        }
    }
}

void readBrushes(const JsonReader& in, const Value* v, Map& m) {
    if (!v) return;
    in.array(*v, "brushes");
    if (v->Size() > mapio::kMaxBrushes)
        in.fail("brushes", "more than " + std::to_string(mapio::kMaxBrushes) + " brushes");
    const int64_t wpx = m.widthPx(), hpx = m.heightPx();
    uint64_t buckets = 0;  // what running the map will store for them, checked as they come
    for (rapidjson::SizeType i = 0; i < v->Size(); ++i) {
        const std::string at = element("brushes", i);
        const Value& b = in.object((*v)[i], at);
        in.onlyKeys(b, at, {"x", "y", "w", "h"});
        Brush br;
        br.rect.x = in.integer(b, "x", at, 0, wpx - 1);
        br.rect.y = in.integer(b, "y", at, 0, hpx - 1);
        br.rect.w = in.integer(b, "w", at, 1, wpx - br.rect.x);
        br.rect.h = in.integer(b, "h", at, 1, hpx - br.rect.y);
        buckets += CollisionWorld::brushBucketEntries(br.rect, m.tileSize, m.width, m.height);
        std::string problem = CollisionWorld::brushBucketProblem(buckets);
        if (!problem.empty()) in.fail(at, problem);
        m.brushes.push_back(br);
    }
}

ParamValues readParams(const JsonReader& in, const Value* v, MoverKind kind, const std::string& at,
                       uint32_t* set) {
    ParamValues p = defaultParams(kind);
    if (!v) return p;
    const std::string field = member(at, "params");
    in.object(*v, field);
    const MoverInfo& mi = moverInfo(kind);
    for (auto it = v->MemberBegin(); it != v->MemberEnd(); ++it) {
        std::string name(it->name.GetString(), it->name.GetStringLength());
        const std::string pf = field + "." + name;
        int index = findParam(kind, name);
        if (index < 0)
            in.fail(pf, "unknown parameter of " + std::string(mi.id) +
                            " (known: " + mapio::knownParams(kind) + ")");
        const Fix value = in.fixed(it->value, pf);
        std::string problem = mapio::checkParamValue(mi.params[index], value);
        if (!problem.empty()) in.fail(pf, problem);
        p[size_t(index)] = value;
        *set |= paramBit(index);
    }
    return p;
}

void readActors(const JsonReader& in, const Value* v, Map& m) {
    if (!v) return;
    in.array(*v, "actors");
    if (v->Size() > mapio::kMaxActors)
        in.fail("actors", "more than " + std::to_string(mapio::kMaxActors) + " actors");
    std::unordered_set<std::string> names;  // a hash set: loading stays linear in actors
    m.actors.reserve(v->Size());            // at most kMaxActors, checked above
    for (rapidjson::SizeType i = 0; i < v->Size(); ++i) {
        const std::string at = element("actors", i);
        const Value& o = in.object((*v)[i], at);
        in.onlyKeys(o, at, {"name", "mover", "x", "y", "w", "h", "params"});
        Actor a;
        a.name = in.text(in.need(o, "name", at), member(at, "name"), mapio::kMaxNameBytes);
        if (a.name.empty()) in.fail(member(at, "name"), "empty");
        if (!names.insert(a.name).second)
            in.fail(member(at, "name"), "duplicate actor name \"" + a.name + "\"");
        std::string mover =
            in.text(in.need(o, "mover", at), member(at, "mover"), mapio::kMaxNameBytes);
        const MoverInfo* mi = findMover(mover);
        if (!mi) in.fail(member(at, "mover"), mapio::unknownMover(mover));
        a.mover = mi->kind;
        a.x = in.integer(o, "x", at, 0, m.widthPx());
        a.y = in.integer(o, "y", at, 0, m.heightPx());
        a.w = int32_t(in.optInteger(o, "w", at, a.w, 1, 4096));
        a.h = int32_t(in.optInteger(o, "h", at, a.h, 1, 4096));
        a.params = readParams(in, in.find(o, "params"), a.mover, at, &a.paramsSet);
        m.actors.push_back(std::move(a));
    }
}

Map readMap(const JsonReader& in, const Value& root) {
    if (!root.IsObject()) in.fail("", "the top level must be an object, got " + describe(root));
    const int64_t version = in.integer(root, "format_version", "", INT32_MIN, INT32_MAX);
    if (version > kMapFormatVersion)
        in.fail("format_version", std::to_string(version) + " is newer than this tilestep reads (" +
                                      std::to_string(kMapFormatVersion) + ")");
    if (version < 0) in.fail("format_version", std::to_string(version) + " is not a version");
    if (version == 0)  // the layout before sim_rate and row strings; see docs/map-format.md
        in.onlyKeys(root, "",
                    {"format_version", "tile_size", "width", "height", "tileset", "tiles", "walls",
                     "brushes", "actors"});
    else
        in.onlyKeys(root, "",
                    {"format_version", "tile_size", "width", "height", "sim_rate", "tileset",
                     "tiles", "walls", "brushes", "actors"});
    Map m;
    m.tileSize = int32_t(in.integer(root, "tile_size", "", kMinTileSize, kMaxTileSize));
    m.width = int32_t(in.integer(root, "width", "", 1, kMaxMapTiles));
    m.height = int32_t(in.integer(root, "height", "", 1, kMaxMapTiles));
    m.simRate = int32_t(in.optInteger(root, "sim_rate", "", kDefaultSimRate, 1, 1000));
    m.tileset = readTileset(in, in.find(root, "tileset"));
    if (version == 0)
        readTileArray(in, in.need(root, "tiles", ""), m);
    else
        readTileRows(in, in.need(root, "tiles", ""), m);
    readWalls(in, in.find(root, "walls"), m);
    readBrushes(in, in.find(root, "brushes"), m);
    readActors(in, in.find(root, "actors"), m);
    return m;
}

// ---- writing ----

void appendInt(std::string& out, int64_t v) {
    out += std::to_string(v);
}

void writeTileset(std::string& out, const Tileset& t) {
    out += "  \"tileset\": {\n    \"image\": ";
    appendJsonString(out, t.image);
    out += ",\n    \"image_cell_size\": ";
    appendInt(out, t.imageCellSize);
    out += ",\n    \"kinds\": [\n";
    for (size_t i = 0; i < t.kinds.size(); ++i) {
        const TileKind& k = t.kinds[i];
        out += "      {\"name\": ";
        appendJsonString(out, k.name);
        out += ", \"color\": \"" + mapio::colorText(k.color) + "\", \"shape\": \"" +
               shapeName(k.shape) + "\", \"pass_mask\": ";
        appendInt(out, k.passMask);
        out += ", \"image_cell\": ";
        appendInt(out, k.imageCell);
        out += ", \"image_flip\": ";
        appendInt(out, k.imageFlip);
        out += i + 1 < t.kinds.size() ? "},\n" : "}\n";
    }
    out += "    ]\n  },\n";
}

void writeTiles(std::string& out, const Map& m) {
    // Ids are right-aligned to the widest kind id so that the rows line up as a grid.
    const size_t digits = std::to_string(m.tileset.kinds.size() - 1).size();
    out += "  \"tiles\": [\n";
    for (int32_t y = 0; y < m.height; ++y) {
        out += "    \"";
        for (int32_t x = 0; x < m.width; ++x) {
            std::string id = std::to_string(m.tile(x, y));
            if (x) out += ' ';
            out.append(digits - id.size(), ' ');
            out += id;
        }
        out += y + 1 < m.height ? "\",\n" : "\"\n";
    }
    out += "  ],\n";
}

void writeWallList(std::string& out, const std::vector<mapio::WallPos>& walls) {
    constexpr size_t kPerLine = 10;
    if (walls.empty()) {
        out += "[]";
        return;
    }
    out += "[";
    for (size_t i = 0; i < walls.size(); ++i) {
        out += i % kPerLine == 0 ? "\n      " : " ";
        out += "[" + std::to_string(walls[i].x) + ", " + std::to_string(walls[i].y) + "]";
        if (i + 1 < walls.size()) out += ",";
    }
    out += "\n    ]";
}

void writeActor(std::string& out, const Actor& a, bool last) {
    const MoverInfo& mi = moverInfo(a.mover);
    out += "    {\n      \"name\": ";
    appendJsonString(out, a.name);
    out += ", \"mover\": \"" + std::string(mi.id) + "\", \"x\": " + std::to_string(a.x) +
           ", \"y\": " + std::to_string(a.y) + ", \"w\": " + std::to_string(a.w) +
           ", \"h\": " + std::to_string(a.h) + ",\n      \"params\": {";
    bool any = false;
    for (int i = 0; i < mi.paramCount; ++i) {
        if (!paramIsSet(a, i)) continue;
        out += any ? ",\n        " : "\n        ";
        any = true;
        appendJsonString(out, mi.params[i].name);
        // The shortest text that reads back as the same Fix: 0.3, not 0.3000030517578125.
        out += ": " + a.params[size_t(i)].shortest();
    }
    out += any ? "\n      }\n" : "}\n";
    out += last ? "    }\n" : "    },\n";
}

}  // namespace

Map mapFromJson(const std::string& text, const std::string& name) {
    if (text.find_first_not_of(" \t\r\n") == std::string::npos) mapio::fail(name, "", "empty file");
    JsonReader in(name);
    Map m;
    try {
        rapidjson::Document doc;
        json::ParseFailure failure;
        if (!json::parse(text, doc, &failure)) mapio::fail(name, failure.field, failure.problem);
        m = readMap(in, doc);
    } catch (const cereal::RapidJSONException& e) {
        // A rapidjson assertion (a type mismatch the checks above missed): an error, not abort.
        mapio::fail(name, "", std::string("malformed JSON: ") + e.what());
    }
    mapio::validateLoaded(m, name);
    return m;
}

std::string mapToJson(const Map& m) {
    return mapio::mapToJsonAs(m, kMapFormatVersion);
}

std::string mapio::mapToJsonAs(const Map& m, int64_t version) {
    std::string problem = validateMap(m);
    if (!problem.empty()) throw MapError("cannot write an invalid map: " + problem);
    std::string out = "{\n";
    out += "  \"format_version\": " + std::to_string(version) + ",\n";
    out += "  \"tile_size\": " + std::to_string(m.tileSize) + ",\n";
    out += "  \"width\": " + std::to_string(m.width) + ",\n";
    out += "  \"height\": " + std::to_string(m.height) + ",\n";
    out += "  \"sim_rate\": " + std::to_string(m.simRate) + ",\n";
    writeTileset(out, m.tileset);
    writeTiles(out, m);
    out += "  \"walls\": {\n    \"h\": ";
    writeWallList(out, mapio::listWalls(m.walls, true));
    out += ",\n    \"v\": ";
    writeWallList(out, mapio::listWalls(m.walls, false));
    out += "\n  },\n  \"brushes\": [";
    for (size_t i = 0; i < m.brushes.size(); ++i) {
        const RectI& r = m.brushes[i].rect;
        out += i ? ",\n    " : "\n    ";
        out += "{\"x\": " + std::to_string(r.x) + ", \"y\": " + std::to_string(r.y) +
               ", \"w\": " + std::to_string(r.w) + ", \"h\": " + std::to_string(r.h) + "}";
    }
    out += m.brushes.empty() ? "],\n" : "\n  ],\n";
    out += "  \"actors\": [";
    if (!m.actors.empty()) out += "\n";
    for (size_t i = 0; i < m.actors.size(); ++i)
        writeActor(out, m.actors[i], i + 1 == m.actors.size());
    out += m.actors.empty() ? "]\n" : "  ]\n";
    out += "}\n";
    return out;
}

}  // namespace ts
