#include "io/ldtk/detail/ldtk_entities_out.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <unordered_map>
#include <utility>

#include "movers/mover.h"
#include "movers/param_set.h"

namespace ts::interop {

namespace {

using rapidjson::Value;
using Alloc = rapidjson::Document::AllocatorType;

Value* member(Value& obj, const char* key) {
    if (!obj.IsObject()) return nullptr;
    auto it = obj.FindMember(key);
    return it == obj.MemberEnd() ? nullptr : &it->value;
}

const Value* member(const Value& obj, const char* key) {
    if (!obj.IsObject()) return nullptr;
    auto it = obj.FindMember(key);
    return it == obj.MemberEnd() ? nullptr : &it->value;
}

double number(const Value& obj, const char* key, double otherwise) {
    const Value* v = member(obj, key);
    return v && v->IsNumber() ? v->GetDouble() : otherwise;
}

bool sameNoCase(const std::string& a, const std::string& b) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i)
        if (std::tolower((unsigned char)a[i]) != std::tolower((unsigned char)b[i])) return false;
    return true;
}

// LDtk writes whole numbers as integers (px, sizes, Int fields).
Value numberValue(double v) {
    Value n;
    if (v == std::floor(v) && std::fabs(v) < 9e15)
        n.SetInt64(int64_t(v));
    else
        n.SetDouble(v);
    return n;
}

void set(Value& obj, const char* key, Value v, Alloc& a) {
    if (Value* old = member(obj, key))
        *old = v;
    else
        obj.AddMember(Value(key, a), v, a);
}

Value pair(double x, double y, Alloc& a) {
    Value arr(rapidjson::kArrayType);
    arr.PushBack(numberValue(x), a);
    arr.PushBack(numberValue(y), a);
    return arr;
}

Value text(const std::string& s, Alloc& a) {
    return Value(s.c_str(), rapidjson::SizeType(s.size()), a);
}

// The project's entity definition named like the mover (any case), or null.
const Value* entityDef(const Value* defs, const std::string& moverId) {
    const Value* list = defs ? member(*defs, "entities") : nullptr;
    if (!list || !list->IsArray()) return nullptr;
    for (const Value& d : list->GetArray())
        if (const Value* id = member(d, "identifier"); id && id->IsString())
            if (sameNoCase(id->GetString(), moverId)) return &d;
    return nullptr;
}

Value* fieldNamed(Value& e, const std::string& name) {
    Value* list = member(e, "fieldInstances");
    if (!list || !list->IsArray()) return nullptr;
    for (Value& f : list->GetArray())
        if (const Value* id = member(f, "__identifier");
            id && id->IsString() && name == id->GetString())
            return &f;
    return nullptr;
}

const Value* fieldDefNamed(const Value& def, const std::string& name) {
    const Value* list = member(def, "fieldDefs");
    if (!list || !list->IsArray()) return nullptr;
    for (const Value& f : list->GetArray())
        if (const Value* id = member(f, "identifier");
            id && id->IsString() && name == id->GetString())
            return &f;
    return nullptr;
}

// Sets field F (of LDtk type TYPE) to a string or a number, as LDtk stores it: __value for
// the game, realEditorValues for LDtk itself. False when the field's type holds neither.
bool setField(Value& f, const std::string& type, const std::string* s, double v, Alloc& a) {
    Value stored;
    const char* id;
    if (s && type == "String") {
        stored = text(*s, a);
        id = "V_String";
    } else if (!s && type == "Float") {
        stored.SetDouble(v);
        id = "V_Float";
    } else if (!s && type == "Int" && v == std::floor(v) && std::fabs(v) < 9e15) {
        stored.SetInt64(int64_t(v));
        id = "V_Int";
    } else {
        return false;
    }
    Value real(rapidjson::kObjectType), params(rapidjson::kArrayType),
        editor(rapidjson::kArrayType);
    params.PushBack(Value(stored, a), a);
    real.AddMember("id", Value(id, a), a);
    real.AddMember("params", params, a);
    editor.PushBack(real, a);
    set(f, "__value", std::move(stored), a);
    set(f, "realEditorValues", std::move(editor), a);
    return true;
}

