// LDtk projects (.ldtk) to tilestep maps: one level's (ImportOptions::level, default the first;
// its layers from the project or its own .ldtkl file) IntGrid collision layer becomes
// the tiles (each IntGrid value one kind, its identifier mapped to a shape as Tiled tile
// classes are: collision_mapping.h), Entities layers' instances whose identifier names a
// mover become actors (fields named like the mover's parameters set them). Everything else
// is skipped with a warning. docs/interop.md has the details.
#pragma once
#include <string>
#include <vector>

#include "io/import_result.h"

namespace ts::interop {

// Throws MapError("PATH: problem") on bad input.
ImportResult importLdtk(const std::string& path, const ImportOptions& options);
ImportResult importLdtkText(const std::string& text, const std::string& path,
                            const ImportOptions& options);

// One level of a project as `tilestep info` and the editor's level picker list it.
struct LdtkLevelSummary {
    std::string name;               // its identifier
    int64_t width = 0, height = 0;  // the collision layer's size in cells (0 x 0: unknown)
    int32_t cellSize = 0;           // its grid size in px
    size_t entities = 0;            // entity instances on all its Entities layers
    std::string file;               // its .ldtkl as the project names it; "" when embedded
    std::string problem;            // why its layers could not be read ("PATH: problem"), else ""
    bool chosen = false;            // the level the import with these options takes
};

// Every level of the project at PATH, in the project's order, with the collision layer the
// options pick. A level that cannot be read is listed with its problem; a project that
// cannot be read, or an options.level naming no level, throws MapError.
std::vector<LdtkLevelSummary> listLdtkLevels(const std::string& path, const ImportOptions& options);

}  // namespace ts::interop
