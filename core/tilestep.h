// The public face of tilestep_core: what the app, the tests and the benches are meant to
// include. Everything else in core/ (the movers' internals, the collision layer's run engine,
// the JSON and number readers, the map loaders' details, the interop formats' parts) is an
// implementation detail that may change shape without notice. docs/architecture.md says what
// each of these headers is for and how data flows between them.
#pragma once

// The world
#include "map.h"          // Map, Tileset, EdgeWalls, Brush, Actor: plain data
#include "image_flip.h"   // how a kind's image cell is turned (Tiled's flip bits)
#include "map_formats.h"  // which extensions are read and written
#include "map_io.h"       // loadMap / saveMap (JSON, binary, Tiled and LDtk by extension)
#include "collision.h"    // CollisionWorld: the one place collision questions are answered

// Movement
#include "input_log.h"        // COUNT,KEY,KEY input logs
#include "mover.h"            // MoverInfo registry, ParamSpec, MoverState
#include "plugin_registry.h"  // mover plugins (include/tilestep/mover_plugin.h)
#include "sim.h"              // Sim: every actor stepped once per frame
#include "timeline.h"         // recording, seek and rewind

// What the movers looked at
#include "debug_draw.h"       // the draw interface the app implements
#include "overlays.h"         // the debugger's overlays, drawn through DebugDraw
#include "recorded_frames.h"  // a recorded trace played back like the simulation
#include "trace.h"            // Probe, Trace
#include "trace_diff.h"       // first divergence of two traces
#include "trace_reader.h"     // docs/trace-format.md in
#include "trace_writer.h"     // docs/trace-format.md out

// Files that must never be lost
#include "atomic_file.h"    // temporary file + rename, symlinks written through
#include "file_identity.h"  // an output never overwrites an input

// Editing with undo
#include "edit/edit.h"
