// Multi-level LDtk projects written by hand in LDtk's documented JSON layout (docs/JSON_DOC.md
// of LDtk 1.5; no LDtk program exists in Debian), shared by the core, CLI and window tests.
//
// Three levels of 8-px cells, IntGrid layer "Collision" (value 1 "solid") and an Entities
// layer each:
//   Start  4 x 2 cells, bottom row solid; a pixel_sweep at (8, 0), 6 x 8 (1 entity)
//   Cave   3 x 3 cells, top and bottom rows solid; a pixel_sweep named "digger" at (0, 8),
//          6 x 8, and a Chest (2 entities)
//   Tower  2 x 4 cells, bottom row solid; no entity
#pragma once
#include <string>

namespace ts::test {

// The project with its levels inside ("Separate level files" off, LDtk's default).
std::string ldtkWorldProject();

// The same levels saved as "Separate level files": the project (externalLevels true, each
// level's layerInstances null and its externalRelPath "ext/NAME.ldtkl") is written as
// DIR/ext.ldtk and each level as DIR/ext/NAME.ldtkl. Returns the project's path.
std::string writeLdtkExternalProject(const std::string& dir);
// A level file's text as LDtk writes it (the whole Level object): "Start", "Cave", "Tower".
std::string ldtkLevelFile(const std::string& name);

}  // namespace ts::test
