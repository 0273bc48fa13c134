// TMJ to TMX (tiled_translate.h): each member as the element or attribute Tiled's XML writer
// makes of it; array tile data becomes CSV, which Tiled reads as the same layer format.
// cereal/archives/json.hpp first: rapidjson's assertions throw (core/io/map_json.cpp).
#include <cereal/archives/json.hpp>

#include <pugixml.hpp>

#include <cstdio>
#include <cstdlib>
#include <set>
#include <sstream>

#include "io/map_io.h"
#include "io/tiled/detail/tiled_translate.h"

namespace ts::interop {

namespace {

using rapidjson::Value;

constexpr unsigned kParse = rapidjson::kParseIterativeFlag | rapidjson::kParseValidateEncodingFlag;

std::string numberText(const Value& v) {
    if (v.IsInt64()) return std::to_string(v.GetInt64());
    if (v.IsUint64()) return std::to_string(v.GetUint64());
    char buf[40];
    for (int digits = 15; digits <= 17; ++digits) {
        std::snprintf(buf, sizeof buf, "%.*g", digits, v.GetDouble());
        if (std::strtod(buf, nullptr) == v.GetDouble()) break;
    }
    return buf;
}

// A scalar member as an attribute's text; false for arrays and objects.
bool scalarText(const Value& v, std::string* out) {
    if (v.IsString())
        *out = std::string(v.GetString(), v.GetStringLength());
    else if (v.IsBool())
        *out = v.GetBool() ? "1" : "0";
    else if (v.IsNumber())
        *out = numberText(v);
    else
        return false;
    return true;
}

// Every scalar member not in SKIP as an attribute, in the member order.
void attrs(const Value& o, pugi::xml_node n, const std::set<std::string>& skip = {}) {
    if (!o.IsObject()) return;
    for (auto& m : o.GetObject()) {
        const std::string key = m.name.GetString();
        std::string text;
        if (skip.count(key) || !scalarText(m.value, &text)) continue;
        n.append_attribute(key.c_str()) = text.c_str();
    }
}

const Value* member(const Value& o, const char* key) {
    if (!o.IsObject()) return nullptr;
    auto it = o.FindMember(key);
    return it == o.MemberEnd() ? nullptr : &it->value;
}

std::string textOf(const Value& o, const char* key) {
    const Value* v = member(o, key);
    std::string s;
    if (v) scalarText(*v, &s);
    return s;
}

void propertyValue(const Value& value, const std::string& type, pugi::xml_node p) {
    if (type == "class") {
        pugi::xml_node props = p.append_child("properties");
        if (!value.IsObject()) return;
        for (auto& m : value.GetObject()) {
            pugi::xml_node q = props.append_child("property");
            q.append_attribute("name") = m.name.GetString();
            // A member's type is the class's (in the project): written as its value's kind.
            const char* kind = m.value.IsObject() ? "class" : m.value.IsArray() ? "list" : "";
            if (*kind) q.append_attribute("type") = kind;
            propertyValue(m.value, kind, q);
        }
        return;
    }
    if (type == "list") {  // Tiled 1.12: one <item> per element, typed as a property is
        if (!value.IsArray()) return;
        for (const Value& e : value.GetArray()) {
            pugi::xml_node item = p.append_child("item");
            const Value* v = member(e, "value");
            if (!e.IsObject() || !v) {  // an untyped element (JSON1's list): its value only
                propertyValue(e, e.IsArray() ? "list" : "", item);
                continue;
            }
            const std::string itemType = textOf(e, "type");
            if (!itemType.empty() && itemType != "string")
                item.append_attribute("type") = itemType.c_str();
            if (!textOf(e, "propertytype").empty())
                item.append_attribute("propertytype") = textOf(e, "propertytype").c_str();
            propertyValue(*v, itemType, item);
        }
        return;
    }
    std::string text;
    if (value.IsBool())
        text = value.GetBool() ? "true" : "false";
    else if (!scalarText(value, &text))
        return;
    if (text.find('\n') != std::string::npos)
        p.append_child(pugi::node_pcdata).set_value(text.c_str());
    else
        p.append_attribute("value") = text.c_str();
}

void properties(const Value& o, pugi::xml_node n) {
    const Value* props = member(o, "properties");
    if (!props || !props->IsArray()) return;
    pugi::xml_node out = n.append_child("properties");
    for (const Value& p : props->GetArray()) {
        pugi::xml_node q = out.append_child("property");
        q.append_attribute("name") = textOf(p, "name").c_str();
        const std::string type = textOf(p, "type");
        if (!type.empty() && type != "string") q.append_attribute("type") = type.c_str();
        if (member(p, "propertytype"))
            q.append_attribute("propertytype") = textOf(p, "propertytype").c_str();
        if (const Value* v = member(p, "value")) propertyValue(*v, type, q);
    }
}

void image(const Value& o, pugi::xml_node n) {
    const Value* src = member(o, "image");
    if (!src || !src->IsString()) return;
    pugi::xml_node img = n.append_child("image");
    img.append_attribute("source") = src->GetString();
    std::string trans = textOf(o, "transparentcolor");
    if (!trans.empty()) img.append_attribute("trans") = trans.substr(trans[0] == '#').c_str();
    if (member(o, "imagewidth")) img.append_attribute("width") = textOf(o, "imagewidth").c_str();
    if (member(o, "imageheight")) img.append_attribute("height") = textOf(o, "imageheight").c_str();
}

std::string pointsText(const Value& pts) {
    std::string s;
    for (const Value& p : pts.GetArray())
        s += (s.empty() ? "" : " ") + textOf(p, "x") + "," + textOf(p, "y");
    return s;
}

void object(const Value& o, pugi::xml_node group) {
    pugi::xml_node n = group.append_child("object");
    attrs(o, n, {"ellipse", "point", "visible"});
    if (const Value* v = member(o, "visible"); v && v->IsBool() && !v->GetBool())
        n.append_attribute("visible") = "0";
    properties(o, n);
    if (const Value* v = member(o, "ellipse"); v && v->IsTrue()) n.append_child("ellipse");
    if (const Value* v = member(o, "point"); v && v->IsTrue()) n.append_child("point");
    for (const char* key : {"polygon", "polyline"})
        if (const Value* v = member(o, key); v && v->IsArray())
            n.append_child(key).append_attribute("points") = pointsText(*v).c_str();
    if (const Value* t = member(o, "text"); t && t->IsObject()) {
        pugi::xml_node text = n.append_child("text");
        attrs(*t, text, {"text"});
        text.append_child(pugi::node_pcdata).set_value(textOf(*t, "text").c_str());
    }
}

void data(const Value& d, pugi::xml_node n) {
    if (d.IsString()) {
        n.append_child(pugi::node_pcdata).set_value(d.GetString());
        return;
    }
    if (!d.IsArray()) return;
    std::string s;
    s.reserve(d.Size() * 4);
    for (const Value& g : d.GetArray()) {
        if (!s.empty()) s += ',';
        s += numberText(g);
    }
    n.append_child(pugi::node_pcdata).set_value(s.c_str());
}

void layers(const Value& o, pugi::xml_node parent);

void layer(const Value& l, pugi::xml_node parent) {
    const std::string type = textOf(l, "type");
    const char* element = type == "tilelayer"     ? "layer"
                          : type == "objectgroup" ? "objectgroup"
                          : type == "imagelayer"  ? "imagelayer"
                          : type == "group"       ? "group"
                                                  : nullptr;
    if (!element) return;
    pugi::xml_node n = parent.append_child(element);
    attrs(l, n,
          {"type", "data", "encoding", "compression", "image", "imagewidth", "imageheight",
           "transparentcolor", "startx", "starty", "draworder"});
    if (type == "objectgroup" && textOf(l, "draworder") == "index")
        n.append_attribute("draworder") = "index";
    properties(l, n);
    if (type == "tilelayer") {
        pugi::xml_node d = n.append_child("data");
        std::string encoding = textOf(l, "encoding");
        if (encoding.empty()) encoding = "csv";
        d.append_attribute("encoding") = encoding.c_str();
        if (member(l, "compression") && !textOf(l, "compression").empty())
            d.append_attribute("compression") = textOf(l, "compression").c_str();
        if (const Value* chunks = member(l, "chunks"); chunks && chunks->IsArray()) {
            for (const Value& c : chunks->GetArray()) {
                pugi::xml_node cn = d.append_child("chunk");
                attrs(c, cn, {"data"});
                if (const Value* cd = member(c, "data")) data(*cd, cn);
            }
        } else if (const Value* dd = member(l, "data")) {
            data(*dd, d);
        }
    } else if (type == "objectgroup") {
        if (const Value* objects = member(l, "objects"); objects && objects->IsArray())
            for (const Value& o : objects->GetArray()) object(o, n);
    } else if (type == "imagelayer") {
        image(l, n);
    } else {
        layers(l, n);
    }
}

void layers(const Value& o, pugi::xml_node parent) {
    if (const Value* list = member(o, "layers"); list && list->IsArray())
        for (const Value& l : list->GetArray()) layer(l, parent);
}

void tileset(const Value& t, pugi::xml_node map) {
    pugi::xml_node n = map.append_child("tileset");
    if (member(t, "source")) {
        attrs(t, n);
        return;
    }
    attrs(t, n,
          {"type", "image", "imagewidth", "imageheight", "transparentcolor", "version",
           "tiledversion"});
    for (const char* key : {"tileoffset", "grid", "transformations"})
        if (const Value* v = member(t, key); v && v->IsObject()) attrs(*v, n.append_child(key));
    properties(t, n);
    image(t, n);
    if (const Value* tiles = member(t, "tiles"); tiles && tiles->IsArray())
        for (const Value& tile : tiles->GetArray()) {
            pugi::xml_node tn = n.append_child("tile");
            attrs(tile, tn, {"image", "imagewidth", "imageheight"});
            properties(tile, tn);
            image(tile, tn);
            if (const Value* g = member(tile, "objectgroup"); g && g->IsObject()) layer(*g, tn);
            if (const Value* an = member(tile, "animation"); an && an->IsArray()) {
                pugi::xml_node a = tn.append_child("animation");
                for (const Value& f : an->GetArray()) attrs(f, a.append_child("frame"));
            }
        }
    if (const Value* sets = member(t, "wangsets"); sets && sets->IsArray()) {
        pugi::xml_node ws = n.append_child("wangsets");
        for (const Value& w : sets->GetArray()) {
            pugi::xml_node wn = ws.append_child("wangset");
            attrs(w, wn);
            properties(w, wn);
            if (const Value* colors = member(w, "colors"); colors && colors->IsArray())
                for (const Value& c : colors->GetArray()) {
                    pugi::xml_node cn = wn.append_child("wangcolor");
                    attrs(c, cn);
                    properties(c, cn);
                }
            if (const Value* tiles = member(w, "wangtiles"); tiles && tiles->IsArray())
                for (const Value& wt : tiles->GetArray()) {
                    pugi::xml_node tn = wn.append_child("wangtile");
                    tn.append_attribute("tileid") = textOf(wt, "tileid").c_str();
                    std::string ids;
                    if (const Value* id = member(wt, "wangid"); id && id->IsArray())
                        for (const Value& v : id->GetArray())
                            ids += (ids.empty() ? "" : ",") + numberText(v);
                    tn.append_attribute("wangid") = ids.c_str();
                }
        }
    }
}

}  // namespace

std::string tmjAsTmx(const std::string& bytes, const std::string& path) {
    rapidjson::Document doc;
    doc.Parse<kParse>(bytes.data(), bytes.size());
    if (doc.HasParseError() || !doc.IsObject())
        throw MapError(path + ": not converted: it is no longer a readable TMJ map");
    pugi::xml_document xml;
    pugi::xml_node decl = xml.append_child(pugi::node_declaration);
    decl.append_attribute("version") = "1.0";
    decl.append_attribute("encoding") = "UTF-8";
    pugi::xml_node map = xml.append_child("map");
    attrs(doc, map, {"type"});
    if (const Value* es = member(doc, "editorsettings"); es && es->IsObject()) {
        pugi::xml_node settings = map.append_child("editorsettings");
        for (auto& m : es->GetObject())
            if (m.value.IsObject()) attrs(m.value, settings.append_child(m.name.GetString()));
    }
    properties(doc, map);
    if (const Value* sets = member(doc, "tilesets"); sets && sets->IsArray())
        for (const Value& t : sets->GetArray()) tileset(t, map);
    layers(doc, map);
    std::ostringstream out;
    xml.save(out, " ", pugi::format_indent, pugi::encoding_utf8);
    return out.str();
}

}  // namespace ts::interop
