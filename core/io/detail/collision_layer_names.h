// The names a map's collision layer usually has in Tiled and LDtk projects, which the import
// takes without --collision-layer (docs/interop.md, "Which layer is the collision layer"):
// `collision`, `collisions`, `collider`, `colliders`, `solid`, `solids`, `wall`, `walls`,
// in any case, preferred in that order (a map with a "Collision" and a "Walls" layer takes
// "Collision": the walls layer is then more likely art).
#pragma once
#include <string>
#include <vector>

namespace ts::interop {

const std::vector<std::string>& usualCollisionLayerNames();

// NAME's place in usualCollisionLayerNames (any case), or -1 when it is none of them.
int collisionLayerNameRank(const std::string& name);

// "collision, collisions, ..., walls", for messages.
std::string usualCollisionLayerNameList();

}  // namespace ts::interop
