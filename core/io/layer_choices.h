// The layers of a Tiled or LDtk map that may become a tilestep map's tiles, for the editor's
// collision layer picker (Open and Import): ImportOptions::collisionLayer takes one of these
// names ("#N" for the N-th when two share a name).
#pragma once
#include <string>
#include <vector>

namespace ts::interop {

// A Tiled map's tile layers (in groups too) or an LDtk project's IntGrid layers, in file
// order. Throws MapError("PATH: problem") for a file that cannot be read, or that is not a
// Tiled or LDtk map.
std::vector<std::string> collisionLayerChoices(const std::string& path);

// The value of ImportOptions::collisionLayer that picks choices[i]: its name, or "#N" when
// another layer has the same name.
std::string collisionLayerOption(const std::vector<std::string>& choices, size_t i);

}  // namespace ts::interop
