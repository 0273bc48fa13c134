// Random maps and inputs for the movers' property tests, plus the transforms the properties
// compare against (shift by a large offset, mirror left-right). Deterministic: same seed,
// same map, on every machine.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "map/map.h"
#include "movers/mover.h"
#include "random_map.h"
#include "splitmix.h"

namespace ts::test {

using Rng = SplitMix64;

// The random maps live in the oracles library (oracles/random_map.h), shared with the
// benchmarks.
using oracle::clearBorder;
using oracle::findFreeBox;
using oracle::randomMap;
using oracle::RandomMapOptions;

// Adds an actor with the mover's default parameters at a free box; returns false if none.
bool addActorAtFreeSpot(Map& m, MoverKind kind, uint64_t seed, int32_t w, int32_t h,
                        const std::string& name = "hero");

// Random key runs (1..maxRun frames each), all combinations of L R U D J including
// opposite keys together.
std::vector<InputBits> randomInputs(uint64_t seed, size_t frames, int maxRun = 40);

// Steps the map's simulation; inputs drive actor 0, the others get none. Returns actor
// `actor`'s state after each frame.
std::vector<MoverState> runStates(const Map& m, const std::vector<InputBits>& inputs,
                                  size_t actor = 0);
// The same run as text: stateJson lines (and probe lines when probes is true) of every actor.
std::vector<std::string> runTraceLines(const Map& m, const std::vector<InputBits>& inputs,
                                       bool probes);

// The map placed at (dxTiles, dyTiles) inside a larger blank map (solid around it is NOT
// added: the original's own border keeps actors in). Actors move with it.
Map shiftMap(const Map& m, int32_t dxTiles, int32_t dyTiles);

// Left-right mirror: tiles (slope shapes and one-way masks mirrored, new kinds added when
// needed), walls, brushes and actors. Box actors: x' = W - x - w; round actors: x' = W - x.
Map mirrorMap(const Map& m);
InputBits mirrorKeys(InputBits keys);  // swaps L and R
std::vector<InputBits> mirrorInputs(const std::vector<InputBits>& inputs);
// The state an actor in the mirrored map should have (positions mirrored, vx negated,
// facing LEFT <-> RIGHT). Model-defined fields (timer, aux) are copied unchanged.
MoverState mirrorState(const MoverState& s, int64_t mapWidthPx, bool round);

}  // namespace ts::test
