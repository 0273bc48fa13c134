// TMX to TMJ (tiled_translate.h): each element and attribute as Tiled's JSON writer names it.
// Members Tiled's JSON reader needs but a TMX may leave out (a layer's opacity and
// visibility, an object's) are written with TMX's defaults.
// cereal/archives/json.hpp first: rapidjson's assertions throw (core/io/map_json.cpp).
#include <cereal/archives/json.hpp>
#include <rapidjson/prettywriter.h>
#include <rapidjson/stringbuffer.h>

#include <pugixml.hpp>

#include <cstdlib>
#include <cstring>
#include <set>

#include "io/map_io.h"
#include "io/tiled/detail/tiled_translate.h"

namespace ts::interop {

namespace {

using rapidjson::Value;
using Alloc = rapidjson::Document::AllocatorType;

const std::set<std::string> kBools = {
    "visible", "infinite", "locked", "repeatx",   "repeaty",
    "wrap",    "bold",     "italic", "underline", "strikeout",
    "kerning", "hflip",    "vflip",  "rotate",    "preferuntransformed"};
const std::set<std::string> kStrings = {
    "version",         "tiledversion",    "orientation", "renderorder", "staggeraxis",
    "staggerindex",    "backgroundcolor", "class",       "name",        "type",
    "color",           "tintcolor",       "draworder",   "template",    "source",
    "objectalignment", "tilerendersize",  "fillmode",    "fontfamily",  "halign",
    "valign",          "propertytype",    "encoding",    "compression", "wangid",
    "target",          "format"};

Value str(const std::string& s, Alloc& a) {
    return Value(s.c_str(), rapidjson::SizeType(s.size()), a);
}

Value num(const char* s) {
    char* end = nullptr;
    const long long i = std::strtoll(s, &end, 10);
    if (end != s && *end == '\0') return Value(int64_t(i));
    return Value(std::strtod(s, nullptr));
}

Value attrValue(const std::string& name, const char* v, Alloc& a) {
    if (kBools.count(name)) return Value(std::strcmp(v, "0") != 0 && std::strcmp(v, "false") != 0);
    if (kStrings.count(name)) return str(v, a);
    return num(v);
}

void add(Value& o, const std::string& key, Value v, Alloc& a) {
    if (o.HasMember(key.c_str()))
        o[key.c_str()] = v;
    else
        o.AddMember(str(key, a), v, a);
}

void attrs(pugi::xml_node n, Value& o, Alloc& a) {
    for (pugi::xml_attribute at : n.attributes())
        add(o, at.name(), attrValue(at.name(), at.value(), a), a);
}

Value properties(pugi::xml_node props, Alloc& a);

Value propertyValue(pugi::xml_node p, Alloc& a) {
    const std::string type = p.attribute("type").as_string("string");
    const std::string v =
        p.attribute("value") ? p.attribute("value").value() : p.text().as_string();
    if (type == "int" || type == "object")
        return Value(int64_t(std::strtoll(v.c_str(), nullptr, 10)));
    if (type == "float") return Value(std::strtod(v.c_str(), nullptr));
    if (type == "bool") return Value(v == "true");
    if (type == "class") {
        Value members(rapidjson::kObjectType);
        for (pugi::xml_node m : p.child("properties").children("property")) {
            add(members, m.attribute("name").value(), propertyValue(m, a), a);
        }
        return members;
    }
    if (type == "list") {  // Tiled 1.12: <item> children, each {type, propertytype, value}
        Value items(rapidjson::kArrayType);
        for (pugi::xml_node item : p.children("item")) {
            Value it(rapidjson::kObjectType);
            it.AddMember("type", str(item.attribute("type").as_string("string"), a), a);
            if (*item.attribute("propertytype").as_string())
                it.AddMember("propertytype", str(item.attribute("propertytype").value(), a), a);
            it.AddMember("value", propertyValue(item, a), a);
            items.PushBack(it, a);
        }
        return items;
    }
    return str(v, a);
}

Value properties(pugi::xml_node props, Alloc& a) {
    Value out(rapidjson::kArrayType);
    for (pugi::xml_node p : props.children("property")) {
        Value q(rapidjson::kObjectType);
        q.AddMember("name", str(p.attribute("name").value(), a), a);
        q.AddMember("type", str(p.attribute("type").as_string("string"), a), a);
        if (p.attribute("propertytype"))
            q.AddMember("propertytype", str(p.attribute("propertytype").value(), a), a);
        q.AddMember("value", propertyValue(p, a), a);
        out.PushBack(q, a);
    }
    return out;
}

void addProperties(pugi::xml_node n, Value& o, Alloc& a) {
    if (pugi::xml_node p = n.child("properties")) o.AddMember("properties", properties(p, a), a);
}

Value points(const char* text, Alloc& a) {
    Value out(rapidjson::kArrayType);
    const std::string s = text;
    size_t i = 0;
    while (i < s.size()) {
        const size_t end = std::min(s.find(' ', i), s.size());
        const std::string pair = s.substr(i, end - i);
        const size_t comma = pair.find(',');
        if (comma != std::string::npos) {
            Value p(rapidjson::kObjectType);
            p.AddMember("x", Value(std::strtod(pair.substr(0, comma).c_str(), nullptr)), a);
            p.AddMember("y", Value(std::strtod(pair.substr(comma + 1).c_str(), nullptr)), a);
            out.PushBack(p, a);
        }
        i = end + 1;
    }
    return out;
}

void image(pugi::xml_node img, Value& o, Alloc& a) {
    if (!img) return;
    add(o, "image", str(img.attribute("source").value(), a), a);
    if (img.attribute("width")) add(o, "imagewidth", num(img.attribute("width").value()), a);
    if (img.attribute("height")) add(o, "imageheight", num(img.attribute("height").value()), a);
    if (img.attribute("trans"))
        add(o, "transparentcolor", str("#" + std::string(img.attribute("trans").value()), a), a);
}

Value object(pugi::xml_node n, Alloc& a) {
    Value o(rapidjson::kObjectType);
    attrs(n, o, a);
    if (!n.attribute("template")) {
        for (const char* key : {"x", "y"})
            if (!o.HasMember(key)) o.AddMember(Value(key, a), Value(0), a);
        if (!o.HasMember("visible")) o.AddMember("visible", true, a);
        if (!o.HasMember("rotation")) o.AddMember("rotation", 0, a);
    }
    addProperties(n, o, a);
    if (n.child("ellipse")) o.AddMember("ellipse", true, a);
    if (n.child("point")) o.AddMember("point", true, a);
    if (pugi::xml_node p = n.child("polygon"))
        o.AddMember("polygon", points(p.attribute("points").value(), a), a);
    if (pugi::xml_node p = n.child("polyline"))
        o.AddMember("polyline", points(p.attribute("points").value(), a), a);
    if (pugi::xml_node t = n.child("text")) {
        Value text(rapidjson::kObjectType);
        attrs(t, text, a);
        text.AddMember("text", str(t.text().as_string(), a), a);
        o.AddMember("text", text, a);
    }
    return o;
}

// Chunks are in the <data>'s encoding.
Value data(pugi::xml_node d, const std::string& encoding, Alloc& a) {
    if (encoding == "base64") {
        std::string s = d.text().as_string();
        s.erase(0, s.find_first_not_of(" \t\r\n"));
        s.erase(s.find_last_not_of(" \t\r\n") + 1);
        return str(s, a);
    }
    Value out(rapidjson::kArrayType);
    if (encoding == "csv") {
        const char* p = d.text().as_string();
        while (*p) {
            char* end = nullptr;
            const unsigned long v = std::strtoul(p, &end, 10);
            if (end == p) {
                ++p;
                continue;
            }
            out.PushBack(Value(uint64_t(v)), a);
            p = end;
        }
    } else {
        for (pugi::xml_node t : d.children("tile"))
            out.PushBack(Value(t.attribute("gid").as_uint()), a);
    }
    return out;
}

Value layer(pugi::xml_node n, Alloc& a);

void layers(pugi::xml_node parent, Value& o, Alloc& a) {
    Value list(rapidjson::kArrayType);
    for (pugi::xml_node n : parent.children()) {
        const std::string kind = n.name();
        if (kind == "layer" || kind == "objectgroup" || kind == "imagelayer" || kind == "group")
            list.PushBack(layer(n, a), a);
    }
    o.AddMember("layers", list, a);
}

Value layer(pugi::xml_node n, Alloc& a) {
    const std::string kind = n.name();
    Value o(rapidjson::kObjectType);
    attrs(n, o, a);
    add(o, "type", str(kind == "layer" ? "tilelayer" : kind, a), a);
    for (const char* key : {"x", "y"})
        if (!o.HasMember(key)) o.AddMember(Value(key, a), Value(0), a);
    if (!o.HasMember("opacity")) o.AddMember("opacity", 1, a);
    if (!o.HasMember("visible")) o.AddMember("visible", true, a);
    addProperties(n, o, a);
    if (kind == "layer") {
        pugi::xml_node d = n.child("data");
        // Tiled's JSON names only base64: CSV and XML tiles are the plain array.
        if (std::string(d.attribute("encoding").value()) == "base64")
            add(o, "encoding", str("base64", a), a);
        if (d.attribute("compression"))
            add(o, "compression", str(d.attribute("compression").value(), a), a);
        if (d.child("chunk")) {
            Value chunks(rapidjson::kArrayType);
            for (pugi::xml_node c : d.children("chunk")) {
                Value ch(rapidjson::kObjectType);
                attrs(c, ch, a);
                ch.AddMember("data", data(c, d.attribute("encoding").value(), a), a);
                chunks.PushBack(ch, a);
            }
            o.AddMember("chunks", chunks, a);
        } else {
            o.AddMember("data", data(d, d.attribute("encoding").value(), a), a);
        }
    } else if (kind == "objectgroup") {
        Value objects(rapidjson::kArrayType);
        for (pugi::xml_node ob : n.children("object")) objects.PushBack(object(ob, a), a);
        o.AddMember("objects", objects, a);
        if (!o.HasMember("draworder")) o.AddMember("draworder", "topdown", a);
    } else if (kind == "imagelayer") {
        image(n.child("image"), o, a);
        if (!o.HasMember("image")) o.AddMember("image", "", a);
    } else {
        layers(n, o, a);
    }
    return o;
}

Value tileset(pugi::xml_node n, Alloc& a) {
    Value o(rapidjson::kObjectType);
    attrs(n, o, a);
    if (n.attribute("source")) return o;
    if (pugi::xml_node t = n.child("tileoffset")) {
        Value v(rapidjson::kObjectType);
        attrs(t, v, a);
        o.AddMember("tileoffset", v, a);
    }
    if (pugi::xml_node g = n.child("grid")) {
        Value v(rapidjson::kObjectType);
        attrs(g, v, a);
        o.AddMember("grid", v, a);
    }
    if (pugi::xml_node t = n.child("transformations")) {
        Value v(rapidjson::kObjectType);
        attrs(t, v, a);
        o.AddMember("transformations", v, a);
    }
    addProperties(n, o, a);
    image(n.child("image"), o, a);
    Value tiles(rapidjson::kArrayType);
    for (pugi::xml_node t : n.children("tile")) {
        Value v(rapidjson::kObjectType);
        attrs(t, v, a);
        addProperties(t, v, a);
        image(t.child("image"), v, a);
        if (pugi::xml_node g = t.child("objectgroup")) v.AddMember("objectgroup", layer(g, a), a);
        if (pugi::xml_node an = t.child("animation")) {
            Value frames(rapidjson::kArrayType);
            for (pugi::xml_node f : an.children("frame")) {
                Value fr(rapidjson::kObjectType);
                attrs(f, fr, a);
                frames.PushBack(fr, a);
            }
            v.AddMember("animation", frames, a);
        }
        tiles.PushBack(v, a);
    }
    if (!tiles.Empty()) o.AddMember("tiles", tiles, a);
    if (pugi::xml_node ws = n.child("wangsets")) {
        Value sets(rapidjson::kArrayType);
        for (pugi::xml_node w : ws.children("wangset")) {
            Value v(rapidjson::kObjectType);
            attrs(w, v, a);
            addProperties(w, v, a);
            Value colors(rapidjson::kArrayType), wangtiles(rapidjson::kArrayType);
            for (pugi::xml_node c : w.children("wangcolor")) {
                Value cv(rapidjson::kObjectType);
                attrs(c, cv, a);
                addProperties(c, cv, a);
                colors.PushBack(cv, a);
            }
            for (pugi::xml_node t : w.children("wangtile")) {
                Value tv(rapidjson::kObjectType);
                tv.AddMember("tileid", Value(int64_t(t.attribute("tileid").as_llong())), a);
                Value ids(rapidjson::kArrayType);
                const char* p = t.attribute("wangid").value();
                while (*p) {
                    char* end = nullptr;
                    const long v2 = std::strtol(p, &end, 10);
                    if (end == p) {
                        ++p;
                        continue;
                    }
                    ids.PushBack(Value(int64_t(v2)), a);
                    p = end;
                }
                tv.AddMember("wangid", ids, a);
                wangtiles.PushBack(tv, a);
            }
            v.AddMember("colors", colors, a);
            v.AddMember("wangtiles", wangtiles, a);
            sets.PushBack(v, a);
        }
        o.AddMember("wangsets", sets, a);
    }
    return o;
}

}  // namespace

std::string tmxAsTmj(const std::string& bytes, const std::string& path) {
    pugi::xml_document xml;
    if (!xml.load_buffer(bytes.data(), bytes.size()) || !xml.child("map"))
        throw MapError(path + ": not converted: it is no longer a readable TMX map");
    pugi::xml_node map = xml.child("map");
    rapidjson::Document doc;
    doc.SetObject();
    Alloc& a = doc.GetAllocator();
    attrs(map, doc, a);
    add(doc, "type", Value("map"), a);
    if (pugi::xml_node es = map.child("editorsettings")) {
        Value settings(rapidjson::kObjectType);
        for (pugi::xml_node c : es.children()) {
            if (c.type() != pugi::node_element) continue;
            Value v(rapidjson::kObjectType);
            attrs(c, v, a);
            add(settings, c.name(), std::move(v), a);
        }
        doc.AddMember("editorsettings", settings, a);
    }
    addProperties(map, doc, a);
    Value tilesets(rapidjson::kArrayType);
    for (pugi::xml_node t : map.children("tileset")) tilesets.PushBack(tileset(t, a), a);
    doc.AddMember("tilesets", tilesets, a);
    layers(map, doc, a);
    rapidjson::StringBuffer buf;
    rapidjson::PrettyWriter<rapidjson::StringBuffer> w(buf);
    w.SetIndent(' ', 1);
    doc.Accept(w);
    return std::string(buf.GetString(), buf.GetSize()) + "\n";
}

}  // namespace ts::interop
