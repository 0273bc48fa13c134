// The public face of tilestep_core: what the app, the tests and the benches are meant to
// include. Everything else in core/ (the movers' internals, the collision layer's run engine,
// the JSON and number readers, the map loaders' details, the interop formats' parts) is an
// implementation detail that may change shape without notice. docs/architecture.md says what
// each of these headers is for and how data flows between them.
#pragma once

// The world
#include "map/map.h"          // Map, Tileset, EdgeWalls, Brush, Actor: plain data
#include "map/image_flip.h"   // how a kind's image cell is turned (Tiled's flip bits)
#include "io/map_formats.h"  // which extensions are read and written
#include "io/map_io.h"       // loadMap / saveMap (JSON, binary, Tiled and LDtk by extension)
#include "world/collision.h"    // CollisionWorld: the one place collision questions are answered

// Movement
#include "sim/input_log.h"        // COUNT,KEY,KEY input logs
#include "movers/mover.h"            // MoverInfo registry, ParamSpec, MoverState
#include "plugin/plugin_registry.h"  // mover plugins (include/tilestep/mover_plugin.h)
#include "sim/sim.h"              // Sim: every actor stepped once per frame
#include "sim/timeline.h"         // recording, seek and rewind

// What the movers looked at
#include "draw/debug_draw.h"       // the draw interface the app implements
#include "draw/overlays.h"         // the debugger's overlays, drawn through DebugDraw
#include "record/recorded_frames.h"  // a recorded trace played back like the simulation
#include "trace/trace.h"            // Probe, Trace
#include "record/trace_diff.h"       // first divergence of two traces
#include "record/trace_reader.h"     // docs/trace-format.md in
#include "record/trace_writer.h"     // docs/trace-format.md out

// Files that must never be lost
#include "base/atomic_file.h"    // temporary file + rename, symlinks written through
#include "base/file_identity.h"  // an output never overwrites an input

// Editing with undo
#include "edit/edit.h"
