// The public face of tilestep_core in one include, group by group in the order the layers
// depend on each other (docs/architecture.md). The app, the tests and the benches may include
// any group's public headers (those outside a detail/ folder) directly as well; a group's
// detail/ headers are its own (tests/core/test_core_structure.cpp checks both).
#pragma once

// base: fixed point, geometry, number and JSON text, files that must never be lost
#include "base/atomic_file.h"    // temporary file + rename, symlinks written through
#include "base/file_identity.h"  // an output never overwrites an input
#include "base/fixed.h"          // Fix: 48.16 fixed point, the only number a mover uses

// map: plain data, everything a user edits and saves
#include "map/image_flip.h"  // how a kind's image cell is turned (Tiled's flip bits)
#include "map/map.h"         // Map, Tileset, EdgeWalls, Brush, Actor

// trace: what a mover looked at, one step's probes
#include "trace/trace.h"  // Probe, Trace

// world: the one place collision questions are answered
#include "world/collision.h"  // CollisionWorld

// movers: the interface, the registry and the built-in models
#include "movers/mover.h"      // MoverInfo registry, ParamSpec, MoverState
#include "movers/param_set.h"  // which parameters a map sets (the rest follow the defaults)

// record: runs as files (docs/trace-format.md)
#include "record/recorded_frames.h"  // a recorded trace played back like the simulation
#include "record/trace_diff.h"       // first divergence of two traces
#include "record/trace_reader.h"     // traces in
#include "record/trace_stream.h"     // traces as a live stream's bytes arrive
#include "record/trace_writer.h"     // traces out

// sim: stepping a map
#include "sim/input_log.h"  // COUNT,KEY,KEY input logs
#include "sim/sim.h"        // Sim: every actor stepped once per frame
#include "sim/timeline.h"   // recording, seek and rewind

// plugin: movers from shared libraries (include/tilestep/mover_plugin.h)
#include "plugin/plugin_registry.h"

// hunt: the snag hunt, movement bugs found, shrunk and replayed (docs/hunt.md)
#include "hunt/hunt.h"

// io: map files, tilestep's own and Tiled's and LDtk's, chosen by extension in one table
#include "io/map_formats.h"
#include "io/map_io.h"  // loadMap / saveMap, validateMap

// draw: what the debugger draws, through an interface the app implements
#include "draw/debug_draw.h"
#include "draw/overlays.h"

// edit: editing with undo
#include "edit/edit.h"
