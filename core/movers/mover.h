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
#include "base/geom.h"
#include "map/mover_kind.h"

namespace ts {

class CollisionWorld;
class ModelFields;
struct ModelField;       // movers/model_fields.h
struct ProbeVocabulary;  // trace/probe_vocabulary.h
struct Trace;
struct StepContext;  // movers/step_context.h

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
// `sc`: the keys ahead and the actor being stepped, when the caller knows them
// (movers/step_context.h); the built-ins ignore it.
using StepFn = MoverState (*)(const void* ctx, const MoverState& s, InputBits in,
                              const ParamValues& p, const CollisionWorld& world, Trace* trace,
                              const StepContext& sc);
// Adds the model's own state fields, as values (core/movers/model_fields.h: intField,
// fixField...): each trace writer formats them its own way.
using DescribeFn = void (*)(const void* ctx, const MoverState& s, ModelFields& out);
// Completes a freshly spawned state (plugin movers' init); the built-ins have none.
using SpawnFn = MoverState (*)(const void* ctx, const MoverState& s, const ParamValues& p,
                               const StepContext& sc);

// What the snag hunt (core/hunt) asks a model about its own rules, so that its detectors judge
// a step by the model's geometry and tolerances instead of a naive box test. Every member is
// optional (null / 0: core/hunt/model_rules.cpp's default, the conservative one plugins get:
// the box on whole pixels, CollisionWorld::stepBlocked, no tolerance, no step height).
struct MoverRules {
    // The directions (Dir bits) the keys drive this frame, where the model's rules promise
    // movement when the way is free; 0 when they promise none (a speed parameter of 0, keys
    // that cancel, input the model treats specially).
    uint8_t (*heldDirs)(InputBits keys, const MoverState& s, const ParamValues& p) = nullptr;
    // Is a move of the smallest step this model makes in `dir` (one Dir bit) blocked, by the
    // model's own collision rule (its tolerance, its body, its one-way rule)?
    bool (*moveBlocked)(const MoverState& s, const ParamValues& p, const CollisionWorld& world,
                        uint8_t dir) = nullptr;
    // The box the model keeps out of solid (its documented tolerance applied), whole pixels.
    RectI (*solidBox)(const MoverState& s, const ParamValues& p) = nullptr;
    // Does the state end a frame where the model promises it never is (in solid past the
    // tolerance)? Default: rectOverlapsSolid(solidBox).
    bool (*insideSolid)(const MoverState& s, const ParamValues& p,
                        const CollisionWorld& world) = nullptr;
    // Could this model not have got from `a` to `b` in one step without crossing what blocks
    // it (a step that skipped an obstacle)? Only asked when `a` and `b` are not inside. Null:
    // the snag hunt's default for a box (both straight paths, then a walk of 1-px moves near
    // both ends: core/hunt/detail/model_rules.h).
    bool (*pathBlocked)(const MoverState& a, const MoverState& b, const ParamValues& p,
                        const CollisionWorld& world) = nullptr;
    // Highest rise walking climbs (px), from the parameters; 0 when the model has none.
    int (*stepHeight)(const ParamValues& p) = nullptr;
    // How far sideways (px) the model corrects a rise blocked by a ceiling corner on the
    // frame stepped from `prev` with `keys`: 0 when that frame does not try to rise a whole
    // pixel or the model has no correction. *prefer: the side tried first (+1 right, -1 left;
    // 0: none, and a tie between both sides at the same distance means no correction).
    int (*cornerRange)(const MoverState& prev, InputBits keys, const ParamValues& p,
                       int* prefer) = nullptr;
    // A platformer (gravity pulls down, `grounded` means standing) rather than top-down.
    bool gravity = false;
};

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
    // The model's rules as the snag hunt asks them; null: the defaults (MoverRules).
    const MoverRules* rules = nullptr;
    // Its actors' colour in the editor and the debugger (0xAARRGGBB); 0: one made from the
    // id (moverColour), so that a mover without one still has its own, the same every run.
    uint32_t colour = 0;
    // How the debugger's inspector shows one of the model's own fields (what describe gives)
    // when the number alone says less than it means ("jumped (1073741824)"); null, or an empty
    // answer: the value as the trace writes it (modelFieldText). Traces never use it.
    std::string (*fieldText)(const ModelField& f) = nullptr;
    // The probe kinds its step records and the verdicts each can have (each built-in declares
    // them beside its step); null: not declared (a plugin without them), nothing is checked.
    const ProbeVocabulary* probes = nullptr;

    MoverState step(const MoverState& s, InputBits in, const ParamValues& p,
                    const CollisionWorld& world, Trace* trace) const {
        return stepFn(ctx, s, in, p, world, trace, noStepContext());
    }
    MoverState step(const MoverState& s, InputBits in, const ParamValues& p,
                    const CollisionWorld& world, Trace* trace, const StepContext& sc) const {
        return stepFn(ctx, s, in, p, world, trace, sc);
    }
    void describe(const MoverState& s, ModelFields& out) const {
        if (describeFn) describeFn(ctx, s, out);
    }
    MoverState spawn(const MoverState& s, const ParamValues& p) const {
        return spawnFn ? spawnFn(ctx, s, p, noStepContext()) : s;
    }
    MoverState spawn(const MoverState& s, const ParamValues& p, const StepContext& sc) const {
        return spawnFn ? spawnFn(ctx, s, p, sc) : s;
    }
    // The empty context (no keys ahead, actor 0, no name).
    static const StepContext& noStepContext();
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
// The colour of `k`'s actors (0xAARRGGBB, opaque): its MoverInfo::colour, else a light colour
// whose hue comes from a hash of its id.
uint32_t moverColour(MoverKind k);

}  // namespace ts
