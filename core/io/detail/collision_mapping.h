// How Tiled tiles (and LDtk IntGrid values) become tilestep collision shapes. The rules, in
// order (docs/interop.md has them for users):
//   1. a custom property `collision` naming a shape ("solid", "slope45_right", "one_way",
//      ... or "empty"), with `pass_mask` (0..15) for one_way, default 7 (UP|LEFT|RIGHT);
//   2. the tile's class / type naming a shape the same way;
//   3. the tile's own collision objects: one rectangle covering the tile is solid, one
//      polygon with a slope's corners is that slope; any other collision geometry is solid
//      (with a warning), since it blocks something;
//   4. otherwise the tile carries no collision information and the caller decides.
// A flipped or rotated tile gets its shape flipped the same way; when the result is no
// tilestep shape (a floor slope turned into a ceiling) it becomes solid, with a warning.
#pragma once
#include <cstdint>
#include <string>

#include "io/tiled/tiled_model.h"
#include "map/tileset.h"

namespace ts::interop {

struct TileCollision {
    Shape shape = Shape::Empty;
    uint8_t passMask = 0;
    bool operator==(const TileCollision& o) const {
        return shape == o.shape && passMask == o.passMask;
    }
};

// Rules 1-2 for a bare name (also LDtk IntGrid identifiers). "platform" is one_way with
// pass mask 7, as in tilestep's default tileset. False when the name is no shape.
bool collisionFromName(const std::string& name, TileCollision* out);

enum class CollisionSource { None, Property, Type, Objects };

// Rules 1-3 for one tile; None when the tile says nothing about collision (rule 4 is the
// caller's). *warning is set when the information is present but unusable (an unknown
// shape name or unsupported collision objects: the tile is then solid; a bad pass_mask: the
// default mask is kept).
CollisionSource collisionOfTile(const TiledTile& tile, int32_t tileSize, TileCollision* out,
                                std::string* warning);

// The shape after Tiled's flip bits (kFlipD first, then kFlipH, then kFlipV, as Tiled
// renders them). False when the flipped shape is no tilestep shape.
bool flipCollision(TileCollision c, uint32_t flipBits, TileCollision* out);

// The display colour tilestep's default tileset uses for a shape.
uint32_t defaultColor(Shape s);

}  // namespace ts::interop
