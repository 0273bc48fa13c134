// Tiny helpers for writing JSON text by hand (trace lines are written without cereal so
// that they are exact and fast).
#pragma once
#include <string>

namespace ts {

// Appends s as a JSON string literal, quotes included.
void appendJsonString(std::string& out, const std::string& s);

}  // namespace ts
