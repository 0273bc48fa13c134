// Property-test cases over the movers' whole parameter ranges: parameters drawn from every
// ParamSpec's documented range, and a small greedy shrinker that turns a failing random case
// into a small map and input log and prints them (map JSON, input log, parameters), ready for
// `tilestep run MAP --inputs LOG`. Deterministic: same seed, same case, same shrink.
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "map/map.h"
#include "movers/mover.h"
#include "splitmix.h"

namespace ts::test {

// One parameter drawn from its spec's whole range [minFix, maxFix]: whole numbers for integer
// parameters, any 1/65536 fraction (half the time a multiple of 1/16) for the others. The
// ends of the range come up often (one draw in five), and so do values near the low end (one
// in three draws from its lowest eighth), where tuned values mostly live.
Fix drawParam(const ParamSpec& spec, SplitMix64& rng);
// Every parameter of the model drawn by drawParam.
ParamValues fullRangeParams(MoverKind kind, SplitMix64& rng);

// Thin obstacles where the parameters matter: `count` brushes 1 or 2 px thick (bars 1 to 3
// tiles long, either way) and small blocks of 1 to 6 px, anywhere inside the map.
void addThinBrushes(Map& m, SplitMix64& rng, int count);
// Low steps: `count` brushes 1 to 6 px high and 2 px to 2 tiles wide standing on the top of
// a solid tile that has an empty tile above it (where a walker meets them).
void addLowSteps(Map& m, SplitMix64& rng, int count);

// How many times more random cases the whole-range tests run: TILESTEP_PROPS_SCALE from the
// environment (a whole number, 1 when unset), for long hunts on a developer's machine.
int propScale();

// A case: actors[0] of the map is the actor under test, with its parameters; keys drive it.
struct PropCase {
    Map map;
    std::vector<InputBits> keys;
};

// "" when the property holds over the whole run, else what went wrong (with the frame). A
// check must also answer "" for a case it cannot judge (an actor that starts inside solid),
// so that shrinking never keeps such a case.
using PropCheck = std::function<std::string(const PropCase&)>;

// Shrinks a failing case greedily: the shortest failing prefix of the keys, runs of frames
// removed, keys dropped, then brushes, walls and tiles removed and rows and columns cropped,
// keeping every change after which the check still fails. At most maxChecks checks.
PropCase shrinkCase(PropCase c, const PropCheck& check, int maxChecks = 4000);

// The failure and the case as text: the actor's parameters by name, its box, the map as
// JSON (actor included) and the input log.
std::string describeCase(const PropCase& c, const std::string& failure);

// Runs the check; on failure shrinks the case and returns describeCase of the shrunk one
// (its own failure message) after the original failure. "" when the property holds.
std::string checkOrShrink(const PropCase& c, const PropCheck& check, const std::string& label);

}  // namespace ts::test
