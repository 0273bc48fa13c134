// What a map must hold to be loaded, saved or simulated: sizes, tile ids, walls, brushes that
// fit the collision world's buckets, actors with known movers and parameters in range, unique
// names, texts that load back. Every loader and writer runs it; so do the editor's checks.
#pragma once
#include <string>

#include "map/map.h"

namespace ts {

// Returns an empty string when valid, else "field: problem".
std::string validateMap(const Map& m);

}  // namespace ts
