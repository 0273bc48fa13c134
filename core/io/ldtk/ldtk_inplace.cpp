#include "io/ldtk/ldtk_inplace.h"

// cereal/archives/json.hpp first: rapidjson's assertions throw (core/io/map_json.cpp).
#include <cereal/archives/json.hpp>
#include <rapidjson/prettywriter.h>
#include <rapidjson/stringbuffer.h>

#include <filesystem>

#include "base/file_identity.h"
#include "base/json_patch.h"
#include "io/detail/line_ends.h"
#include "io/interop_files.h"
#include "io/ldtk/detail/ldtk_entities_out.h"
#include "io/ldtk/detail/ldtk_project.h"
#include "io/map_formats.h"
#include "io/map_io.h"

namespace ts::interop {

namespace {

using rapidjson::Value;

std::string absoluteNormal(const std::string& path) {
    std::error_code ec;
    return std::filesystem::absolute(path.empty() ? "." : path, ec).lexically_normal().string();
}

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
    if (!(edited.brushes == was.brushes)) p.push_back("the brushes changed (LDtk has none)");
    if (!(edited.walls == was.walls)) p.push_back("the walls changed (LDtk has none)");
    return p;
}

[[noreturn]] void refuse(const std::string& out, const std::vector<std::string>& problems) {
    std::string list;
    for (const std::string& p : problems) list += (list.empty() ? "" : "; ") + p;
    throw MapError(out + ": not saved in place: " + list);
}

void load(rapidjson::Document& doc, const std::string& bytes, const std::string& path) {
    // Full precision: every number not written by tilestep is written back as it was read.
    doc.Parse<rapidjson::kParseIterativeFlag | rapidjson::kParseValidateEncodingFlag |
              rapidjson::kParseFullPrecisionFlag>(bytes.data(), bytes.size());
    if (doc.HasParseError() || !doc.IsObject())
        throw MapError(path + ": not saved in place: cannot read it again");
}

// LDtk names files relative to the project (tilesets, level files, backgrounds, FilePath
// fields): a copy in another folder names them relative to its own.
void rebase(Value& v, const std::string& from, const std::string& to, rapidjson::Document& doc) {
    auto moved = [&](Value& s) {
        if (!s.IsString() || s.GetStringLength() == 0 || s.GetString()[0] == '/') return;
        const std::string r = relativeTo(joinPath(from, s.GetString()), to);
        s.SetString(r.c_str(), rapidjson::SizeType(r.size()), doc.GetAllocator());
    };
    if (v.IsArray()) {
        for (Value& e : v.GetArray()) rebase(e, from, to, doc);
        return;
    }
    if (!v.IsObject()) return;
    const Value* type = member(v, "__type");
    const bool filePath = type && type->IsString() &&
                          std::string(type->GetString()).find("FilePath") != std::string::npos;
    for (auto& m : v.GetObject()) {
        const std::string key = m.name.GetString();
        if (key == "relPath" ||
            (key.size() > 7 && key.compare(key.size() - 7, 7, "RelPath") == 0)) {
            moved(m.value);
        } else if (filePath && key == "__value") {
            if (m.value.IsArray())
                for (Value& e : m.value.GetArray()) moved(e);
            else
                moved(m.value);
        } else if (filePath && key == "realEditorValues" && m.value.IsArray()) {
            for (Value& r : m.value.GetArray())
                if (Value* params = member(r, "params"); params && params->IsArray())
                    for (Value& e : params->GetArray()) moved(e);
        } else {
            rebase(m.value, from, to, doc);
        }
    }
}

// DOC (parsed from SOURCE, then edited) as SOURCE's text with only the edited values changed
// (core/base/json_patch.h): LDtk's own layout, number spelling and key order stay, so a
// one-cell edit changes one value, not the whole file. The writer's text where the patch
// cannot match the source (a key written with escapes).
std::string patched(const std::string& source, const rapidjson::Document& doc,
                    const std::string& path) {
    rapidjson::Document before;
    load(before, source, path);
    const std::string after = written(doc);
    std::string out;
    if (patchJson(source, written(before), after, &out)) return withSourceLineEnds(source, out);
    return after;
}

// Writes BYTES to PATH unless it holds them already.
void restore(const std::string& path, const std::string& bytes) {
    std::string now;
    try {
        now = readLdtkFile(path);
    } catch (const MapError&) {
    }
    if (now != bytes) saveBytesAtomically(path, bytes);
}

}  // namespace

