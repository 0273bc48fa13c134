#pragma once
// The small Tiled map the in-place and cross-form save tests edit: a CSV "deco" layer, the
// "collision" layer in a given encoding inside a group, an external tileset with an
// animation and an embedded one with collision properties, and an object layer.
#include <cstdint>
#include <string>
#include <vector>

namespace ts::test {

// DATA is the collision layer's whole <data ...>...</data> element; editorSettings adds the
// map's <editorsettings> (the cross-form test checks it is carried over).
std::string threeLayerMap(const std::string& data, bool editorSettings = false);
// art/set.tsx under DIR, the external tileset threeLayerMap names.
void writeTileset(const std::string& dir);
// Global tile ids as the little-endian bytes of a base64 layer.
std::string gidBytes(const std::vector<uint32_t>& gids);

}  // namespace ts::test
