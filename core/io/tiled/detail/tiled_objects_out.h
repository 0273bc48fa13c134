// The objects an export writes for a map's brushes, actors and walls, shared by the export
// (tiled_export.cpp) and the in-place save (tiled_inplace.cpp), which writes the same objects
// into the user's file in place of those the import read.
#pragma once
#include <pugixml.hpp>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "io/tiled/detail/tiled_export_doc.h"
#include "map/map.h"

namespace ts::interop {

using Property = ExportProperty;

// Brushes, then actors, then the walls merged into runs; ids from 1. Map pixels.
std::vector<ExportObject> exportObjects(const Map& m);

// Appends O to GROUP as an <object> element.
void appendTmxObject(pugi::xml_node group, const ExportObject& o);

}  // namespace ts::interop
