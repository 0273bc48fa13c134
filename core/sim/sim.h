// The simulation: every actor of a map stepped by its mover, one fixed-rate frame at a time.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "world/collision.h"
#include "map/map.h"
#include "movers/mover.h"
#include "trace/trace.h"

namespace ts {

class KeysAhead;
class StepWatchdog;
struct StepContext;

MoverState spawnState(const Actor& a);
// `sc` names the actor to a plugin's init (its fault report).
MoverState spawnState(const Actor& a, const StepContext& sc);

class Sim {
  public:
    // The map must outlive the Sim. Call mapEdited() / reset() after editing it. `watchdog`
    // (core/plugin/step_watchdog.h; it must outlive the Sim) watches the plugin movers' calls
    // of every spawn and step: passed with each call (movers/step_context.h), not kept per
    // thread.
    explicit Sim(const Map& map, StepWatchdog* watchdog = nullptr);
    void setWatchdog(StepWatchdog* watchdog) { watchdog_ = watchdog; }

    // Back to frame 0: every actor at its spawn, parameters from the map.
    void reset();
    // Steps every actor once, in map order. inputs[i] drives actor i (missing = no keys).
    // Probes go to `trace` (cleared first) when it is not null. `ahead`: the keys of the
    // frames after this one where the caller knows them, for movers that step ahead (a plugin
    // in its host: movers/step_context.h); each actor's step is told its index and name.
    void step(const std::vector<InputBits>& inputs, Trace* trace, const KeysAhead* ahead = nullptr);

    int64_t frame() const { return frame_; }
    const Map& map() const { return *map_; }
    // The collision layer, built on first use: a Sim made for a map that is only being
    // edited (the editor's debugger before Debug mode is entered) never pays for it.
    const CollisionWorld& world() const {
        if (worldStale_) buildWorld();
        return world_;
    }
    // The map changed: the collision layer is rebuilt when next needed.
    void mapEdited() { worldStale_ = true; }
    bool worldBuilt() const { return !worldStale_; }
    const std::vector<MoverState>& states() const { return states_; }
    std::vector<MoverState>& states() { return states_; }
    // Live tuning: parameters may change between two steps.
    std::vector<ParamValues>& params() { return params_; }
    const std::vector<ParamValues>& params() const { return params_; }

    struct Snapshot {
        int64_t frame = 0;
        std::vector<MoverState> states;
    };
    Snapshot snapshot() const { return Snapshot{frame_, states_}; }
    void restore(const Snapshot& s) {
        frame_ = s.frame;
        states_ = s.states;
    }

  private:
    void buildWorld() const;

    const Map* map_;
    // Mutable: built lazily by the const world(). A Sim is used from one thread at a time.
    mutable CollisionWorld world_;
    mutable bool worldStale_ = true;
    std::vector<MoverState> states_;
    std::vector<ParamValues> params_;
    int64_t frame_ = 0;
    StepWatchdog* watchdog_ = nullptr;
};

// One trace line: {"frame":F,"actor":"NAME","x":X,"y":Y,"vx":..,"vy":..,"grounded":..,...}
std::string stateJson(int64_t frame, const std::string& actor, MoverKind kind, const MoverState& s);

}  // namespace ts
