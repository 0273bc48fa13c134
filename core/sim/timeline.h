// Recording, replay and rewind for the debugger. Records every frame's keys for every actor
// and keeps periodic snapshots of the simulation, so that any recorded frame is reached by
// restoring the nearest snapshot at or before it and re-simulating the rest.
//
// Positions on the timeline count steps: position 0 is the spawn state, position p is the
// state after stepping frames 0..p-1 (the CLI's trace line "frame": p-1).
//
// Memory is bounded: when the snapshots would exceed the budget, every other one is dropped
// and the interval doubles, so seeking stays O(interval) steps and memory O(budget).
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

#include "sim/input_log.h"
#include "map/map.h"
#include "sim/sim.h"
#include "trace/trace.h"

namespace ts {

class Timeline {
  public:
    // The map must outlive the timeline; call mapChanged() after editing it.
    explicit Timeline(const Map& map, int64_t snapshotInterval = 64,
                      size_t snapshotBudgetBytes = size_t(32) << 20);

    const Sim& sim() const { return sim_; }
    // Watches the plugin movers' calls from now on (Sim::setWatchdog).
    void setWatchdog(StepWatchdog* watchdog) { sim_.setWatchdog(watchdog); }
    int64_t position() const { return sim_.frame(); }
    int64_t length() const { return frames_; }  // recorded frames
    size_t actorCount() const { return actors_; }

    // Steps one frame. At the end of the recording the given keys are recorded (one entry
    // per actor, missing = none); inside the recording the recorded keys are replayed.
    // The frame's probes go to `trace` when it is not null.
    void step(const std::vector<InputBits>& live, Trace* trace);
    // Records `live` at the current position, dropping everything recorded after it, then
    // steps (what a user does when they press keys after rewinding).
    void stepRecording(const std::vector<InputBits>& live, Trace* trace);
    // Records `keys` for one actor at the current position and steps; that actor's keys
    // after this frame are cleared while the other actors keep theirs (the keyboard taking
    // over one actor of several). When no other actor has keys later, the recording is cut
    // after this frame, as stepRecording does.
    void stepDriving(size_t actor, InputBits keys, Trace* trace);
    // Goes to position p (clamped to 0..length()). The probes of the last frame stepped
    // (p-1) go to `trace`, so the overlays show what decided the state at p.
    void seek(int64_t p, Trace* trace);
    // seek(p), also collecting every actor's states at positions max(0, p - n) .. p
    // (history[actor], oldest first) for trails and plots. Costs O(interval + n) steps.
    void seekWithHistory(int64_t p, Trace* trace, int64_t n,
                         std::vector<std::vector<MoverState>>* history);

    // Keys recorded for an actor, as an input log; replacing one re-simulates from 0.
    InputLog log(size_t actor) const;
    void setLog(size_t actor, const InputLog& log);
    InputBits keysAt(int64_t frame, size_t actor) const;

    // Live tuning: the actor's parameters from the current position on. Kept with the
    // recording so that seeking and re-simulating reproduce it.
    void setParams(size_t actor, const ParamValues& p);
    // Compare's tuning: parameter `index` of the actor is `value` from position 0 on, in every
    // tuning the recording keeps for it (the others it tuned stay), and the run re-simulates
    // to the same position.
    void tuneFromStart(size_t actor, int index, Fix value, Trace* trace);
    // Parameters in force for the next step.
    const ParamValues& params(size_t actor) const { return sim_.params()[actor]; }
    // The states at position 0 (every actor's spawn) and the parameters its first step uses.
    const std::vector<MoverState>& startStates() const { return snaps_[0].state.states; }
    ParamValues startParams(size_t actor) const;
    // The actor's last tuning in the recording (the latest position), or null when none.
    const ParamValues* lastTuning(size_t actor) const;
    // Forgets the actor's tuning (every actor's with actor >= actor count) and re-simulates
    // to the same position with the map's parameters.
    void dropTuning(size_t actor, Trace* trace);

    // Rewrites every tuning kept in the recording (a plugin's parameter list changed: the
    // values move to their new positions). Call mapChanged() after it.
    void remapTuning(const std::function<ParamValues(size_t actor, const ParamValues&)>& f);

    // After the map changed (tiles, walls, actors...): drop snapshots, keep the keys (for
    // actors that still exist, by index) and re-simulate to the same position.
    void mapChanged(Trace* trace);
    // Everything back to an empty recording at position 0.
    void clear();

    size_t snapshotCount() const { return snaps_.size(); }
    size_t snapshotBytes() const;
    size_t recordingBytes() const;
    int64_t snapshotInterval() const { return interval_; }

  private:
    struct ParamChange {
        int64_t position;
        size_t actor;
        ParamValues values;
    };
    struct Snap {
        Sim::Snapshot state;
        std::vector<ParamValues> params;
    };
    void stepOnce(Trace* trace);
    void maybeSnapshot();
    void applyParamChangesAt(int64_t position);
    void thinSnapshots();

    const Map* map_;
    Sim sim_;
    size_t actors_;
    std::vector<InputBits> keys_;  // frame-major: keys_[frame * actors_ + actor]
    int64_t frames_ = 0;
    std::vector<ParamChange> paramChanges_;  // sorted by position
    std::vector<Snap> snaps_;                // snaps_[i] at position i * interval_
    int64_t interval_;
    size_t budget_;
};

}  // namespace ts
