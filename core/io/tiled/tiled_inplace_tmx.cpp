// The in-place save's TMX side (tiled_inplace.h): the source parsed only to find what the plan
// names; the file written is the source's text with each change spliced in
// (io/tiled/detail/xml_edits.h), so entities, line endings, attribute order and layout stay.
#include <pugixml.hpp>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <memory>
#include <set>

#include "base/atomic_file.h"
#include "base/file_identity.h"
#include "io/interop_files.h"
#include "io/layer_data.h"
#include "io/map_io.h"
#include "io/tiled/detail/inplace_plan.h"
#include "io/tiled/detail/xml_edits.h"

namespace ts::interop {

namespace {

void load(pugi::xml_document& doc, const std::string& bytes, const std::string& path) {
    pugi::xml_parse_result r = doc.load_buffer(bytes.data(), bytes.size(), pugi::parse_default);
    if (!r) throw MapError(path + ": not saved in place: cannot read it again: " + r.description());
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

bool digit(char c) {
    return c >= '0' && c <= '9';
}

// The collision layer's data, changed cell by cell where the text allows: a CSV number or an
// XML tile's gid replaced in place (a one-cell edit is a one-line diff); base64 data, which
// has no cells to point at, written anew between the element's own leading and trailing
// whitespace.
void writeCells(XmlEdits& e, pugi::xml_node data, const std::vector<uint32_t>& gids,
                int64_t width) {
    const XmlEdits::Span s = e.span(data);
    const std::string& t = e.text();
    const std::string encoding = data.attribute("encoding").value();
    if (encoding == "csv") {
        std::vector<std::pair<size_t, size_t>> numbers;
        for (size_t i = s.tagEnd; i < s.inner;) {
            if (!digit(t[i])) {
                ++i;
                continue;
            }
            size_t j = i;
            while (j < s.inner && digit(t[j])) ++j;
            numbers.push_back({i, j});
            i = j;
        }
        if (numbers.size() == gids.size() && !s.selfClosing) {
            for (size_t k = 0; k < gids.size(); ++k) {
                const auto [b, end] = numbers[k];
                if (std::strtoull(t.substr(b, end - b).c_str(), nullptr, 10) != gids[k])
                    e.replace(b, end, std::to_string(gids[k]));
            }
            return;
        }
        std::string csv = e.eol();  // Tiled's layout
        for (size_t i = 0; i < gids.size(); ++i) {
            csv += std::to_string(gids[i]);
            if (i + 1 < gids.size()) csv += ',';
            if ((int64_t(i) + 1) % width == 0) csv += e.eol();
        }
        e.replace(s.tagEnd, s.inner, csv);
    } else if (encoding == "base64") {
        std::string bytes(gids.size() * 4, '\0');
        for (size_t i = 0; i < gids.size(); ++i)
            for (int b = 0; b < 4; ++b) bytes[i * 4 + size_t(b)] = char((gids[i] >> (8 * b)) & 255);
        const std::string text =
            base64Encode(compress(bytes, data.attribute("compression").value()));
        size_t b = s.tagEnd, end = s.inner;
        while (b < end && (t[b] == ' ' || t[b] == '\t' || t[b] == '\r' || t[b] == '\n')) ++b;
        while (end > b && (t[end - 1] == ' ' || t[end - 1] == '\t' || t[end - 1] == '\r' ||
                           t[end - 1] == '\n'))
            --end;
        e.replace(b, end, text);
    } else {  // one <tile> per cell
        std::vector<pugi::xml_node> tiles;
        for (pugi::xml_node tile : data.children("tile")) tiles.push_back(tile);
        if (tiles.size() != gids.size())
            throw MapError(e.path() + ": not saved in place: the collision layer has " +
                           std::to_string(tiles.size()) + " <tile> elements for " +
                           std::to_string(gids.size()) + " cells");
        for (size_t k = 0; k < gids.size(); ++k) {
            if (tiles[k].attribute("gid").as_uint(0) == gids[k]) continue;
            if (gids[k])
                e.setAttribute(tiles[k], "gid", std::to_string(gids[k]));
            else
                e.removeAttribute(tiles[k], "gid");
        }
    }
}

struct Property {
    const char* name;
    const char* type;  // null: a string
    std::string value;
};

// Sets PROPS of NODE: a property it has keeps its place and spelling, only its value (and
// type) changed; the others are added to its <properties>, made as its first child if needed.
void setProperties(XmlEdits& e, pugi::xml_node node, const std::vector<Property>& props) {
    pugi::xml_node list = node.child("properties");
    pugi::xml_document scratch;
    pugi::xml_node fresh = scratch.append_child("properties");
    for (const Property& want : props) {
        pugi::xml_node p = list.find_child_by_attribute("property", "name", want.name);
        if (p && !p.first_child()) {
            const std::string had = p.attribute("type").value();
            if (!want.type && !had.empty() && had != "string") e.removeAttribute(p, "type");
            if (want.type && had != want.type) e.setAttribute(p, "type", want.type);
            e.setAttribute(p, "value", want.value);
            continue;
        }
        pugi::xml_node n = (p ? scratch : fresh).append_child("property");
        n.append_attribute("name") = want.name;
        if (want.type) n.append_attribute("type") = want.type;
        n.append_attribute("value") = want.value.c_str();
        if (p) {  // a multi-line value, in the element's text: the element replaced
            const XmlEdits::Span s = e.span(p);
            e.replace(s.open, s.end, printed(n));
        } else if (list) {
            e.appendChild(list, printed(n));
        }
    }
    if (!list && fresh.first_child()) e.prependChild(node, printed(fresh));
}

std::vector<Property> shapeProperties(const TileCollision& c) {
    std::vector<Property> props = {{"collision", nullptr, shapeName(c.shape)}};
    if (c.shape == Shape::OneWay) props.push_back({"pass_mask", "int", std::to_string(c.passMask)});
    return props;
}

void setShape(XmlEdits& e, pugi::xml_node tileset, uint32_t local, const TileCollision& c) {
    pugi::xml_node tile =
        tileset.find_child_by_attribute("tile", "id", std::to_string(local).c_str());
    if (tile) return setProperties(e, tile, shapeProperties(c));
    pugi::xml_document scratch;
    pugi::xml_node t = scratch.append_child("tile");
    t.append_attribute("id") = local;
    pugi::xml_node list = t.append_child("properties");
    for (const Property& p : shapeProperties(c)) {
        pugi::xml_node n = list.append_child("property");
        n.append_attribute("name") = p.name;
        if (p.type) n.append_attribute("type") = p.type;
        n.append_attribute("value") = p.value.c_str();
    }
    if (pugi::xml_node before = tileset.child("wangsets"))
        e.insertBefore(before, printed(t));
    else
        e.appendChild(tileset, printed(t));
}

// External tilesets changed, by path, with their documents and edits.
struct TilesetFile {
    std::string bytes;
    pugi::xml_document doc;
    std::unique_ptr<XmlEdits> edits;
};
struct TilesetFiles {
    std::map<std::string, TilesetFile> docs;
};

void applyShapes(const ForeignSource& src, const std::string& out, const InplacePlan& plan,
                 pugi::xml_node map, XmlEdits& e, TilesetFiles& files) {
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
            setShape(e, best, local, s.collision);
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
        TilesetFile& f = it->second;
        if (fresh) {
            f.bytes = readFileBytes(path);
            load(f.doc, f.bytes, path);
            f.edits = std::make_unique<XmlEdits>(f.bytes, path);
        }
        setShape(*f.edits, f.doc.child("tileset"), local, s.collision);
    }
}

int64_t largestObjectId(pugi::xml_node node) {
    int64_t most = 0;
    for (pugi::xml_node n : node.children()) {
        if (n.type() != pugi::node_element) continue;
        if (std::string(n.name()) == "object")
            most = std::max<int64_t>(most, n.attribute("id").as_llong());
        most = std::max(most, largestObjectId(n));
    }
    return most;
}

void applyObjects(const InplacePlan& plan, pugi::xml_node map, const Layers& layers,
                  int64_t originX, int64_t originY, XmlEdits& e) {
    const InplacePlan::Objects* kinds[] = {&plan.brushes, &plan.actors, &plan.walls};
    // A map without nextobjectid (written before Tiled 0.11) keeps none: Tiled counts on
    // from its largest object id, and so do the ids given here.
    pugi::xml_attribute next = map.attribute("nextobjectid");
    int64_t nextId = next ? next.as_llong(1) : largestObjectId(map) + 1;
    pugi::xml_document scratch;
    pugi::xml_node newGroup;  // the objects layer made for a map that has none
    for (const InplacePlan::Objects* k : kinds) {
        if (!k->changed) continue;
        const std::set<int64_t> remove(k->remove.begin(), k->remove.end());
        const std::pair<pugi::xml_node, std::pair<double, double>>* target = nullptr;
        for (const auto& group : layers.objects)
            for (pugi::xml_node o : group.first.children("object"))
                if (remove.count(o.attribute("id").as_llong())) {
                    if (!target) target = &group;
                    e.remove(o);
                }
        if (k->add.empty()) continue;
        double ox = 0, oy = 0;
        if (!target && !layers.objects.empty()) target = &layers.objects[0];
        if (target) {
            ox = target->second.first;
            oy = target->second.second;
        } else if (!newGroup) {
            newGroup = scratch.append_child("objectgroup");
            // A map without nextlayerid (before Tiled 1.2) has no layer ids: none given.
            if (pugi::xml_attribute nextLayer = map.attribute("nextlayerid")) {
                newGroup.append_attribute("id") = nextLayer.as_llong(1);
                e.setAttribute(map, "nextlayerid", std::to_string(nextLayer.as_llong(1) + 1));
            }
            newGroup.append_attribute("name") = "objects";
        }
        const double tw = map.attribute("tilewidth").as_double(0);
        const double th = map.attribute("tileheight").as_double(0);
        for (ExportObject o : k->add) {
            o.id = nextId++;
            o.x += double(originX) * tw - ox;
            o.y += double(originY) * th - oy;
            if (target) {
                pugi::xml_document one;
                appendTmxObject(one.append_child("objectgroup"), o);
                e.appendChild(target->first, printed(one.first_child().first_child()));
            } else {
                appendTmxObject(newGroup, o);
            }
        }
    }
    if (newGroup) e.appendChild(map, printed(newGroup));
    if (next) e.setAttribute(map, "nextobjectid", std::to_string(nextId));
}

void rebaseAll(pugi::xml_node node, const std::string& from, const std::string& to, XmlEdits& e) {
    for (pugi::xml_node n : node.children()) {
        if (n.type() != pugi::node_element) continue;
        const std::string name = n.name();
        const char* attr = nullptr;
        if (name == "image" || name == "tileset")
            attr = "source";
        else if (name == "object")
            attr = "template";
        else if (name == "property" && std::string(n.attribute("type").value()) == "file")
            attr = "value";
        if (attr && n.attribute(attr))
            e.setAttribute(n, attr, rebasePath(n.attribute(attr).value(), from, to));
        rebaseAll(n, from, to, e);
    }
}

}  // namespace

std::string patchTmx(const ForeignSource& src, const InplacePlan& plan, const std::string& out) {
    pugi::xml_document doc;
    load(doc, src.bytes, src.path);
    XmlEdits e(src.bytes, src.path);
    pugi::xml_node map = doc.child("map");
    Layers layers;
    collect(map, 0, 0, layers);
    if (plan.cellsChanged) {
        pugi::xml_node layer = layers.tiles.at(size_t(src.layerIndex));
        writeCells(e, layer.child("data"), plan.gids, src.layerWidth);
    }
    TilesetFiles files;
    applyShapes(src, out, plan, map, e, files);
    applyObjects(plan, map, layers, src.originX, src.originY, e);
    if (plan.simRateChanged)
        setProperties(e, map, {{"sim_rate", "int", std::to_string(plan.simRate)}});
    rebaseAll(doc, folderOf(src.path), folderOf(out), e);
    // The tilesets first: the map never names tile shapes its tileset files lack.
    for (auto& [path, tsx] : files.docs) saveBytesAtomically(path, tsx.edits->result());
    return e.result();
}

}  // namespace ts::interop
