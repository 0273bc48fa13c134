// A game's NaN or infinity in a trace line (Python's json writes NaN, Lua's %.17g writes nan
// or inf): not JSON, and not the end of a live recording (issue 29 item 5). The field is left
// out of that line (as if the game had not written it: the actor keeps its last value), and
// the caller warns naming the line and the field.
#pragma once
#include <string>
#include <vector>

namespace ts::cli {

// Removes each member whose value is spelled NaN, nan, Infinity, inf (any sign, any case)
// from the JSON object line `*line`; their keys in *fields. False when there was none.
bool replaceNonFinite(std::string* line, std::vector<std::string>* fields);

}  // namespace ts::cli
