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

// The fields of flat JSON object text as the trace writer and describe functions write it
// (`{"key":value,"key":"text"...}` or its `,"key":value...` tail): keys and strings hold no
// quotes or commas there, so no general JSON reader is needed.
std::vector<StateField> parseFlatFields(const std::string& text);

}  // namespace ts
