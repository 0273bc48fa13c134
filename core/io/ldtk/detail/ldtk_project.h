// An LDtk project's levels: the .ldtk file parsed, its levels found (the root `levels`, then
// every world's in a "multi-worlds" project), one picked by identifier, and a level's layers
// read from the project or, for "separate level files" projects, from the level's own .ldtkl
// file (`externalRelPath`, relative to the project). docs/interop.md "LDtk import".
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "io/ldtk/detail/ldtk_json.h"

namespace ts::interop {

// The most bytes read from one LDtk file, the project or a level (as interop_files.h's
// readFileBytes: no level is that large; a device or a mistake would be).
constexpr uint64_t kMaxLdtkFileBytes = uint64_t(256) << 20;

// The oldest LDtk whose projects are read: the JSON format LDtk 1.0 declared stable
// (IntGrid values with their `value`, layers' `intGridCsv`). Older projects name other
// fields and are refused by their `jsonVersion`.
constexpr const char* kOldestLdtkVersion = "1.0.0";
// Throws MapError("PATH: jsonVersion "0.9.3": tilestep reads LDtk projects from LDtk 1.0.0
// on ...") for a project an older LDtk wrote; a project without jsonVersion is read.
void checkLdtkVersion(const LdtkJson& json, const rapidjson::Value& root);

class LdtkProject {
  public:
    // Parses the project's text; `path` names it in errors and locates its level files.
    // Throws MapError("PATH: problem").
    LdtkProject(const std::string& text, const std::string& path);
    LdtkProject(const LdtkProject&) = delete;
    LdtkProject& operator=(const LdtkProject&) = delete;

    const LdtkJson& json() const { return json_; }
    const rapidjson::Value& root() const { return doc_; }
    size_t levelCount() const { return levels_.size(); }
    std::string levelName(size_t i) const;
    // The level file the project names for level i, as written there; "" when embedded.
    std::string levelFile(size_t i) const;

    // The level NAME names: its exact identifier, else the only one equal in any case; ""
    // picks the first. Throws MapError("PATH: no level "X" (the project's levels: "A", ...)").
    size_t choose(const std::string& name) const;

    // A level's layer instances and the file they were read from (the project's reader, or
    // one for the level file, kept alive by the project). Throws MapError naming the file.
    struct Layers {
        const rapidjson::Value* layers;
        const LdtkJson* json;
    };
    Layers layers(size_t i);

  private:
    std::string levelNames() const;

    LdtkJson json_;
    rapidjson::Document doc_;
    std::vector<const rapidjson::Value*> levels_;
    // Level files read so far, with their readers (stable addresses: Layers points into them).
    std::vector<std::unique_ptr<rapidjson::Document>> levelDocs_;
    std::vector<std::unique_ptr<LdtkJson>> levelJsons_;
};

// The IntGrid layer of `layers` that becomes the map's tiles: the one named `wanted` (exact
// name; "#N", unless a layer has that name, the N-th IntGrid layer) when given, else the one
// named "collision" (any case), else the first; nullptr when there is none (or none named
// `wanted`). Two layers that match: MapError listing them by number.
const rapidjson::Value* findCollisionLayer(const LdtkJson& json, const rapidjson::Value& layers,
                                           const std::string& wanted);

// The bytes of an LDtk file, read within kMaxLdtkFileBytes (core/base/bounded_read.h): a file that
// does not start with '{' is not read further. Throws MapError("PATH: cannot open: ...").
std::string readLdtkFile(const std::string& path);

}  // namespace ts::interop