// A new entity's iid: LDtk's UUID form, from the level and the actor, the same on every save.
std::string newIid(const std::string& seed) {
    uint64_t h[2] = {1469598103934665603ull, 0x9e3779b97f4a7c15ull};
    for (uint64_t& x : h)
        for (char c : seed) x = (x ^ (unsigned char)c) * 1099511628211ull;
    char buf[40];
    std::snprintf(buf, sizeof buf, "%08x-%04x-4%03x-%04x-%012llx", unsigned(h[0] >> 32),
                  unsigned(h[0] >> 16) & 0xffff, unsigned(h[0]) & 0xfff,
                  0x8000 | (unsigned(h[1] >> 48) & 0x3fff),
                  (unsigned long long)(h[1] & 0xffffffffffffull));
    return buf;
}

class ActorWriter {
  public:
    ActorWriter(const ForeignSource& src, LdtkLevelPlace& place, Alloc& a,
                std::vector<std::string>& problems)
        : src_(src), place_(place), a_(a), problems_(problems) {}

    void write(const Map& edited) {
        const std::vector<Actor>& was = src_.imported.actors;
        Value& layers = *place_.layers;
        if (!layers.IsArray() || src_.actorEntities.size() != was.size()) {
            problems_.push_back("the level's entities are not as they were read");
            return;
        }
        for (const ForeignSource::EntityAt& at : src_.actorEntities)
            if (!entityAt(at)) {
                problems_.push_back("the level's entities are not as they were read");
                return;
            }
        // Which entity each edited actor keeps: by name, then a renamed one the next left.
        std::vector<int64_t> match(edited.actors.size(), -1);
        std::vector<bool> claimed(was.size(), false);
        std::unordered_map<std::string, size_t> byName;
        for (size_t i = 0; i < was.size(); ++i) byName.emplace(was[i].name, i);
        for (size_t j = 0; j < edited.actors.size(); ++j)
            if (auto it = byName.find(edited.actors[j].name); it != byName.end()) {
                match[j] = int64_t(it->second);
                claimed[it->second] = true;
            }
        // A renamed actor: the first entity left of its mover, so that its iid (which other
        // entities' references name) stays.
        for (size_t j = 0; j < edited.actors.size(); ++j) {
            if (match[j] >= 0) continue;
            for (size_t i = 0; i < was.size() && match[j] < 0; ++i)
                if (!claimed[i] && was[i].mover == edited.actors[j].mover) {
                    match[j] = int64_t(i);
                    claimed[i] = true;
                }
        }
        std::vector<Value> added;
        for (size_t j = 0; j < edited.actors.size(); ++j) {
            const Actor& act = edited.actors[j];
            if (match[j] < 0) {
                added.push_back(newEntity(act, j));
                continue;
            }
            const size_t i = size_t(match[j]);
            if (!(was[i] == act))
                update(*entityAt(src_.actorEntities[i]), layerOf(src_.actorEntities[i]), was[i],
                       act);
        }
        // Entities of deleted actors, last first so that the indices stay valid.
        std::vector<ForeignSource::EntityAt> gone;
        for (size_t i = 0; i < was.size(); ++i)
            if (!claimed[i]) gone.push_back(src_.actorEntities[i]);
        std::sort(gone.begin(), gone.end(), [](const auto& x, const auto& y) {
            return x.layer != y.layer ? x.layer > y.layer : x.entity > y.entity;
        });
        for (const ForeignSource::EntityAt& at : gone) {
            Value* list = member(layers[rapidjson::SizeType(at.layer)], "entityInstances");
            list->Erase(list->Begin() + at.entity);
        }
        if (added.empty()) return;
        Value* target = newEntityLayer();
        if (!target) {
            problems_.push_back("the level has no Entities layer for the new actors");
            return;
        }
        for (Value& e : added) member(*target, "entityInstances")->PushBack(e, a_);
    }

  private:
    Value* entityAt(const ForeignSource::EntityAt& at) {
        Value& layers = *place_.layers;
        if (at.layer < 0 || at.layer >= int64_t(layers.Size())) return nullptr;
        Value* list = member(layers[rapidjson::SizeType(at.layer)], "entityInstances");
        if (!list || !list->IsArray() || at.entity < 0 || at.entity >= int64_t(list->Size()))
            return nullptr;
        return &(*list)[rapidjson::SizeType(at.entity)];
    }

    const Value& layerOf(const ForeignSource::EntityAt& at) {
        return (*place_.layers)[rapidjson::SizeType(at.layer)];
    }

