// A mover's own state fields by the names its model gives them ("air_frames", "walk",
// "region"...), read from its describe function, the same words `tilestep run` prints. The
// debugger's inspector shows these instead of the raw MoverState::timer / aux numbers,
// which mean something different (or nothing) for each model.
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "movers/mover.h"

namespace ts {

struct StateField {
    std::string name;   // "air_frames"
    std::string value;  // "3", "a", "0.5" (strings without their quotes)
};

std::vector<StateField> modelStateFields(MoverKind mover, const MoverState& s);

}  // namespace ts
