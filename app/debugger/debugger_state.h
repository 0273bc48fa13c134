// The debugger's simulation side, without any GL or ImGui so tests drive it directly: the
// timeline, a fixed-rate accumulator (the map's sim rate times the speed, decoupled from
// rendering), play / pause / step / step back / restart, which actor the keyboard drives,
// the recent history for trails and plots, live tuning and the "Compare" ghost.
//
// Positions count steps (0 = spawn), as in core/sim/timeline.h: position p shows the state after
// p steps and the probes of the step that led there (the CLI's trace line "frame": p-1).
//
// Keys: inside the recording the recorded keys replay until the keyboard takes over the
// driven actor (a movement key held while stepping); from then on until the next rewind or
// pause every stepped frame records the keyboard's keys for that actor, the other actors
// keep theirs. At the end of the recording the keyboard always records.
#pragma once
#include <algorithm>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "sim/breakpoints.h"
#include "draw/overlays.h"
#include "plugin/plugin_reload.h"
#include "record/recorded_frames.h"
#include "sim/timeline.h"

namespace ts {

constexpr double kSpeeds[] = {0.125, 0.25, 0.5, 1, 2, 4, 8};
constexpr int kSpeedCount = int(sizeof(kSpeeds) / sizeof(kSpeeds[0]));
constexpr int kNormalSpeed = 3;  // 1x
// A slow render frame never triggers more steps than this (no spiral of death).
constexpr int kMaxStepsPerRender = 64;

class Debugger {
  public:
    // The map must outlive the debugger (the document's map stays at one address).
    explicit Debugger(const Map& map);
    // Watches the plugin movers' calls of the debugger's simulation from now on (Sim's
    // constructor says why it is passed, not kept per thread); it must outlive the debugger.
    void setStepWatchdog(StepWatchdog* watchdog) { timeline_.setWatchdog(watchdog); }

    const Map& map() const { return *map_; }
    const Timeline& timeline() const { return timeline_; }
    int64_t position() const { return recorded_ ? recorded_->position() : timeline_.position(); }
    int64_t length() const { return recorded_ ? recorded_->length() : timeline_.length(); }
    // Actors simulated: the map's, once mapChanged() has caught up with an edit (or the
    // recorded trace's).
    size_t actorCount() const {
        return recorded_ ? recorded_->actorCount()
                         : std::min(map_->actors.size(), timeline_.sim().states().size());
    }
    // At position 0, the spawn as core/sim/spawn_view.h shows it (grounded where the actor
    // stands on something), so the panels and the breakpoints' first comparison agree with
    // what is drawn; the simulation steps from the spawn as it is.
    const MoverState& state(size_t actor) const;
    // Whether the actor has a state to show: always for a simulation; for a recording, a
    // state line at this position (else its state is a placeholder at (0, 0), not drawn).
    bool hasState(size_t actor) const {
        return !recorded_ || recorded_->hasLine(actor, recorded_->position());
    }
    const std::string& actorName(size_t actor) const;
    bool actorRound(size_t actor) const;  // x, y is the centre of a circle of diameter w
    // Probes of the step that led to the current position.
    const Trace& trace() const { return trace_; }

    // --- Running ---
    bool playing() const { return playing_; }
    void setPlaying(bool on);
    void togglePlaying() { setPlaying(!playing_); }
    int speedStep() const { return speed_; }
    void setSpeedStep(int step);
    double speed() const { return kSpeeds[speed_]; }
    double stepSeconds() const;  // real seconds per frame at the current speed
    // Adds `dt` real seconds; while playing steps every frame that is due (at most
    // kMaxStepsPerRender). `keys` are the keyboard's for the driven actor. Returns steps.
    int advance(double dt, InputBits keys);
    // Seconds until the next step is due (for sleeping between renders while playing).
    double secondsToNextStep() const;
    void stepForward(InputBits keys);
    void stepBack();
    void restart();  // position 0; the recording stays
    // Asks for position p; applied by applyPendingSeek() so that the UI seeks at most once
    // per rendered frame however fast a scrubber moves.
    void requestSeek(int64_t p) { pendingSeek_ = p; }
    bool applyPendingSeek();
    void seekNow(int64_t p);
    bool recording() const { return !recorded_ && (takenOver_ || position() >= length()); }

    // --- Actors, logs ---
    int drivenActor() const { return driven_; }
    void setDrivenActor(int actor);
    InputLog log(size_t actor) const { return timeline_.log(actor); }
    void setLog(size_t actor, const InputLog& log);
    // Loads / saves an actor's log; false with *error ("PATH: line 3: ...").
    bool loadLog(size_t actor, const std::string& path, std::string* error);
    bool saveLog(size_t actor, const std::string& path, std::string* error) const;
    // Steps (recording no keys) or seeks until position p (headless --frame K).
    void runTo(int64_t p);

