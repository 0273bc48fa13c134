#include "io/ldtk/detail/ldtk_project.h"

#include "base/bounded_read.h"
#include "io/interop_files.h"
#include "io/map_io.h"

namespace ts::interop {

using rapidjson::Value;

namespace {

// An error's list of levels stops here; `tilestep info` lists them all.
constexpr size_t kLevelsNamedInErrors = 20;

}  // namespace

std::string readLdtkFile(const std::string& path) {
    // JSON objects only: /dev/zero or a binary file named by mistake ends at its first byte.
    auto notAnObject = [](const std::string& bytes, size_t) {
        const size_t first = bytes.find_first_not_of(" \t\n\r");
        return first != std::string::npos && bytes[first] != '{';
    };
    std::string bytes, problem;
    if (readFileAtMost(path, kMaxLdtkFileBytes, "an LDtk file", &bytes, &problem, notAnObject) !=
        ReadResult::Ok)
        throw MapError(path + ": " + problem);
    return bytes;
}

LdtkProject::LdtkProject(const std::string& text, const std::string& path) : json_(path) {
    json_.parse(text, doc_);
    if (!doc_.IsObject()) json_.fail("the top level must be an object (not an LDtk project?)");
    const Value* levels = json_.find(doc_, "levels");
    if (levels) {
        if (!levels->IsArray()) json_.fail("levels: expected an array");
        for (const Value& l : levels->GetArray()) levels_.push_back(&l);
    }
    // "Multi-worlds" projects keep the root `levels` empty and list them per world.
    if (const Value* worlds = json_.find(doc_, "worlds"); worlds && worlds->IsArray())
        for (const Value& w : worlds->GetArray())
            if (const Value* wl = json_.find(w, "levels"); wl && wl->IsArray())
                for (const Value& l : wl->GetArray()) levels_.push_back(&l);
    if (!levels && levels_.empty()) json_.fail("levels: missing");
    if (levels_.empty()) json_.fail("levels: the project has no level");
}

std::string LdtkProject::levelName(size_t i) const {
    return json_.text(*levels_[i], "identifier", "levels[" + std::to_string(i) + "]: ");
}

std::string LdtkProject::levelFile(size_t i) const {
    return json_.text(*levels_[i], "externalRelPath", "level \"" + levelName(i) + "\": ");
}

std::string LdtkProject::levelNames() const {
    std::string list;
    for (size_t i = 0; i < levels_.size() && i < kLevelsNamedInErrors; ++i)
        list += (i ? ", \"" : "\"") + levelName(i) + "\"";
    if (levels_.size() > kLevelsNamedInErrors)
        list += " and " + std::to_string(levels_.size() - kLevelsNamedInErrors) +
                " more (tilestep info lists them)";
    return list;
}

size_t LdtkProject::choose(const std::string& name) const {
    if (name.empty()) return 0;
    for (size_t i = 0; i < levels_.size(); ++i)
        if (levelName(i) == name) return i;
    std::vector<size_t> matches;
    for (size_t i = 0; i < levels_.size(); ++i)
        if (sameNoCase(levelName(i), name)) matches.push_back(i);
    if (matches.size() == 1) return matches[0];
    if (matches.empty())
        json_.fail("no level \"" + name + "\" (the project's levels: " + levelNames() + ")");
    std::string which;
    for (size_t i : matches) which += (which.empty() ? "\"" : ", \"") + levelName(i) + "\"";
    json_.fail("level \"" + name + "\" matches " + which + " (give the name in its exact case)");
}

LdtkProject::Layers LdtkProject::layers(size_t i) {
    const Value& level = *levels_[i];
    const std::string name = levelName(i);
    const std::string at = "level \"" + name + "\": ";
    const std::string rel = levelFile(i);
    if (rel.empty()) return {&json_.array(level, "layerInstances", at), &json_};

    // "Separate level files": the level's layers are in its .ldtkl, a Level object of its own.
    const std::string path = joinPath(folderOf(json_.file()), rel);
    auto json = std::make_unique<LdtkJson>(path);
    auto doc = std::make_unique<rapidjson::Document>();
    json->parse(readLdtkFile(path), *doc);
    if (!doc->IsObject()) json->fail("the top level must be an object (not an LDtk level file?)");
    // The file must be the level the project names: a renamed or copied level file would
    // otherwise import another level's layers under this name.
    const std::string fileName = json->text(*doc, "identifier", "");
    const std::string iid = json_.text(level, "iid", at);
    const std::string fileIid = json->text(*doc, "iid", "");
    if ((!fileName.empty() && fileName != name) ||
        (!iid.empty() && !fileIid.empty() && iid != fileIid))
        json->fail("holds level \"" + fileName + "\"" +
                   (fileIid.empty() ? "" : " (iid " + fileIid + ")") + ", but " + json_.file() +
                   " names this file for level \"" + name + "\"" +
                   (iid.empty() ? "" : " (iid " + iid + ")"));
    const Value& layers = json->array(*doc, "layerInstances", at);
    levelDocs_.push_back(std::move(doc));
    levelJsons_.push_back(std::move(json));
    return {&layers, levelJsons_.back().get()};
}

const Value* findCollisionLayer(const LdtkJson& json, const Value& layers,
                                const std::string& wanted) {
    const Value* firstGrid = nullptr;
    for (const Value& l : layers.GetArray()) {
        if (json.text(l, "__type", "layerInstances: ") != "IntGrid") continue;
        const std::string name = json.text(l, "__identifier", "layerInstances: ");
        if (wanted.empty() ? sameNoCase(name, "collision") : name == wanted) return &l;
        if (!firstGrid) firstGrid = &l;
    }
    return wanted.empty() ? firstGrid : nullptr;
}

}  // namespace ts::interop
