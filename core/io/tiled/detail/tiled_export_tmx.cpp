#include <pugixml.hpp>

#include <sstream>

#include "io/tiled/detail/tiled_export_doc.h"
#include "io/tiled/detail/tiled_objects_out.h"

namespace ts::interop {

namespace {

void xmlProperties(pugi::xml_node parent, const std::vector<ExportProperty>& props) {
    if (props.empty()) return;
    pugi::xml_node list = parent.append_child("properties");
    for (const ExportProperty& p : props) {
        pugi::xml_node n = list.append_child("property");
        n.append_attribute("name") = p.name.c_str();
        if (!p.type.empty()) n.append_attribute("type") = p.type.c_str();
        n.append_attribute("value") = p.value.c_str();
    }
}

}  // namespace

void appendTmxObject(pugi::xml_node group, const ExportObject& o) {
    pugi::xml_node n = group.append_child("object");
    n.append_attribute("id") = (long long)o.id;
    if (!o.name.empty()) n.append_attribute("name") = o.name.c_str();
    n.append_attribute("type") = o.type.c_str();
    n.append_attribute("x") = exportNumber(o.x).c_str();
    n.append_attribute("y") = exportNumber(o.y).c_str();
    if (o.polyline.empty()) {
        n.append_attribute("width") = exportNumber(o.w).c_str();
        n.append_attribute("height") = exportNumber(o.h).c_str();
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

std::string writeTmx(const ExportDoc& d) {
    pugi::xml_document doc;
    pugi::xml_node decl = doc.append_child(pugi::node_declaration);
    decl.append_attribute("version") = "1.0";
    decl.append_attribute("encoding") = "UTF-8";
    pugi::xml_node map = doc.append_child("map");
    map.append_attribute("version") = "1.8";
    map.append_attribute("tiledversion") = "1.8.2";
    map.append_attribute("orientation") = "orthogonal";
    map.append_attribute("renderorder") = "right-down";
    map.append_attribute("width") = d.width;
    map.append_attribute("height") = d.height;
    map.append_attribute("tilewidth") = d.tileSize;
    map.append_attribute("tileheight") = d.tileSize;
    map.append_attribute("infinite") = 0;
    map.append_attribute("nextlayerid") = 3;
    map.append_attribute("nextobjectid") = (long long)(d.objects.size() + 1);
    xmlProperties(map, d.properties);

    pugi::xml_node ts = map.append_child("tileset");
    ts.append_attribute("firstgid") = 1;
    ts.append_attribute("name") = "tilestep";
    ts.append_attribute("tilewidth") = d.tileSize;
    ts.append_attribute("tileheight") = d.tileSize;
    ts.append_attribute("tilecount") = (long long)d.tileCount;
    ts.append_attribute("columns") = d.columns;
    xmlProperties(ts, d.tilesetProperties);
    if (d.image.empty()) {
        pugi::xml_node grid = ts.append_child("grid");
        grid.append_attribute("orientation") = "orthogonal";
        grid.append_attribute("width") = 1;
        grid.append_attribute("height") = 1;
    } else {
        pugi::xml_node image = ts.append_child("image");
        image.append_attribute("source") = d.image.c_str();
        image.append_attribute("width") = d.imageWidth;
        image.append_attribute("height") = d.imageHeight;
    }
    for (const ExportTile& t : d.tiles) {
        pugi::xml_node tile = ts.append_child("tile");
        tile.append_attribute("id") = (long long)t.id;
        tile.append_attribute("type") = t.type.c_str();
        xmlProperties(tile, t.properties);
    }

    pugi::xml_node layer = map.append_child("layer");
    layer.append_attribute("id") = 1;
    layer.append_attribute("name") = "collision";
    layer.append_attribute("width") = d.width;
    layer.append_attribute("height") = d.height;
    pugi::xml_node data = layer.append_child("data");
    data.append_attribute("encoding") = "csv";
    data.append_child(pugi::node_pcdata).set_value(d.csv.c_str());

    pugi::xml_node group = map.append_child("objectgroup");
    group.append_attribute("id") = 2;
    group.append_attribute("name") = "objects";
    for (const ExportObject& o : d.objects) appendTmxObject(group, o);
    std::ostringstream out;
    doc.save(out, " ", pugi::format_default, pugi::encoding_utf8);
    return out.str();
}

}  // namespace ts::interop
