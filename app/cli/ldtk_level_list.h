// `tilestep info` of an LDtk project: its levels, so that a user finds the name --level takes.
#pragma once
#include <string>
#include <vector>

#include "io/ldtk/ldtk_import.h"

namespace ts::cli {

// "levels:     3 (--level NAME picks one)", then one line per level, the one described
// marked '*': "  * Start   40 x 24 cells of 16 px, 3 entities[, FILE]" or its problem.
void printLevels(const std::vector<interop::LdtkLevelSummary>& levels);
// "\"levels\":[{\"name\":..,\"width\":..,\"height\":..,\"cell_size\":..,\"entities\":..,
// \"file\":..|null,\"shown\":..,\"problem\":..|null},...]" (a member, for info's object).
std::string levelsJson(const std::vector<interop::LdtkLevelSummary>& levels);

}  // namespace ts::cli
