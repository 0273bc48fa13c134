// Tiled maps (.tmx, .tmj, with .tsx / .tsj tilesets) to tilestep maps. docs/interop.md
// describes the mapping; collision_mapping.h the tile shapes.
#pragma once
#include <string>

#include "io/import_result.h"
#include "io/tiled/tiled_model.h"

namespace ts::interop {

// Reads PATH, a TMX or a TMJ file whatever its name, and converts it. The tileset image path
// in the result is relative to PATH's folder. Throws MapError("PATH: problem") on bad input.
ImportResult importTmx(const std::string& path, const ImportOptions& options);
ImportResult importTmj(const std::string& path, const ImportOptions& options);
// The conversion alone; `path` only names the file in messages.
ImportResult importTiledMap(const TiledMap& tm, const std::string& path,
                            const ImportOptions& options);

}  // namespace ts::interop
