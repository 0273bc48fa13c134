// The movement models' common interface and registry. One file pair per model lives in
// core/movers/; each is a pure step function on fixed-point state:
//     state' = step(state, input, params, world, trace)
// No globals, no randomness, no float in the state.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "base/fixed.h"
#include "map/mover_kind.h"

namespace ts {

class CollisionWorld;
class ModelFields;
struct Trace;

// Keys of one frame, as bits. Same letters as the input log: L R U D J.
using InputBits = uint8_t;
enum : InputBits { KEY_L = 1, KEY_R = 2, KEY_U = 4, KEY_D = 8, KEY_J = 16 };

// Describes one tunable parameter. Values are fixed-point; `integer` ones are whole numbers.
// Every writer of a parameter (editor, live tuning, loaders) goes through normalize() or
// check(), so a value is never floored in one place and rounded in another.
struct ParamSpec {
    const char* name;  // JSON key and UI label: "run_speed"
    const char* unit;  // "px/frame", "px/frame^2", "frames", "cells", "0/1", ...
    double def, min, max;
    bool integer;
    const char* help;

    // The range in fixed point, rounded inward (a value in [minFix, maxFix] is in [min, max]);
    // for integer parameters, the whole numbers at or inside the range.
    Fix minFix() const;
    Fix maxFix() const;
    Fix defFix() const;
    // The value the parameter holds when set to `v`: integer parameters rounded to the
    // nearest whole number (halves up, as Fix::round), then clamped to the range.
    Fix normalize(Fix v) const;
    // "" when the parameter can hold `v` as it is, else the problem: "2.5 is not a whole
    // number", "70 is outside 0..64".
    std::string check(Fix v) const;
};

// Facing, for the models that have one (seed 003). Stored as a Dir bit.
struct MoverState {
    Fix x, y;              // px: top-left of the box; centre for round movers
    Fix vx, vy;            // px per frame
    int32_t w = 0, h = 0;  // box size in px (round movers: w is the diameter)
    uint8_t facing = 0;    // Dir bit, 0 = none
    bool grounded = false;
    bool pushing = false;
    int32_t timer = 0;  // model-defined counter (coyote frames, walk counter...)
    int32_t aux = 0;    // model-defined
    // Free slots for plugin movers (include/tilestep/mover_plugin.h); the built-ins leave
    // them 0. Part of the state so that snapshots and rewind keep a plugin's own counters.
    std::array<int64_t, 4> vars{};

    bool operator==(const MoverState& o) const {
        return x == o.x && y == o.y && vx == o.vx && vy == o.vy && w == o.w && h == o.h &&
               facing == o.facing && grounded == o.grounded && pushing == o.pushing &&
               timer == o.timer && aux == o.aux && vars == o.vars;
    }
};

// A mover's functions get back the `ctx` of its MoverInfo: the mover's own state (a plugin's
// loaded build), null for the built-ins. Call them through MoverInfo::step / describe / spawn.
using StepFn = MoverState (*)(const void* ctx, const MoverState& s, InputBits in,
                              const ParamValues& p, const CollisionWorld& world, Trace* trace);
// Adds the model's own state fields, as values (core/movers/model_fields.h: intField,
// fixField...): each trace writer formats them its own way.
using DescribeFn = void (*)(const void* ctx, const MoverState& s, ModelFields& out);
// Completes a freshly spawned state (plugin movers' init); the built-ins have none.
using SpawnFn = MoverState (*)(const void* ctx, const MoverState& s, const ParamValues& p);

struct MoverInfo {
    const char* id;  // file/CLI name: "pixel_sweep", "grid_walls", "topdown_aabb", "scanline_slide"
    const char* title;  // UI name
    const ParamSpec* params;
    int paramCount;
    bool round;  // position is the centre of a circle of diameter w
    StepFn stepFn;
    DescribeFn describeFn;
    SpawnFn spawnFn = nullptr;
    const void* ctx = nullptr;
    // The registry's number for the mover: set in the registry's own copy (moverInfo,
    // findMover), not by the mover's definition.
    MoverKind kind{};

    MoverState step(const MoverState& s, InputBits in, const ParamValues& p,
                    const CollisionWorld& world, Trace* trace) const {
        return stepFn(ctx, s, in, p, world, trace);
    }
    void describe(const MoverState& s, ModelFields& out) const {
        if (describeFn) describeFn(ctx, s, out);
    }
    MoverState spawn(const MoverState& s, const ParamValues& p) const {
        return spawnFn ? spawnFn(ctx, s, p) : s;
    }
};

// The registry (mover_registry.cpp): the one list of movers, numbered by MoverKind from 0. The
// built-ins come first, in the order of MoverKind's named values; movers registered at run
// time (core/plugin) follow. Lookups may run on any thread.
int builtinMoverCount();
int moverCount();                     // built-in and registered: kinds 0 .. moverCount() - 1
std::vector<MoverKind> moverKinds();  // every kind, in order
bool isBuiltinMover(MoverKind k);
bool isKnownMover(MoverKind k);  // registered, built-in or not

// The mover registered as `k`; an unknown kind answers with the first built-in.
const MoverInfo& moverInfo(MoverKind k);
const MoverInfo* findMover(const std::string& id);
ParamValues defaultParams(MoverKind k);
// Index of a parameter by name, or -1.
int findParam(MoverKind k, const std::string& name);

}  // namespace ts
