#include "io/tiled/tiled_export.h"

#include <pugixml.hpp>

#include <algorithm>
#include <cstdio>
#include <sstream>
#include <vector>

#include "base/json_text.h"
#include "io/map_io.h"
#include "io/detail/map_io_detail.h"
#include "io/tiled/detail/tiled_objects_out.h"
#include "movers/mover.h"

namespace ts::interop {

namespace {

std::string colorProperty(uint32_t argb) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "#%08x", unsigned(argb));  // Tiled's #AARRGGBB
    return buf;
}

std::string number(double v) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    return buf;
}

std::vector<Property> kindProperties(const TileKind& k) {
    return {{"collision", "", shapeName(k.shape)},
            {"color", "color", colorProperty(k.color)},
            {"image_cell", "int", std::to_string(k.imageCell)},
            {"image_flip", "int", std::to_string(k.imageFlip)},
            {"name", "", k.name},
            {"pass_mask", "int", std::to_string(k.passMask)}};
}

// Kind 0 (the empty cell, GID 0 in Tiled) has no tile of its own: its fields ride on the
// tileset, prefixed tilestep_kind0_.
std::vector<Property> tilesetProperties(const Tileset& t) {
    std::vector<Property> props = {
        {"tilestep_image", "", t.image},
        {"tilestep_image_cell_size", "int", std::to_string(t.imageCellSize)}};
    for (const Property& p : kindProperties(t.kinds[0]))
        if (p.name != "collision") props.push_back({"tilestep_kind0_" + p.name, p.type, p.value});
    props.push_back({"tilestep_kinds", "int", "1"});
    return props;
}

// Walls merged into runs along each grid line: one polyline per run.
void addWallRuns(const Map& m, std::vector<ExportObject>& out, int64_t& nextId) {
    const int64_t t = m.tileSize;
    for (bool horizontal : {true, false}) {
        const int32_t lines = horizontal ? m.height + 1 : m.width + 1;
        const int32_t cells = horizontal ? m.width : m.height;
        for (int32_t line = 0; line < lines; ++line)
            for (int32_t k = 0; k < cells;) {
                auto on = [&](int32_t i) {
                    return horizontal ? m.walls.h(i, line) : m.walls.v(line, i);
                };
                if (!on(k)) {
                    ++k;
                    continue;
                }
                int32_t end = k;
                while (end < cells && on(end)) ++end;
                ExportObject o;
                o.id = nextId++;
                o.type = "wall";
                o.x = double(horizontal ? k * t : line * t);
                o.y = double(horizontal ? line * t : k * t);
                const int64_t len = int64_t(end - k) * t;
                o.polyline = {{0, 0}, {horizontal ? len : 0, horizontal ? 0 : len}};
                out.push_back(o);
                k = end;
            }
    }
}

std::string csvRows(const Map& m) {
    std::string s = "\n";
    for (int32_t y = 0; y < m.height; ++y) {
        for (int32_t x = 0; x < m.width; ++x) {
            s += std::to_string(m.tile(x, y));  // kind i is GID i (firstgid 1, tile i - 1)
            if (x + 1 < m.width || y + 1 < m.height) s += ',';
        }
        s += '\n';
    }
    return s;
}

void xmlProperties(pugi::xml_node parent, const std::vector<Property>& props) {
    if (props.empty()) return;
    pugi::xml_node list = parent.append_child("properties");
    for (const Property& p : props) {
        pugi::xml_node n = list.append_child("property");
        n.append_attribute("name") = p.name.c_str();
        if (!p.type.empty()) n.append_attribute("type") = p.type.c_str();
        n.append_attribute("value") = p.value.c_str();
    }
}

void jsonProperties(std::string& out, const std::vector<Property>& props, const char* indent) {
    out += std::string(indent) + "\"properties\": [";
    for (size_t i = 0; i < props.size(); ++i) {
        const Property& p = props[i];
        out += i ? ",\n" : "\n";
        out += std::string(indent) + "  {\"name\": ";
        appendJsonString(out, p.name);
        out += ", \"type\": \"" + (p.type.empty() ? std::string("string") : p.type) + "\", ";
        out += "\"value\": ";
        if (p.type == "int" || p.type == "float")
            out += p.value;
        else
            appendJsonString(out, p.value);
        out += "}";
    }
    out += props.empty() ? "]" : "\n" + std::string(indent) + "]";
}

