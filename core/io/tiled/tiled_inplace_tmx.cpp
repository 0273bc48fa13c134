// The in-place save's TMX side (tiled_inplace.h): the source parsed with its whitespace and
// comments kept, the plan applied to the elements it names, saved without reformatting.
#include <pugixml.hpp>

#include <map>
#include <set>
#include <sstream>

#include "base/atomic_file.h"
#include "base/file_identity.h"
#include "io/interop_files.h"
#include "io/layer_data.h"
#include "io/map_io.h"
#include "io/tiled/detail/inplace_plan.h"

namespace ts::interop {

namespace {

constexpr unsigned kParse = pugi::parse_full | pugi::parse_ws_pcdata;

void load(pugi::xml_document& doc, const std::string& bytes, const std::string& path) {
    pugi::xml_parse_result r = doc.load_buffer(bytes.data(), bytes.size(), kParse);
    if (!r) throw MapError(path + ": not saved in place: cannot read it again: " + r.description());
}

// The document as text; its root element in place of the one in `original` (the root's
// name at `offset`), so that what lies around the root (declaration, comments, line breaks)
// keeps its bytes.
std::string saved(const pugi::xml_document& doc, const std::string& original) {
    pugi::xml_node root = doc.document_element();
    std::ostringstream out;
    const ptrdiff_t at = root.offset_debug();
    const std::string close = "</" + std::string(root.name()) + ">";
    const size_t end = original.rfind(close);
    if (at < 1 || size_t(at) > original.size() || original[size_t(at) - 1] != '<' ||
        end == std::string::npos || end < size_t(at)) {
        doc.save(out, "", pugi::format_raw, pugi::encoding_utf8);
        return out.str();
    }
    root.print(out, "", pugi::format_raw, pugi::encoding_utf8);
    return original.substr(0, size_t(at) - 1) + out.str() + original.substr(end + close.size());
}

// Tile layers in file order (groups looked into), as readTmx counts them; object layers with
// their offsets (own and groups').
struct Layers {
    std::vector<pugi::xml_node> tiles;
    std::vector<std::pair<pugi::xml_node, std::pair<double, double>>> objects;
};

void collect(pugi::xml_node parent, double ox, double oy, Layers& out) {
    for (pugi::xml_node n : parent.children()) {
        const std::string kind = n.name();
        const double x = ox + n.attribute("offsetx").as_double(0);
        const double y = oy + n.attribute("offsety").as_double(0);
        if (kind == "layer")
            out.tiles.push_back(n);
        else if (kind == "objectgroup")
            out.objects.push_back({n, {x, y}});
        else if (kind == "group")
            collect(n, x, y, out);
    }
}

void setText(pugi::xml_node data, const std::string& text) {
    while (data.first_child()) data.remove_child(data.first_child());
    data.append_child(pugi::node_pcdata).set_value(text.c_str());
}

void writeCells(pugi::xml_node data, const std::vector<uint32_t>& gids, int64_t width) {
    const std::string encoding = data.attribute("encoding").value();
    if (encoding == "csv") {
        std::string s = "\n";
        s.reserve(gids.size() * 4);
        for (size_t i = 0; i < gids.size(); ++i) {
            s += std::to_string(gids[i]);
            if (i + 1 < gids.size()) s += ',';
            if ((int64_t(i) + 1) % width == 0) s += '\n';
        }
        setText(data, s);
    } else if (encoding == "base64") {
        std::string bytes(gids.size() * 4, '\0');
        for (size_t i = 0; i < gids.size(); ++i)
            for (int b = 0; b < 4; ++b) bytes[i * 4 + size_t(b)] = char((gids[i] >> (8 * b)) & 255);
        setText(data, "\n   " +
                          base64Encode(compress(bytes, data.attribute("compression").value())) +
                          "\n  ");
    } else {  // one <tile> per cell
        while (data.first_child()) data.remove_child(data.first_child());
        for (uint32_t g : gids) {
            pugi::xml_node t = data.append_child("tile");
            if (g) t.append_attribute("gid") = g;
        }
    }
}

// Sets property NAME of NODE (creating <properties> and the property as needed).
void setProperty(pugi::xml_node node, const char* name, const char* type,
                 const std::string& value) {
    pugi::xml_node props = node.child("properties");
    if (!props) props = node.prepend_child("properties");
    pugi::xml_node p = props.find_child_by_attribute("property", "name", name);
    if (!p) {
        p = props.append_child("property");
        p.append_attribute("name") = name;
    }
    p.remove_attribute("type");
    if (type) p.append_attribute("type") = type;
    if (p.attribute("value"))
        p.attribute("value") = value.c_str();
    else
        p.append_attribute("value") = value.c_str();
    while (p.first_child()) p.remove_child(p.first_child());  // multi-line string values
}

void setShape(pugi::xml_node tileset, uint32_t local, const TileCollision& c) {
    pugi::xml_node tile =
        tileset.find_child_by_attribute("tile", "id", std::to_string(local).c_str());
    if (!tile) {
        pugi::xml_node before = tileset.child("wangsets");
        tile = before ? tileset.insert_child_before("tile", before) : tileset.append_child("tile");
        tile.append_attribute("id") = local;
    }
    setProperty(tile, "collision", nullptr, shapeName(c.shape));
    if (c.shape == Shape::OneWay) setProperty(tile, "pass_mask", "int", std::to_string(c.passMask));
}

// External tilesets changed, by path, with their documents.
struct TilesetFile {
    std::string bytes;
    pugi::xml_document doc;
};
struct TilesetFiles {
    std::map<std::string, TilesetFile> docs;
};

void applyShapes(const ForeignSource& src, const std::string& out, const InplacePlan& plan,
                 pugi::xml_node map, TilesetFiles& files) {
    for (const InplacePlan::TileShape& s : plan.shapes) {
        pugi::xml_node best;
        for (pugi::xml_node ts : map.children("tileset"))
            if (ts.attribute("firstgid").as_uint() <= s.gid &&
                (!best ||
                 ts.attribute("firstgid").as_uint() > best.attribute("firstgid").as_uint()))
                best = ts;
        if (!best) continue;  // the import found it, so the file has it
        const uint32_t local = s.gid - best.attribute("firstgid").as_uint();
        const std::string source = best.attribute("source").value();
        if (source.empty()) {
            setShape(best, local, s.collision);
            continue;
        }
        const std::string path = joinPath(folderOf(src.path), source);
        if (sameFile(path, src.path) || sameFile(path, out))
            throw MapError(path + ": not saved in place: the tileset file is the map itself");
        if (!endsWithNoCase(path, ".tsx"))
            throw MapError(path +
                           ": not saved in place: tile shapes are written into .tsx "
                           "tilesets only (this one is JSON)");
        auto [it, fresh] = files.docs.try_emplace(path);
        if (fresh) {
            it->second.bytes = readFileBytes(path);
            load(it->second.doc, it->second.bytes, path);
        }
        setShape(it->second.doc.child("tileset"), local, s.collision);
    }
}

void applyObjects(const InplacePlan& plan, pugi::xml_node map, const Layers& layers,
                  int64_t originX, int64_t originY) {
    const InplacePlan::Objects* kinds[] = {&plan.brushes, &plan.actors, &plan.walls};
    int64_t nextId = map.attribute("nextobjectid").as_llong(1);
    for (const InplacePlan::Objects* k : kinds) {
        if (!k->changed) continue;
        const std::set<int64_t> remove(k->remove.begin(), k->remove.end());
        const std::pair<pugi::xml_node, std::pair<double, double>>* target = nullptr;
        for (const auto& group : layers.objects) {
            pugi::xml_node g = group.first;
            for (pugi::xml_node o = g.child("object"); o;) {
                pugi::xml_node next = o.next_sibling("object");
                if (remove.count(o.attribute("id").as_llong())) {
                    if (!target) target = &group;
                    pugi::xml_node ws = o.previous_sibling();
                    if (ws.type() == pugi::node_pcdata) g.remove_child(ws);
                    g.remove_child(o);
                }
                o = next;
            }
        }
        if (k->add.empty()) continue;
        pugi::xml_node group;
        double ox = 0, oy = 0;
        if (!target && !layers.objects.empty()) target = &layers.objects[0];
        if (target) {
            group = target->first;
            ox = target->second.first;
            oy = target->second.second;
        } else {
            group = map.child("objectgroup");
            if (!group) {
                group = map.append_child("objectgroup");
                const int64_t id = map.attribute("nextlayerid").as_llong(1);
                group.append_attribute("id") = (long long)id;
                group.append_attribute("name") = "objects";
                if (map.attribute("nextlayerid"))
                    map.attribute("nextlayerid") = (long long)(id + 1);
            }
        }
        const double tw = map.attribute("tilewidth").as_double(0);
        const double th = map.attribute("tileheight").as_double(0);
        for (ExportObject o : k->add) {
            o.id = nextId++;
            o.x += double(originX) * tw - ox;
            o.y += double(originY) * th - oy;
            appendTmxObject(group, o);
        }
    }
    if (map.attribute("nextobjectid"))
        map.attribute("nextobjectid") = (long long)nextId;
    else
        map.append_attribute("nextobjectid") = (long long)nextId;
}

void rebaseAll(pugi::xml_node node, const std::string& from, const std::string& to) {
    for (pugi::xml_node n : node.children()) {
        if (n.type() != pugi::node_element) continue;
        const std::string name = n.name();
        pugi::xml_attribute a;
        if (name == "image" || name == "tileset")
            a = n.attribute("source");
        else if (name == "object")
            a = n.attribute("template");
        else if (name == "property" && std::string(n.attribute("type").value()) == "file")
            a = n.attribute("value");
        if (a) a = rebasePath(a.value(), from, to).c_str();
        rebaseAll(n, from, to);
    }
}

}  // namespace

std::string patchTmx(const ForeignSource& src, const InplacePlan& plan, const std::string& out) {
    pugi::xml_document doc;
    load(doc, src.bytes, src.path);
    pugi::xml_node map = doc.child("map");
    Layers layers;
    collect(map, 0, 0, layers);
    if (plan.cellsChanged) {
        pugi::xml_node layer = layers.tiles.at(size_t(src.layerIndex));
        writeCells(layer.child("data"), plan.gids, src.layerWidth);
    }
    TilesetFiles files;
    applyShapes(src, out, plan, map, files);
    applyObjects(plan, map, layers, src.originX, src.originY);
    if (plan.simRateChanged) setProperty(map, "sim_rate", "int", std::to_string(plan.simRate));
    rebaseAll(doc, folderOf(src.path), folderOf(out));
    // The tilesets first: the map never names tile shapes its tileset files lack.
    for (auto& [path, tsx] : files.docs) saveBytesAtomically(path, saved(tsx.doc, tsx.bytes));
    return saved(doc, src.bytes);
}

}  // namespace ts::interop
