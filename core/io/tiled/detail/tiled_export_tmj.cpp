#include <string>

#include "base/json_text.h"
#include "io/tiled/detail/tiled_export_doc.h"

namespace ts::interop {

namespace {

void jsonProperties(std::string& out, const std::vector<ExportProperty>& props,
                    const char* indent) {
    out += std::string(indent) + "\"properties\": [";
    for (size_t i = 0; i < props.size(); ++i) {
        const ExportProperty& p = props[i];
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

void jsonObject(std::string& out, const ExportObject& o) {
    out += "\"id\": " + std::to_string(o.id) + ", \"name\": ";
    appendJsonString(out, o.name);
    out += ", \"type\": ";
    appendJsonString(out, o.type);
    out += ", \"x\": " + exportNumber(o.x) + ", \"y\": " + exportNumber(o.y) +
           ", \"width\": " + exportNumber(o.w) + ", \"height\": " + exportNumber(o.h) +
           ", \"rotation\": 0, \"visible\": true";
    if (o.ellipse) out += ", \"ellipse\": true";
    if (!o.polyline.empty()) {
        out += ", \"polyline\": [";
        for (size_t k = 0; k < o.polyline.size(); ++k)
            out += (k ? ", " : "") + std::string("{\"x\": ") + std::to_string(o.polyline[k].first) +
                   ", \"y\": " + std::to_string(o.polyline[k].second) + "}";
        out += "]";
    }
    if (!o.properties.empty()) {
        out += ",\n";
        jsonProperties(out, o.properties, "        ");
    }
}

}  // namespace

std::string writeTmj(const ExportDoc& d) {
    const std::string ts = std::to_string(d.tileSize);
    std::string out = "{\n  \"type\": \"map\",\n  \"version\": \"1.8\",\n";
    out += "  \"tiledversion\": \"1.8.2\",\n  \"orientation\": \"orthogonal\",\n";
    out += "  \"renderorder\": \"right-down\",\n  \"compressionlevel\": -1,\n";
    out += "  \"width\": " + std::to_string(d.width) +
           ",\n  \"height\": " + std::to_string(d.height) + ",\n  \"tilewidth\": " + ts +
           ",\n  \"tileheight\": " + ts +
           ",\n  \"infinite\": false,\n  \"nextlayerid\": 3,\n  \"nextobjectid\": " +
           std::to_string(d.objects.size() + 1) + ",\n";
    jsonProperties(out, d.properties, "  ");
    out +=
        ",\n  \"tilesets\": [{\n    \"firstgid\": 1, \"name\": \"tilestep\", \"tilewidth\": " + ts +
        ", \"tileheight\": " + ts + ",\n    \"tilecount\": " + std::to_string(d.tileCount) +
        ", \"columns\": " + std::to_string(d.columns) + ", \"margin\": 0, \"spacing\": 0,\n";
    if (d.image.empty()) {
        out += "    \"grid\": {\"orientation\": \"orthogonal\", \"width\": 1, \"height\": 1},\n";
    } else {
        out += "    \"image\": ";
        appendJsonString(out, d.image);
        out += ", \"imagewidth\": " + std::to_string(d.imageWidth) +
               ", \"imageheight\": " + std::to_string(d.imageHeight) + ",\n";
    }
    jsonProperties(out, d.tilesetProperties, "    ");
    out += ",\n    \"tiles\": [";
    for (size_t i = 0; i < d.tiles.size(); ++i) {
        const ExportTile& t = d.tiles[i];
        out += i ? ",\n      {" : "\n      {";
        out += "\"id\": " + std::to_string(t.id) + ", \"type\": \"" + t.type + "\",\n";
        jsonProperties(out, t.properties, "       ");
        out += "}";
    }
    out += d.tiles.empty() ? "]\n  }],\n" : "\n    ]\n  }],\n";
    out +=
        "  \"layers\": [\n    {\"id\": 1, \"name\": \"collision\", \"type\": \"tilelayer\", "
        "\"x\": 0, \"y\": 0, \"width\": " +
        std::to_string(d.width) + ", \"height\": " + std::to_string(d.height) +
        ", \"opacity\": 1, \"visible\": true,\n     \"data\": [";
    std::string csv = d.csv;
    for (char& c : csv)
        if (c == '\n') c = ' ';
    out += csv + "]},\n";
    out +=
        "    {\"id\": 2, \"name\": \"objects\", \"type\": \"objectgroup\", \"draworder\": "
        "\"topdown\", \"x\": 0, \"y\": 0, \"opacity\": 1, \"visible\": true,\n"
        "     \"objects\": [";
    for (size_t i = 0; i < d.objects.size(); ++i) {
        out += i ? ",\n       {" : "\n       {";
        jsonObject(out, d.objects[i]);
        out += "}";
    }
    out += d.objects.empty() ? "]}\n  ]\n}\n" : "\n     ]}\n  ]\n}\n";
    return out;
}

}  // namespace ts::interop
