// The trace file format (docs/trace-format.md): JSON lines, a header line first, then
// actor state lines and probe lines grouped by frame. What the header says about the run.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "map/map.h"
#include "record/trace_grid.h"

namespace ts {

// The schema version this tilestep writes and the newest it reads.
constexpr int64_t kTraceFormatVersion = 1;

// An actor as the header announces it (all but the name optional in foreign traces).
struct TraceActorInfo {
    std::string name;
    std::string mover;     // "pixel_sweep", ... or a game's own name; "" = unknown
    int64_t w = 0, h = 0;  // box size in px (round movers: w is the diameter); 0 = unknown
    bool round = false;    // x, y is the centre of a circle of diameter w
};

// `{"tilestep_trace":1,"map":"maps/a.json","width":40,"height":30,"tile_size":16,"rate":60,
//   "actors":[{"name":"hero","mover":"pixel_sweep","w":12,"h":16,"round":false}]}`
struct TraceHeader {
    int64_t version = kTraceFormatVersion;
    std::string map;                // the map's path as given; "" = not said
    int64_t width = 0, height = 0;  // map size in tiles; 0 = not said
    int64_t tileSize = kDefaultTileSize;
    int64_t rate = kDefaultSimRate;  // frames per second
    std::vector<TraceActorInfo> actors;
    TraceGrid grid;  // the game's collision grid (trace_grid.h); absent unless it sent one
};

// The header of a run of `map` loaded from `mapPath`.
TraceHeader traceHeaderFor(const Map& map, const std::string& mapPath);

}  // namespace ts
