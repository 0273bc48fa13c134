// What saving a map as JSON writes. A map read from a JSON file (Map::jsonSource) is written
// as that file patched (core/base/json_patch.h): only the values the edits changed differ, so
// a map kept in git gets a diff of the lines a user touched, and the fields and parameters
// the file left out stay out (a default that changes later still reaches them). Any other map
// is written in the canonical form of mapToJson.
#pragma once
#include <cstddef>
#include <string>

#include "map/map.h"

namespace ts {

// The most bytes of JSON text a loaded map keeps for its next save; a larger file is saved in
// the canonical form, so that editing a huge map neither holds its text twice nor reads it
// again at every save (the editor's recovery copy saves every few seconds).
constexpr size_t kMaxKeptJsonSourceBytes = size_t(16) << 20;

// The text a JSON save of M writes. Throws MapError for an invalid map, as mapToJson does.
std::string mapJsonForSave(const Map& m);

}  // namespace ts
