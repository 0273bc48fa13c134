// The collision layer as the plugin ABI's table of C functions (ts_world), used where a
// plugin's code runs: in tilestep's process (in-process mode) or in a plugin host.
//
// A plugin's questions cost time and memory bounded by the map, not by what it asks: the
// rectangles given to solids() and brushes() are first clipped to the map plus one tile
// around it (outside the map is solid; that border is all an overlay shows of it).
#pragma once
#include "../../../include/tilestep/mover_plugin.h"
#include <vector>

#include "base/geom.h"

namespace ts {

class CollisionWorld;

// The table over one world, with the list its solids() and brushes() calls fill before they
// copy it out: owned here, not kept in a static, so that threads stepping plugins (the snag
// hunt's) share nothing mutable. One thread uses a table at a time (a step, or a plugin
// host's requests); it must outlive the calls made through it and is not copied (the table
// points back to it).
class WorldTable {
  public:
    explicit WorldTable(const CollisionWorld& w);
    WorldTable(const WorldTable&) = delete;
    WorldTable& operator=(const WorldTable&) = delete;

    const ts_world* table() const { return &table_; }
    const CollisionWorld& world() const { return *world_; }
    // Reused call after call, so that a query allocates only when it finds more than before.
    std::vector<RectI>& scratch() const { return scratch_; }

  private:
    const CollisionWorld* world_;
    mutable std::vector<RectI> scratch_;
    ts_world table_{};
};

// r clipped to the map plus a one-tile border; false when nothing of r is left. Safe for
// any int64 rectangle (no overflow).
bool clipToWorld(const CollisionWorld& w, const ts_rect& r, RectI* out);

}  // namespace ts