    // After the document's map changed: re-simulate from 0 with the same keys.
    void mapChanged();
    // A different map was opened: an empty recording at position 0.
    void mapReplaced();

    // --- History for trails and plots: states at positions max(0, p - n) .. p ---
    int64_t historyLength() const { return historyN_; }
    void setHistoryLength(int64_t n);
    const std::vector<MoverState>& history(size_t actor) const;

    // --- Live tuning ---
    const ParamValues& params(size_t actor) const { return timeline_.params(actor); }
    // Changes one parameter from the next step on, or with compare() from frame 0 (the
    // run before the edit then stays as the ghost; see beginTuning).
    void setParam(size_t actor, int index, Fix value);
    void resetParam(size_t actor, int index);  // back to the mover's default
    bool compare() const { return compare_; }
    void setCompare(bool on);
    // Call when a tuning widget becomes active: with compare() on, the current run of that
    // actor is kept as the ghost before the edit changes it.
    void beginTuning(size_t actor);
    // Tuned values not kept in the map yet: the actor's last tuning differs from its
    // parameters in the map. Apply them with core's applyParamsToActor / applyParamsToMover
    // (edit/tuning_edits.h), then dropTuning; or drop them to throw them away.
    bool tuned(size_t actor) const;
    bool anyTuned() const;
    const ParamValues& tunedParams(size_t actor) const;  // the last tuning, else the map's
    void dropTuning(size_t actor);                       // re-simulates with the map's parameters
    void dropAllTuning();
    int ghostActor() const { return ghostActor_; }
    const std::vector<MoverState>& ghost() const { return ghost_; }  // positions 0..length
    // What Compare keeps as the ghost when a constant is tuned: the run with the map's values
    // (kept through later edits), or the run just before each edit.
    enum class GhostOf : uint8_t { MapValues, BeforeLastEdit };
    GhostOf ghostOf() const { return ghostOf_; }
    void setGhostOf(GhostOf g) { ghostOf_ = g; }
    // The parameters the ghost's run was simulated with (a tuning ghost's).
    const ParamValues& ghostParams() const { return ghostParams_; }
    // Its label, from the run actually drawn: "ghost: the map's values (jump_speed 5,
    // friction 0.25)", "ghost: before the last edit (friction 0.25)": the ghost's values of
    // the parameters where it differs from the run shown now.
    std::string ghostLabel() const;
    void clearGhost();

    // --- A recorded trace instead of the simulation (`tilestep view`) ---
    // Shows `trace` frame by frame (no re-simulation, no keys, no tuning) until the map is
    // replaced; with `ghost`, its actor of the selected actor's name is the Compare ghost.
    void showRecording(std::shared_ptr<const RecordedTrace> trace,
                       std::shared_ptr<const RecordedTrace> ghost = nullptr);
    const RecordedFrames* recorded() const { return recorded_.get(); }
    // Why a --ghost trace shows no ghost for the selected actor ("" when it does, or when no
    // --ghost trace was given): "the --ghost trace has no actor named 'hero' (its actors:
    // link)". Without it the panel told a user who gave --ghost to give --ghost.
    std::string recordedGhostMissing() const;
    // The --ghost trace (null: none), which each live game's recording keeps.
    std::shared_ptr<const RecordedTrace> recordedGhostTrace() const {
        return recordedGhost_ ? recordedGhost_->shared() : nullptr;
    }
    // The recording shown grew (a game streaming to `view --listen`). While following live the
    // view moves to the newest frame; else it stays where the user put it. Seeking (step,
    // scrub, restart) to before the newest frame stops following, seeking to the newest frame
    // or setFollowLive(true) follows again.
    void recordingGrew();
    bool followLive() const { return followLive_; }
    void setFollowLive(bool on);

    // --- Plugin movers ---
    // Hot reload (core/plugin/plugin_reload.h) under the recording: the new build of the plugin
    // registered as `kind` is checked over the recorded keys; when it is installed, the run
    // before it (the previous build's) of the driven actor, or else of the first actor with
    // that mover, stays as the Compare ghost, and everything re-simulates from frame 0 to
    // the same position with the same recording. Otherwise nothing changes.
    // A build with a different parameter list needs the map's values carried over by name
    // before the re-simulation: `editMap` is called for that once the build is installed
    // (the editor applies core's pluginReloadEdit to its document there); live tuning in the
    // recording is carried over here.
    ReloadOutcome reloadPlugin(MoverKind kind, const std::string& path, int64_t stepLimitMs,
                               const std::function<void(const ReloadOutcome&)>& editMap = {});
    // "Restart plugin" after a call of plugin `kind` failed (crashed, exited, ran out of
    // memory): a new plugin host (PluginMover::restart) and the recording re-simulated with
    // it, standing before the frame that failed when it is behind the position (the frames
    // after it were stepped without the plugin). Returns that position, or -1 when `kind` has
    // no fault to restart from.
    int64_t restartPlugin(MoverKind kind);

