// Random maps for the property tests and the benchmarks: deterministic (same seed, same map
// on every machine), built from Tileset::defaults() kinds. Two generators because the tests'
// seeds and the benchmarks' recorded numbers are tied to their exact maps: randomMap (small
// maps, slopes in 22.5-degree pairs, a solid border) and scatterMap (large maps, one draw per
// tile).
#pragma once
#include <cstdint>

#include "map/map.h"
#include "splitmix.h"

namespace ts::oracle {

struct RandomMapOptions {
    int32_t width = 24, height = 16, tileSize = 16;
    int solidPercent = 18;  // share of cells that are solid
    bool slopes = true;     // scatter slope tiles (45 and 22.5 pairs)
    bool oneWay = true;     // scatter one-way platforms
    int wallPercent = 8;    // share of grid edges with a wall
    int brushes = 4;        // number of random brushes (odd sizes, odd positions)
};

// A random map with a solid border; no actors.
Map randomMap(uint64_t seed, const RandomMapOptions& opt = {});

// Empties the border cells (of randomMap's solid border): then the map edge (outside is
// solid) is what stops a box there.
void clearBorder(Map& m);

// A free place for a w x h box (top-left) where CollisionWorld::rectOverlapsSolid is false;
// returns false if none was found after many tries.
bool findFreeBox(const Map& m, uint64_t seed, int32_t w, int32_t h, int64_t* x, int64_t* y);

struct ScatterOptions {
    int32_t tiles = 256;  // map side in tiles (16 px each)
    int solidPercent = 12;
    int slopePercent = 2;  // random 45 / 22.5-degree pieces
    int oneWayPercent = 1;
    int wallPercent = 4;  // share of grid edges with a wall
    int brushes = 600;    // 3..48 px rectangles
    bool border = false;  // a solid border row/column
};

// A square map of 16-px tiles, each drawn once (solid, slope, one-way or empty), then walls
// on random grid edges and random brushes, all from `rng` (which the caller goes on using).
Map scatterMap(const ScatterOptions& o, SplitMix64& rng);

}  // namespace ts::oracle
