#include "io/ldtk/ldtk_inplace.h"

// cereal/archives/json.hpp first: rapidjson's assertions throw (core/io/map_json.cpp).
#include <cereal/archives/json.hpp>
#include <rapidjson/prettywriter.h>
#include <rapidjson/stringbuffer.h>

#include "base/file_identity.h"
#include "io/interop_files.h"
#include "io/ldtk/detail/ldtk_project.h"
#include "io/map_io.h"

namespace ts::interop {

namespace {

using rapidjson::Value;

std::string written(const rapidjson::Document& doc) {
    rapidjson::StringBuffer buf;
    rapidjson::PrettyWriter<rapidjson::StringBuffer> w(buf);
    w.SetIndent(' ', 2);
    w.SetFormatOptions(rapidjson::kFormatSingleLineArray);
    doc.Accept(w);
    return std::string(buf.GetString(), buf.GetSize()) + "\n";
}

Value* member(Value& obj, const char* key) {
    if (!obj.IsObject()) return nullptr;
    auto it = obj.FindMember(key);
    return it == obj.MemberEnd() ? nullptr : &it->value;
}

// The project's levels in LdtkProject's order: the root's, then every world's.
std::vector<Value*> levelsOf(rapidjson::Document& doc) {
    std::vector<Value*> out;
    if (Value* l = member(doc, "levels"); l && l->IsArray())
        for (Value& v : l->GetArray()) out.push_back(&v);
    if (Value* w = member(doc, "worlds"); w && w->IsArray())
        for (Value& world : w->GetArray())
            if (Value* l = member(world, "levels"); l && l->IsArray())
                for (Value& v : l->GetArray()) out.push_back(&v);
    return out;
}

std::vector<std::string> problemsOf(const ForeignSource& src, const Map& edited) {
    const Map& was = src.imported;
    std::vector<std::string> p;
    if (edited.width != was.width || edited.height != was.height ||
        edited.tileSize != was.tileSize) {
        p.push_back("the map's size changed");
        return p;
    }
    if (!(edited.tileset == was.tileset))
        p.push_back("the kinds changed (an LDtk project's kinds are its IntGrid values)");
    if (!(edited.actors == was.actors))
        p.push_back("the actors changed (LDtk entities are not written in place)");
    if (!(edited.brushes == was.brushes)) p.push_back("the brushes changed (LDtk has none)");
    if (!(edited.walls == was.walls)) p.push_back("the walls changed (LDtk has none)");
    return p;
}

}  // namespace

void saveLdtkInPlace(const ForeignSource& src, const Map& edited, const std::string& out) {
    std::vector<std::string> problems;
    if (!sameFile(out, src.path))
        problems.push_back("an LDtk project is saved in place only into itself (" + src.path + ")");
    for (const std::string& p : problemsOf(src, edited)) problems.push_back(p);
    if (problems.empty() && (src.levelIndex < 0 || src.layerIndex < 0))
        problems.push_back("the project has no collision layer to write");
    if (!problems.empty()) {
        std::string list;
        for (const std::string& p : problems) list += (list.empty() ? "" : "; ") + p;
        throw MapError(out + ": not saved in place: " + list);
    }
    if (edited.tiles == src.imported.tiles) return;  // nothing of tilestep's changed

    rapidjson::Document project, levelDoc;
    LdtkJson json(src.path);
    json.parse(src.bytes, project);
    std::vector<Value*> levels = levelsOf(project);
    if (size_t(src.levelIndex) >= levels.size()) json.fail("not saved in place: the level is gone");
    Value* level = levels[size_t(src.levelIndex)];
    std::string writePath = src.path;
    rapidjson::Document* writeDoc = &project;
    Value* layers = member(*level, "layerInstances");
    if (Value* rel = member(*level, "externalRelPath"); rel && rel->IsString()) {
        writePath = joinPath(folderOf(src.path), rel->GetString());
        LdtkJson(writePath).parse(readLdtkFile(writePath), levelDoc);
        writeDoc = &levelDoc;
        layers = member(levelDoc, "layerInstances");
    }
    if (!layers || !layers->IsArray() || size_t(src.layerIndex) >= layers->Size())
        throw MapError(writePath + ": not saved in place: the collision layer is gone");
    Value* csv = member((*layers)[rapidjson::SizeType(src.layerIndex)], "intGridCsv");
    if (!csv || !csv->IsArray() || csv->Size() != edited.tiles.size())
        throw MapError(writePath +
                       ": not saved in place: the collision layer's intGridCsv "
                       "is not the map's size");
    for (size_t i = 0; i < edited.tiles.size(); ++i) {
        if (edited.tiles[i] == src.imported.tiles[i]) continue;
        (*csv)[rapidjson::SizeType(i)].SetInt64(int64_t(src.kindGid.at(edited.tiles[i])));
    }
    saveBytesAtomically(writePath, written(*writeDoc));
}

}  // namespace ts::interop
