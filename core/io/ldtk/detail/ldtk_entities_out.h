// The in-place save's entities (core/io/ldtk/ldtk_inplace.h): the map's actors written back
// into the level's Entities layers. An actor the import read keeps its entity (same iid, same
// other fields), matched by name, else a renamed actor takes the next entity left over; only
// the fields that changed are written: position (px, __grid, __worldX/Y), size, the "name"
// field and the fields named like the mover's parameters, each with LDtk's realEditorValues
// (what LDtk reads back) and __value. An entity whose actor was deleted is removed; a new
// actor becomes a new entity of the project's entity definition named like its mover, in
// the Entities layer the first imported actor was in. Entities that are no actor (a chest)
// stay as they are.
#pragma once
// cereal/archives/json.hpp first: rapidjson's assertions throw (core/io/map_json.cpp).
#include <cereal/archives/json.hpp>

#include <string>
#include <vector>

#include "io/foreign_source.h"
#include "map/map.h"

namespace ts::interop {

struct LdtkLevelPlace {
    rapidjson::Value* layers;        // the level's layerInstances (in the project or .ldtkl)
    const rapidjson::Value* defs;    // the project's defs (entity definitions); may be null
    int64_t worldX = 0, worldY = 0;  // the level's place in the world
    std::string levelIid;            // seeds new entities' iids
};

// Writes EDITED's actors over SRC's into PLACE (its allocator A). What has no place in the
// project (a parameter or a new name with no field for it, a mover with no entity
// definition) is added to PROBLEMS instead; the caller writes nothing then.
void writeLdtkActors(const ForeignSource& src, const Map& edited, LdtkLevelPlace& place,
                     rapidjson::Document::AllocatorType& a, std::vector<std::string>& problems);

}  // namespace ts::interop