void checkExportable(const Map& m) {
    std::string problem = validateMap(m);
    if (!problem.empty()) throw MapError("cannot export an invalid map: " + problem);
}

}  // namespace

std::vector<ExportObject> exportObjects(const Map& m) {
    std::vector<ExportObject> out;
    int64_t nextId = 1;
    for (const Brush& b : m.brushes) {
        ExportObject o;
        o.id = nextId++;
        o.type = "brush";
        o.x = double(b.rect.x);
        o.y = double(b.rect.y);
        o.w = double(b.rect.w);
        o.h = double(b.rect.h);
        out.push_back(o);
    }
    for (const Actor& a : m.actors) {
        const MoverInfo& mi = moverInfo(a.mover);
        ExportObject o;
        o.id = nextId++;
        o.name = a.name;
        o.type = mi.id;
        o.w = a.w;
        o.h = a.h;
        o.ellipse = mi.round;
        // Round movers are placed by their centre; Tiled places the ellipse's box.
        o.x = mi.round ? double(a.x) - a.w / 2.0 : double(a.x);
        o.y = mi.round ? double(a.y) - a.h / 2.0 : double(a.y);
        for (int i = 0; i < mi.paramCount; ++i)
            o.properties.push_back({mi.params[i].name, "float", a.params[size_t(i)].str()});
        out.push_back(o);
    }
    addWallRuns(m, out, nextId);
    return out;
}

void appendTmxObject(pugi::xml_node group, const ExportObject& o) {
    pugi::xml_node n = group.append_child("object");
    n.append_attribute("id") = (long long)o.id;
    if (!o.name.empty()) n.append_attribute("name") = o.name.c_str();
    n.append_attribute("type") = o.type.c_str();
    n.append_attribute("x") = number(o.x).c_str();
    n.append_attribute("y") = number(o.y).c_str();
    if (o.polyline.empty()) {
        n.append_attribute("width") = number(o.w).c_str();
        n.append_attribute("height") = number(o.h).c_str();
    }
    xmlProperties(n, o.properties);
    if (o.ellipse) n.append_child("ellipse");
    if (!o.polyline.empty()) {
        std::string pts;
        for (auto& [x, y] : o.polyline)
            pts += (pts.empty() ? "" : " ") + std::to_string(x) + "," + std::to_string(y);
        n.append_child("polyline").append_attribute("points") = pts.c_str();
    }
}

bool drawKindSheet(const Map& m, KindSheet* sheet, std::vector<uint32_t>* argb) {
    const int64_t cells = int64_t(m.tileset.kinds.size()) - 1, t = m.tileSize;
    if (cells < 1) return false;
    const int64_t columns = std::min<int64_t>(cells, 16), rows = (cells + 15) / 16;
    if (columns * t > 4096 || rows * t > 4096) return false;
    sheet->columns = int32_t(columns);
    sheet->width = int32_t(columns * t);
    sheet->height = int32_t(rows * t);
    argb->assign(size_t(sheet->width) * size_t(sheet->height), 0);
    for (int64_t k = 1; k <= cells; ++k) {
        const TileKind& kind = m.tileset.kinds[size_t(k)];
        const int64_t x0 = (k - 1) % 16 * t, y0 = (k - 1) / 16 * t;
        for (int64_t c = 0; c < t; ++c) {
            // Solid part of the column; one-way tiles as a quarter-tile ledge, empty-shaped
            // kinds as a full cell (their colour usually says they are decoration).
            int64_t top = t - shapeColumnHeight(kind.shape, int(c), int(t)), bottom = t;
            if (kind.shape == Shape::OneWay) bottom = std::max<int64_t>(1, t / 4);
            if (kind.shape == Shape::Empty) top = 0;
            for (int64_t r = top; r < bottom; ++r)
                (*argb)[size_t((y0 + r) * sheet->width + x0 + c)] = kind.color;
        }
    }
    return true;
}