    Value* newEntityLayer() {
        Value& layers = *place_.layers;
        if (!src_.actorEntities.empty())
            return &layers[rapidjson::SizeType(src_.actorEntities[0].layer)];
        for (Value& l : layers.GetArray())
            if (const Value* t = member(l, "__type");
                t && t->IsString() && std::string(t->GetString()) == "Entities")
                if (Value* list = member(l, "entityInstances"); list && list->IsArray()) return &l;
        return nullptr;
    }

    // Position and size, as the import reads them back (ldtk_import.cpp's readEntities).
    void place(Value& e, const Value& layer, const Actor& act) {
        const MoverInfo& mi = moverInfo(act.mover);
        double pivotX = 0, pivotY = 0;
        if (const Value* p = member(e, "__pivot");
            p && p->IsArray() && p->Size() == 2 && (*p)[0].IsNumber() && (*p)[1].IsNumber()) {
            pivotX = (*p)[0].GetDouble();
            pivotY = (*p)[1].GetDouble();
        }
        const double w = act.w, h = act.h;
        const double left = mi.round ? double(act.x) - w / 2 : double(act.x);
        const double top = mi.round ? double(act.y) - h / 2 : double(act.y);
        const double x = std::round(left + pivotX * w - number(layer, "pxOffsetX", 0));
        const double y = std::round(top + pivotY * h - number(layer, "pxOffsetY", 0));
        set(e, "width", numberValue(w), a_);
        set(e, "height", numberValue(h), a_);
        set(e, "px", pair(x, y, a_), a_);
        const double gs = std::max(1.0, number(layer, "__gridSize", 16));
        if (member(e, "__grid"))
            set(e, "__grid", pair(std::floor(x / gs), std::floor(y / gs), a_), a_);
        if (member(e, "__worldX")) set(e, "__worldX", numberValue(double(place_.worldX) + x), a_);
        if (member(e, "__worldY")) set(e, "__worldY", numberValue(double(place_.worldY) + y), a_);
    }

    void setNamedField(Value& e, const std::string& name, const std::string* s, double v,
                       const Actor& act) {
        Value* f = fieldNamed(e, name);
        const Value* type = f ? member(*f, "__type") : nullptr;
        if (!f || !type || !type->IsString()) {
            problems_.push_back("actor \"" + act.name + "\": its entity has no field \"" + name +
                                "\" to hold its " + (s ? "name" : "value " + std::to_string(v)) +
                                " (add the field in LDtk)");
            return;
        }
        if (!setField(*f, type->GetString(), s, v, a_))
            problems_.push_back("actor \"" + act.name + "\": field \"" + name + "\" is " +
                                type->GetString() + ", which cannot hold its " +
                                (s ? "name" : "value"));
    }

    void writeParams(Value& e, const Actor& act, const ParamValues& from) {
        const MoverInfo& mi = moverInfo(act.mover);
        for (int p = 0; p < mi.paramCount; ++p)
            if (!(act.params[size_t(p)] == from[size_t(p)]))
                setNamedField(e, mi.params[p].name, nullptr, act.params[size_t(p)].toDouble(), act);
    }

    void update(Value& e, const Value& layer, const Actor& was, const Actor& act) {
        if (act.mover != was.mover) {
            const Value* def = entityDef(place_.defs, moverInfo(act.mover).id);
            if (!def) {
                problems_.push_back("actor \"" + act.name + "\": the project has no entity \"" +
                                    moverInfo(act.mover).id + "\" for its new mover");
                return;
            }
            set(e, "__identifier", Value(*member(*def, "identifier"), a_), a_);
            if (const Value* uid = member(*def, "uid")) set(e, "defUid", Value(*uid, a_), a_);
        }
        if (act.mover != was.mover || act.x != was.x || act.y != was.y || act.w != was.w ||
            act.h != was.h)
            place(e, layer, act);
        if (act.name != was.name) setNamedField(e, "name", &act.name, 0, act);
        writeParams(e, act, act.mover == was.mover ? was.params : defaultParams(act.mover));
    }

