#include "io/ldtk/detail/ldtk_project.h"

#include <algorithm>

#include "base/bounded_read.h"
#include "io/detail/collision_layer_names.h"
#include "io/interop_files.h"
#include "io/map_io.h"

namespace ts::interop {

using rapidjson::Value;

namespace {

// An error's list of levels stops here; `tilestep info` lists them all.
constexpr size_t kLevelsNamedInErrors = 20;

// "1.5.3" -> {1, 5, 3}; false when it is not numbers and dots.
bool parseVersion(const std::string& text, int v[3]) {
    v[0] = v[1] = v[2] = 0;
    size_t at = 0;
    for (int part = 0; part < 3 && at < text.size(); ++part) {
        size_t end = at;
        while (end < text.size() && text[end] >= '0' && text[end] <= '9') ++end;
        if (end == at || end - at > 6) return false;
        v[part] = std::stoi(text.substr(at, end - at));
        if (end < text.size() && text[end] != '.') return false;
        at = end + 1;
    }
    return true;
}

}  // namespace

void checkLdtkVersion(const LdtkJson& json, const Value& root) {
    const Value* v = json.find(root, "jsonVersion");
    if (!v || !v->IsString()) return;  // not written by LDtk itself: read what is there
    const std::string text = v->GetString();
    int have[3], oldest[3];
    parseVersion(kOldestLdtkVersion, oldest);
    if (!parseVersion(text, have)) return;
    if (std::lexicographical_compare(have, have + 3, oldest, oldest + 3))
        json.fail("jsonVersion \"" + text + "\": tilestep reads LDtk projects from LDtk " +
                  kOldestLdtkVersion + " on (open the project in a newer LDtk and save it)");
}

namespace {}  // namespace

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
    checkLdtkVersion(json_, doc_);
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
    std::vector<size_t> matches;
    for (size_t i = 0; i < levels_.size(); ++i)
        if (levelName(i) == name) matches.push_back(i);
    if (matches.empty())
        for (size_t i = 0; i < levels_.size(); ++i)
            if (sameNoCase(levelName(i), name)) matches.push_back(i);
    const size_t number = numberInList(name);
    if (matches.empty() && number >= 1 && number <= levels_.size()) return number - 1;
    if (matches.size() == 1) return matches[0];
    if (matches.empty())
        json_.fail("no level \"" + name + "\" (the project's levels: " + levelNames() + ")");
    std::string which;
    if (levelName(matches[0]) != name) {  // equal in case only: the exact case picks one
        for (size_t i : matches) which += (which.empty() ? "\"" : ", \"") + levelName(i) + "\"";
        json_.fail("level \"" + name + "\" matches " + which +
                   " (give the name in its exact case)");
    }
    for (size_t i : matches)
        which +=
            (which.empty() ? "#" : ", #") + std::to_string(i + 1) + " \"" + levelName(i) + "\"";
    json_.fail(std::to_string(matches.size()) + " levels are named \"" + name + "\": " + which +
               " (pick one by its number, as tilestep info lists them: --level '#N')");
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
    std::vector<const Value*> grids, matches;
    for (const Value& l : layers.GetArray())
        if (json.text(l, "__type", "layerInstances: ") == "IntGrid") grids.push_back(&l);
    auto name = [&](const Value* l) { return json.text(*l, "__identifier", "layerInstances: "); };
    int best = -1;  // without WANTED: the best usual name (collision_layer_names.h)
    for (const Value* l : grids) {
        if (!wanted.empty()) {
            if (name(l) == wanted) matches.push_back(l);
            continue;
        }
        const int rank = collisionLayerNameRank(name(l));
        if (rank < 0 || (best >= 0 && rank > best)) continue;
        if (rank != best) matches.clear();
        best = rank;
        matches.push_back(l);
    }
    const size_t number = numberInList(wanted);
    if (matches.empty() && number >= 1 && number <= grids.size()) return grids[number - 1];
    if (matches.size() > 1) {
        std::string list;
        for (size_t i = 0; i < grids.size(); ++i)
            if (std::find(matches.begin(), matches.end(), grids[i]) != matches.end())
                list += (list.empty() ? "#" : ", #") + std::to_string(i + 1) + " \"" +
                        name(grids[i]) + "\"";
        json.fail(std::to_string(matches.size()) + " IntGrid layers are named \"" +
                  (wanted.empty() ? usualCollisionLayerNames()[size_t(best)] + "\" (in any case)"
                                  : wanted + "\"") +
                  ": " + list + " (pick one by its number in file order: --collision-layer '#N')");
    }
    if (!matches.empty()) return matches[0];
    return wanted.empty() && !grids.empty() ? grids[0] : nullptr;
}

}  // namespace ts::interop