std::string mapToTmx(const Map& m, const KindSheet& sheet) {
    checkExportable(m);
    const std::vector<ExportObject> objects = exportObjects(m);
    pugi::xml_document doc;
    pugi::xml_node decl = doc.append_child(pugi::node_declaration);
    decl.append_attribute("version") = "1.0";
    decl.append_attribute("encoding") = "UTF-8";
    pugi::xml_node map = doc.append_child("map");
    map.append_attribute("version") = "1.8";
    map.append_attribute("tiledversion") = "1.8.2";
    map.append_attribute("orientation") = "orthogonal";
    map.append_attribute("renderorder") = "right-down";
    map.append_attribute("width") = m.width;
    map.append_attribute("height") = m.height;
    map.append_attribute("tilewidth") = m.tileSize;
    map.append_attribute("tileheight") = m.tileSize;
    map.append_attribute("infinite") = 0;
    map.append_attribute("nextlayerid") = 3;
    map.append_attribute("nextobjectid") = (long long)(objects.size() + 1);
    xmlProperties(map, {{"sim_rate", "int", std::to_string(m.simRate)}});

    pugi::xml_node ts = map.append_child("tileset");
    ts.append_attribute("firstgid") = 1;
    ts.append_attribute("name") = "tilestep";
    ts.append_attribute("tilewidth") = m.tileSize;
    ts.append_attribute("tileheight") = m.tileSize;
    ts.append_attribute("tilecount") = (long long)(m.tileset.kinds.size() - 1);
    ts.append_attribute("columns") = sheet.file.empty() ? 0 : sheet.columns;
    xmlProperties(ts, tilesetProperties(m.tileset));
    if (sheet.file.empty()) {  // image-less tiles: Tiled's "collection of images" form
        pugi::xml_node grid = ts.append_child("grid");
        grid.append_attribute("orientation") = "orthogonal";
        grid.append_attribute("width") = 1;
        grid.append_attribute("height") = 1;
    } else {
        pugi::xml_node image = ts.append_child("image");
        image.append_attribute("source") = sheet.file.c_str();
        image.append_attribute("width") = sheet.width;
        image.append_attribute("height") = sheet.height;
    }
    for (size_t i = 1; i < m.tileset.kinds.size(); ++i) {
        pugi::xml_node tile = ts.append_child("tile");
        tile.append_attribute("id") = (long long)(i - 1);
        tile.append_attribute("type") = shapeName(m.tileset.kinds[i].shape);
        xmlProperties(tile, kindProperties(m.tileset.kinds[i]));
    }

    pugi::xml_node layer = map.append_child("layer");
    layer.append_attribute("id") = 1;
    layer.append_attribute("name") = "collision";
    layer.append_attribute("width") = m.width;
    layer.append_attribute("height") = m.height;
    pugi::xml_node data = layer.append_child("data");
    data.append_attribute("encoding") = "csv";
    data.append_child(pugi::node_pcdata).set_value(csvRows(m).c_str());

    pugi::xml_node group = map.append_child("objectgroup");
    group.append_attribute("id") = 2;
    group.append_attribute("name") = "objects";
    for (const ExportObject& o : objects) appendTmxObject(group, o);
    std::ostringstream out;
    doc.save(out, " ", pugi::format_default, pugi::encoding_utf8);
    return out.str();
}

