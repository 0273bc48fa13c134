// Which mover an actor uses, as the map stores it: a kind (an index into the mover registry,
// core/movers/mover.h) and the values of up to kMaxParams parameters. The map knows no more
// of movers than this, so that core/map depends on nothing above it.
#pragma once
#include <array>
#include <cstdint>

#include "base/fixed.h"

namespace ts {

// The named values are the built-in movers' kinds, in the registry's order (a test ties them);
// names only: a mover needs none, and code that goes over every mover asks the registry
// (moverKinds(), moverCount()).
enum class MoverKind : uint8_t {
    PixelSweep = 0,  // seed 001: platformer, pixel sweep with 1-px slopes
    GridWalls,       // seed 002: round actor, walls on grid edges
    TopDownAabb,     // seed 003: Zelda-like AABB brushes, alignment nudge
    ScanlineSlide,   // seed 004: scanlines, shrink tolerance, sliding, one-way masks
};

constexpr int kMaxParams = 16;
using ParamValues = std::array<Fix, kMaxParams>;

}  // namespace ts
