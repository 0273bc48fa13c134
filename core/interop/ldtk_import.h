// LDtk projects (.ldtk) to tilestep maps: the first level's IntGrid collision layer becomes
// the tiles (each IntGrid value one kind, its identifier mapped to a shape as Tiled tile
// classes are: collision_mapping.h), Entities layers' instances whose identifier names a
// mover become actors (fields named like the mover's parameters set them). Everything else
// is skipped with a warning. docs/interop.md has the details.
#pragma once
#include <string>

#include "import_result.h"

namespace ts::interop {

// Throws MapError("PATH: problem") on bad input.
ImportResult importLdtk(const std::string& path, const ImportOptions& options);
ImportResult importLdtkText(const std::string& text, const std::string& path,
                            const ImportOptions& options);

}  // namespace ts::interop