std::string mapToTmj(const Map& m, const KindSheet& sheet) {
    checkExportable(m);
    const std::vector<ExportObject> objects = exportObjects(m);
    const std::string ts = std::to_string(m.tileSize);
    std::string out = "{\n  \"type\": \"map\",\n  \"version\": \"1.8\",\n";
    out += "  \"tiledversion\": \"1.8.2\",\n  \"orientation\": \"orthogonal\",\n";
    out += "  \"renderorder\": \"right-down\",\n  \"compressionlevel\": -1,\n";
    out += "  \"width\": " + std::to_string(m.width) +
           ",\n  \"height\": " + std::to_string(m.height) + ",\n  \"tilewidth\": " + ts +
           ",\n  \"tileheight\": " + ts +
           ",\n  \"infinite\": false,\n  \"nextlayerid\": 3,\n  \"nextobjectid\": " +
           std::to_string(objects.size() + 1) + ",\n";
    jsonProperties(out, {{"sim_rate", "int", std::to_string(m.simRate)}}, "  ");
    out +=
        ",\n  \"tilesets\": [{\n    \"firstgid\": 1, \"name\": \"tilestep\", \"tilewidth\": " + ts +
        ", \"tileheight\": " + ts +
        ",\n    \"tilecount\": " + std::to_string(m.tileset.kinds.size() - 1) +
        ", \"columns\": " + std::to_string(sheet.file.empty() ? 0 : sheet.columns) +
        ", \"margin\": 0, \"spacing\": 0,\n";
    if (sheet.file.empty()) {
        out += "    \"grid\": {\"orientation\": \"orthogonal\", \"width\": 1, \"height\": 1},\n";
    } else {
        out += "    \"image\": ";
        appendJsonString(out, sheet.file);
        out += ", \"imagewidth\": " + std::to_string(sheet.width) +
               ", \"imageheight\": " + std::to_string(sheet.height) + ",\n";
    }
    jsonProperties(out, tilesetProperties(m.tileset), "    ");
    out += ",\n    \"tiles\": [";
    for (size_t i = 1; i < m.tileset.kinds.size(); ++i) {
        out += i > 1 ? ",\n      {" : "\n      {";
        out += "\"id\": " + std::to_string(i - 1) + ", \"type\": \"" +
               shapeName(m.tileset.kinds[i].shape) + "\",\n";
        jsonProperties(out, kindProperties(m.tileset.kinds[i]), "       ");
        out += "}";
    }
    out += m.tileset.kinds.size() > 1 ? "\n    ]\n  }],\n" : "]\n  }],\n";
    out +=
        "  \"layers\": [\n    {\"id\": 1, \"name\": \"collision\", \"type\": \"tilelayer\", "
        "\"x\": 0, \"y\": 0, \"width\": " +
        std::to_string(m.width) + ", \"height\": " + std::to_string(m.height) +
        ", \"opacity\": 1, \"visible\": true,\n     \"data\": [";
    std::string csv = csvRows(m);
    for (char& c : csv)
        if (c == '\n') c = ' ';
    out += csv + "]},\n";
    out +=
        "    {\"id\": 2, \"name\": \"objects\", \"type\": \"objectgroup\", \"draworder\": "
        "\"topdown\", \"x\": 0, \"y\": 0, \"opacity\": 1, \"visible\": true,\n"
        "     \"objects\": [";
    for (size_t i = 0; i < objects.size(); ++i) {
        const ExportObject& o = objects[i];
        out += i ? ",\n       {" : "\n       {";
        out += "\"id\": " + std::to_string(o.id) + ", \"name\": ";
        appendJsonString(out, o.name);
        out += ", \"type\": ";
        appendJsonString(out, o.type);
        out += ", \"x\": " + number(o.x) + ", \"y\": " + number(o.y) +
               ", \"width\": " + number(o.w) + ", \"height\": " + number(o.h) +
               ", \"rotation\": 0, \"visible\": true";
        if (o.ellipse) out += ", \"ellipse\": true";
        if (!o.polyline.empty()) {
            out += ", \"polyline\": [";
            for (size_t k = 0; k < o.polyline.size(); ++k)
                out += (k ? ", " : "") + std::string("{\"x\": ") +
                       std::to_string(o.polyline[k].first) +
                       ", \"y\": " + std::to_string(o.polyline[k].second) + "}";
            out += "]";
        }
        if (!o.properties.empty()) {
            out += ",\n";
            jsonProperties(out, o.properties, "        ");
        }
        out += "}";
    }
    out += objects.empty() ? "]}\n  ]\n}\n" : "\n     ]}\n  ]\n}\n";
    return out;
}

}  // namespace ts::interop
