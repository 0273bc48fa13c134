// The collision layer as the plugin ABI's table of C functions (ts_world), used where a
// plugin's code runs: in tilestep's process (in-process mode) or in a plugin host.
//
// A plugin's questions cost time and memory bounded by the map, not by what it asks: the
// rectangles given to solids() and brushes() are first clipped to the map plus one tile
// around it (outside the map is solid; that border is all an overlay shows of it).
#pragma once
#include "../../../include/tilestep/mover_plugin.h"
#include "base/geom.h"

namespace ts {

class CollisionWorld;

ts_world worldTable(const CollisionWorld& w);
// r clipped to the map plus a one-tile border; false when nothing of r is left. Safe for
// any int64 rectangle (no overflow).
bool clipToWorld(const CollisionWorld& w, const ts_rect& r, RectI* out);

}  // namespace ts
