// Two readings of Tiled objects compared field by field (gtest failures naming the object),
// for the tests that check our reading of a file against Tiled's rewrite of it.
#pragma once
#include <string>

#include "io/tiled/tiled_model.h"

namespace ts::test {

// Every object layer's objects, in order: id, name, class/type, position, size, rotation,
// GID, shape, points and custom properties (by name).
void expectSameTiledObjects(const interop::TiledMap& ours, const interop::TiledMap& tiled,
                            const std::string& what);

}  // namespace ts::test
