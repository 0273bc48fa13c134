// The flags that say how a Tiled or LDtk map is imported, read the same way by every command
// that reads a map (convert, info, run, validate, view, the editor): `--level NAME` (the
// LDtk level) and `--collision-layer NAME` (the layer that becomes the map's tiles). They end up in
// interop::ImportOptions, which loadMap and importMapFile take.
#pragma once
#include <string>

#include "args.h"
#include "io/import_result.h"

namespace ts::cli {

constexpr FlagSpec kLevelFlag = {"--level", true, "NAME",
                                 "the level of an LDtk project to open, by its identifier (any\n"
                                 "case; default: the first; tilestep info lists them)"};

constexpr FlagSpec kCollisionLayerFlag = {
    "--collision-layer", true, "NAME",
    "the Tiled tile layer / LDtk IntGrid layer that becomes the map's\n"
    "tiles (default: one named collision, collisions, solid, walls, ...\n"
    "in any case, docs/interop.md; else the first); '#N' the N-th in\n"
    "file order"};

// The import options these flags give for the map at PATH. False with *error ("--level
// applies to LDtk projects (.ldtk) only") when a flag given does not apply to PATH.
bool importOptionsFor(const ParsedArgs& a, const std::string& path, interop::ImportOptions* out,
                      std::string* error);

}  // namespace ts::cli
