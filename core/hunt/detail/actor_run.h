// One actor of a map stepped alone from its spawn (actors never interact: a Sim steps each
// one with its own mover on the same world, so stepping one alone gives the same states),
// with the detectors watching: the replay that shrinking, the double check and
// recheckFinding use, and the search's view of the actor.
#pragma once
#include <string>
#include <vector>

#include "hunt/hunt.h"
#include "movers/step_context.h"

namespace ts::hunt {

struct ActorRun {
    const Map* map = nullptr;
    const CollisionWorld* world = nullptr;
    size_t actor = 0;
    const MoverInfo* mover = nullptr;
    ParamValues params{};
    MoverState spawn;
    bool plugin = false;      // a plugin's faults are findings
    int64_t callLimitMs = 0;  // a plugin call's limit (StepContext::callLimitMs); 0: default

    ActorRun(const Map& m, const CollisionWorld& w, size_t a, int64_t callLimitMs = 0);
    const std::string& name() const { return map->actors[actor].name; }
    // The context of a step of this actor: its index and name, the keys ahead, the limit.
    StepContext context(const KeysAhead* ahead) const {
        return StepContext{
            plugin ? ahead : nullptr, actor, name().c_str(), -1, nullptr, callLimitMs};
    }
};

// Steps `log` (at most maxFrames frames; 0: the whole log) with the detectors of `kinds` and
// returns what they found (inputs left empty). A plugin step that faulted is a `fault`
// finding. *end (optional): the state after the last frame.
std::vector<SnagFinding> replayRun(const ActorRun& run, const InputLog& log, uint32_t kinds,
                                   int64_t maxFrames = 0, MoverState* end = nullptr);

// A plugin's fault since the last call, "" when none (clears it). "" for the built-ins.
std::string takeFault(const ActorRun& run);

// Shrinks f.inputs (hunt.h: cut at the frame, ddmin over lines, shorter lines, fewer keys)
// keeping f.key() tripped; then replays twice. False when the case does not replay (then f
// is left as it was). On success f's frame, position and detail are those of the replay.
bool shrinkFinding(const ActorRun& run, SnagFinding* f);

}  // namespace ts::hunt
