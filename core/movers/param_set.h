// Which parameters an actor's map sets. A map stores those and nothing more: a parameter it
// does not set follows the mover's default, so that a plugin rebuilt with a new default moves
// every actor that left it alone, in the editor as in `tilestep run`.
//
// A parameter counts as set when its bit in Actor::paramsSet is on or when its value is not
// the mover's default (a value written without the bit, e.g. by code that builds a map,
// is still the map's own).
#pragma once
#include <cstdint>

#include "map/map.h"
#include "movers/mover.h"

namespace ts {

inline uint32_t paramBit(int i) {
    return uint32_t(1) << i;
}
bool paramIsSet(const Actor& a, int i);
// The parameters of a's mover that are set, as a mask.
uint32_t setParams(const Actor& a);

}  // namespace ts
