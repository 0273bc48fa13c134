// What the caller of a step knows beyond the state and the keys, passed explicitly with each
// step (MoverInfo::step, Sim::step) rather than through thread-local globals, so that threads
// stepping their own Sims (the snag hunt's jobs) share nothing mutable: the keys of the frames
// after the one being stepped, where the caller knows them (the Timeline replaying a
// recording, `run` over an input log, the hunt's planned key runs), and which actor is being
// stepped (for those keys, and for a plugin's fault report to name it), the frame (for that
// report) and the watchdog of a plugin's step, where the caller has one. A mover that costs a
// round trip per call (a plugin in its host process, core/plugin/plugin_host_client.h) steps
// the frames ahead in the same call and keeps the results for when they are asked for; the
// built-in models ignore the context.
#pragma once
#include <cstddef>
#include <cstdint>

#include "movers/mover.h"

namespace ts {

// core/plugin/step_watchdog.h, a layer above: only plugin movers use it, and only through
// this pointer, which the driver of a Sim sets (`run --plugin`, the editor, a reload check).
class StepWatchdog;

class KeysAhead {
  public:
    virtual ~KeysAhead() = default;
    // Writes the keys of `actor` in the frames after the one being stepped to out[0..n) and
    // returns n (at most max; fewer where the known keys end).
    virtual int keysAfter(size_t actor, InputBits* out, int max) const = 0;
};

struct StepContext {
    const KeysAhead* ahead = nullptr;  // null: nobody knows the keys ahead
    size_t actor = 0;                  // the actor's index in its map
    const char* actorName = nullptr;   // for messages; null outside a Sim's step or spawn
    int64_t frame = -1;                // the frame being stepped (0: spawning); -1: unknown
    StepWatchdog* watchdog = nullptr;  // watches a plugin's call; null: nobody watches
    // A plugin call's limit in ms where no watchdog names one (the hunt's --step-limit: its
    // threads share no watchdog); 0: the default (PluginHostClient::kDefaultCallLimitMs).
    int64_t callLimitMs = 0;
};

}  // namespace ts
