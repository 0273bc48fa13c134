// The in-place save's TMJ side (tiled_inplace.h): the source parsed into a DOM, the plan
// applied to the members it names, then the source's text patched where the DOM changed
// (core/base/json_patch.h), so every byte the save did not edit stays as the file had it.
// cereal/archives/json.hpp first: rapidjson's assertions throw (core/io/map_json.cpp).
#include <cereal/archives/json.hpp>
#include <rapidjson/prettywriter.h>
#include <rapidjson/stringbuffer.h>

#include <map>
#include <memory>
#include <set>

#include "base/file_identity.h"
#include "base/json_patch.h"
#include "io/detail/line_ends.h"
#include "io/interop_files.h"
#include "io/layer_data.h"
#include "io/map_io.h"
#include "io/tiled/detail/inplace_plan.h"

namespace ts::interop {

namespace {

using rapidjson::Value;
using Alloc = rapidjson::Document::AllocatorType;

constexpr unsigned kParse = rapidjson::kParseIterativeFlag | rapidjson::kParseValidateEncodingFlag;

void load(rapidjson::Document& doc, const std::string& bytes, const std::string& path) {
    doc.Parse<kParse>(bytes.data(), bytes.size());
    if (doc.HasParseError() || !doc.IsObject())
        throw MapError(path + ": not saved in place: cannot read it again");
}

std::string written(const rapidjson::Document& doc) {
    rapidjson::StringBuffer buf;
    rapidjson::PrettyWriter<rapidjson::StringBuffer> w(buf);
    w.SetIndent(' ', 1);
    doc.Accept(w);
    return std::string(buf.GetString(), buf.GetSize()) + "\n";
}

// DOC (read from SOURCE, then edited) as SOURCE's text with only what changed replaced.
std::string patched(const std::string& source, const rapidjson::Document& doc,
                    const std::string& path) {
    rapidjson::Document before;
    load(before, source, path);
    const std::string after = written(doc);
    std::string out;
    return patchJson(source, written(before), after, &out) ? withSourceLineEnds(source, out)
                                                           : after;
}

Value* member(Value& obj, const char* key) {
    if (!obj.IsObject()) return nullptr;
    auto it = obj.FindMember(key);
    return it == obj.MemberEnd() ? nullptr : &it->value;
}

double number(Value& obj, const char* key) {
    Value* v = member(obj, key);
    return v && v->IsNumber() ? v->GetDouble() : 0;
}

void set(Value& obj, const char* key, Value v, Alloc& a) {
    if (Value* old = member(obj, key))
        *old = v;
    else
        obj.AddMember(Value(key, a), v, a);
}

struct Layers {
    std::vector<Value*> tiles;
    std::vector<std::pair<Value*, std::pair<double, double>>> objects;
};

void collect(Value& parent, double ox, double oy, Layers& out) {
    Value* layers = member(parent, "layers");
    if (!layers || !layers->IsArray()) return;
    for (Value& l : layers->GetArray()) {
        Value* type = member(l, "type");
        if (!type || !type->IsString()) continue;
        const std::string kind = type->GetString();
        const double x = ox + number(l, "offsetx"), y = oy + number(l, "offsety");
        if (kind == "tilelayer")
            out.tiles.push_back(&l);
        else if (kind == "objectgroup")
            out.objects.push_back({&l, {x, y}});
        else if (kind == "group")
            collect(l, x, y, out);
    }
}

void writeCells(Value& layer, const std::vector<uint32_t>& gids, Alloc& a) {
    Value* enc = member(layer, "encoding");
    if (enc && enc->IsString() && std::string(enc->GetString()) == "base64") {
        std::string bytes(gids.size() * 4, '\0');
        for (size_t i = 0; i < gids.size(); ++i)
            for (int b = 0; b < 4; ++b) bytes[i * 4 + size_t(b)] = char((gids[i] >> (8 * b)) & 255);
        Value* c = member(layer, "compression");
        const std::string compression = c && c->IsString() ? c->GetString() : "";
        const std::string text = base64Encode(compress(bytes, compression));
        set(layer, "data", Value(text.c_str(), rapidjson::SizeType(text.size()), a), a);
        return;
    }
    Value data(rapidjson::kArrayType);
    data.Reserve(rapidjson::SizeType(gids.size()), a);
    for (uint32_t g : gids) data.PushBack(Value(g), a);
    set(layer, "data", std::move(data), a);
}

void setProperty(Value& obj, const char* name, const char* type, const std::string& value,
                 Alloc& a) {
    if (!member(obj, "properties")) obj.AddMember("properties", Value(rapidjson::kArrayType), a);
    Value& props = *member(obj, "properties");
    Value* p = nullptr;
    for (Value& q : props.GetArray())
        if (Value* n = member(q, "name"); n && n->IsString() && std::string(n->GetString()) == name)
            p = &q;
    if (!p) {
        props.PushBack(Value(rapidjson::kObjectType), a);
        p = &props[props.Size() - 1];
        p->AddMember("name", Value(name, a), a);
    }
    set(*p, "type", Value(type, a), a);
    if (std::string(type) == "int")
        set(*p, "value", Value(int64_t(std::stoll(value))), a);
    else
        set(*p, "value", Value(value.c_str(), rapidjson::SizeType(value.size()), a), a);
}

void setShape(Value& tileset, uint32_t local, const TileCollision& c, Alloc& a) {
    if (!member(tileset, "tiles")) tileset.AddMember("tiles", Value(rapidjson::kArrayType), a);
    Value& tiles = *member(tileset, "tiles");
    Value* tile = nullptr;
    for (Value& t : tiles.GetArray())
        if (Value* id = member(t, "id"); id && id->IsUint() && id->GetUint() == local) tile = &t;
    if (!tile) {
        tiles.PushBack(Value(rapidjson::kObjectType), a);
        tile = &tiles[tiles.Size() - 1];
        tile->AddMember("id", Value(local), a);
    }
    setProperty(*tile, "collision", "string", shapeName(c.shape), a);
    if (c.shape == Shape::OneWay)
        setProperty(*tile, "pass_mask", "int", std::to_string(c.passMask), a);
}

struct TilesetFile {
    std::string bytes;
    rapidjson::Document doc;
};

void applyShapes(const ForeignSource& src, const std::string& out, const InplacePlan& plan,
                 rapidjson::Document& doc,
                 std::map<std::string, std::unique_ptr<TilesetFile>>& files) {
    Value* tilesets = member(doc, "tilesets");
    for (const InplacePlan::TileShape& s : plan.shapes) {
        Value* best = nullptr;
        for (Value& ts : tilesets->GetArray())
            if (number(ts, "firstgid") <= s.gid &&
                (!best || number(ts, "firstgid") > number(*best, "firstgid")))
                best = &ts;
        if (!best) continue;
        const uint32_t local = s.gid - uint32_t(number(*best, "firstgid"));
        Value* source = member(*best, "source");
        if (!source || !source->IsString()) {
            setShape(*best, local, s.collision, doc.GetAllocator());
            continue;
        }
        const std::string path = joinPath(folderOf(src.path), source->GetString());
        if (sameFile(path, src.path) || sameFile(path, out))
            throw MapError(path + ": not saved in place: the tileset file is the map itself");
        if (!endsWithNoCase(path, ".tsj") && !endsWithNoCase(path, ".json"))
            throw MapError(path +
                           ": not saved in place: a .tmj map's tile shapes are written "
                           "into .tsj tilesets only (this one is XML)");
        auto& f = files[path];
        if (!f) {
            f = std::make_unique<TilesetFile>();
            f->bytes = readFileBytes(path);
            load(f->doc, f->bytes, path);
        }
        setShape(f->doc, local, s.collision, f->doc.GetAllocator());
    }
}

Value jsonObject(const ExportObject& o, Alloc& a) {
    Value v(rapidjson::kObjectType);
    v.AddMember("id", Value(int64_t(o.id)), a);
    v.AddMember("name", Value(o.name.c_str(), a), a);
    v.AddMember("type", Value(o.type.c_str(), a), a);
    v.AddMember("x", Value(o.x), a);
    v.AddMember("y", Value(o.y), a);
    v.AddMember("width", Value(o.w), a);
    v.AddMember("height", Value(o.h), a);
    v.AddMember("rotation", Value(0), a);
    v.AddMember("visible", Value(true), a);
    if (o.ellipse) v.AddMember("ellipse", Value(true), a);
    if (!o.polyline.empty()) {
        Value pts(rapidjson::kArrayType);
        for (auto& [x, y] : o.polyline) {
            Value p(rapidjson::kObjectType);
            p.AddMember("x", Value(x), a);
            p.AddMember("y", Value(y), a);
            pts.PushBack(p, a);
        }
        v.AddMember("polyline", pts, a);
    }
    if (!o.properties.empty()) {
        Value props(rapidjson::kArrayType);
        for (const Property& p : o.properties) {
            Value q(rapidjson::kObjectType);
            q.AddMember("name", Value(p.name.c_str(), a), a);
            q.AddMember("type", Value(p.type.empty() ? "string" : p.type.c_str(), a), a);
            if (p.type == "float")
                q.AddMember("value", Value(std::stod(p.value)), a);
            else
                q.AddMember("value", Value(p.value.c_str(), a), a);
            props.PushBack(q, a);
        }
        v.AddMember("properties", props, a);
    }
    return v;
}

void applyObjects(const InplacePlan& plan, rapidjson::Document& doc, const Layers& layers,
                  int64_t originX, int64_t originY) {
    Alloc& a = doc.GetAllocator();
    const InplacePlan::Objects* kinds[] = {&plan.brushes, &plan.actors, &plan.walls};
    int64_t nextId = int64_t(number(doc, "nextobjectid"));
    if (nextId < 1) nextId = 1;
    for (const InplacePlan::Objects* k : kinds) {
        if (!k->changed) continue;
        const std::set<int64_t> remove(k->remove.begin(), k->remove.end());
        const std::pair<Value*, std::pair<double, double>>* target = nullptr;
        for (const auto& group : layers.objects) {
            Value* objects = member(*group.first, "objects");
            if (!objects || !objects->IsArray()) continue;
            for (Value* o = objects->Begin(); o != objects->End();) {
                if (remove.count(int64_t(number(*o, "id")))) {
                    if (!target) target = &group;
                    o = objects->Erase(o);
                } else {
                    ++o;
                }
            }
        }
        if (k->add.empty()) continue;
        if (!target && !layers.objects.empty()) target = &layers.objects[0];
        Value* group = target ? target->first : nullptr;
        double ox = target ? target->second.first : 0, oy = target ? target->second.second : 0;
        if (!group) {
            Value g(rapidjson::kObjectType);
            const int64_t id = std::max<int64_t>(1, int64_t(number(doc, "nextlayerid")));
            g.AddMember("id", Value(id), a);
            g.AddMember("name", "objects", a);
            g.AddMember("type", "objectgroup", a);
            g.AddMember("draworder", "topdown", a);
            g.AddMember("x", 0, a);
            g.AddMember("y", 0, a);
            g.AddMember("opacity", 1, a);
            g.AddMember("visible", true, a);
            g.AddMember("objects", Value(rapidjson::kArrayType), a);
            if (!member(doc, "layers")) doc.AddMember("layers", Value(rapidjson::kArrayType), a);
            member(doc, "layers")->PushBack(g, a);
            Value& layersArray = *member(doc, "layers");
            group = &layersArray[layersArray.Size() - 1];
            set(doc, "nextlayerid", Value(id + 1), a);
        }
        Value* objects = member(*group, "objects");
        if (!objects) {
            group->AddMember("objects", Value(rapidjson::kArrayType), a);
            objects = member(*group, "objects");
        }
        const double tw = number(doc, "tilewidth"), th = number(doc, "tileheight");
        for (ExportObject o : k->add) {
            o.id = nextId++;
            o.x += double(originX) * tw - ox;
            o.y += double(originY) * th - oy;
            objects->PushBack(jsonObject(o, a), a);
        }
    }
    set(doc, "nextobjectid", Value(nextId), a);
}

void rebaseAll(Value& v, const std::string& from, const std::string& to, Alloc& a) {
    if (v.IsArray()) {
        for (Value& e : v.GetArray()) rebaseAll(e, from, to, a);
        return;
    }
    if (!v.IsObject()) return;
    Value* type = member(v, "type");
    const bool fileProperty = type && type->IsString() && std::string(type->GetString()) == "file";
    for (auto& m : v.GetObject()) {
        const std::string key = m.name.GetString();
        if (m.value.IsString() && (key == "image" || key == "source" || key == "template" ||
                                   (fileProperty && key == "value"))) {
            const std::string p = rebasePath(m.value.GetString(), from, to);
            m.value.SetString(p.c_str(), rapidjson::SizeType(p.size()), a);
        } else {
            rebaseAll(m.value, from, to, a);
        }
    }
}

}  // namespace

std::string patchTmj(const ForeignSource& src, const InplacePlan& plan, const std::string& out) {
    rapidjson::Document doc;
    load(doc, src.bytes, src.path);
    Alloc& a = doc.GetAllocator();
    Layers layers;
    collect(doc, 0, 0, layers);
    if (plan.cellsChanged) writeCells(*layers.tiles.at(size_t(src.layerIndex)), plan.gids, a);
    std::map<std::string, std::unique_ptr<TilesetFile>> files;
    applyShapes(src, out, plan, doc, files);
    applyObjects(plan, doc, layers, src.originX, src.originY);
    if (plan.simRateChanged) setProperty(doc, "sim_rate", "int", std::to_string(plan.simRate), a);
    rebaseAll(doc, folderOf(src.path), folderOf(out), a);
    for (auto& [path, f] : files) saveBytesAtomically(path, patched(f->bytes, f->doc, path));
    return patched(src.bytes, doc, src.path);
}

}  // namespace ts::interop
