// A Tiled map document in Tiled's other file form, member for member: TMX to TMJ and back,
// the way Tiled's own writers spell each thing (layers and groups, tilesets inline or as
// external references, properties with their types, objects, Wang sets, animations, tile
// data in its encoding and compression, infinite maps' chunks). An in-place save into the
// other form (core/io/tiled/tiled_inplace.h) patches the translated document, so that every
// layer it does not edit reads in Tiled as the source did.
#pragma once
#include <string>

namespace ts::interop {

// The bytes of PATH's document (BYTES) as a document of the other form. Throws
// MapError("PATH: not converted: PROBLEM") when BYTES cannot be read.
std::string tmxAsTmj(const std::string& bytes, const std::string& path);
std::string tmjAsTmx(const std::string& bytes, const std::string& path);

}  // namespace ts::interop
