// What an in-place save of a Tiled map changes (tiled_inplace.h), worked out from the map as
// imported and as edited before either file form is touched; tiled_inplace_tmx.cpp and
// tiled_inplace_tmj.cpp apply it to their documents.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "io/detail/collision_mapping.h"
#include "io/foreign_source.h"
#include "io/tiled/detail/tiled_objects_out.h"
#include "map/map.h"

namespace ts::interop {

struct InplacePlan {
    bool cellsChanged = false;
    std::vector<uint32_t> gids;  // the collision layer's new GIDs (as ForeignSource::layerGids)
    struct TileShape {
        uint32_t gid;  // without flip bits
        TileCollision collision;
    };
    std::vector<TileShape> shapes;
    bool simRateChanged = false;
    int32_t simRate = 0;
    // Per category, whether it changed, the source objects to remove and the objects to add
    // (map pixels; ids given when written).
    struct Objects {
        bool changed = false;
        std::vector<int64_t> remove;
        std::vector<ExportObject> add;
    };
    Objects actors, brushes, walls;
    std::vector<std::string> problems;  // changes the file has no place for

    bool anyChange() const {
        return cellsChanged || !shapes.empty() || simRateChanged || actors.changed ||
               brushes.changed || walls.changed;
    }
};

InplacePlan planInplaceSave(const ForeignSource& src, const Map& edited,
                            const std::string& editedImage);

// `value` (a path relative to `from`) relative to `to`; absolute paths, URLs and Qt
// resources (anything with a ':') are left as they are.
std::string rebasePath(const std::string& value, const std::string& from, const std::string& to);

}  // namespace ts::interop
