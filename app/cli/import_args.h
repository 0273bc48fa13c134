// The flags that say how a Tiled or LDtk map is imported, read the same way by every command
// that reads a map: `--level NAME` (every such command: the LDtk level) and convert's
// `--collision-layer NAME`. They end up in interop::ImportOptions, which loadMap and
// importMapFile take.
#pragma once
#include <string>

#include "args.h"
#include "io/import_result.h"

namespace ts::cli {

constexpr FlagSpec kLevelFlag = {"--level", true, "NAME",
                                 "the level of an LDtk project to open, by its identifier (any\n"
                                 "case; default: the first; tilestep info lists them)"};

// The import options these flags give for the map at PATH. False with *error ("--level
// applies to LDtk projects (.ldtk) only") when a flag given does not apply to PATH.
bool importOptionsFor(const ParsedArgs& a, const std::string& path, interop::ImportOptions* out,
                      std::string* error);

}  // namespace ts::cli