    // --- Named runs to compare (more than the one Compare ghost) ---
    struct SavedRun {
        std::string name;
        size_t actor = 0;
        std::vector<MoverState> states;  // positions 0..length when kept
        bool visible = true;
    };
    // Keeps the actor's whole run as it is now under `name`; drawn like the ghost.
    void keepRun(size_t actor, const std::string& name);
    const std::vector<SavedRun>& runs() const { return runs_; }
    std::vector<SavedRun>& runs() { return runs_; }  // names, visibility, removal

    // --- Breakpoints (core/sim/breakpoints.h), for the driven actor while playing ---
    Breakpoints& breakpoints() { return breaks_; }
    const Breakpoints& breakpoints() const { return breaks_; }
    // The fields of the actor's trace line at the current position, as breakpoint
    // expressions read them: a recorded trace's own line, else what its mover writes.
    std::vector<StateField> breakFields(size_t actor) const;
    // Why playing last paused by itself ("grounded: no -> yes", or the fault of a plugin that
    // failed on the last step: play stops at it); empty once play resumes.
    const std::string& lastBreak() const { return lastBreak_; }

    // --- Output ---
    // The whole recording as `tilestep run` prints it (the header naming `mapPath`, state
    // lines, with --probes also probe lines), byte for byte. Ends back at the current
    // position.
    bool writeTrace(const std::string& path, const std::string& mapPath, bool probes,
                    std::string* error);
    size_t seeksDone() const { return seeks_; }

  private:
    void stepLive(InputBits keys, bool keepTrace);
    void afterJump();  // rebuilds the history (one seek)
    void pushHistory();
    // The actor's states at positions 0..end (the recording's length when end < 0).
    std::vector<MoverState> trajectory(size_t actor, int64_t end = -1);

    void recordedGhost();
    // Carries the recording's tuning of each plugin over by name when the build in place
    // has another parameter list than the one it was tuned with (a rebuild, or an undo or
    // redo that swapped builds), then notes the lists in place. Before re-simulating.
    void followParamLayouts();

    const Map* map_;
    Timeline timeline_;
    std::unique_ptr<RecordedFrames> recorded_;
    std::unique_ptr<RecordedFrames> recordedGhost_;
    Trace trace_;
    // Each loaded plugin build's last fault, "ID: a step at frame F WHAT" ("" for none), in
    // pluginMoverKinds() order.
    std::vector<std::string> pluginFaults() const;
    bool playing_ = false;
    int speed_ = kNormalSpeed;
    double accumulator_ = 0;
    int driven_ = 0;
    bool takenOver_ = false;
    int64_t pendingSeek_ = -1;
    bool followLive_ = true;
    int64_t historyN_ = 240;
    // Mutable: history() puts the spawn as shown in front of a history that starts at 0.
    mutable std::vector<std::vector<MoverState>> history_;
    // The spawn as shown (state() at position 0, the first entry of a history that starts
    // there), made when first asked: it needs the collision world, which a debugger of a map
    // only being edited never builds. Cleared where the map or the tuning changes.
    const MoverState& spawnShown(size_t actor) const;
    mutable std::vector<MoverState> spawnShown_;
    bool compare_ = false;
    int ghostActor_ = -1;
    std::vector<MoverState> ghost_;
    GhostOf ghostOf_ = GhostOf::MapValues;
    ParamValues ghostParams_{};
    bool ghostFromReload_ = false;  // the run of the build a plugin reload replaced
    size_t seeks_ = 0;
    std::vector<SavedRun> runs_;
    Breakpoints breaks_;
    std::string lastBreak_;
    // `changes sign`'s memory while playing forward: valid for the actor and position it was
    // last brought to; a seek or another actor starts it afresh from the frame before.
    SignMemory breakSigns_;
    int64_t breakSignsAt_ = -1;
    size_t breakSignsActor_ = 0;
    struct ParamLayout {
        MoverKind kind;
        const ParamSpec* params;  // the build's own (builds are never freed: plugin_registry.h)
        int count;
    };
    std::vector<ParamLayout> layouts_;  // per plugin kind: the list the tuning follows
};

// One line of the "Keep tuned values?" dialog (keep_tuning.cpp): "hero: run_speed 2 -> 3,
// gravity 0.25 -> 0.3", each value in the shortest decimals the map file writes.
std::string tuningSummary(const Map& m, const Debugger& g, size_t actor);

}  // namespace ts