    Value newEntity(const Actor& act, size_t j) {
        const std::string moverId = moverInfo(act.mover).id;
        const Value* def = entityDef(place_.defs, moverId);
        Value e(rapidjson::kObjectType);
        if (!def || !member(*def, "identifier") || !member(*def, "identifier")->IsString()) {
            problems_.push_back("actor \"" + act.name + "\": the project has no entity \"" +
                                moverId + "\" to place it with (add one in LDtk)");
            return e;
        }
        const std::string id = member(*def, "identifier")->GetString();
        e.AddMember("__identifier", text(id, a_), a_);
        e.AddMember("__grid", pair(0, 0, a_), a_);
        e.AddMember("__pivot", pair(number(*def, "pivotX", 0), number(*def, "pivotY", 0), a_), a_);
        Value tags(rapidjson::kArrayType);
        if (const Value* t = member(*def, "tags"); t && t->IsArray()) tags.CopyFrom(*t, a_);
        e.AddMember("__tags", tags, a_);
        e.AddMember("__tile", Value(), a_);
        const Value* color = member(*def, "color");
        e.AddMember("__smartColor",
                    color && color->IsString() ? Value(*color, a_) : text("#BE4A2F", a_), a_);
        e.AddMember("iid",
                    text(newIid(place_.levelIid + "/" + act.name + "/" + std::to_string(j)), a_),
                    a_);
        e.AddMember("width", numberValue(act.w), a_);
        e.AddMember("height", numberValue(act.h), a_);
        e.AddMember("defUid", member(*def, "uid") ? Value(*member(*def, "uid"), a_) : Value(), a_);
        e.AddMember("px", pair(0, 0, a_), a_);
        e.AddMember("fieldInstances", Value(rapidjson::kArrayType), a_);
        e.AddMember("__worldX", numberValue(0), a_);
        e.AddMember("__worldY", numberValue(0), a_);
        // The fields it needs, made from the definition's; LDtk adds the others' defaults.
        const MoverInfo& mi = moverInfo(act.mover);
        std::vector<std::string> needed;
        // The import names an entity without a "name" field by its identifier (plus "_N").
        const bool nameFromId =
            sameNoCase(act.name, id) ||
            (act.name.size() > id.size() + 1 && sameNoCase(act.name.substr(0, id.size()), id) &&
             act.name[id.size()] == '_' &&
             act.name.find_first_not_of("0123456789", id.size() + 1) == std::string::npos);
        if (!nameFromId) needed.push_back("name");
        for (int p = 0; p < mi.paramCount; ++p)
            if (paramIsSet(act, p)) needed.push_back(mi.params[p].name);
        for (const std::string& name : needed) {
            const Value* fd = fieldDefNamed(*def, name);
            const Value* type = fd ? member(*fd, "__type") : nullptr;
            if (!type || !type->IsString()) continue;  // setNamedField names what is missing
            Value f(rapidjson::kObjectType);
            f.AddMember("__identifier", text(name, a_), a_);
            f.AddMember("__type", Value(*type, a_), a_);
            f.AddMember("__value", Value(), a_);
            f.AddMember("__tile", Value(), a_);
            f.AddMember("defUid", member(*fd, "uid") ? Value(*member(*fd, "uid"), a_) : Value(),
                        a_);
            f.AddMember("realEditorValues", Value(rapidjson::kArrayType), a_);
            member(e, "fieldInstances")->PushBack(f, a_);
        }
        Value layer(rapidjson::kObjectType);
        if (Value* target = newEntityLayer())
            for (const char* key : {"pxOffsetX", "pxOffsetY", "__gridSize"})
                if (const Value* v = member(*target, key))
                    layer.AddMember(Value(key, a_), Value(*v, a_), a_);
        place(e, layer, act);
        if (!nameFromId) setNamedField(e, "name", &act.name, 0, act);
        for (int p = 0; p < mi.paramCount; ++p)
            if (paramIsSet(act, p))
                setNamedField(e, mi.params[p].name, nullptr, act.params[size_t(p)].toDouble(), act);
        return e;
    }

    const ForeignSource& src_;
    LdtkLevelPlace& place_;
    Alloc& a_;
    std::vector<std::string>& problems_;
};

}  // namespace

void writeLdtkActors(const ForeignSource& src, const Map& edited, LdtkLevelPlace& place, Alloc& a,
                     std::vector<std::string>& problems) {
    if (src.imported.actors == edited.actors) return;
    ActorWriter(src, place, a, problems).write(edited);
}

}  // namespace ts::interop