bool savesLdtkInPlace(const ForeignSource& src, const std::string& out) {
    const MapFileFormat* a = mapFileFormatFor(src.path);
    const MapFileFormat* b = mapFileFormatFor(out);
    return a && b && a->kind == MapFileKind::Ldtk && b->kind == MapFileKind::Ldtk;
}

void saveLdtkInPlace(const ForeignSource& src, const Map& edited, const std::string& out) {
    std::vector<std::string> problems;
    if (!savesLdtkInPlace(src, out))
        problems.push_back("an LDtk project is saved in place only as an LDtk project (.ldtk)");
    for (const std::string& p : problemsOf(src, edited)) problems.push_back(p);
    if (problems.empty() && (src.levelIndex < 0 || src.layerIndex < 0))
        problems.push_back("the project has no collision layer to write");
    if (!problems.empty()) refuse(out, problems);
    const bool intoItself = sameFile(out, src.path);
    const bool sameFolder = absoluteNormal(folderOf(src.path)) == absoluteNormal(folderOf(out));
    const bool cells = !(edited.tiles == src.imported.tiles);
    const bool actors = !(edited.actors == src.imported.actors);
    if (!cells && !actors && intoItself) {
        // Nothing of tilestep's changed, or every change was undone: the files as read (an
        // earlier save may have written them).
        restore(src.path, src.bytes);
        if (!src.levelFile.empty())
            restore(joinPath(folderOf(src.path), src.levelFile), src.levelBytes);
        return;
    }
    if (!cells && !actors && sameFolder) {
        saveBytesAtomically(out, src.bytes);
        return;
    }

    rapidjson::Document project, levelDoc;
    load(project, src.bytes, src.path);
    std::vector<Value*> levels = levelsOf(project);
    if (size_t(src.levelIndex) >= levels.size())
        refuse(out, {"the level read is gone from " + src.path});
    Value* level = levels[size_t(src.levelIndex)];
    if (!sameFolder)
        if (Value* ext = member(project, "externalLevels"); ext && ext->IsBool() && ext->GetBool())
            refuse(out, {"a project with separate level files is copied only into its own "
                         "folder (its level files name paths relative to it)"});
    std::string writePath = src.path;
    rapidjson::Document* writeDoc = &project;
    std::string levelSource;
    Value* layers = member(*level, "layerInstances");
    if (Value* rel = member(*level, "externalRelPath"); rel && rel->IsString()) {
        writePath = joinPath(folderOf(src.path), rel->GetString());
        if ((cells || actors) && !intoItself)
            refuse(out, {"the level's cells and entities are in its own file " + writePath +
                         ", which belongs to " + src.path + ": save into that project"});
        levelSource = src.levelBytes.empty() ? readLdtkFile(writePath) : src.levelBytes;
        load(levelDoc, levelSource, writePath);
        writeDoc = &levelDoc;
        layers = member(levelDoc, "layerInstances");
    }
    if (!layers || !layers->IsArray() || size_t(src.layerIndex) >= layers->Size())
        refuse(writePath, {"the collision layer is gone"});
    Value* csv = member((*layers)[rapidjson::SizeType(src.layerIndex)], "intGridCsv");
    if (!csv || !csv->IsArray() || csv->Size() != edited.tiles.size())
        refuse(writePath, {"the collision layer's intGridCsv is not the map's size"});
    for (size_t i = 0; i < edited.tiles.size(); ++i) {
        if (edited.tiles[i] == src.imported.tiles[i]) continue;
        (*csv)[rapidjson::SizeType(i)].SetInt64(int64_t(src.kindGid.at(edited.tiles[i])));
    }
    LdtkLevelPlace place;
    place.layers = layers;
    place.defs = member(project, "defs");
    if (Value* x = member(*level, "worldX"); x && x->IsInt64()) place.worldX = x->GetInt64();
    if (Value* y = member(*level, "worldY"); y && y->IsInt64()) place.worldY = y->GetInt64();
    if (Value* iid = member(*level, "iid"); iid && iid->IsString())
        place.levelIid = iid->GetString();
    writeLdtkActors(src, edited, place, writeDoc->GetAllocator(), problems);
    if (!problems.empty()) refuse(out, problems);
    if (!intoItself) {
        if (!sameFolder) rebase(project, folderOf(src.path), folderOf(out), project);
        saveBytesAtomically(out, patched(src.bytes, project, src.path));
        return;
    }
    saveBytesAtomically(
        writePath, patched(writeDoc == &project ? src.bytes : levelSource, *writeDoc, writePath));
}

}  // namespace ts::interop
